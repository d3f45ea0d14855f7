"""One op, one event: every op a learner writes in the lessons gives the widgets exactly
one step (one create or in-place event), composite ops (made of other ops) included.

The lessons are read at test time (notebooks/NN_*.ipynb, new cells included) and run
with every call, operator, index and tensor property probed (tests/event_probe.py);
then each composite op of the engine runs once from a sample statement below, and
clamp_min / clamp_max, which once showed a ``clamp`` the learner never wrote.
"""
import glob
import sys
import warnings
from pathlib import Path

import pytest

import minitensor
from minitensor.core import dispatch

sys.path.insert(0, str(Path(__file__).parent))
from event_probe import Probe, fake_widgets, lesson_cells  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(glob.glob(str(ROOT / "notebooks" / "[0-9][0-9]_*.ipynb")))

SETUP = """
import copy, io
import minitensor as torch
import minitensor.nn.functional as F
a = torch.tensor([[1., -2., 3.], [4., 5., -6.]], requires_grad=True)
x = a * 1
v = torch.tensor([1., 2., 3.])
m = torch.ones(3, 2)
i = torch.tensor([3, 4, 5])
b = torch.tensor([True, False, True])
"""

# one statement per composite op of the engine (dispatch.COMPOSITES), and the ops that
# were composites before (clamp_min, clamp_max)
SAMPLES = {
    "clamp_min": "a.clamp_min(0.5)",
    "linalg_svd": "torch.linalg.svd(a)",
    "svd": "torch.svd(a)",
    "svd no uv": "torch.svd(a, compute_uv=False)",
    "svdvals": "torch.linalg.svdvals(a)",
    "clamp_max": "a.clamp_max(0.5)",
    "clamp_min tensor": "a.clamp_min(v)",
    "__getitem__": "x[1:, [0, 2]]",
    "__getitem__ basic": "x[1, 1:]",
    "__setitem__": "y = x.clone(); y[0, 1:] = 7.",
    "__setitem__ advanced": "y = x.clone(); y[0, [0, 2]] = 7.",
    "__rtruediv__": "1 / a",
    "atan2_": "y = v.clone(); y.atan2_(v)",
    "bitwise_and_": "y = b.clone(); y &= b",
    "bitwise_or_": "y = b.clone(); y |= b",
    "bitwise_xor_": "y = b.clone(); y ^= b",
    "bitwise_left_shift_": "y = i.clone(); y <<= 1",
    "bitwise_right_shift_": "y = i.clone(); y >>= 1",
    "eq_": "y = v.clone(); y.eq_(2.)",
    "ne_": "y = v.clone(); y.ne_(2.)",
    "lt_": "y = v.clone(); y.lt_(2.)",
    "le_": "y = v.clone(); y.le_(2.)",
    "gt_": "y = v.clone(); y.gt_(2.)",
    "ge_": "y = v.clone(); y.ge_(2.)",
    "floor_divide_": "y = i.clone(); y //= 2",
    "remainder_": "y = i.clone(); y %= 2",
    "fmod_": "y = i.clone(); y.fmod_(2)",
    "div_": "y = x * 1; y.div_(2, rounding_mode='floor')",
    "broadcast_tensors": "torch.broadcast_tensors(v, m[:, :1])",
    "cat": "torch.cat([v, v], out=torch.zeros(6))",
    "stack": "torch.stack([v, v])",
    "hstack": "torch.hstack([v, v])",
    "vstack": "torch.vstack([v, v])",
    "dstack": "torch.dstack([v, v])",
    "column_stack": "torch.column_stack([v, v])",
    "deepcopy": "a.grad = torch.ones(2, 3); copy.deepcopy(a)",
    "deepcopy parameter": "copy.deepcopy(torch.nn.Parameter(v))",
    "isclose": "torch.isclose(v, v)",
    "kthvalue": "v.kthvalue(2)",
    "median": "a.median(1)",
    "max": "a.max(1)",
    "min": "a.min(1)",
    "sort": "a.sort(1)",
    "topk": "a.topk(2)",
    "unique": "torch.unique(i, return_inverse=True, return_counts=True)",
    "var_mean": "torch.var_mean(a, 1)",
    "std_mean": "torch.std_mean(a, 1)",
    "norm": "a.norm(dtype=torch.float64)",
    "matmul": "v @ m",
    "matmul batched": "torch.ones(2, 2, 3) @ torch.ones(3, 4)",
    "outer": "torch.outer(v, v)",
    "reshape": "a.t().reshape(6)",
    "squeeze_": "y = torch.ones(1, 3); y.squeeze_()",
    "narrow_copy": "a.narrow_copy(1, 0, 2)",
    "tensor_split": "a.tensor_split(3, dim=1)",
    "softmax": "torch.softmax(a, 1, dtype=torch.float64)",
    "log_softmax": "torch.log_softmax(a, 1, dtype=torch.float64)",
    "rand_like": "torch.rand_like(v)",
    "randn_like": "torch.randn_like(v)",
    "linear": "F.linear(a, m.t(), v[:2])",
    "cross_entropy": "F.cross_entropy(a, torch.tensor([0, 2]))",
    "nll_loss": "F.nll_loss(a, torch.tensor([0, 2]))",
    "mse_loss": "F.mse_loss(a, x)",
    "l1_loss": "F.l1_loss(a, x)",
    "dropout": "F.dropout(a, 0.5)",
    "binary_cross_entropy": "F.binary_cross_entropy(a.sigmoid(), x.detach().sigmoid())",
    "binary_cross_entropy_with_logits": "F.binary_cross_entropy_with_logits(a, x.detach())",
    "load": "buf = io.BytesIO(); torch.save({'a': v, 'b': v[1:]}, buf); buf.seek(0); torch.load(buf)",
    "out=": "torch.exp(v, out=torch.ones(2))",
    "split": "a.split(1)",
    "conv1d": "F.conv1d(a.unsqueeze(0), torch.ones(1, 2, 2))",
    "conv2d": "F.conv2d(a.reshape(1, 1, 2, 3), torch.ones(1, 1, 2, 2))",
    "max_pool2d_with_indices": "F.max_pool2d(a.reshape(1, 1, 2, 3), 2)",
    "adaptive_avg_pool2d": "F.adaptive_avg_pool2d(a.reshape(1, 1, 2, 3), (2, 2))",
    "batch_norm": "F.batch_norm(a, torch.zeros(3), torch.ones(3), training=True)",
    "unbind": "a.unbind(1)",
    "custom Function": """
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t * t

    @staticmethod
    def backward(ctx, g):
        (t,) = ctx.saved_tensors
        return 2 * t * g
Square.apply(a)""",
}


