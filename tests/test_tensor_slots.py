"""Every way of making a tensor sets every one of Tensor's slots.

The fields each op reads are ``__slots__`` (a slot is read much faster than a class-level
default), so they have no defaults: a tensor made without one of them would raise an
AttributeError later, far from where it was made. ``core.tensor.tensor_over()`` sets them
all, and ``core.dispatch.record()`` sets them inline (the door's one fast path); this test
catches a slot added to one place and not the other."""
import copy
import pickle

import numpy as np
import pytest

import minitensor as torch
from minitensor.core.tensor import Tensor

SLOTS = [s for s in Tensor.__slots__ if not s.startswith("__")]


def _made():
    a = torch.ones(2, 3)
    g = torch.ones(2, 3, requires_grad=True)
    w = torch.nn.Parameter(torch.ones(2))
    yield "factory", a
    yield "tensor()", torch.tensor([1.0, 2.0])
    yield "from_numpy", torch.from_numpy(np.ones(3, np.float32))
    yield "record (op)", a + a
    yield "record (op with grad)", g * 2
    yield "record (0-d result)", a.sum()
    yield "make_view", a.view(6)
    yield "make_view (grad)", g[0]
    yield "make_views", a.unbind(0)[1]
    yield "detach", g.detach()
    yield "Parameter", w
    yield "deepcopy", copy.deepcopy(g)
    yield "copy.copy", copy.copy(a)
    yield "pickle", pickle.loads(pickle.dumps(a))
    yield "grad", (lambda: ((g * g).sum().backward(), g.grad)[1])()
    yield "legacy torch.Tensor", torch.Tensor(2, 3)
    yield "new_zeros", a.new_zeros(2)
    yield "clone", g.clone()
    yield "empty result", a[:, 3:]
    torch.cuda.simulate(True)
    try:
        yield "simulated cuda", a.cuda()
    finally:
        torch.cuda.simulate(False)


@pytest.mark.parametrize("how, t", list(_made()), ids=[h for h, _ in _made()])
def test_every_slot_is_set(how, t):
    missing = [s for s in SLOTS if not hasattr(t, s)]
    assert not missing, f"a tensor made by {how} lacks {missing}"


def test_the_slots_are_the_fields_ops_read():
    # the hot fields; a change here should be a deliberate one (see the module docstring)
    assert SLOTS == ["_data", "_device", "_requires_grad", "_grad_fn", "_output_nr", "_base",
                     "_vc", "_storage"]


def test_a_tensor_still_takes_any_attribute():
    t = torch.ones(2)
    t.label = "x"        # lessons and widgets may name tensors, as torch allows
    assert t.label == "x"
