"""The lab's panel: an anywidget (JavaScript inline, no build step, no network).

Python lays the pictures out (graphviz) and sends SVG text; the browser only shows it,
sends back clicks (``selected``) and the timeline position (``step``). Everything the
browser shows as text (details, code lines, messages) is set with ``textContent``.

Displayed, the panel also carries a deterministic ``text/plain`` and an
``image/svg+xml`` fallback (both pictures side by side) for places without a kernel.
"""
import anywidget
import traitlets

from . import dot, render
from . import snapshot as S
from .picture import side_by_side

ESM = r"""
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

function render({ model, el }) {
  el.classList.add("mtw");
  const msg = h("div", "mtw-msg");
  const panes = h("div", "mtw-panes");
  const gpane = h("div", "mtw-pane mtw-graph"), mpane = h("div", "mtw-pane mtw-memory");
  const gt = h("div", "mtw-ptitle", "compute graph"), mt = h("div", "mtw-ptitle", "memory");
  const gsvg = h("div", "mtw-svg"), msvg = h("div", "mtw-svg");
  gpane.append(gt, gsvg); mpane.append(mt, msvg); panes.append(gpane, mpane);
  const legend = h("div", "mtw-legend");
  for (const [fill, line, text] of LEGEND) {
    const item = h("span", "mtw-li");
    const sw = h("span", "mtw-sw");
    sw.style.background = fill; sw.style.borderColor = line;
    if (text === "changed") sw.style.borderWidth = "3px";
    item.append(sw, document.createTextNode(text));
    legend.append(item);
  }
  const tl = h("div", "mtw-timeline");
  const back = h("button", "mtw-back", "\u25C0"), fwd = h("button", "mtw-fwd", "\u25B6");
  const live = h("button", "mtw-live", "live");
  back.title = "previous step"; fwd.title = "next step"; live.title = "follow the notebook";
  const slider = h("input", "mtw-slider"); slider.type = "range"; slider.min = 0;
  const stepinfo = h("div", "mtw-stepinfo");
  const stepline = h("code", "mtw-line");
  tl.append(back, slider, fwd, live);
  const details = h("div", "mtw-details");
  el.append(msg, panes, legend, tl, stepinfo, stepline, details);

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
  function onclick(ev) {
    const g = ev.target.closest("g.node");
    if (!g) return;
    const t = g.querySelector("title");
    if (!t) return;
    model.set("selected", t.textContent); model.save_changes();
  }
  gsvg.addEventListener("click", onclick); msvg.addEventListener("click", onclick);

  // Fit each picture to its pane, but never below MIN_SCALE (text stays readable on a
  // projector); past that the pane scrolls.
  const MIN_SCALE = 0.7;
  function fit(pane) {
    const svg = pane.querySelector("svg");
    if (!svg) return;
    const w = parseFloat(svg.getAttribute("width")) * 4 / 3;
    const hgt = parseFloat(svg.getAttribute("height")) * 4 / 3;
    const avail = pane.clientWidth - 4;
    if (!(w > 0) || !(avail > 0)) return;
    const scale = Math.max(MIN_SCALE, Math.min(1, avail / w));
    svg.style.width = (w * scale) + "px"; svg.style.height = (hgt * scale) + "px";
  }
  function fitAll() { fit(gsvg); fit(msvg); }
  if (window.ResizeObserver) new ResizeObserver(fitAll).observe(panes);
  function draw() {
    gsvg.innerHTML = model.get("graph_svg") || "";
    msvg.innerHTML = model.get("memory_svg") || "";
    fitAll();
    const text = model.get("graph_text");
    if (!model.get("graph_svg") && text) { gsvg.append(h("pre", "mtw-text", text)); }
    mark();
  }
  function drawMsg() {
    const m = model.get("message") || "";
    msg.textContent = m; msg.style.display = m ? "block" : "none";
  }
  function drawTimeline() {
    const n = steps().length, i = current();
    slider.max = Math.max(0, n - 1); slider.value = Math.max(0, i);
    slider.disabled = n < 2; back.disabled = i <= 0; fwd.disabled = i >= n - 1;
    live.classList.toggle("mtw-on", model.get("step") < 0);
    const s = steps()[i];
    stepinfo.textContent = s ? s.label : "no steps yet";
    stepline.textContent = s ? (s.line || "") : "";
    stepline.style.display = s && s.line ? "block" : "none";
  }
  function drawDetails() {
    const d = model.get("details") || {};
    details.replaceChildren();
    if (!d.title) { details.style.display = "none"; return; }
    details.style.display = "block";
    details.append(h("div", "mtw-dtitle", d.title));
    for (const line of d.lines || []) details.append(h("div", "mtw-dline", line));
  }
  model.on("change:graph_svg", draw); model.on("change:memory_svg", draw);
  model.on("change:graph_text", draw);
  model.on("change:message", drawMsg);
  model.on("change:steps", drawTimeline); model.on("change:step", drawTimeline);
  model.on("change:details", drawDetails); model.on("change:selected", mark);
  draw(); drawMsg(); drawTimeline(); drawDetails();
}
export default { render };
"""

