"""The lab's panel: an anywidget (JavaScript inline, no build step, no network).

Python lays the pictures out (graphviz) and sends SVG text; the browser only shows it,
sends back clicks (``selected``) and the timeline position (``step``). Everything the
browser shows as text (details, code lines, messages) is set with ``textContent``.
Without the `dot` program, Python sends the DOT text instead (``layout``) and the
browser lays it out with Graphviz in WebAssembly (:mod:`widgets.browser`).

Displayed, the panel also carries a deterministic ``text/plain`` and an ``image/png``
of both pictures side by side, for readers that draw no widget (an untrusted notebook,
nbconvert, GitHub, VS Code). A notebook run with no front end drawing the panel (nbclient,
`make notebooks`) updates that picture after every cell, so the saved notebook shows the
panel's last state; see :meth:`Panel.refresh_fallback`.
"""
import base64
import re
import uuid

import anywidget
import traitlets

from . import browser, dot, render
from . import snapshot as S
from .i18n import FONT_FAMILY, _

ESM = browser.LAYOUT_JS + r"""
function h(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
const LEGEND = [
  ["#d9f0d3", "#1b7837", "leaf"], ["#dbe9f6", "#2166ac", "made by an op"],
  ["#f4f4f4", "#555555", "no autograd"], ["#fde0c5", "#d95f02", "grad_fn"],
  ["#fff1dc", "#b35806", "AccumulateGrad"], ["#fbd0d0", "#d7191c", "stale saved tensor"],
  ["#ece2f4", "#6a3d9a", "storage"], ["#fff6bf", "#8c6d00", "NumPy array"],
  ["#ffffff", "#e7298a", "changed"]];
// Pictures are scaled to fit their pane, but never so small that their smallest text
// (12 pt in dot's units, 16 CSS px at scale 1) drops below 9 CSS px.
const MIN_SCALE = 0.57;
const GAP = 12, PAD = 10;         // between the panes; a pane's padding and border
const DEAD = "Disconnected: the kernel restarted or stopped, so this panel no longer " +
  "follows the notebook. Run `lab = watch()` again for a live panel.";

function render({ model, el }) {
  el.classList.add("mtw");
  const W = model.get("words") || {}, T = (text) => W[text] || text;   // its language
  const msg = h("div", "mtw-msg");
  const dead = h("div", "mtw-dead-msg", T(DEAD));
  const panes = h("div", "mtw-panes");
  const gpane = h("div", "mtw-pane mtw-graph"), mpane = h("div", "mtw-pane mtw-memory");
  const gt = h("div", "mtw-ptitle", T("compute graph")), mt = h("div", "mtw-ptitle", T("memory"));
  const gsvg = h("div", "mtw-svg"), msvg = h("div", "mtw-svg");
  gpane.append(gt, gsvg); mpane.append(mt, msvg); panes.append(gpane, mpane);
  const legend = h("div", "mtw-legend");
  const notes = h("div", "mtw-notes");
  for (const [fill, line, text] of LEGEND) {
    const item = h("span", "mtw-li");
    const sw = h("span", "mtw-sw");
    sw.style.background = fill; sw.style.borderColor = line;
    if (text === "changed") sw.style.borderWidth = "3px";
    item.append(sw, document.createTextNode(T(text)));
    legend.append(item);
  }
  const tl = h("div", "mtw-timeline");
  const back = h("button", "mtw-back", "\u25C0"), fwd = h("button", "mtw-fwd", "\u25B6");
  const live = h("button", "mtw-live", T("live"));
  back.title = T("previous step"); fwd.title = T("next step"); live.title = T("follow the notebook");
  const slider = h("input", "mtw-slider"); slider.type = "range"; slider.min = 0;
  const stepinfo = h("div", "mtw-stepinfo");
  const stepline = h("code", "mtw-line");
  tl.append(back, slider, fwd, live);
  const details = h("div", "mtw-details");
  el.append(dead, msg, panes, legend, notes, tl, stepinfo, stepline, details);

  function steps() { return model.get("steps") || []; }
  function current() {
    const s = model.get("step"), n = steps().length;
    return s < 0 ? n - 1 : Math.min(s, n - 1);
  }
  function go(i) {
    const n = steps().length;
    if (n === 0) return;
    i = Math.max(0, Math.min(n - 1, i));
    model.set("step", i); model.save_changes();
  }
  back.addEventListener("click", () => go(current() - 1));
  fwd.addEventListener("click", () => go(current() + 1));
  live.addEventListener("click", () => { model.set("step", -1); model.save_changes(); });
  slider.addEventListener("input", () => go(parseInt(slider.value, 10)));

  function mark() {
    const sel = model.get("selected");
    for (const pane of [gsvg, msvg]) {
      for (const g of pane.querySelectorAll("g.node")) {
        const t = g.querySelector("title");
        g.classList.toggle("mtw-selected", !!sel && t && t.textContent === sel);
      }
    }
  }
  // the details box opens where the learner clicked
  let clickAt = null;
  function onclick(ev) {
    const g = ev.target.closest("g.node");
    if (!g) return;
    const t = g.querySelector("title");
    if (!t) return;
    const r = el.getBoundingClientRect(), b = g.getBoundingClientRect();
    clickAt = { x: b.right - r.left, y: b.top - r.top, left: b.left - r.left };
    model.set("selected", t.textContent); model.save_changes();
  }
  gsvg.addEventListener("click", onclick); msvg.addEventListener("click", onclick);

  function size(pane) {
    const svg = pane.querySelector("svg");
    if (!svg) return null;
    const w = parseFloat(svg.getAttribute("width")) * 4 / 3;
    const hgt = parseFloat(svg.getAttribute("height")) * 4 / 3;
    if (!(w > 0 && hgt > 0)) return null;
    // the part above the "earlier" label is what the last cell made or changed
    let fh = hgt;
    for (const g of svg.querySelectorAll("g.node")) {
      const t = g.querySelector("title");
      if (t && t.textContent === "earlier") {
        const sr = svg.getBoundingClientRect(), gr = g.getBoundingClientRect();
        if (sr.height > 0) fh = Math.max(1, (gr.top - sr.top) / sr.height * hgt);
      }
    }
    return { svg, w, h: hgt, fh };
  }
  function place(p, scale) {
    p.svg.style.width = (p.w * scale) + "px"; p.svg.style.height = (p.h * scale) + "px";
  }
  // The height a picture may take and still be seen whole: the notebook's (or the dock's)
  // scrolling area, less the pane's title and padding.
  function heightBudget() {
    let h = window.innerHeight;
    for (let a = el.parentElement; a; a = a.parentElement) {
      const oy = getComputedStyle(a).overflowY;
      if ((oy === "auto" || oy === "scroll") && a.scrollHeight > a.clientHeight + 1) {
        h = Math.min(h, a.clientHeight);
        break;
      }
    }
    return h - 40;
  }
  // the largest scale <= 1 at which a picture fits `width` and its newest part fits
  // `height`; never below MIN_SCALE for height's sake, below it only if it cannot fit
  // the width otherwise (a picture is never cut)
  function fitScale(p, width, height) {
    const byWidth = width / p.w;
    const byHeight = Math.max(MIN_SCALE, height / p.fh);
    return Math.max(0.2, Math.min(1, byWidth, byHeight));
  }
  // Newest work first: both pictures side by side when they fit at a readable size;
  // else one above the other, the picture the last cell changed on top.
  function layout() {
    const W = panes.clientWidth;
    if (!(W > 0)) return;
    const g = size(gsvg), m = size(msvg);
    const gtext = !!gsvg.querySelector("pre");
    const showG = !!g || gtext;
    gpane.style.display = showG ? "" : "none";
    panes.classList.remove("mtw-stacked");
    gpane.style.order = mpane.style.order = "";
    for (const pane of [gpane, mpane]) pane.style.flex = "";
    const H = heightBudget();
    let info = { W, H };
    if (g && m) {
      const s = Math.min(1, (W - GAP - 2 * PAD) / (g.w + m.w));
      if (s >= MIN_SCALE) {
        const sg = Math.min(s, fitScale(g, W, H)), sm = Math.min(s, fitScale(m, W, H));
        place(g, sg); place(m, sm);
        gpane.style.flex = "0 1 " + (g.w * sg + PAD) + "px";
        mpane.style.flex = "1 1 " + (m.w * sm + PAD) + "px";
        el.dataset.layout = JSON.stringify({ ...info, mode: "side", g: g.w, m: m.w, sg, sm });
        return;
      }
      panes.classList.add("mtw-stacked");
      if (model.get("focus_pane") === "memory") mpane.style.order = "-1";
    }
    // one above the other: the newest parts of both should fit the height together
    // (height only: each still fits the width on its own)
    const both = g && m ? { w: 1, fh: g.fh + m.fh + 40 } : null;
    const shared = both ? fitScale(both, W - PAD, H) : 1;
    const scales = [];
    for (const p of [g, m]) {
      if (!p) continue;
      const sc = Math.min(shared, fitScale(p, W - PAD, H));
      place(p, sc);
      scales.push(sc);
    }
    el.dataset.layout = JSON.stringify({ ...info, mode: g && m ? "stacked" : "single",
                                         g: g && g.w, m: m && m.w, scales });
  }
  let lastWidth = -1, widthTimer = null;
  function reportWidth() {
    const w = Math.round(panes.clientWidth / 20) * 20;
    if (w > 0 && w !== lastWidth) {
      lastWidth = w;
      clearTimeout(widthTimer);
      widthTimer = setTimeout(() => { model.set("width", w); model.save_changes(); }, 150);
    }
  }
  if (window.ResizeObserver) new ResizeObserver(() => { layout(); reportWidth(); }).observe(panes);
  // only ever SVG here: dot's (from Python) or Graphviz's in the browser
  function show(graph_svg, memory_svg, text) {
    gsvg.innerHTML = graph_svg || "";
    msvg.innerHTML = memory_svg || "";
    if (!graph_svg && text) { gsvg.append(h("pre", "mtw-text", text)); }
    layout();
    mark();
  }
  // Without `dot` in the kernel, Python sends DOT and the browser lays it out (Graphviz in
  // WebAssembly); a wide graph is laid out left to right too and the narrower one shown,
  // as Python does with `dot`. Only the newest request is shown.
  let drawing = 0;
  async function layoutInBrowser(src, n) {
    let g = src.graph ? await minitensorLayout(src.graph) : "";
    const m = src.memory ? await minitensorLayout(src.memory) : "";
    const width = (svg) => { const w = /<svg width="([0-9.]+)pt"/.exec(svg); return w ? parseFloat(w[1]) * 4 / 3 : 0; };
    if (g && src.graph_lr && width(g) * MIN_SCALE > panes.clientWidth) {
      const lr = await minitensorLayout(src.graph_lr);
      if (width(lr) < width(g)) g = lr;
    }
    if (n === drawing) { show(g, m, ""); el.dataset.laidOut = "browser"; }
  }
  function draw() {
    const n = ++drawing;
    const src = model.get("layout") || {};
    if (!model.get("graph_svg") && !model.get("memory_svg") && (src.graph || src.memory)) {
      layoutInBrowser(src, n).catch((e) => {
        if (n !== drawing) return;
        el.dataset.layoutError = String(e);
        show("", "", model.get("graph_text"));
        msg.textContent = src.hint || ""; msg.style.display = src.hint ? "block" : "none";
        el.dataset.laidOut = "text";
      });
      return;
    }
    show(model.get("graph_svg"), model.get("memory_svg"), model.get("graph_text"));
  }
  function drawMsg() {
    const m = model.get("message") || "";
    msg.textContent = m; msg.style.display = m ? "block" : "none";
  }
  function drawNotes() {
    const ns = model.get("notes") || [];
    notes.replaceChildren(...ns.map(n => h("div", "mtw-note", n)));
    notes.style.display = ns.length ? "block" : "none";
  }
  function drawTimeline() {
    const n = steps().length, i = current();
    slider.max = Math.max(0, n - 1); slider.value = Math.max(0, i);
    slider.disabled = n < 2; back.disabled = i <= 0; fwd.disabled = i >= n - 1;
    live.classList.toggle("mtw-on", model.get("step") < 0);
    const s = steps()[i];
    stepinfo.textContent = s ? s.label : T("no steps yet");
    stepline.textContent = s ? (s.line || "") : "";
    stepline.style.display = s && s.line ? "block" : "none";
  }
  function drawDetails() {
    const d = model.get("details") || {};
    details.replaceChildren();
    if (!d.title) { details.style.display = "none"; return; }
    details.style.display = "block";
    const close = h("button", "mtw-dclose", "\u00D7");
    close.title = T("close");
    close.addEventListener("click", () => { model.set("selected", ""); model.save_changes(); });
    details.append(close, h("div", "mtw-dtitle", d.title));
    for (const line of d.lines || []) details.append(h("div", "mtw-dline", line));
    // next to the clicked box: to its right if there is room, else to its left; kept
    // inside the panel
    const W = el.clientWidth, bw = Math.min(440, W - 8);
    details.style.width = bw + "px";
    const at = clickAt || { x: 0, y: panes.offsetTop, left: 0 };
    let x = at.x + 8;
    if (x + bw > W) x = Math.max(4, Math.min(at.left - bw - 8, W - bw - 4));
    if (x < 4) x = Math.max(4, W - bw - 4);
    details.style.left = x + "px";
    details.style.top = Math.max(0, at.y) + "px";
  }
  // A kernel restart (or shutdown) disconnects the widget models: jupyter-widgets sets
  // their comm_live to false and says so with "comm_live_update". A model is live when
  // its view is made; a reconnected kernel makes new models rather than reviving old
  // ones, so any later update means this panel is cut off for good.
  let gone = false;
  function checkLive() {
    gone = gone || !!el.closest(".jupyter-widgets-disconnected");
    el.classList.toggle("mtw-dead", gone);
    dead.style.display = gone ? "block" : "none";
    live.disabled = gone;
  }
  model.on("comm_live_update", () => { gone = true; checkLive(); });
  // both pictures arrive in one message: draw once, when the message is applied
  let pending = false;
  function drawSoon() {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; draw(); });
  }
  model.on("change:graph_svg", drawSoon); model.on("change:memory_svg", drawSoon);
  model.on("change:graph_text", drawSoon); model.on("change:focus_pane", drawSoon);
  model.on("change:layout", drawSoon);
  model.on("change:message", drawMsg); model.on("change:notes", drawNotes);
  model.on("change:steps", drawTimeline); model.on("change:step", drawTimeline);
  model.on("change:details", drawDetails); model.on("change:selected", mark);
  draw(); drawMsg(); drawNotes(); drawTimeline(); drawDetails(); checkLive();
  // tell the kernel a front end draws this panel: it then stops refreshing the stored
  // picture (which would redraw this view after every cell)
  if (!gone) { try { model.send({ event: "view" }); } catch (e) { /* no kernel: nothing to tell */ } }
}
export default { render };
"""

