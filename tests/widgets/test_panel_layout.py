"""What the live pictures put first and how they name things (no browser: the SVG's own
coordinates say what is above what)."""
import re

import pytest

from widgets import dot, render
from widgets.panel import MIN_SCALE, details, svg_width_px

from wtools import tensor

needs_dot = pytest.mark.skipif(not dot.available(), reason="graphviz `dot` not installed")


def heights(svg):
    """{label: y} of every bold name in an SVG (dot's y grows upwards: larger is higher)."""
    out = {}
    for y, name in re.findall(r'<text[^>]*y="([-0-9.]+)"[^>]*font-weight="bold"[^>]*>([^<]*)</text>',
                              svg):
        out.setdefault(name.replace("\xa0", " ").strip(), -float(y))
    return out


def earlier_y(svg):
    m = re.search(r'<title>earlier</title>.*?<text[^>]*y="([-0-9.]+)"', svg, re.S)
    return -float(m.group(1)) if m else None


@needs_dot
def test_memory_lists_tensors_in_the_order_the_code_made_them(nb):
    lab = nb.watch()
    nb.run("a = torch.tensor([1., 2., 3., 4., 5., 6.])")
    nb.run("v = a[2:]")
    nb.run("m = a.view(2, 3)")
    y = heights(lab.panel.memory_svg)
    assert y["a"] > y["v"] > y["m"], y             # top to bottom: a, v, m


@needs_dot
def test_the_last_cells_work_comes_first_and_the_rest_below_earlier(nb):
    lab = nb.watch()
    nb.run("a = torch.ones(3, requires_grad=True)\nb = (a * 2).sum()")
    nb.run("w = torch.tensor([1., 2., 3.], requires_grad=True)\ny = (w * 2).sum()")
    g, m = lab.panel.graph_svg, lab.panel.memory_svg
    for svg in (g, m):
        y, cut = heights(svg), earlier_y(svg)
        assert cut is not None
        assert y["w"] > cut and y["y"] > cut, (y, cut)      # the new piece, on top
        assert y["a"] < cut and y["b"] < cut, (y, cut)      # the earlier one, below
    assert lab.panel.focus_pane == "graph"


@needs_dot
def test_a_cell_without_autograd_leaves_the_graph_empty_and_the_room_to_memory(nb):
    lab = nb.watch()
    nb.run("base = torch.arange(12.).reshape(3, 4)\nv = base[1]\nt = base.t()")
    assert lab.panel.graph_svg == "" and lab.panel.graph_text == ""
    assert "storage" in lab.panel.memory_svg
    assert lab.panel.focus_pane == "memory"


@needs_dot
def test_a_graph_too_wide_to_read_is_laid_out_left_to_right(nb):
    lab = nb.watch()
    nb.run("x = torch.ones(1, requires_grad=True)\n"
           "total = torch.stack([x * float(i) for i in range(24)]).sum()")
    wide = svg_width_px(lab.panel.graph_svg)
    assert wide * MIN_SCALE > 600                 # top to bottom it would not fit 600 px
    lab.panel.width = 600                         # the browser reports the panel's width
    narrow = svg_width_px(lab.panel.graph_svg)
    assert narrow < wide / 2, (wide, narrow)      # the 24 products now stand in a column
    lab.panel.width = 8000                        # room enough: top to bottom again
    assert svg_width_px(lab.panel.graph_svg) == wide


def test_an_earlier_x_still_in_a_graph_is_named_x_earlier(nb):
    lab = nb.watch()
    nb.run("x = torch.tensor([1., 2., 3.], requires_grad=True)\nz = x.exp().sum()")
    nb.run("x = torch.zeros(3)")
    s = lab.snapshot()
    old = [t for t in s["tensors"] if t["name"] == "x (earlier)"]
    assert len(old) == 1 and old[0]["requires_grad"] and old[0]["name_kind"] == "earlier"
    assert tensor(s, "x")["requires_grad"] is False
    assert any("x (earlier)" in n for n in lab.panel.notes), lab.panel.notes
    assert "x (earlier)" in render.graph_dot(s)
    # only its label changed: it is not marked as changed, nor put first
    assert old[0]["id"] not in lab.changed and tensor(s, "x")["id"] in lab.changed


def test_the_legend_explains_generated_labels_and_only_those(nb):
    lab = nb.watch()
    nb.run("a = torch.ones(2)")
    assert lab.panel.notes == []
    nb.run("keep = [torch.ones(2) * 3]\nv = torch.arange(6.).view(2, 3)")
    notes = " ".join(lab.panel.notes)
    assert "base of v" in notes                     # v's base has no name of its own
    assert "t1, t2" not in notes                    # keep[0] has a name: keep[0]


def test_details_name_the_saved_tensor(nb):
    lab = nb.watch()
    nb.run("x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = x.exp()\nz = y.sum()\n"
           "y.detach().mul_(2)")
    s = lab.snapshot()
    node = tensor(s, "y")["grad_fn"]
    d = details(s, node)
    assert d["title"] == "grad_fn node ExpBackward0"
    assert "saved result: y, saved at version 0, now 1  -> STALE: backward() will fail" in d["lines"]


def test_step_labels_use_the_execution_count_and_never_repeat_a_word():
    from widgets.panel import step_label
    for kind, op, want in (("create", "mul", "mul()"), ("inplace", "copy_", "copy_() in place"),
                           ("backward", "backward", "backward()"), ("cell", "end of cell",
                                                                     "end of cell")):
        label = step_label({"kind": kind, "op": op, "cell": 5, "merged": 0}, 2, 9)
        assert label == "step 3 of 9 · cell [5] · " + want
        words = re.findall(r"[A-Za-z_]+", label)
        assert all(a != b for a, b in zip(words, words[1:])), label