CSS = r"""
.mtw { font-family: Arial, Helvetica, sans-serif; font-size: 15px; color: #222; }
.mtw-msg { background: #fff3cd; border: 1px solid #d9a400; padding: 4px 8px; margin: 4px 0; }
.mtw-panes { display: flex; gap: 12px; align-items: flex-start; }
.mtw-pane { flex: 1 1 0; min-width: 0; border: 1px solid #ddd; border-radius: 6px;
            padding: 4px; background: white; overflow: auto; max-height: 75vh; }
.mtw-ptitle { font-weight: bold; font-size: 14px; color: #555; margin: 0 0 4px 4px; }
.mtw-svg svg { display: block; }   /* natural size (14 pt text): the pane scrolls instead */
.mtw-svg g.node { cursor: pointer; }
.mtw-svg g.node.mtw-selected { filter: drop-shadow(0 0 3px #000) drop-shadow(0 0 6px #e7298a); }
.mtw-legend { display: flex; flex-wrap: wrap; gap: 4px 14px; margin: 6px 2px; font-size: 13px; }
.mtw-li { display: inline-flex; align-items: center; gap: 5px; }
.mtw-sw { width: 16px; height: 12px; border: 1.5px solid; border-radius: 3px; display: inline-block; }
.mtw-timeline { display: flex; align-items: center; gap: 6px; margin-top: 4px; }
.mtw-timeline button { font-size: 15px; padding: 2px 10px; }
.mtw-live.mtw-on { background: #e7298a; color: white; }
.mtw-slider { flex: 1; }
.mtw-stepinfo { margin: 4px 2px 0 2px; font-size: 14px; color: #333; }
.mtw-line { display: block; margin: 2px; padding: 3px 6px; background: #f6f6f6;
            font-size: 14px; white-space: pre-wrap; }
.mtw-details { margin-top: 6px; border: 1px solid #bbb; border-radius: 6px; padding: 6px 10px;
               background: #fcfcfc; font-size: 14px; }
.mtw-dtitle { font-weight: bold; margin-bottom: 2px; }
.mtw-dline { font-family: monospace; white-space: pre-wrap; }
.mtw-text { font-size: 13px; white-space: pre-wrap; }
"""


def step_label(step, index, total):
    kind = {"create": "op", "inplace": "in-place", "backward": "backward",
            "cell": "cell"}.get(step["kind"], step["kind"])
    text = "step %d of %d · cell %d · %s" % (index + 1, total, step["cell"], kind)
    if step["op"] and step["kind"] != "cell":
        text += " %s" % step["op"]
    if step["merged"]:
        text += " (+%d more ops)" % step["merged"]
    return text


