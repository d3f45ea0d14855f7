"""Snapshots -> DOT text: the compute-graph picture and the memory picture.

Every piece of user text (names, dtype strings, values, op names) goes into DOT only
through :func:`esc`, inside an HTML-like label; node ids are ours (``T3``, ``n5``,
``s2``), never user text. So a name containing ``<``, ``"`` or ``{`` is drawn as text.

Colour code (also in :data:`LEGEND`, used by the panel and the static pictures).
"""
import html
import re

FONT = "Arial"
MONO = "monospace"
FONTSIZE = "14"

COLORS = {
    "leaf":     ("#d9f0d3", "#1b7837"),   # leaf that requires grad: green
    "nonleaf":  ("#dbe9f6", "#2166ac"),   # result of an op, in the graph: blue
    "plain":    ("#f4f4f4", "#555555"),   # no autograd: grey
    "fn":       ("#fde0c5", "#d95f02"),   # grad_fn node: orange
    "acc":      ("#fff1dc", "#b35806"),   # AccumulateGrad: pale orange
    "stale":    ("#fbd0d0", "#d7191c"),   # saved tensor changed since saved: red
    "storage":  ("#ece2f4", "#6a3d9a"),   # storage: purple
    "array":    ("#fff6bf", "#8c6d00"),   # numpy array: yellow
    "changed":  (None, "#e7298a"),        # what changed in the last cell: pink outline
}
LEGEND = [
    ("leaf", "leaf tensor (requires_grad)"),
    ("nonleaf", "tensor made by an op"),
    ("plain", "tensor without autograd"),
    ("fn", "grad_fn node"),
    ("acc", "AccumulateGrad"),
    ("stale", "stale saved tensor"),
    ("storage", "storage"),
    ("array", "NumPy array"),
    ("changed", "changed in the last step"),
]

STORAGE_CELLS = 24      # values drawn per storage box
CELLS_PER_ROW = 8
TENSOR_VALUES = 6       # values drawn in a tensor's .grad line
FANOUT = 4              # edges drawn out of one node; further uses get a small repeat stub

_CTRL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def esc(text):
    """Escape any text for an HTML-like DOT label (and hence for the SVG)."""
    s = _CTRL.sub("\ufffd", str(text))
    s = html.escape(s, quote=True)
    return s.replace("\n", "<BR/>")