CSS = r"""
.mtw { font-family: FONT_FAMILY; font-size: 15px; color: #222;
       position: relative; }
.mtw-msg { background: #fff3cd; border: 1px solid #d9a400; padding: 4px 8px; margin: 4px 0; }
.mtw-dead-msg { display: none; background: #f8d7da; border: 1px solid #b02a37; color: #58151c;
                padding: 6px 10px; margin: 4px 0; font-weight: bold; }
.mtw.mtw-dead .mtw-panes, .mtw.mtw-dead .mtw-timeline { opacity: 0.45; filter: grayscale(1); }
.mtw-panes { display: flex; gap: 12px; align-items: flex-start; }
.mtw-panes.mtw-stacked { flex-direction: column; align-items: stretch; }
.mtw-panes.mtw-stacked > .mtw-pane { flex: none; width: 100%; }
.mtw-pane { flex: 1 1 0; min-width: 0; border: 1px solid #ddd; border-radius: 6px;
            padding: 4px; background: white; overflow: hidden; box-sizing: border-box; }
.mtw-ptitle { font-weight: bold; font-size: 14px; color: #555; margin: 0 0 4px 4px; }
.mtw-svg svg { display: block; margin: 0 auto; }
.mtw-svg g.node { cursor: pointer; }
.mtw-svg g.node.mtw-selected { filter: drop-shadow(0 0 3px #000) drop-shadow(0 0 6px #e7298a); }
.mtw-legend { display: flex; flex-wrap: wrap; gap: 4px 14px; margin: 6px 2px; font-size: 13px; }
.mtw-notes { margin: 0 2px 4px 2px; font-size: 13px; color: #444; }
.mtw-li { display: inline-flex; align-items: center; gap: 5px; }
.mtw-sw { width: 16px; height: 12px; border: 1.5px solid; border-radius: 3px; display: inline-block; }
.mtw-timeline { display: flex; align-items: center; gap: 6px; margin-top: 4px; }
.mtw-timeline button { font-size: 15px; padding: 2px 10px; }
.mtw-live.mtw-on { background: #e7298a; color: white; }
.mtw-slider { flex: 1; }
.mtw-stepinfo { margin: 4px 2px 0 2px; font-size: 14px; color: #333; }
.mtw-line { display: block; margin: 2px; padding: 3px 6px; background: #f6f6f6;
            font-size: 14px; white-space: pre-wrap; }
.mtw-details { display: none; position: absolute; z-index: 10; border: 1px solid #888;
               border-radius: 6px; padding: 6px 10px; background: #fffffb; font-size: 14px;
               box-shadow: 0 3px 12px rgba(0,0,0,0.25); box-sizing: border-box; }
.mtw-dclose { float: right; border: none; background: none; font-size: 18px; cursor: pointer;
              padding: 0 2px; line-height: 1; }
.mtw-dtitle { font-weight: bold; margin-bottom: 2px; }
.mtw-dline { font-family: monospace; white-space: pre-wrap; }
.mtw-text { font-size: 13px; white-space: pre-wrap; }
""".replace("FONT_FAMILY", FONT_FAMILY)

