"""Snapshots -> DOT text: the compute-graph picture and the memory picture.

Every piece of user text (names, dtype strings, values, op names) goes into DOT only
through :func:`esc`, inside an HTML-like label; node ids are ours (``T3``, ``n5``,
``s2``), never user text. So a name containing ``<``, ``"`` or ``{`` is drawn as text.

No text is smaller than 12 pt: the panel may scale a picture down to 0.57, and 12 pt (16
CSS px at full size) then stays at 9 CSS px, the smallest a class can read.

Colour code (also in :data:`LEGEND`, used by the panel and the static pictures).
"""
import html
import re

from .i18n import GRAPHVIZ_FONT, _

# Fonts the browser's Graphviz (viz.js, used when `dot` is missing) knows by name, so both
# lay text out alike: Arial (then a CJK font for Chinese labels and variable names), and
# Courier New for values (on Linux both map to the metric-compatible Liberation fonts).
# viz.js measures `monospace` as Times.
FONT = GRAPHVIZ_FONT
MONO = "Courier New"
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
TENSOR_VALUES = 3       # values drawn in a tensor's .grad line (the box stays narrow)
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


def fmt_values(vals, numel, limit=TENSOR_VALUES, short=False):
    fmt = (lambda v: ("%.3g" % v) if isinstance(v, float) and v != int(v) else fmt_value(v)) \
        if short else fmt_value
    shown = ", ".join(fmt(v) for v in vals[:limit])
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
    sep = "0.3" if kind == "memory" else "0.4"      # memory: the arrows need little room
    if big:                     # fewer crossing-minimisation passes for big pictures
        extra += ' mclimit="0.3"'
    tooltip = "" if big else ' tooltip="%s"' % esc(_("click for details"))  # ~15% at 500 nodes
    return [
        "digraph %s {" % kind,
        '  graph [fontname="%s" fontsize="%s" bgcolor="white" pad="0.2" nodesep="0.35" '
        'ranksep="%s"%s];' % (FONT, FONTSIZE, sep, extra),
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
    return name if name is not None else _("(new tensor)")


# What each kind of generated label means (the legend shows the ones in the picture).
LABEL_NOTES = [
    ("earlier", "x (earlier): the tensor x named before x was assigned again"),
    ("base", "base of v: the tensor that v is a view of"),
    ("generated", "t1, t2 …: tensors that no variable names"),
    ("temporary", "(temporary): a result that no variable kept"),
    (None, "(new tensor): made by the running cell, named when it ends"),
]


def label_notes(tensors):
    """The legend lines explaining the generated labels among ``tensors``."""
    kinds = {t.get("name_kind") if t.get("name") is not None else None for t in tensors}
    return [_(text) for kind, text in LABEL_NOTES if kind in kinds]


def legend_node(kinds, notes=()):
    rows = []
    for key, text in LEGEND:
        if key not in kinds:
            continue
        fill, line = COLORS[key]
        swatch = ('<TD WIDTH="18" BGCOLOR="%s" BORDER="%d" COLOR="%s"> </TD>'
                  % (fill or "white", 1 if key != "changed" else 3, line))
        rows.append('<TR>%s<TD ALIGN="LEFT"><FONT POINT-SIZE="12">%s</FONT></TD></TR>'
                    % (swatch, esc(pad(_(text)))))
    for text in notes:
        rows.append('<TR><TD COLSPAN="2" ALIGN="LEFT"><FONT POINT-SIZE="12">%s</FONT></TD></TR>'
                    % esc(pad(text)))
    return ('  legend [shape="plain" style="" tooltip="%s" label=<<TABLE BORDER="0" '
            'CELLBORDER="0" CELLSPACING="3" CELLPADDING="2">%s</TABLE>>];'
            % (esc(_("legend")), "".join(rows)))


def serial(ident):
    """Creation order of an id from the registries ('T12' -> 12); unknown ids last."""
    digits = "".join(c for c in str(ident) if c.isdigit())
    return int(digits) if digits and "?" not in str(ident) else 10 ** 9


class _Parts:
    """Connected pieces of a picture (union-find), to stack the newest work first."""

    def __init__(self):
        self.up = {}

    def find(self, a):
        self.up.setdefault(a, a)
        while self.up[a] != a:
            self.up[a] = self.up[self.up[a]]
            a = self.up[a]
        return a

    def join(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            first, second = sorted((ra, rb), key=lambda x: (serial(x), str(x)))
            self.up[second] = first

    def order(self, focus, newest_first=False):
        """({member: position}, index of the first piece without a focus id or None):
        pieces holding a focus id first, then the rest; each group in the order the code
        made its pieces, or newest first."""
        groups = {}
        for a in self.up:
            groups.setdefault(self.find(a), []).append(a)
        if newest_first:
            key = {r: -max(serial(m) if serial(m) < 10 ** 9 else 0 for m in ms)
                   for r, ms in groups.items()}
        else:
            key = {r: min(serial(m) for m in ms) for r, ms in groups.items()}
        hot = {r for r, ms in groups.items() if any(m in focus for m in ms)}
        roots = sorted(groups, key=lambda r: (r not in hot, key[r]))
        pos = {}
        for i, r in enumerate(roots):
            for m in groups[r]:
                pos[m] = i
        split = len(hot) if hot and len(hot) < len(roots) else None
        return pos, split


def _earlier():
    return ('  earlier [shape="plaintext" style="" fontsize="12" fontcolor="#777777" '
            'label="%s" tooltip="%s"];' % (esc(_("earlier")),
                                           esc(_("pieces the last cell did not change"))))


def _earlier_cut(n):
    return ('  earlier [shape="plaintext" style="" fontsize="12" fontcolor="#777777" '
            'label="%s"];' % esc(_("… earlier pieces not drawn: %d") % n))


class _Stack:
    """Node lines grouped by piece, emitted so that the pieces stack in one column.

    With ``pack`` and ``packmode="array_u1"``, dot lays each separate piece out on its
    own and puts them in one column in the order their nodes are first declared: top
    to bottom, or bottom to top when the picture runs left to right (rankdir=LR). Inside a
    piece, the nodes of one rank keep the order they are declared in.
    """

    def __init__(self, pos, split, upward, newest_only=False):
        self.pos, self.split, self.upward = pos, split, upward
        self.cut = newest_only and split is not None
        self.lines = {}

    def keep(self, ident):
        """Is ``ident`` drawn? (With ``newest_only``, only the pieces the newest work is in.)"""
        return not self.cut or self.pos.get(ident, 0) < self.split

    def add(self, ident, line):
        if self.keep(ident):
            self.lines.setdefault(self.pos.get(ident, 0), []).append(line)

    def emit(self, out):
        n = len(set(self.pos.values()))
        if n < 2:
            for k in sorted(self.lines):
                out.extend(self.lines[k])
            return
        out.append('  pack="true"; packmode="%s";' % ("array_uc1" if self.upward else "array_u1"))
        groups = [self.lines.get(k, []) for k in sorted(self.lines)]
        if self.cut:
            groups = groups[:self.split] + [[_earlier_cut(n - self.split)]]
        elif self.split is not None:
            groups.insert(self.split, [_earlier()])
        for g in (reversed(groups) if self.upward else groups):
            out.extend(g)


# ------------------------------------------------------------------ compute graph

def graph_tensors(snap, keep=()):
    """The tensors the compute graph draws: those in autograd (requires grad or made by
    a grad_fn), plus ``keep`` (the tensors a static picture was asked for)."""
    keep = set(keep)
    return [t for t in snap["tensors"]
            if t["id"] in keep or ((t["requires_grad"] or t["grad_fn"]) and not t["grad_of"])]


def graph_dot(snap, changed=(), legend=True, title=None, focus=None, keep=(), rankdir=None,
              newest_only=False):
    """The autograd graph: tensors in autograd, grad_fn nodes, AccumulateGrad.

    Memory sharing is not drawn here (the memory picture shows it). Separate pieces are
    stacked in one column: the pieces holding a ``focus`` id (what the last cell made or
    changed) first; ``newest_only`` draws only those, and a line saying how many others
    there are. ``rankdir="LR"`` lays a wide graph out left to right instead.
    """
    changed = set(changed)
    focus = set(changed if focus is None else focus)
    tensors = graph_tensors(snap, keep)
    by_id = {t["id"]: t for t in snap["tensors"]}
    nodes = {n["id"]: n for n in snap["nodes"]}
    shown = {t["id"] for t in tensors}
    out = _header("compute", big=len(snap["nodes"]) > 150)
    if rankdir:
        out.append('  rankdir="%s";' % rankdir)

    parts = _Parts()
    for t in tensors:
        parts.find(t["id"])
    for n in snap["nodes"]:
        parts.find(n["id"])
    if snap["omitted"]["nodes"]:
        parts.find("more")
    for e in snap["edges"]:
        parts.join(e["src"], e["dst"])
    for n in snap["nodes"]:
        if n["kind"] == "acc" and n["variable"] in shown:
            parts.join(n["variable"], n["id"])
    for t in tensors:
        if t["grad_fn"] and (t["grad_fn"] in nodes or t["grad_fn"] == "more"):
            parts.join(t["grad_fn"], t["id"])
    # the newest piece first: its result is what the last cell was about
    pos, split = parts.order(focus, newest_first=True)
    stack = _Stack(pos, split, upward=(rankdir == "LR"), newest_only=newest_only)
    drawn = stack.keep
    tensors = [t for t in tensors if drawn(t["id"])]

    kinds = set()
    for t in tensors:
        cls = tensor_class(t)
        kinds.add(cls)
        rows = [_row(label_of(t), bold=True)]
        rows.append(_row("%s %s" % (fmt_shape(t["shape"]), short_dtype(t["dtype"]))))
        # every tensor in autograd requires grad: say so only for one that does not (a
        # tensor a static picture was asked for)
        rg = "" if t["requires_grad"] else "requires_grad=False · "
        rows.append(_row("%s%s" % (rg, _("leaf") if t["is_leaf"] else _("not leaf")), size="12"))
        if t["grad"]:
            g = by_id.get(t["grad"])
            if g is not None:
                limit = TENSOR_VALUES if g["numel"] <= TENSOR_VALUES else 2
                rows.append(_row(".grad " + fmt_values(g["values"], g["numel"], limit,
                                                       short=True), mono=True, size="12"))
        stack.add(t["id"], "  %s %s;" % (t["id"], _attrs(label=_table(rows),
                                                          **_style(cls, t["id"] in changed))))
    for n in snap["nodes"]:
        if not drawn(n["id"]):
            continue
        cls = n["kind"]
        kinds.add(cls)
        rows = [_row(n["name"])]
        for s in n["saved"]:
            who = s["name"]
            ref = by_id.get(s["tensor"]) if s["tensor"] else None
            if ref is not None:
                who += ": " + label_of(ref)
            sv_ = "?" if s["saved_version"] is None else s["saved_version"]
            cv = "?" if s["current_version"] is None else s["current_version"]
            if s["stale"]:
                kinds.add("stale")
                rows.append(_row(_("saved %s  v%s ≠ now v%s") % (who, sv_, cv), size="12",
                                 color=COLORS["stale"][1], bg=COLORS["stale"][0], bold=True))
            else:
                rows.append(_row(_("saved %s  v%s") % (who, sv_), size="12"))
        style = _style(cls, n["id"] in changed)
        if any(s["stale"] for s in n["saved"]) and n["id"] not in changed:
            style["color"] = COLORS["stale"][1]
            style["penwidth"] = "3"
        # a node with nothing saved gets a plain label: dot lays plain labels out about
        # twice as fast as HTML tables, which matters at hundreds of nodes
        label = _table(rows) if len(rows) > 1 else plain(n["name"])
        stack.add(n["id"], "  %s %s;" % (n["id"], _attrs(label=label, **style)))
    om = snap["omitted"]
    if om["nodes"] and drawn("more"):
        ops = ", ".join("%d× %s" % (c, name) for name, c in list(om["node_ops"].items())[:4])
        more = _("… %s%d more nodes not drawn") % ("" if om["exact"] else _("at least "),
                                                   om["nodes"])
        rows = [_row(more, bold=True), _row(ops, size="12")]
        stack.add("more", "  more %s;" % _attrs(label=_table(rows), shape="note",
                                                style="filled", fillcolor="#ffffff",
                                                color="#888888"))
    stack.emit(out)
    # edges: data flows from inputs to the node that uses them, then into the tensor.
    # A node used many times (a weight in a loop) would drag hundreds of long edges
    # through the layout (dot slows to minutes): past FANOUT uses, a small stub repeats it.
    uses = {}
    for e in snap["edges"]:
        if not drawn(e["dst"]):
            continue
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
                       'fontsize="12" tooltip="%s"];'
                       % (stub, esc("↻ " + (src["name"] if src else e["src"])), fill, line,
                          esc(_("the same node, used again"))))
            out.append('  %s -> %s [style="dashed"];' % (stub, e["dst"]))
    for n in snap["nodes"]:
        if n["kind"] == "acc" and n["variable"] in shown and drawn(n["id"]):
            out.append('  %s -> %s [style="dotted" arrowhead="none"];' % (n["variable"], n["id"]))
    for t in tensors:
        if t["grad_fn"] and (t["grad_fn"] in nodes or t["grad_fn"] == "more"):
            out.append('  %s -> %s [color="#2166ac" penwidth="1.5"];' % (t["grad_fn"], t["id"]))
    if legend:
        out.append(legend_node(kinds | {"changed"} if changed else kinds, label_notes(tensors)))
    if title:
        out.append("  label=<%s>; labelloc=\"t\";" % esc(title))
    out.append("}")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ memory

def memory_dot(snap, changed=(), prev=None, legend=True, title=None, focus=None,
               newest_only=False):
    """Tensors (in the order the code made them) pointing into their storages.

    Tensors sharing a storage form one piece; pieces are stacked in one column, those
    holding a ``focus`` id first (``newest_only``: only those, and a line saying how many
    others there are). (A ``.grad`` is a piece of its own, named ``w.grad``:
    dot packs every separate piece on its own, so one drawn beside its tensor would be
    ordered by dot, not by us.)
    """
    changed = set(changed)
    focus = set(changed if focus is None else focus)
    old_values = {}
    if prev is not None:
        old_values = {s["id"]: s["values"] for s in prev.get("storages", ())}
    tensors = sorted(snap["tensors"], key=lambda t: serial(t["id"]))
    out = _header("memory")
    ids = {t["id"] for t in tensors}

    parts = _Parts()
    for t in tensors:
        parts.join(t["id"], t["storage"])
    for a in snap["arrays"]:
        parts.join(a["id"], a["storage"])
    for s in snap["storages"]:
        parts.find(s["id"])
    pos, split = parts.order(focus)
    stack = _Stack(pos, split, upward=True, newest_only=newest_only)
    drawn = stack.keep
    tensors = [t for t in tensors if drawn(t["id"])]
    arrays = [a for a in snap["arrays"] if drawn(a["id"])]

    kinds = {"storage"}
    for t in tensors:
        cls = tensor_class(t)
        kinds.add(cls)
        rows = [_row(label_of(t), bold=True)]
        rows.append(_row("shape %s  %s" % (fmt_shape(t["shape"]), short_dtype(t["dtype"]))))
        rows.append(_row("stride %s  offset %d" % (fmt_shape(t["stride"]), t["offset"]),
                         mono=True, size="12"))
        mb = t.get("made_by")
        version = '<FONT FACE="%s" POINT-SIZE="12">_version %d</FONT>' % (MONO, t["version"])
        if mb and mb.get("op"):         # one row for both: the box stays short
            version += ('<FONT POINT-SIZE="12" COLOR="#444444">  %s</FONT>'
                        % esc(_("· made by %s()") % mb["op"]))
        rows.append("<TR><TD>%s</TD></TR>" % version)
        stack.add(t["id"], "  %s %s;" % (t["id"], _attrs(label=_table(rows),
                                                          **_style(cls, t["id"] in changed))))
    for a in arrays:
        kinds.add("array")
        rows = [_row(a["name"], bold=True),
                _row("shape %s  %s" % (fmt_shape(a["shape"]), short_dtype(a["dtype"]))),
                _row("stride %s  offset %d" % (fmt_shape(a["stride"]), a["offset"]),
                     mono=True, size="12")]
        stack.add(a["id"], "  %s %s;" % (a["id"], _attrs(label=_table(rows),
                                                          **_style("array", a["id"] in changed))))
    for s in snap["storages"]:
        stack.add(s["id"], "  %s %s;" % (s["id"], _attrs(
            label=_storage_label(s, old_values.get(s["id"])), shape="plain", style="")))
    if legend:          # declared first: at the bottom of a left-to-right picture
        out.append(legend_node(kinds | ({"changed"} if changed else set()),
                               label_notes(tensors)))
    stack.emit(out)
    for t in tensors:
        out.append('  %s -> %s:%s [color="#6a3d9a" penwidth="1.5"];'
                   % (t["id"], t["storage"], _port(snap, t["storage"], t["offset"])))
    for a in arrays:
        out.append('  %s -> %s:%s [color="#8c6d00" penwidth="1.5"];'
                   % (a["id"], a["storage"], _port(snap, a["storage"], a["offset"])))
    # no arrow from a tensor to its .grad: the box is named "w.grad" and stands next to
    # w's (an arrow would add a column and make the picture a third wider)
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
    head = _("storage %s") % s["id"]
    size = _("%d × %s · %d bytes") % (s["size"], short_dtype(s["dtype"]), s["nbytes"])
    ncols = max(1, min(CELLS_PER_ROW, len(vals)))
    # two short header lines rather than one long one: a small storage stays narrow
    rows = ['<TR><TD COLSPAN="%d" PORT="h" BGCOLOR="%s"><FONT COLOR="%s"><B>%s</B><BR/>'
            '<FONT POINT-SIZE="12">%s</FONT></FONT></TD></TR>'
            % (ncols, fill, line, esc(pad(head)), esc(pad(size)))]
    for r in range(0, len(vals), CELLS_PER_ROW):
        cells = []
        for i in range(r, min(r + CELLS_PER_ROW, len(vals))):
            hot = old is not None and (i >= len(old) or old[i] != vals[i])
            bg = "#ffe066" if hot else "white"
            cells.append('<TD PORT="c%d" BGCOLOR="%s" BORDER="1" COLOR="%s" WIDTH="34">'
                         '<FONT FACE="%s">%s</FONT></TD>' % (i, bg, line, MONO,
                                                            esc(fmt_value(vals[i]))))
        rows.append("<TR>%s</TR>" % "".join(cells))
    if s["size"] > len(vals):
        rows.append('<TR><TD COLSPAN="%d" PORT="more"><FONT POINT-SIZE="12">… %d more</FONT>'
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
