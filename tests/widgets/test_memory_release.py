"""Watching never keeps memory alive: the lab holds tensors by weak reference only."""
import gc
import weakref

import minitensor as torch
from widgets import draw_graph, draw_memory


def test_deleted_tensor_is_freed_while_watched(nb):
    lab = nb.watch()
    nb.run("a = torch.ones(1000, requires_grad=True)\nb = a.clone()\nc = a.detach()\n"
           "y = (b * b).sum()\ny.backward()")
    refs = {k: weakref.ref(nb.ns[k]) for k in ("a", "b", "c", "y")}
    grad = weakref.ref(nb.ns["a"].grad)
    lab.panel.selected = lab.snapshot()["tensors"][0]["id"]
    lab.panel.step = 2                        # replaying an old step holds data, not tensors
    nb.run("del a, b, c, y")
    gc.collect()
    assert {k: r() for k, r in refs.items()} == dict.fromkeys(refs)
    assert grad() is None
    assert lab.snapshot()["tensors"] == []
    assert len(lab.timeline) > 3              # the history is still there, as data


def test_explicitly_watched_tensor_is_freed(nb):
    nb.run("a = torch.ones(10)")
    lab = nb.watch(nb.ns["a"])
    ref = weakref.ref(nb.ns["a"])
    nb.run("b = a * 2\ndel a")
    gc.collect()
    assert ref() is None
    assert lab.snapshot()["tensors"] == []


def test_tensors_made_inside_a_cell_are_not_kept(nb):
    nb.watch()
    nb.run("import weakref\nt = torch.ones(5) + 1\nr = weakref.ref(t)\ndel t")
    gc.collect()
    assert nb.ns["r"]() is None


def test_static_pictures_keep_no_tensor():
    a = torch.ones(3, requires_grad=True)
    y = (a * 2).sum()
    ns = {"a": a, "y": y}
    pics = [draw_graph(y, namespace=ns), draw_memory(a, y, namespace=ns)]
    refs = [weakref.ref(a), weakref.ref(y)]
    del a, y, ns
    gc.collect()
    assert [r() for r in refs] == [None, None]
    assert pics[0].snapshot["tensors"]