# What the browser's half of the panel says (ESM above), sent in the current language.
WORDS = ("leaf", "made by an op", "no autograd", "grad_fn", "AccumulateGrad",
         "stale saved tensor", "storage", "NumPy array", "changed", "compute graph", "memory",
         "live", "previous step", "next step", "follow the notebook", "no steps yet", "close",
         "Disconnected: the kernel restarted or stopped, so this panel no longer follows the "
         "notebook. Run `lab = watch()` again for a live panel.")

MIN_SCALE = 0.57        # as in the JavaScript: the smallest scale that keeps text readable
STORED_WIDTH = 1000     # CSS px: the stored picture is laid out for a notebook this wide


def focus_pane(snap, focus):
    """"graph" or "memory": the picture the newest work is in ("" if neither)."""
    fset = set(focus)
    in_graph = fset & ({t["id"] for t in render.graph_tensors(snap)} |
                       {n["id"] for n in snap["nodes"]})
    in_memory = fset & ({t["id"] for t in snap["tensors"]} |
                        {s["id"] for s in snap["storages"]})
    return "memory" if in_memory and not in_graph else ("graph" if in_graph else "")


def step_label(step, index, total):
    """'step 3 of 8 · cell [5] · mul()': the cell by the notebook's execution count."""
    kind, op = step["kind"], step["op"] or ""
    if kind == "cell":
        what = _("end of cell")
    elif kind == "inplace":
        what = _("%s() in place") % op
    elif kind == "backward":
        what = "%s()" % (op or "backward")
    else:
        what = "%s()" % op if op else "op"
    text = _("step %d of %d · cell [%s] · %s") % (index + 1, total, step["cell"], what)
    if step["merged"] and step["merged"] > 0:
        text += _(" (+%d more ops)") % step["merged"]
    elif step["merged"]:
        text += _(" (+ more ops)")
    return text