class Panel(anywidget.AnyWidget):
    _esm = ESM
    _css = CSS
    graph_svg = traitlets.Unicode("").tag(sync=True)
    memory_svg = traitlets.Unicode("").tag(sync=True)
    graph_text = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    steps = traitlets.List([]).tag(sync=True)
    step = traitlets.Int(-1).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    details = traitlets.Dict({}).tag(sync=True)

    def __init__(self, lab, **kw):
        super().__init__(**kw)
        self._lab = lab
        self._shown = None          # (snapshot, changed, prev) on screen
        self._shown_key = None
        self._notice = ""
        self.observe(self._on_step, names="step")
        self.observe(self._on_select, names="selected")

    # ------------------------------------------------------------ drawing
    def set_message(self, text):
        self._notice = text
        self.message = text

    def _draw(self, snap, changed, prev, force=False):
        key = S.dumps({"s": snap, "c": sorted(changed)}) if snap is not None else ""
        if key == self._shown_key and not force:
            return                   # unchanged picture: nothing re-rendered or re-sent
        self._shown_key = key
        self._shown = (snap, changed, prev)
        if snap is None:
            return
        g_src = render.graph_dot(snap, changed=changed, legend=False)
        m_src = render.memory_dot(snap, changed=changed, prev=prev, legend=False)
        try:
            g, m = dot.render_pair(g_src, m_src)
            gt = ""
            msg = self._notice
        except Exception as e:
            if isinstance(e, dot.DotTimeout):   # draw less next time
                self._lab.max_nodes = max(50, self._lab.max_nodes // 2)
            g, m = "", ""
            gt = render.text(snap)
            msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        with self.hold_sync():
            self.graph_svg, self.memory_svg, self.graph_text = g, m, gt
            self.message = msg
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
            self.message = "lab error: %s" % (str(e).splitlines() or [type(e).__name__])[0]

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
            self.message = "lab error: %s" % (str(e).splitlines() or [type(e).__name__])[0]

    def _on_select(self, change):
        try:
            snap = self._shown[0] if self._shown else None
            self.details = details(snap, change["new"]) if snap and change["new"] else {}
        except Exception as e:
            self.details = {"title": "details unavailable", "lines": [str(e)[:200]]}

    # ------------------------------------------------------------ reprs
    def __repr__(self):
        return repr(self._lab)

    def fallback_svg(self):
        if not (self.graph_svg and self.memory_svg):
            return None
        return side_by_side(self.graph_svg, self.memory_svg)

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if data is None:
            data = {}
        data = dict(data)
        data["text/plain"] = repr(self._lab)
        svg = self.fallback_svg()
        if svg:
            data["image/svg+xml"] = svg
        return data


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
        title = "tensor %s" % names[ident]
        if e["aliases"]:
            lines.append("also named: " + ", ".join(e["aliases"]))
        lines.append("values: " + render.fmt_values(e["values"], e["numel"], 16))
        lines.append("shape %s  dtype %s  stride %s  offset %d" % (
            render.fmt_shape(e["shape"]), e["dtype"], render.fmt_shape(e["stride"]), e["offset"]))
        lines.append("_version %d" % e["version"])
        lines.append("requires_grad=%s  is_leaf=%s  grad_fn=%s" % (
            e["requires_grad"], e["is_leaf"], e["grad_fn_name"]))
        g = idx.get(e["grad"]) if e["grad"] else None
        lines.append("grad: " + (render.fmt_values(g["values"], g["numel"], 16) if g else "None"))
        lines.extend(_storage_lines(snap, e["storage"], names, ident))
        if e.get("made_by") and e["made_by"].get("op"):
            src = e["made_by"].get("from")
            lines.append("made by %s()%s" % (e["made_by"]["op"],
                                              (" from " + names[src]) if src in names else ""))
    elif kind == "array":
        title = "NumPy array %s" % e["name"]
        lines.append("shape %s  dtype %s  stride %s  offset %d" % (
            render.fmt_shape(e["shape"]), e["dtype"], render.fmt_shape(e["stride"]), e["offset"]))
        lines.extend(_storage_lines(snap, e["storage"], names, ident))
    elif kind == "storage":
        title = "storage %s" % ident
        lines.append("%d × %s, %d bytes" % (e["size"], render.short_dtype(e["dtype"]), e["nbytes"]))
        lines.append("values: " + render.fmt_values(e["values"], e["size"], 24))
        lines.extend(_storage_lines(snap, ident, names, None))
    else:
        title = "%s node %s" % ("AccumulateGrad" if e["kind"] == "acc" else "grad_fn", e["name"])
        if e["variable"]:
            lines.append("accumulates into: " + names.get(e["variable"], e["variable"]))
        if e["tensor"]:
            lines.append("grad_fn of: " + names.get(e["tensor"], e["tensor"]))
        for s in e["saved"]:
            who = names.get(s["tensor"], "a tensor of shape %s" % render.fmt_shape(s["shape"])) \
                if s["tensor"] else "a tensor of shape %s" % render.fmt_shape(s["shape"])
            lines.append("saved %s = %s at version %s, now %s%s" % (
                s["name"], who, s["saved_version"], s["current_version"],
                "  -> STALE: backward() will fail" if s["stale"] else ""))
        inputs = [x["src"] for x in snap["edges"] if x["dst"] == ident]
        if inputs:
            lines.append("inputs from: " + ", ".join(idx[i]["name"] if i in idx else i
                                                      for i in inputs))
    return {"id": ident, "kind": kind, "title": title, "lines": lines}


def _storage_lines(snap, sid, names, me):
    users = [names[t["id"]] for t in snap["tensors"] if t["storage"] == sid and t["id"] != me]
    users += [a["name"] for a in snap["arrays"] if a["storage"] == sid and a["id"] != me]
    st = next((s for s in snap["storages"] if s["id"] == sid), None)
    out = []
    if st is not None and me is not None:
        out.append("storage %s: %d × %s" % (sid, st["size"], render.short_dtype(st["dtype"])))
    out.append("shares memory with: " + (", ".join(users) if users else "nothing else"))
    return out
