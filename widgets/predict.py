"""Predict, then reveal: the learner commits to an answer before a cell shows the result.

    from widgets.predict import ask, imagine
    ask("`d = a.detach()`. Does `d` share memory with `a`?",
        ["yes: one storage", "no: `d` has its own copy"],
        answer=0,
        why="`detach()` copies nothing: `d` is a new header on `a`'s storage.",
        feedback={1: "That is `clone()`. `detach()` only leaves the graph."})

A lesson puts ``ask(...)`` in a cell of its own, right before the cell that shows the
answer. The learner picks a choice; only then does the widget say right or wrong, why,
and what a wrong choice reveals about the misconception. A question can also be about a
picture: ``pictures=[imagine(...), ...]`` puts a small drawing on every choice.

Three ways it is seen, all from one object:

* live (a kernel, or the widget state stored in a trusted notebook): an anywidget whose
  click is handled in the browser, so it answers even before the kernel is back;
* an untrusted notebook, GitHub, nbconvert: ``text/html`` with the question, the choices
  and the answer folded in a ``<details>`` that the reader opens after deciding;
* ``text/plain``: the same in plain text.

The two fallbacks contain no ids or addresses, so nbval compares them exactly. Every text
is escaped; a small Markdown subset (`code`, **bold**, *italic*) is turned into HTML.

The widget's own words ("Predict", "Right", "Not quite"...) are in the language
``widgets.set_language()`` chose when the question was asked (widgets/i18n.py); the
question, choices and explanations are the lesson's, already in its language.
"""
import base64
import contextlib
import html
import re
import types

import anywidget
import traitlets

from .i18n import FONT_FAMILY, _

LETTERS = "ABCDEFGH"
NEXT = "Now run the cells under \"Check prediction\" below and see for yourself."
# What the widget itself says, in English; the browser gets them in the current language.
WORDS = {"predict": "Predict", "wait": "Choose before you run the next cell.",
         "right": "\u2713 Right: %s.", "wrong": "\u2717 Not quite: you chose %s, the answer is %s."}


# ... and in the stored fallbacks (text/plain, and text/html for untrusted notebooks)
FALLBACK = ("Predict: %s", "Answer (decide first): %s. %s", "Why: %s", "If you chose %s: %s",
            "Predict.", "Decide first, then click here for the answer", "Answer: %s.",
            "picture %s")


def words():
    return {k: _(v) for k, v in WORDS.items()}

