"""Snapshots for every way the engine copies or shares a tensor."""
import copy
import json

import numpy as np
import pytest

import minitensor as torch
from widgets import snapshot as S

from wtools import node, snap_of, storage, tensor


def run(code):
    ns = {"torch": torch, "np": np, "copy": copy}
    exec(code, ns)
    return ns


def test_snapshot_is_json_and_deterministic():
    code = ("a = torch.arange(6.).reshape(2, 3).requires_grad_()\nb = a.clone()\n"
            "c = a.detach()\ny = (b * b).sum()\ny.backward()\nn = c.numpy()")
    s1, s2 = snap_of(run(code)), snap_of(run(code))
    assert S.dumps(s1) == S.dumps(s2)
    assert json.loads(json.dumps(s1, allow_nan=False)) == s1
    assert s1["format"] == S.FORMAT
    for key in ("tensors", "arrays", "storages", "nodes", "edges", "omitted"):
        assert key in s1


def test_no_addresses_anywhere():
    ns = run("a = torch.ones(3, requires_grad=True)\nb = a * 2")
    text = S.dumps(snap_of(ns))
    for t in ("a", "b"):
        assert str(ns[t].untyped_storage().data_ptr()) not in text
        assert str(id(ns[t])) not in text
        assert hex(id(ns[t]))[2:] not in text


def test_fields_of_a_leaf():
    s = snap_of(run("a = torch.ones(2, 3, requires_grad=True)"))
    a = tensor(s, "a")
    assert a["shape"] == [2, 3] and a["stride"] == [3, 1] and a["offset"] == 0
    assert a["dtype"] == "torch.float32" and a["version"] == 0
    assert a["requires_grad"] and a["is_leaf"] and a["grad_fn"] is None
    st = storage(s, a["storage"])
    assert st["values"] == [1.0] * 6 and st["size"] == 6 and st["nbytes"] == 24


def test_clone_makes_a_new_storage_and_a_graph_node():
    s = snap_of(run("a = torch.ones(3, requires_grad=True)\nb = a.clone()"))
    a, b = tensor(s, "a"), tensor(s, "b")
    assert a["storage"] != b["storage"]
    assert b["grad_fn_name"] == "CloneBackward0" and not b["is_leaf"]
    acc = [n for n in s["nodes"] if n["kind"] == "acc"]
    assert acc and acc[0]["variable"] == a["id"] and acc[0]["name"] == "AccumulateGrad"
    assert {"src": acc[0]["id"], "dst": b["grad_fn"], "input_nr": 0} in s["edges"]


def test_detach_shares_storage_and_leaves_the_graph():
    s = snap_of(run("a = torch.ones(3, requires_grad=True)\nc = a.detach()"))
    a, c = tensor(s, "a"), tensor(s, "c")
    assert a["storage"] == c["storage"]
    assert not c["requires_grad"] and c["is_leaf"] and c["grad_fn"] is None
    assert len(s["storages"]) == 1


def test_detach_in_place():
    s = snap_of(run("a = torch.ones(3, requires_grad=True)\nb = a * 2\nb.detach_()"))
    b = tensor(s, "b")
    assert b["grad_fn"] is None and not b["requires_grad"] and b["is_leaf"]


def test_copy_changes_values_not_storage():
    ns = run("a = torch.arange(3.)\nd = torch.zeros(3)")
    before = snap_of(ns)
    exec("d.copy_(a)", ns)
    after = snap_of(ns)
    d0, d1 = tensor(before, "d"), tensor(after, "d")
    assert storage(before, d0["storage"])["values"] == [0.0, 0.0, 0.0]
    assert storage(after, d1["storage"])["values"] == [0.0, 1.0, 2.0]
    assert d1["version"] == d0["version"] + 1
    assert tensor(after, "a")["storage"] != d1["storage"]
    assert len(after["storages"]) == 2


def test_copy_from_a_grad_tensor_joins_the_graph():
    s = snap_of(run("a = torch.ones(3, requires_grad=True)\nd = torch.zeros(3)\nd.copy_(a)"))
    d = tensor(s, "d")
    assert d["grad_fn_name"] == "CopyBackwards" and d["requires_grad"]


def test_new_tensor_and_deepcopy_make_new_storages():
    s = snap_of(run("a = torch.ones(3, requires_grad=True)\nn = a.new_tensor([1., 2.])\n"
                    "k = copy.deepcopy(a)"))
    a, n, k = tensor(s, "a"), tensor(s, "n"), tensor(s, "k")
    assert len({a["storage"], n["storage"], k["storage"]}) == 3
    assert not n["requires_grad"] and k["requires_grad"] and k["is_leaf"]


def test_from_numpy_and_numpy_share_memory_with_arrays():
    s = snap_of(run("arr = np.arange(4.)\nt = torch.from_numpy(arr)\nback = t.numpy()\n"
                    "other = np.zeros(2)"))
    t = tensor(s, "t")
    arrays = {a["name"]: a for a in s["arrays"]}
    assert set(arrays) == {"arr", "back"}          # `other` shares nothing: not drawn
    assert arrays["arr"]["storage"] == t["storage"] == arrays["back"]["storage"]
    assert arrays["arr"]["dtype"] == "numpy.float64" and arrays["arr"]["stride"] == [1]


def test_numpy_slice_offset_and_stride_in_elements():
    s = snap_of(run("t = torch.arange(6.)\nv = t.numpy()[1::2]"))
    v = next(a for a in s["arrays"] if a["name"] == "v")
    assert v["offset"] == 1 and v["stride"] == [2] and v["shape"] == [3]