_WIDTH = re.compile(r'<svg width="([0-9.]+)pt"')


def svg_width_px(svg):
    m = _WIDTH.search(svg or "")
    return float(m.group(1)) * 4 / 3 if m else 0.0


class Panel(anywidget.AnyWidget):
    _esm = ESM
    _css = CSS
    graph_svg = traitlets.Unicode("").tag(sync=True)
    memory_svg = traitlets.Unicode("").tag(sync=True)
    graph_text = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    notes = traitlets.List([]).tag(sync=True)
    focus_pane = traitlets.Unicode("").tag(sync=True)
    steps = traitlets.List([]).tag(sync=True)
    step = traitlets.Int(-1).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    details = traitlets.Dict({}).tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)       # the panel's width in CSS px (browser)
    layout = traitlets.Dict({}).tag(sync=True)    # without `dot`: DOT for the browser
    words = traitlets.Dict({}).tag(sync=True)     # WORDS in the panel's language

    def __init__(self, lab, **kw):
        kw.setdefault("words", {w: _(w) for w in WORDS})
        super().__init__(**kw)
        self._lab = lab
        self._shown = None          # (snapshot, changed, prev, focus) on screen
        self._shown_key = None
        self._notice = ""
        self._displays = []         # [display id, its text/plain] of each time displayed
        self._viewed = False        # a front end has drawn this panel
        self._stored_key = None     # the picture the stored fallback shows
        self.fallback_updates = 0   # how often refresh_fallback updated the displays
        self.observe(self._on_step, names="step")
        self.observe(self._on_select, names="selected")
        self.observe(self._on_width, names="width")
        self.on_msg(self._on_msg)

    # ------------------------------------------------------------ drawing
    def set_message(self, text):
        self._notice = text
        self.message = text

    def _graph_source(self, snap, changed, focus, rankdir=None):
        return render.graph_dot(snap, changed=changed, legend=False, focus=focus,
                                rankdir=rankdir)

    def _draw(self, snap, changed, prev, focus=None, force=False):
        focus = list(changed if focus is None else focus)
        wide = self.width > 0
        key = S.dumps({"s": snap, "c": sorted(changed), "f": sorted(focus),
                       "w": self.width if wide else 0}) if snap is not None else ""
        if key == self._shown_key and not force:
            return                   # unchanged picture: nothing re-rendered or re-sent
        self._shown_key = key
        self._shown = (snap, changed, prev, focus)
        if snap is None:
            return
        has_graph = bool(render.graph_tensors(snap) or snap["nodes"])
        m_src = render.memory_dot(snap, changed=changed, prev=prev, legend=False, focus=focus)
        layout = {}
        try:
            if not dot.available():     # the browser lays the DOT out (Graphviz in WebAssembly)
                g_src = self._graph_source(snap, changed, focus) if has_graph else ""
                layout = {"graph": g_src, "memory": m_src, "hint": dot.INSTALL_HINT,
                          "graph_lr": self._graph_source(snap, changed, focus, rankdir="LR")
                          if has_graph else ""}
                g, m, gt, msg = "", "", render.text(snap), self._notice
            elif has_graph:
                g, m = dot.render_pair(self._graph_source(snap, changed, focus), m_src)
                if wide and svg_width_px(g) * MIN_SCALE > self.width:
                    # too wide to read even alone in the panel: lay it out left to right
                    lr = dot.render(self._graph_source(snap, changed, focus, rankdir="LR"))
                    if svg_width_px(lr) < svg_width_px(g):
                        g = lr
            else:
                g, m = "", dot.render(m_src)
            if not layout:
                gt, msg = "", self._notice
        except Exception as e:
            if isinstance(e, dot.DotTimeout):   # draw less next time
                self._lab.max_nodes = max(50, self._lab.max_nodes // 2)
            g, m = "", ""
            gt = render.text(snap)
            msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        pane = focus_pane(snap, focus)
        with self.hold_sync():
            self.graph_svg, self.memory_svg, self.graph_text = g, m, gt
            self.layout = layout
            self.message = msg
            self.notes = render.label_notes(snap["tensors"])
            self.focus_pane = pane
        if self.selected:
            self._on_select({"new": self.selected})

    def _sync_steps(self):
        tl = list(self._lab.timeline)
        n = len(tl)
        steps = [{"label": step_label(s, i, n), "line": s["line"] or ""} for i, s in enumerate(tl)]
        if steps != self.steps:
            self.steps = steps

    def show_live(self, force=False):
        try:
            self._sync_steps()
            if self.step >= 0:
                return               # the learner is replaying: leave the picture alone
            self._draw(*self._lab.live_view(), force=force)
        except Exception as e:
            self.message = _("lab error: %s") % (str(e).splitlines() or [type(e).__name__])[0]

    def _on_step(self, change):
        try:
            tl = list(self._lab.timeline)
            i = change["new"]
            if i < 0 or not tl:
                self._draw(*self._lab.live_view())
                return
            i = min(i, len(tl) - 1)
            step = tl[i]
            prev = tl[i - 1]["snapshot"] if i > 0 else None
            self._draw(step["snapshot"], step["changed"], prev)
        except Exception as e:
            self.message = _("lab error: %s") % (str(e).splitlines() or [type(e).__name__])[0]

    def _on_width(self, change):
        """The browser's panel changed width: a wide graph may need the other layout."""
        try:
            if self._shown is not None and self._shown[0] is not None:
                self._draw(*self._shown)
        except Exception as e:
            self.message = _("lab error: %s") % (str(e).splitlines() or [type(e).__name__])[0]

    def _on_select(self, change):
        try:
            snap = self._shown[0] if self._shown else None
            self.details = details(snap, change["new"]) if snap and change["new"] else {}
        except Exception as e:
            self.details = {"title": _("details unavailable"), "lines": [str(e)[:200]]}

    # ------------------------------------------------------------ reprs
    def __repr__(self):
        return repr(self._lab)

    def _on_msg(self, widget, content, buffers):
        if isinstance(content, dict) and content.get("event") == "view":
            self._viewed = True

    def _fallback_sources(self):
        """(key, DOT sources) of the picture a reader without the widget sees: the lab's
        live state, as the panel puts it first: the pieces the newest work is in (and how
        many earlier pieces there are), both pictures with their legends, the newest
        work's picture first."""
        snap, changed, prev, focus = self._lab.live_view()
        if snap is None or not (snap["tensors"] or snap["arrays"] or snap["nodes"]):
            return None, []
        key = S.dumps({"s": snap, "c": sorted(changed), "f": sorted(focus)})
        sources = [render.memory_dot(snap, changed=changed, prev=prev, focus=focus,
                                     newest_only=True)]
        if render.graph_tensors(snap) or snap["nodes"]:
            g = render.graph_dot(snap, changed=changed, focus=focus, newest_only=True)
            sources = sources + [g] if focus_pane(snap, focus) == "memory" else [g] + sources
        return key, sources

    def fallback_png(self):
        """The pictures as PNG bytes (None: nothing to draw, or no `dot`), placed as the panel
        places them in a notebook :data:`STORED_WIDTH` wide: side by side if they fit at a
        readable scale (MIN_SCALE), else one above the other, each scaled to fit."""
        key, sources = self._fallback_sources()
        if not sources or not dot.available():
            return None
        try:
            widths = [svg_width_px(dot.render(src)) for src in sources]
            side = sum(widths) + 30 * (len(widths) - 1)
            stacked = side * MIN_SCALE > STORED_WIDTH
            wide = max(widths) if stacked else side
            scale = max(MIN_SCALE, min(1.0, STORED_WIDTH / max(wide, 1.0)))
            data = dot.png(*sources, dpi=round(dot.PNG_DPI * scale, 1), stacked=stacked)
        except Exception:
            return None
        self._stored_key = key
        return data

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data = dict(data or {})
        data["text/plain"] = repr(self._lab)
        png = self.fallback_png()
        if png:
            data["image/png"] = base64.b64encode(png).decode("ascii")
        return data

    def _ipython_display_(self):
        """Displayed with a display id, so that :meth:`refresh_fallback` can update it."""
        from IPython.display import display
        data = self._repr_mimebundle_()
        did = uuid.uuid4().hex
        self._displays.append([did, data.get("text/plain", ""),
                               self._stored_key if "image/png" in data else None])
        display(data, raw=True, display_id=did)

    def refresh_fallback(self):
        """After a cell: bring the stored picture of the panel up to date.

        The panel's latest display stores the picture of the lab's last state; earlier
        displays store none (they keep their text), so a lesson stores it once, where the
        panel was shown last. Each display keeps the text/plain it was shown with (nbval
        compares it; it ignores PNG).

        Only when a program runs the notebook: nbclient (`make notebooks`, nbval,
        papermill) or `nbconvert --execute`, where the saved file is all a reader gets.
        A front end that draws the panel (JupyterLab, VS Code) would redraw the whole view
        for each update, and the PNG costs a one-shot `dot` run (0.1-0.3 s): there the
        stored picture stays the one from when the panel was displayed.
        """
        if self._viewed or not self._displays or not _run_by_a_program():
            return False
        key, sources = self._fallback_sources()
        last = self._displays[-1]
        if key is not None and key != last[2]:
            png = self.fallback_png()
        else:
            png = None
        view = super()._repr_mimebundle_()
        view = dict((view[0] if isinstance(view, tuple) else view) or {})
        from IPython.display import update_display
        updated = False
        for entry in self._displays:
            did, text, shown = entry
            if entry is last and png is not None:
                data = {**view, "text/plain": text,
                        "image/png": base64.b64encode(png).decode("ascii")}
                entry[2] = key
            elif entry is not last and shown is not None:
                data = {**view, "text/plain": text}
                entry[2] = None
            else:
                continue
            update_display(data, raw=True, display_id=did)
            updated = True
        self.fallback_updates += updated
        return updated


def _run_by_a_program():
    """True when the running cell was sent by a program, not a person at a front end.

    The execute request says whether its client can answer ``input()``: nbclient (hence
    nbval, papermill, `nbconvert --execute`) sends ``allow_stdin`` false, JupyterLab,
    Notebook and VS Code send true. (The panel's own "view" message cannot tell: a front
    end running all cells queues them before it.)"""
    try:
        from IPython import get_ipython
        kernel = getattr(get_ipython(), "kernel", None)
        if kernel is None:
            return False
        parent = kernel.get_parent("shell") or {}
        return parent.get("content", {}).get("allow_stdin") is False
    except Exception:
        return False


def details(snap, ident):
    """What the panel shows for a clicked tensor, node, storage or array (plain text)."""
    idx = S.by_id(snap)
    e = idx.get(ident)
    if e is None:
        return {}
    kind = e["_kind"]
    names = {t["id"]: (t["name"] or t["id"]) for t in snap["tensors"]}
    names.update({a["id"]: a["name"] for a in snap["arrays"]})
    lines = []
    if kind == "tensor":
        title = _("tensor %s") % names[ident]
        if e["aliases"]:
            lines.append(_("also named: %s") % ", ".join(e["aliases"]))
        lines.append(_("values: %s") % render.fmt_values(e["values"], e["numel"], 16))
        lines.append("shape %s  dtype %s  stride %s  offset %d" % (
            render.fmt_shape(e["shape"]), e["dtype"], render.fmt_shape(e["stride"]), e["offset"]))
        lines.append("_version %d" % e["version"])
        lines.append("requires_grad=%s  is_leaf=%s  grad_fn=%s" % (
            e["requires_grad"], e["is_leaf"], e["grad_fn_name"]))
        g = idx.get(e["grad"]) if e["grad"] else None
        lines.append(_("grad: %s") % (render.fmt_values(g["values"], g["numel"], 16) if g else "None"))
        lines.extend(_storage_lines(snap, e["storage"], names, ident))
        if e.get("made_by") and e["made_by"].get("op"):
            src = e["made_by"].get("from")
            lines.append(_("made by %s()%s") % (e["made_by"]["op"], (_(" from %s") % names[src])
                                                 if src in names else ""))
    elif kind == "array":
        title = _("NumPy array %s") % e["name"]
        lines.append("shape %s  dtype %s  stride %s  offset %d" % (
            render.fmt_shape(e["shape"]), e["dtype"], render.fmt_shape(e["stride"]), e["offset"]))
        lines.extend(_storage_lines(snap, e["storage"], names, ident))
    elif kind == "storage":
        title = _("storage %s") % ident
        lines.append(_("%d × %s, %d bytes") % (e["size"], render.short_dtype(e["dtype"]),
                                               e["nbytes"]))
        lines.append(_("values: %s") % render.fmt_values(e["values"], e["size"], 24))
        lines.extend(_storage_lines(snap, ident, names, None))
    else:
        title = _("%s node %s") % ("AccumulateGrad" if e["kind"] == "acc" else "grad_fn",
                                   e["name"])
        if e["variable"]:
            lines.append(_("accumulates into: %s") % names.get(e["variable"], e["variable"]))
        if e["tensor"]:
            lines.append(_("grad_fn of: %s") % names.get(e["tensor"], e["tensor"]))
        for s in e["saved"]:
            shape = _("a tensor of shape %s") % render.fmt_shape(s["shape"])
            who = names.get(s["tensor"], shape) if s["tensor"] else shape
            lines.append(_("saved %s: %s, saved at version %s, now %s%s") % (
                s["name"], who, s["saved_version"], s["current_version"],
                _("  -> STALE: backward() will fail") if s["stale"] else ""))
        inputs = [x["src"] for x in snap["edges"] if x["dst"] == ident]
        if inputs:
            lines.append(_("inputs from: %s") % ", ".join(idx[i]["name"] if i in idx else i
                                                         for i in inputs))
    return {"id": ident, "kind": kind, "title": title, "lines": lines}


def _storage_lines(snap, sid, names, me):
    users = [names[t["id"]] for t in snap["tensors"] if t["storage"] == sid and t["id"] != me]
    users += [a["name"] for a in snap["arrays"] if a["storage"] == sid and a["id"] != me]
    st = next((s for s in snap["storages"] if s["id"] == sid), None)
    out = []
    if st is not None and me is not None:
        out.append(_("storage %s: %d × %s") % (sid, st["size"], render.short_dtype(st["dtype"])))
    out.append(_("shares memory with: %s") % (", ".join(users) if users else _("nothing else")))
    return out