@pytest.fixture
def no_widgets(monkeypatch):
    monkeypatch.setitem(sys.modules, "widgets", fake_widgets())


def _run(cells):
    with Probe() as p, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ns = {}
        for cell in cells:
            p.exec_cell(cell, ns)
    return p


def test_there_are_lessons():
    assert len(LESSONS) >= 10


@pytest.mark.parametrize("path", LESSONS, ids=[Path(p).stem for p in LESSONS])
def test_each_op_in_a_lesson_is_one_event(path, no_widgets):
    p = _run(lesson_cells(path))
    assert p.checked > 10, "the probe found almost no ops: is the lesson read?"
    assert not p.findings, "\n".join(f"{src!r}: events {evs} ({why})" for src, evs, why in p.findings)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_each_composite_op_is_one_event(name):
    p = _run([SETUP, SAMPLES[name]])
    assert p.checked, "no op was probed"
    assert not p.findings, "\n".join(f"{src!r}: events {evs} ({why})" for src, evs, why in p.findings)


def test_every_composite_has_a_sample():
    missing = sorted(set(dispatch.COMPOSITES) - set(SAMPLES))
    assert not missing, f"composite ops without a sample statement above: {missing}"


def test_clamp_min_shows_no_clamp():
    """The case the issue named: a.clamp_min(0.5) emitted ('create', 'clamp') first."""
    seen = []
    a = minitensor.tensor([1., -2.], requires_grad=True)
    with minitensor.events.subscribe(lambda e: seen.append((e.kind, e.op))):
        a.clamp_min(0.5)
        a.clamp_max(0.5)
    assert seen == [("create", "clamp_min"), ("create", "clamp_max")]


def test_the_probe_can_fail():
    """An op made of two ops, not marked composite, is caught."""
    def two_steps(t):
        return (t * 2).exp()
    p = Probe()
    p.op_functions.add(two_steps)
    with p, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ns = {"two_steps": two_steps}
        p.exec_cell(SETUP + "\ntwo_steps(v)\n", ns)
    assert [why for *_, why in p.findings] == ["more than one op event"]


def test_a_plus_b_a_add_b_and_torch_add_reach_one_add():
    """One spelling per op: the operator, the method and the function all run add."""
    import minitensor.ops.binary as B
    target = B.add.__code__
    a, b = minitensor.ones(2), minitensor.ones(2)
    for stmt in (lambda: a + b, lambda: a.add(b), lambda: minitensor.add(a, b)):
        calls = []

        def profile(frame, event, arg):
            if event == "call" and frame.f_code is target:
                calls.append(1)
        sys.setprofile(profile)
        try:
            stmt()
        finally:
            sys.setprofile(None)
        assert calls == [1]