def pad(text):
    """Browsers draw Arial a few per cent wider than dot measures it: leave room."""
    s = str(text)
    return s + "\u00a0" * (len(s) // 12)


def plain(text):
    """A plain (quoted) DOT label: no backslash escapes, no HTML."""
    s = _CTRL.sub("\ufffd", pad(text)).replace("\n", " ")   # _attrs escapes \ and "
    return s if not (s.startswith("<") and s.endswith(">")) else " " + s


def fmt_value(v):
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v == int(v) and abs(v) < 1e15:
            return "%d." % int(v)
        return "%.4g" % v
    return str(v)


def fmt_shape(shape):
    return "(" + ", ".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"


def short_dtype(d):
    return str(d).replace("torch.", "").replace("numpy.", "")


def fmt_values(vals, numel, limit=TENSOR_VALUES):
    shown = ", ".join(fmt_value(v) for v in vals[:limit])
    if numel > limit:
        shown += ", …"
    return "[" + shown + "]"


def tensor_class(t):
    if not t["requires_grad"]:
        return "plain"
    return "leaf" if t["is_leaf"] else "nonleaf"


def _attrs(**kw):
    parts = []
    for k, v in kw.items():
        if v is None:
            continue
        k = k.rstrip("_")
        if isinstance(v, str) and v.startswith("<") and v.endswith(">"):
            parts.append("%s=%s" % (k, v))
        else:
            parts.append('%s="%s"' % (k, str(v).replace("\\", "\\\\").replace('"', '\\"')))
    return "[" + " ".join(parts) + "]"


def _table(rows, bg=None, border=0):
    cells = "".join(rows)
    b = ' BGCOLOR="%s"' % bg if bg else ""
    return ('<<TABLE BORDER="%d" CELLBORDER="0" CELLSPACING="0" CELLPADDING="3"%s>%s</TABLE>>'
            % (border, b, cells))


def _row(text, bold=False, color=None, bg=None, mono=False, size=None, port=None):
    body = esc(text if mono else pad(text))
    if bold:
        body = "<B>%s</B>" % body
    font = []
    if color:
        font.append('COLOR="%s"' % color)
    if mono:
        font.append('FACE="%s"' % MONO)
    if size:
        font.append('POINT-SIZE="%s"' % size)
    if font:
        body = "<FONT %s>%s</FONT>" % (" ".join(font), body)
    attrs = ""
    if bg:
        attrs += ' BGCOLOR="%s"' % bg
    if port:
        attrs += ' PORT="%s"' % port
    return "<TR><TD%s>%s</TD></TR>" % (attrs, body)


def _header(kind, big=False):
    extra = ' rankdir="LR"' if kind == "memory" else ""
    if big:                     # fewer crossing-minimisation passes for big pictures
        extra += ' mclimit="0.3"'
    tooltip = "" if big else ' tooltip="click for details"'    # saves ~15% at 500 nodes
    return [
        "digraph %s {" % kind,
        '  graph [fontname="%s" fontsize="%s" bgcolor="white" pad="0.2" nodesep="0.35" '
        'ranksep="0.45"%s];' % (FONT, FONTSIZE, extra),
        '  node [fontname="%s" fontsize="%s" shape="box" style="rounded,filled" penwidth="1.5" '
        'margin="0.08,0.04"%s];' % (FONT, FONTSIZE, tooltip),
        '  edge [fontname="%s" fontsize="12" color="#555555" arrowsize="0.8"];' % FONT,
    ]


def _style(cls, changed):
    fill, line = COLORS[cls]
    pen = "1.5"
    if changed:
        line, pen = COLORS["changed"][1], "4"
    return {"fillcolor": fill, "color": line, "penwidth": pen}


def label_of(t):
    name = t.get("name")
    return name if name is not None else "(new tensor)"


def legend_node(kinds):
    rows = []
    for key, text in LEGEND:
        if key not in kinds:
            continue
        fill, line = COLORS[key]
        swatch = ('<TD WIDTH="18" BGCOLOR="%s" BORDER="%d" COLOR="%s"> </TD>'
                  % (fill or "white", 1 if key != "changed" else 3, line))
        rows.append('<TR>%s<TD ALIGN="LEFT"><FONT POINT-SIZE="11">%s</FONT></TD></TR>'
                    % (swatch, esc(pad(text))))
    return ('  legend [shape="plain" style="" tooltip="legend" label=<<TABLE BORDER="0" '
            'CELLBORDER="0" CELLSPACING="3" CELLPADDING="2">%s</TABLE>>];' % "".join(rows))


# ------------------------------------------------------------------ compute graph

def graph_dot(snap, changed=(), legend=True, title=None):
    changed = set(changed)
    tensors = [t for t in snap["tensors"] if not (t["grad_of"] and not t["grad_fn"]
                                                  and not t["requires_grad"])]
    by_id = {t["id"]: t for t in snap["tensors"]}
    nodes = {n["id"]: n for n in snap["nodes"]}
    out = _header("compute", big=len(snap["nodes"]) > 150)
    kinds = set()
    for t in tensors:
        cls = tensor_class(t)
        kinds.add(cls)
        rows = [_row(label_of(t), bold=True)]
        rows.append(_row("%s %s" % (fmt_shape(t["shape"]), short_dtype(t["dtype"]))))
        rg = "requires_grad=%s" % t["requires_grad"]
        rows.append(_row("%s · %s" % (rg, "leaf" if t["is_leaf"] else "not leaf"), size="12"))
        if t["grad"]:
            g = by_id.get(t["grad"])
            if g is not None:
                rows.append(_row(".grad " + fmt_values(g["values"], g["numel"]), mono=True,
                                 size="12"))
        out.append("  %s %s;" % (t["id"], _attrs(label=_table(rows),
                                                **_style(cls, t["id"] in changed))))
    for n in snap["nodes"]:
        cls = n["kind"]
        kinds.add(cls)
        rows = [_row(n["name"])]
        for s in n["saved"]:
            who = s["name"]
            ref = by_id.get(s["tensor"]) if s["tensor"] else None
            if ref is not None:
                who += " = " + label_of(ref)
            sv = "?" if s["saved_version"] is None else s["saved_version"]
            cv = "?" if s["current_version"] is None else s["current_version"]
            if s["stale"]:
                kinds.add("stale")
                rows.append(_row("saved %s  v%s ≠ now v%s" % (who, sv, cv), size="12",
                                 color=COLORS["stale"][1], bg=COLORS["stale"][0], bold=True))
            else:
                rows.append(_row("saved %s  v%s" % (who, sv), size="12"))
        style = _style(cls, n["id"] in changed)
        if any(s["stale"] for s in n["saved"]) and n["id"] not in changed:
            style["color"] = COLORS["stale"][1]
            style["penwidth"] = "3"
        # a node with nothing saved gets a plain label: dot lays plain labels out about
        # twice as fast as HTML tables, which matters at hundreds of nodes
        label = _table(rows) if len(rows) > 1 else plain(n["name"])
        out.append("  %s %s;" % (n["id"], _attrs(label=label, **style)))
    om = snap["omitted"]
    if om["nodes"]:
        ops = ", ".join("%d× %s" % (c, name) for name, c in list(om["node_ops"].items())[:4])
        more = "… %s%d more nodes not drawn" % ("" if om["exact"] else "at least ", om["nodes"])
        rows = [_row(more, bold=True), _row(ops, size="12")]
        out.append("  more %s;" % _attrs(label=_table(rows), shape="note", style="filled",
                                         fillcolor="#ffffff", color="#888888"))
    # edges: data flows from inputs to the node that uses them, then into the tensor.
    # A node used many times (a weight in a loop) would drag hundreds of long edges
    # through the layout (dot slows to minutes): past FANOUT uses, a small stub repeats it.
    uses = {}
    for e in snap["edges"]:
        if e["src"] == "more":
            out.append('  more -> %s [style="dashed"];' % e["dst"])
            continue
        k = uses[e["src"]] = uses.get(e["src"], 0) + 1
        if k <= FANOUT:
            out.append("  %s -> %s;" % (e["src"], e["dst"]))
        else:
            src = nodes.get(e["src"])
            stub = "%s_r%d" % (e["src"], k)
            fill, line = COLORS[src["kind"] if src else "fn"]
            out.append('  %s [label=<%s> style="rounded,filled,dashed" fillcolor="%s" color="%s" '
                       'fontsize="11" tooltip="the same node, used again"];'
                       % (stub, esc("↻ " + (src["name"] if src else e["src"])), fill, line))
            out.append('  %s -> %s [style="dashed"];' % (stub, e["dst"]))
    shown = {t["id"] for t in tensors}
    for n in snap["nodes"]:
        if n["kind"] == "acc" and n["variable"] in shown:
            out.append('  %s -> %s [style="dotted" arrowhead="none"];' % (n["variable"], n["id"]))
    for t in tensors:
        if t["grad_fn"] and (t["grad_fn"] in nodes or t["grad_fn"] == "more"):
            out.append('  %s -> %s [color="#2166ac" penwidth="1.5"];' % (t["grad_fn"], t["id"]))
    for a, b, why in _sharing(snap, shown):
        out.append('  %s -> %s [style="dashed" color="#6a3d9a" fontcolor="#6a3d9a" '
                   'constraint="false" label=<%s>];' % (a, b, esc(why)))
    if legend:
        out.append(legend_node(kinds | {"changed"} if changed else kinds))
    if title:
        out.append("  label=<%s>; labelloc=\"t\";" % esc(title))
    out.append("}")
    return "\n".join(out) + "\n"


def _sharing(snap, shown):
    """(tensor, the tensor it shares memory with, why) for tensors outside a graph link."""
    first = {}
    links = []
    by_id = {t["id"]: t for t in snap["tensors"]}
    for t in snap["tensors"]:
        if t["id"] not in shown:
            continue
        mb = t.get("made_by") or {}
        src = mb.get("from")
        if src in shown and by_id[src]["storage"] == t["storage"]:
            links.append((t["id"], src, "%s() · shares memory with" % mb.get("op")))
        elif t["base"] in shown and t["grad_fn"] is None:
            links.append((t["id"], t["base"], "view · shares memory with"))
        elif t["storage"] in first and t["grad_fn"] is None:
            links.append((t["id"], first[t["storage"]], "shares memory with"))
        first.setdefault(t["storage"], t["id"])
    return links


# ------------------------------------------------------------------ memory

def memory_dot(snap, changed=(), prev=None, legend=True, title=None):
    changed = set(changed)
    old_values = {}
    if prev is not None:
        old_values = {s["id"]: s["values"] for s in prev.get("storages", ())}
    out = _header("memory")
    kinds = {"storage"}
    body = []
    for t in snap["tensors"]:
        cls = tensor_class(t)
        kinds.add(cls)
        rows = [_row(label_of(t), bold=True)]
        rows.append(_row("shape %s  %s" % (fmt_shape(t["shape"]), short_dtype(t["dtype"]))))
        rows.append(_row("stride %s  offset %d" % (fmt_shape(t["stride"]), t["offset"]),
                         mono=True, size="12"))
        rows.append(_row("_version %d" % t["version"], mono=True, size="12"))
        mb = t.get("made_by")
        if mb and mb.get("op"):
            rows.append(_row("made by %s()" % mb["op"], size="11", color="#444444"))
        body.append("  %s %s;" % (t["id"], _attrs(label=_table(rows),
                                                 **_style(cls, t["id"] in changed))))
    for a in snap["arrays"]:
        kinds.add("array")
        rows = [_row(a["name"], bold=True),
                _row("shape %s  %s" % (fmt_shape(a["shape"]), short_dtype(a["dtype"]))),
                _row("stride %s  offset %d" % (fmt_shape(a["stride"]), a["offset"]),
                     mono=True, size="12")]
        body.append("  %s %s;" % (a["id"], _attrs(label=_table(rows),
                                                 **_style("array", a["id"] in changed))))
    for s in snap["storages"]:
        body.append("  %s %s;" % (s["id"], _attrs(label=_storage_label(s, old_values.get(s["id"])),
                                                 shape="plain", style="")))
    if legend:
        out.append(legend_node(kinds | ({"changed"} if changed else set())))
    # rankdir=LR stacks a rank's nodes bottom-up in the order given: reverse, so that the
    # first tensor is drawn at the top and the legend at the bottom
    out.extend(reversed(body))
    for t in snap["tensors"]:
        out.append('  %s -> %s:%s [color="#6a3d9a" penwidth="1.5"];'
                   % (t["id"], t["storage"], _port(snap, t["storage"], t["offset"])))
    for a in snap["arrays"]:
        out.append('  %s -> %s:%s [color="#8c6d00" penwidth="1.5"];'
                   % (a["id"], a["storage"], _port(snap, a["storage"], a["offset"])))
    for t in snap["tensors"]:
        if t["grad"] and any(x["id"] == t["grad"] for x in snap["tensors"]):
            out.append('  %s -> %s [style="dotted" label=<.grad> arrowhead="open"];'
                       % (t["id"], t["grad"]))
    if title:
        out.append("  label=<%s>; labelloc=\"t\";" % esc(title))
    out.append("}")
    return "\n".join(out) + "\n"


def _port(snap, sid, offset):
    s = next((x for x in snap["storages"] if x["id"] == sid), None)
    if s is None or not s["values"]:
        return "h"
    return "c%d" % offset if offset < min(len(s["values"]), STORAGE_CELLS) else "more"


def _storage_label(s, old):
    vals = s["values"][:STORAGE_CELLS]
    fill, line = COLORS["storage"]
    head = "storage %s · %d × %s · %d bytes" % (s["id"], s["size"], short_dtype(s["dtype"]),
                                                 s["nbytes"])
    ncols = max(1, min(CELLS_PER_ROW, len(vals)))
    rows = ['<TR><TD COLSPAN="%d" PORT="h" BGCOLOR="%s"><FONT COLOR="%s">%s</FONT></TD></TR>'
            % (ncols, fill, line, esc(pad(head)))]
    for r in range(0, len(vals), CELLS_PER_ROW):
        cells = []
        for i in range(r, min(r + CELLS_PER_ROW, len(vals))):
            hot = old is not None and (i >= len(old) or old[i] != vals[i])
            bg = "#ffe066" if hot else "white"
            cells.append('<TD PORT="c%d" BGCOLOR="%s" BORDER="1" COLOR="%s" WIDTH="44">'
                         '<FONT FACE="%s">%s</FONT></TD>' % (i, bg, line, MONO,
                                                            esc(fmt_value(vals[i]))))
        rows.append("<TR>%s</TR>" % "".join(cells))
    if s["size"] > len(vals):
        rows.append('<TR><TD COLSPAN="%d" PORT="more"><FONT POINT-SIZE="11">… %d more</FONT>'
                    '</TD></TR>' % (ncols, s["size"] - len(vals)))
    return ('<<TABLE BORDER="2" COLOR="%s" CELLBORDER="0" CELLSPACING="0" CELLPADDING="4" '
            'BGCOLOR="%s">%s</TABLE>>' % (line, fill, "".join(rows)))


# ------------------------------------------------------------------ text fallback

def text(snap):
    """A deterministic plain-text account of a snapshot (for no `dot`, and text/plain)."""
    lines = []
    by_id = {t["id"]: t for t in snap["tensors"]}
    for t in snap["tensors"]:
        fn = t["grad_fn_name"] or "None"
        lines.append("%s: shape %s %s stride %s offset %d _version %d storage %s "
                     "requires_grad=%s is_leaf=%s grad_fn=%s%s" % (
                         label_of(t), fmt_shape(t["shape"]), short_dtype(t["dtype"]),
                         fmt_shape(t["stride"]), t["offset"], t["version"], t["storage"],
                         t["requires_grad"], t["is_leaf"], fn,
                         (" grad=" + label_of(by_id[t["grad"]])) if t["grad"] in by_id else ""))
    for a in snap["arrays"]:
        lines.append("%s: numpy shape %s %s stride %s offset %d storage %s" % (
            a["name"], fmt_shape(a["shape"]), short_dtype(a["dtype"]), fmt_shape(a["stride"]),
            a["offset"], a["storage"]))
    for s in snap["storages"]:
        lines.append("storage %s: %d x %s %s" % (s["id"], s["size"], short_dtype(s["dtype"]),
                                                 fmt_values(s["values"], s["size"], 8)))
    for n in snap["nodes"]:
        stale = [x["name"] for x in n["saved"] if x["stale"]]
        lines.append("node %s%s" % (n["name"], (" STALE saved: " + ", ".join(stale))
                                    if stale else ""))
    if snap["omitted"]["nodes"] or snap["omitted"]["tensors"]:
        lines.append("not drawn: %d nodes, %d tensors" % (snap["omitted"]["nodes"],
                                                         snap["omitted"]["tensors"]))
    return "\n".join(lines)