ESM = r"""
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function render({ model, el }) {
  el.classList.add("mtp");
  // question, choices and explanations arrive as HTML that Python built from escaped text
  const q = h("div", "mtp-q");
  const W = model.get("words") || {};
  q.append(h("span", "mtp-tag", W.predict || "Predict"));
  const qt = h("span", "mtp-qt"); qt.innerHTML = model.get("question"); q.append(qt);
  const choices = model.get("choices") || [];
  const pics = choices.some(c => c.svg), pics_ = [];
  const opts = h("div", pics ? "mtp-opts mtp-pics" : "mtp-opts");
  const buttons = choices.map((c, i) => {
    const b = h("button", "mtp-opt");
    b.type = "button";
    b.append(h("span", "mtp-letter", "ABCDEFGH"[i]));
    if (c.svg) { const p = h("div", "mtp-pic"); p.innerHTML = c.svg; b.append(p); pics_.push(p); }
    const l = h("span", "mtp-label"); l.innerHTML = c.label; b.append(l);
    b.addEventListener("click", () => {
      if (model.get("chosen") >= 0) return;       // one committed answer per run
      model.set("chosen", i);
      try { model.save_changes(); } catch (e) { /* no kernel: answer in the page only */ }
    });
    opts.append(b);
    return b;
  });
  const wait = h("div", "mtp-wait", W.wait || "Choose before you run the next cell.");
  const verdict = h("div", "mtp-verdict");
  el.append(q, opts, wait, verdict);
  // Pictures side by side, scaled down together to fit their box and a short height, so a
  // question and its choices fit one screen at 1024x768.
  function fit() {
    const MAX_H = 250;
    for (const p of pics_) {
      const svg = p.querySelector("svg");
      if (!svg) continue;
      const w = parseFloat(svg.getAttribute("width")) * 4 / 3;
      const ht = parseFloat(svg.getAttribute("height")) * 4 / 3;
      const avail = p.parentElement.clientWidth - 24;
      if (!(w > 0) || !(ht > 0)) continue;
      const scale = Math.min(1, MAX_H / ht, avail > 0 ? avail / w : 1);
      svg.style.width = (w * scale) + "px"; svg.style.height = (ht * scale) + "px";
    }
  }
  if (pics_.length) {
    fit();
    if (window.ResizeObserver) new ResizeObserver(fit).observe(opts);
  }
  function draw() {
    const c = model.get("chosen"), a = model.get("answer");
    buttons.forEach((b, i) => {
      b.disabled = c >= 0;
      b.classList.toggle("mtp-chosen", i === c);
      b.classList.toggle("mtp-right", c >= 0 && i === a);
      b.classList.toggle("mtp-wrong", c >= 0 && i === c && i !== a);
    });
    wait.style.display = c >= 0 ? "none" : "block";
    verdict.replaceChildren();
    verdict.style.display = c >= 0 ? "block" : "none";
    if (c < 0) return;
    const ok = c === a;
    const head = h("div", ok ? "mtp-head mtp-ok" : "mtp-head mtp-no");
    const fill = (t, ...xs) => xs.reduce((s, x) => s.replace("%s", x), t);
    head.textContent = ok ? fill(W.right || "\u2713 Right: %s.", "ABCDEFGH"[a])
                          : fill(W.wrong || "\u2717 Not quite: you chose %s, the answer is %s.",
                                 "ABCDEFGH"[c], "ABCDEFGH"[a]);
    verdict.append(head);
    const fb = (model.get("feedback") || [])[c];
    if (!ok && fb) { const p = h("div", "mtp-fb"); p.innerHTML = fb; verdict.append(p); }
    const why = h("div", "mtp-why"); why.innerHTML = model.get("why"); verdict.append(why);
    const next = model.get("next");
    if (next) verdict.append(h("div", "mtp-next", next));
  }
  model.on("change:chosen", draw);
  draw();
}
export default { render };
"""

CSS = r"""
.mtp { font-family: FONT_FAMILY; font-size: 15px; color: #222;
       border-left: 5px solid #2166ac; background: #f3f7fb; padding: 8px 12px; margin: 2px 0;
       border-radius: 0 6px 6px 0; }
.mtp-q { margin-bottom: 8px; line-height: 1.4; }
.mtp-tag { display: inline-block; background: #2166ac; color: white; font-weight: bold;
           border-radius: 4px; padding: 0 6px; margin-right: 8px; font-size: 13px; }
.mtp code, .mtp-fb code, .mtp-why code { background: #e4ebf3; padding: 0 3px; border-radius: 3px;
       font-size: 14px; }
.mtp-opts { display: flex; flex-direction: column; gap: 5px; align-items: stretch; }
.mtp-opts.mtp-pics { flex-direction: row; flex-wrap: wrap; align-items: flex-start; }
.mtp-opt { display: flex; align-items: center; gap: 8px; text-align: left; font-size: 15px;
           background: white; color: #222; border: 1.5px solid #9bb4cf; border-radius: 6px;
           padding: 4px 10px; cursor: pointer; max-width: 100%; }
.mtp-pics .mtp-opt { flex-direction: column; align-items: flex-start; flex: 1 1 0; min-width: 0; }
.mtp-opt:hover:enabled { border-color: #2166ac; background: #eaf1f8; }
.mtp-opt:disabled { cursor: default; opacity: 0.75; }
.mtp-opt.mtp-right { border: 3px solid #1b7837; opacity: 1; }
.mtp-opt.mtp-wrong { border: 3px dashed #d7191c; opacity: 1; }
.mtp-letter { font-weight: bold; color: #2166ac; min-width: 1.2em; }
.mtp-pic svg { display: block; }
.mtp-wait { margin-top: 6px; color: #555; font-style: italic; font-size: 14px; }
.mtp-verdict { margin-top: 8px; line-height: 1.4; }
.mtp-head { font-weight: bold; }
.mtp-ok { color: #1b7837; }
.mtp-no { color: #b2182b; }
.mtp-fb { margin-top: 3px; }
.mtp-why { margin-top: 3px; }
.mtp-next { margin-top: 5px; font-style: italic; color: #2166ac; }
""".replace("FONT_FAMILY", FONT_FAMILY)

