"""Pictures: DOT from snapshots, SVG through dot, the static draw_* objects."""
import re
from html import escape as html_escape

import numpy as np
import pytest

import minitensor as torch
import widgets
from widgets import dot, render
from widgets import snapshot as S

from wtools import tensor

needs_dot = pytest.mark.skipif(not dot.available(), reason="graphviz `dot` not installed")


def ns_of(code):
    ns = {"torch": torch, "np": np}
    exec(code, ns)
    return ns


LESSON = ("a = torch.ones(2, 3, requires_grad=True)\nb = a.clone()\nc = a.detach()\n"
          "d = torch.zeros(2, 3)\nd.copy_(a)\ny = (b * b).sum()")


def texts(svg):
    return [re.sub(r"\s+", " ", t.replace("&#160;", " ")).strip()
            for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def test_graph_dot_has_names_nodes_and_saved_versions():
    s = S.build(*_scan(ns_of(LESSON)), regs=S.Registries())
    src = render.graph_dot(s)
    for word in ("CloneBackward0", "AccumulateGrad", "MulBackward0", "SumBackward0",
                 "CopyBackwards", "saved self: b"):
        assert word in src
    assert src.count("->") >= 6
    # autograd only: `c` (detached) has no autograd; memory sharing is the memory picture's
    assert ">c<" not in src and "shares memory" not in src and "constraint" not in src


def test_stale_saved_tensor_is_red_in_the_graph():
    ns = ns_of(LESSON + "\nwith torch.no_grad():\n    b.mul_(2)")
    s = S.build(*_scan(ns), regs=S.Registries())
    src = render.graph_dot(s)
    assert "v0 ≠ now v1" in src
    assert render.COLORS["stale"][1] in src


def test_memory_dot_points_tensors_into_storage_cells():
    ns = ns_of("x = torch.arange(6.)\nv = x[2:]\narr = x.numpy()")
    s = S.build(*_scan(ns), regs=S.Registries())
    src = render.memory_dot(s)
    x, v = s["tensors"][0]["id"], s["tensors"][1]["id"]
    sid = s["tensors"][0]["storage"]
    assert "%s -> %s:c0" % (x, sid) in src
    assert "%s -> %s:c2" % (v, sid) in src          # the arrow lands on the offset
    assert src.count("storage %s" % sid) == 1        # one box for the shared storage


def test_changed_ids_are_highlighted():
    s = S.build(*_scan(ns_of("a = torch.ones(2)")), regs=S.Registries())
    tid = s["tensors"][0]["id"]
    plain, hot = render.memory_dot(s), render.memory_dot(s, changed=[tid])
    assert render.COLORS["changed"][1] not in plain.split("legend")[0]
    assert render.COLORS["changed"][1] in hot


def test_value_cells_that_changed_are_marked():
    ns = ns_of("d = torch.zeros(3)")
    regs = S.Registries()
    s1 = S.build(*_scan(ns), regs=regs)
    exec("d[1] = 5.", ns)
    s2 = S.build(*_scan(ns), regs=regs)
    src = render.memory_dot(s2, changed=S.changes(s1, s2), prev=s1)
    assert src.count("#ffe066") == 1


@needs_dot
def test_static_pictures_store_png_dot_and_deterministic_text():
    """What a notebook stores for a picture: PNG (every reader draws it; no SVG or HTML,
    which VS Code's Restricted Mode picks first and then leaves blank), the DOT text
    (what nbval compares) and the text picture."""
    import base64
    ns = ns_of(LESSON)
    g = widgets.draw_graph(ns["y"], namespace=ns)
    m = widgets.draw_memory(ns["a"], ns["b"], ns["c"], ns["d"], namespace=ns)
    for p in (g, m):
        bundle = p._repr_mimebundle_()
        assert set(bundle) == {"text/plain", "image/png", "text/vnd.graphviz"}
        png = base64.b64decode(bundle["image/png"])
        assert png.startswith(b"\x89PNG") and png == p.png
        # as wide in pixels as the SVG is drawn in CSS pixels (pt * 4/3)
        width = int.from_bytes(png[16:20], "big")
        svg_width = float(p.svg.split('width="', 1)[1].split("pt", 1)[0]) * 4 / 3
        assert abs(width - svg_width) <= 2
        assert bundle["text/vnd.graphviz"] == p.source
        assert "0x" not in bundle["text/plain"]
        assert p.svg.startswith("<svg") and "<?xml" not in p.svg
    assert "y" in texts(g.svg) and "AccumulateGrad" in texts(g.svg)
    words = texts(m.svg)
    for name in "abcd":
        assert name in words
    assert sum(1 for w in words if w.startswith("storage ")) == 3    # a and c share one


@needs_dot
def test_identical_sessions_give_identical_svg():
    def session():
        ns = ns_of(LESSON)
        regs = S.Registries()
        s = S.build(*_scan(ns), regs=regs)
        return dot.render(render.graph_dot(s)), dot.render(render.memory_dot(s))
    assert session() == session()


@needs_dot
def test_unchanged_picture_is_not_rendered_again():
    s = S.build(*_scan(ns_of("a = torch.ones(2)\nb = a + 1")), regs=S.Registries())
    src = render.graph_dot(s)
    dot.render(src)
    before = dict(dot.stats)
    dot.render(src)
    assert dot.stats["renders"] == before["renders"]
    assert dot.stats["hits"] == before["hits"] + 1


@needs_dot
def test_persistent_dot_process_is_reused():
    dot.clear_cache()
    dot.render("digraph a { x }\n")
    spawned = dot._process.spawned
    for i in range(3):
        dot.render("digraph a { x%d }\n" % i)
    assert dot._process.spawned == spawned


@needs_dot
def test_a_dot_syntax_error_does_not_hang():
    with pytest.raises(dot.DotError):
        dot.render("digraph { a -> }\n")
    assert dot.render("digraph ok { a }\n").startswith("<svg")


def test_missing_dot_gives_one_line_and_text(monkeypatch):
    monkeypatch.setattr(dot.shutil, "which", lambda name: None)
    dot.clear_cache()
    ns = ns_of("a = torch.ones(2)")
    p = widgets.draw_memory(ns["a"], namespace=ns)
    assert p.svg is None
    assert p.error == dot.INSTALL_HINT and "\n" not in p.error
    assert "apt-get install graphviz" in p.error
    bundle = p._repr_mimebundle_()
    assert "image/svg+xml" not in bundle and "image/png" not in bundle
    assert "a: shape (2,)" in bundle["text/plain"] and dot.INSTALL_HINT in bundle["text/plain"]
    # a browser lays the DOT out (Graphviz in WebAssembly); until then, or where it
    # cannot, the HTML is the text picture and the hint, escaped
    html = bundle["text/html"]
    assert bundle["text/vnd.graphviz"] == p.source and "minitensorLayout(" in html
    assert "<pre class=\"minitensor-text\">a: shape (2,)" in html
    assert html_escape(dot.INSTALL_HINT) in html


def test_text_fallback_lists_everything():
    s = S.build(*_scan(ns_of(LESSON)), regs=S.Registries())
    text = render.text(s)
    assert "b: shape (2, 3) float32" in text and "storage s1" in text
    assert "node CloneBackward0" in text


def _scan(ns):
    from widgets import names as N
    return N.scan(ns)


def test_static_pictures_share_ids_with_a_running_lab(nb):
    lab = nb.watch()
    nb.run("a = torch.ones(2)\nb = a.clone()")
    p = widgets.draw_memory(nb.ns["b"], namespace=nb.ns)
    assert p.snapshot["tensors"][0]["storage"] == tensor(lab.snapshot(), "b")["storage"]