def test_views_share_storage_with_offset_and_strides():
    s = snap_of(run("x = torch.arange(6.)\nv = x.view(2, 3)\nt = v.t()\nr = x[1::2]"))
    x, v, t, r = (tensor(s, k) for k in "xvtr")
    assert x["storage"] == v["storage"] == t["storage"] == r["storage"]
    assert t["stride"] == [1, 3] and r["stride"] == [2] and r["offset"] == 1
    assert v["base"] == x["id"] and r["base"] == x["id"]
    assert len(s["storages"]) == 1


def test_view_base_is_shown_even_without_a_name():
    s = snap_of(run("v = torch.arange(6.).view(2, 3)"))
    assert len(s["tensors"]) == 2
    base = s["tensors"][1]
    assert base["name"] == "base of v" and tensor(s, "v")["base"] == base["id"]
    assert base["name_kind"] == "base"


def test_data_shares_storage_without_autograd():
    s = snap_of(run("a = torch.ones(3, requires_grad=True)\nd = a.data"))
    a, d = tensor(s, "a"), tensor(s, "d")
    assert a["storage"] == d["storage"] and not d["requires_grad"]


def test_in_place_change_bumps_version_and_marks_saved_tensor_stale():
    ns = run("a = torch.ones(3, requires_grad=True)\nb = a * 2\ny = (b * b).sum()")
    before = snap_of(ns)
    mul = node(before, tensor(before, "y")["grad_fn"])
    mul = node(before, next(e["src"] for e in before["edges"] if e["dst"] == mul["id"]))
    assert mul["name"] == "MulBackward0"
    assert [x["stale"] for x in mul["saved"]] == [False, False]
    exec("with torch.no_grad():\n    b.add_(1)", ns)
    after = snap_of(ns)
    assert tensor(after, "b")["version"] == 1
    mul = next(n for n in after["nodes"] if n["id"] == mul["id"])
    assert [(x["name"], x["saved_version"], x["current_version"], x["stale"])
            for x in mul["saved"]] == [("self", 0, 1, True), ("other", 0, 1, True)]
    assert mul["saved"][0]["tensor"] == tensor(after, "b")["id"]


def test_tensors_kept_by_saved_tensor_hooks_keep_their_shape_and_role():
    """With saved_tensors_hooks the engine keeps only what pack returned: the picture
    still shows what was saved (shape, input or output), not a freed slot."""
    ns = run("a = torch.ones(2, 3, requires_grad=True)\n"
             "with torch.autograd.graph.saved_tensors_hooks(lambda t: t * 1, lambda t: t):\n"
             "    b = a * a\n    y = b.exp()")
    s = snap_of(ns)
    exp = node(s, tensor(s, "y")["grad_fn"])
    mul = node(s, tensor(s, "b")["grad_fn"])
    # exp saved its result, y; mul's inputs are held by the hook only (a copy): no tensor
    assert [(x["name"], x["shape"], x["tensor"]) for x in exp["saved"]] == [
        ("result", [2, 3], tensor(s, "y")["id"])]
    assert [(x["name"], x["shape"], x["tensor"]) for x in mul["saved"]] == [
        ("self", [2, 3], None), ("other", [2, 3], None)]


def test_backward_sets_grad_with_its_own_storage():
    s = snap_of(run("a = torch.ones(3, requires_grad=True)\ny = (a * 3).sum()\ny.backward()"))
    a = tensor(s, "a")
    g = next(t for t in s["tensors"] if t["id"] == a["grad"])
    assert g["name"] == "a.grad" and g["grad_of"] == a["id"]
    assert g["storage"] != a["storage"]
    assert storage(s, g["storage"])["values"] == [3.0, 3.0, 3.0]


def test_aliases_and_containers():
    s = snap_of(run("a = torch.ones(1)\nb = a\nxs = [a, torch.zeros(1)]\nd = {'k': a}"))
    a = tensor(s, "a")
    assert a["aliases"] == ["b", "xs[0]", "d['k']"]
    assert tensor(s, "xs[1]")["storage"] != a["storage"]


def test_values_are_truncated_and_nan_is_json():
    s = snap_of(run("a = torch.zeros(1000)\nb = torch.tensor([float('nan'), float('inf')])"))
    a = tensor(s, "a")
    assert len(a["values"]) == 64 and a["numel"] == 1000
    assert tensor(s, "b")["values"] == ["nan", "inf"]
    S.dumps(s)


def test_changes_lists_new_and_changed_ids():
    ns = run("a = torch.zeros(2)\nb = torch.ones(2)")
    regs = S.Registries()
    from widgets import names as N
    s1 = S.build(*N.scan(ns), regs=regs)
    exec("a.add_(1)", ns)
    s2 = S.build(*N.scan(ns), regs=regs)
    ch = S.changes(s1, s2)
    a = tensor(s2, "a")
    assert a["id"] in ch and a["storage"] in ch
    assert tensor(s2, "b")["id"] not in ch


def test_real_torch_tensors_work_too():
    real = pytest.importorskip("torch")
    if real is torch:
        pytest.skip("torch is minitensor here")
    a = real.ones(3, requires_grad=True)
    b = a.clone()
    c = a.detach()
    s = S.build([("a", a), ("b", b), ("c", c)], regs=S.Registries())
    assert tensor(s, "a")["storage"] == tensor(s, "c")["storage"] != tensor(s, "b")["storage"]
    assert tensor(s, "b")["grad_fn_name"] == "CloneBackward0"
    S.dumps(s)