# ---------------------------------------------------------------- text

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


def to_html(text):
    """Escaped HTML from a Markdown subset: `code`, **bold**, *italic*. Nothing else."""
    out, last = [], 0
    for m in _CODE.finditer(text):
        out.append(_inline(text[last:m.start()]))
        out.append("<code>%s</code>" % html.escape(m.group(1), quote=False))
        last = m.end()
    out.append(_inline(text[last:]))
    return "".join(out)


def _inline(text):
    text = html.escape(text, quote=False)
    text = _BOLD.sub(r"<b>\1</b>", text)
    return _EM.sub(r"<i>\1</i>", text)


def to_text(text):
    """Plain text: the Markdown markers for bold and italic dropped, backquotes kept."""
    return _EM.sub(r"\1", _BOLD.sub(r"\1", text))


# ---------------------------------------------------------------- pictures

_VERSION = re.compile(r"<!-- Generated by graphviz version [^>]*-->\n?")


def _svg(picture):
    svg = getattr(picture, "svg", None)
    if not svg:
        return ""
    svg = svg[svg.find("<svg"):] if "<svg" in svg else svg     # no XML prolog in innerHTML
    return _VERSION.sub("", svg)


@contextlib.contextmanager
def _quiet():
    """A drawing made for a question is not part of the lesson: the live lab hears none of its
    operations, and its tensors and storages are numbered on their own (s1, s2...), not in
    the lab's sequence."""
    from . import snapshot
    active = getattr(snapshot, "ACTIVE", None)
    fresh = snapshot.Registries() if hasattr(snapshot, "Registries") else None
    try:
        import minitensor.events as ev
        listeners = ev.listeners
    except Exception:           # no engine events: nothing to silence
        listeners = []
    saved = listeners[:]
    listeners.clear()
    if active is not None and fresh is not None:
        active.append(fresh)
    try:
        yield
    finally:
        listeners[:] = saved + listeners
        if active is not None and fresh is not None and fresh in active:
            active.remove(fresh)


def imagine(code, *show, kind="memory", namespace=None):
    """The picture ``code`` would draw, made in a scratch namespace.

    ``imagine("a = torch.ones(3, requires_grad=True); d = a.clone()", "a", "d")`` runs
    the code, then draws the tensors named after it (``kind``: ``"memory"`` or
    ``"graph"``), labelled with the code's own variable names. Modules the notebook
    imported (``torch``, ``np``) are available to ``code``; nothing in the notebook's
    namespace changes and the live lab records no step.
    """
    from .picture import caller_namespace, draw_graph, draw_memory
    user = caller_namespace() if namespace is None else namespace
    ns = {k: v for k, v in user.items() if isinstance(v, types.ModuleType)}
    with _quiet():
        exec(code, ns)
        tensors = [ns[name] for name in show]
        names = {k: v for k, v in ns.items() if not k.startswith("__")
                 and not isinstance(v, types.ModuleType)}
        draw = draw_graph if kind == "graph" else draw_memory
        return draw(*tensors, namespace=names, legend=False)


# ---------------------------------------------------------------- the question

class Predict(anywidget.AnyWidget):
    """One prediction. Build it with :func:`ask`."""

    _esm = ESM
    _css = CSS
    question = traitlets.Unicode("").tag(sync=True)
    choices = traitlets.List([]).tag(sync=True)       # [{"label": html, "svg": str}]
    answer = traitlets.Int(0).tag(sync=True)
    why = traitlets.Unicode("").tag(sync=True)
    feedback = traitlets.List([]).tag(sync=True)      # html per choice ("" = none)
    next = traitlets.Unicode(NEXT).tag(sync=True)
    words = traitlets.Dict({}).tag(sync=True)         # the widget's own words (WORDS)
    chosen = traitlets.Int(-1).tag(sync=True)         # set by the learner's click

    def __init__(self, question, choices, answer, why, feedback=None, pictures=None,
                 next=NEXT):
        labels = [str(c) for c in choices]
        if not 2 <= len(labels) <= len(LETTERS):
            raise ValueError("a prediction needs 2 to %d choices, got %d"
                             % (len(LETTERS), len(labels)))
        if isinstance(answer, str):
            if answer not in labels:
                raise ValueError("answer %r is not one of the choices" % answer)
            answer = labels.index(answer)
        if not 0 <= answer < len(labels):
            raise ValueError("answer must index a choice, got %r" % answer)
        fb = [""] * len(labels)
        for key, text in (feedback or {}).items():
            i = labels.index(key) if isinstance(key, str) else key
            if i == answer:
                raise ValueError("feedback is for wrong choices; %r is the answer" % key)
            fb[i] = str(text)
        pics = list(pictures or [])
        if pics and len(pics) != len(labels):
            raise ValueError("give one picture per choice (%d), got %d" % (len(labels), len(pics)))
        self._src = {"question": str(question), "labels": labels, "why": str(why),
                     "feedback": fb, "pictures": pics}
        if next == NEXT:
            next = _(NEXT)
        self._words = {k: _(k) for k in FALLBACK}
        super().__init__(words=words(),
            question=to_html(str(question)),
            choices=[{"label": to_html(l), "svg": _svg(p) if pics else ""}
                     for l, p in zip(labels, pics or [None] * len(labels))],
            answer=answer, why=to_html(str(why)), feedback=[to_html(t) for t in fb],
            next=next or "")

    # -------------------------------------------------------- fallbacks
    def text(self):
        s = self._src
        w = self._words
        lines = [w["Predict: %s"] % to_text(s["question"])]
        for i, label in enumerate(s["labels"]):
            lines.append("  %s. %s" % (LETTERS[i], to_text(label)))
        a = self.answer
        lines.append(w["Answer (decide first): %s. %s"] % (LETTERS[a], to_text(s["labels"][a])))
        lines.append(w["Why: %s"] % to_text(s["why"]))
        for i, text in enumerate(s["feedback"]):
            if text:
                lines.append(w["If you chose %s: %s"] % (LETTERS[i], to_text(text)))
        return "\n".join(lines)

    def html(self):
        s, a = self._src, self.answer
        items = []
        for i, (label, choice) in enumerate(zip(s["labels"], self.choices)):
            if choice["svg"]:       # side by side, each picture at most half the width
                data = base64.b64encode(choice["svg"].encode("utf-8")).decode("ascii")
                items.append(
                    '<li style="display:inline-block;vertical-align:top;width:46%%;'
                    'margin:0 2%% 6px 0;border:1px solid #9bb4cf;padding:4px">'
                    '<b>%s.</b> %s<br><img alt="%s" style="max-width:100%%;max-height:260px" '
                    'src="data:image/svg+xml;base64,%s"></li>'
                    % (LETTERS[i], to_html(label),
                       html.escape(self._words["picture %s"] % LETTERS[i]), data))
            else:
                items.append("<li><b>%s.</b> %s</li>" % (LETTERS[i], to_html(label)))
        w = self._words
        fb = "".join("<li>%s</li>" % (w["If you chose %s: %s"] % (LETTERS[i], to_html(t)))
                     for i, t in enumerate(s["feedback"]) if t)
        return (
            '<div class="mtp-static" style="border-left:5px solid #2166ac;padding:6px 12px;'
            'margin:2px 0">'
            '<p><b>%s</b> %s</p>'
            '<ul style="list-style:none;padding-left:0.5em">%s</ul>'
            '<details><summary><b>%s</b></summary>'
            '<p><b>%s</b> %s</p><p>%s</p>%s</details></div>'
            % (html.escape(w["Predict."]), to_html(s["question"]), "".join(items),
               html.escape(w["Decide first, then click here for the answer"]),
               html.escape(w["Answer: %s."] % LETTERS[a]), to_html(s["labels"][a]),
               to_html(s["why"]), "<ul>%s</ul>" % fb if fb else ""))

    def __repr__(self):
        return self.text()

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data = dict(data or {})
        data["text/plain"] = self.text()        # anywidget's own repr holds an address
        data["text/html"] = self.html()
        return data


def ask(question, choices, answer, why, feedback=None, pictures=None, next=NEXT):
    """A prediction to display: put it last in a cell, before the cell that shows the answer.

    question: what to predict (Markdown subset). choices: 2-8 short answers. answer: the
    right one (index or text). why: the explanation, shown after the learner chooses.
    feedback: {wrong choice (index or text): what that choice reveals}. pictures: one
    :class:`widgets.Picture` per choice (see :func:`imagine`), for "which picture?".
    """
    return Predict(question, choices, answer, why, feedback=feedback, pictures=pictures,
                   next=next)
