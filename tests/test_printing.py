"""minitensor's tensor printing against live torch 2.13.

Every expectation comes from ``repr()`` of a real torch tensor built from the same
NumPy array, so nothing is hard-coded: a test fails as soon as the two disagree.
"""
import contextlib
import math

import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from minitensor.compat import tensor_str as ts
from minitensor import device as mdevice  # the torch.device-like class
from minitensor.core import dtypes as mdt

DTYPE_NAMES = ["float32", "float64", "float16", "int64", "int32", "int16", "int8",
               "uint8", "bool"]
FLOAT_NAMES = ["float32", "float64", "float16"]
inf, nan = math.inf, math.nan


# ------------------------------------------------------------------ fakes and helpers
class FakeGradFn:
    def __init__(self, name):
        self._name = name

    def name(self):
        return self._name


class FakeTensor:
    """Just the attributes the printing contract promises, around a NumPy array."""

    def __init__(self, arr, *, device="cpu", requires_grad=False, grad_fn=None):
        self._data = arr
        self.dtype = mdt.FROM_NP[arr.dtype]
        self.device = mdevice(device)
        self.grad_fn = None if grad_fn is None else FakeGradFn(grad_fn)
        self.is_leaf = grad_fn is None
        self.requires_grad = requires_grad or grad_fn is not None


def torch_of(arr):
    # copy(): torch.from_numpy needs non-negative strides and must not share memory
    return torch.from_numpy(arr.copy())


def check(arr, *, requires_grad=False):
    """Our repr of ``arr`` equals torch's repr of the same values."""
    t = torch_of(arr)
    if requires_grad:
        t.requires_grad_()
    expected = repr(t)
    assert str(t) == expected  # torch's str is its repr; Tensor.__str__ relies on it
    got = ts.tensor_repr(FakeTensor(arr, requires_grad=requires_grad))
    assert got == expected, f"\nours:  {got!r}\ntorch: {expected!r}"


@contextlib.contextmanager
def both_printoptions(**kw):
    """Same options in torch and minitensor, defaults restored afterwards."""
    torch.set_printoptions(**kw)
    ts.set_printoptions(**kw)
    try:
        yield
    finally:
        torch.set_printoptions(profile="default")
        ts.set_printoptions(profile="default")


@pytest.fixture(autouse=True)
def _restore_defaults():
    yield
    torch.set_printoptions(profile="default")
    ts.set_printoptions(profile="default")
    torch.set_default_dtype(torch.float32)
    mdt.set_default_dtype(mdt.float32)


def a(values, dtype="float32"):
    with np.errstate(over="ignore"):  # float16 overflow to inf is wanted in some cases
        return np.array(values, dtype=dtype)


rng = np.random.default_rng(0)

# ------------------------------------------------------------------ parametrised cases
CASES = {}
for _name in DTYPE_NAMES:
    _base = np.arange(-5, 7) if _name != "uint8" else np.arange(12)
    _base = _base.astype(_name)
    CASES[f"{_name}-0d"] = np.array(_base[7])
    CASES[f"{_name}-1d"] = _base
    CASES[f"{_name}-2d"] = _base.reshape(3, 4)
    CASES[f"{_name}-3d"] = _base.reshape(2, 3, 2)
    CASES[f"{_name}-4d"] = _base.reshape(2, 1, 3, 2)
    CASES[f"{_name}-empty"] = np.zeros(0, dtype=_name)
    CASES[f"{_name}-empty-0x3"] = np.zeros((0, 3), dtype=_name)
    CASES[f"{_name}-empty-2x0x3"] = np.zeros((2, 0, 3), dtype=_name)
    CASES[f"{_name}-single"] = _base[:1]
    CASES[f"{_name}-wrap"] = np.resize(_base, 90)
    CASES[f"{_name}-summarised"] = np.resize(_base, 1500)
    CASES[f"{_name}-summarised-2d"] = np.resize(_base, (40, 40))
    CASES[f"{_name}-transposed"] = np.resize(_base, (5, 9)).T
    if _name != "bool":
        _info = np.iinfo(_name) if _name not in FLOAT_NAMES else np.finfo(_name)
        CASES[f"{_name}-extremes"] = a([_info.min, 0, _info.max], _name)

for _name in FLOAT_NAMES:
    CASES.update({
        f"{_name}-fraction": a([1.5, -2.25, 3.125], _name),
        f"{_name}-int-valued": a([1., 2., -3.], _name),
        f"{_name}-int-valued-2d": a([[1., 20.], [-300., 4.]], _name),
        f"{_name}-large": a([1e4, 1.0, 5e4], _name),
        f"{_name}-tiny": a([1e-5, 2e-3], _name),
        f"{_name}-tiny-and-zero": a([1e-5, 0.0, 1.0], _name),
        f"{_name}-inf-nan": a([inf, -inf, nan, 1.5], _name),
        f"{_name}-inf-nan-int": a([inf, nan, 2.0, -inf], _name),
        f"{_name}-only-nonfinite": a([inf, nan, -inf], _name),
        f"{_name}-0d-nan": a(nan, _name),
        f"{_name}-0d-neg-inf": a(-inf, _name),
        f"{_name}-zeros": np.zeros((2, 3), dtype=_name),
        f"{_name}-neg-zero": a([-0.0, 0.0], _name),
        f"{_name}-neg-zero-int": a([-0.0, 1.0], _name),
        f"{_name}-neg-zero-frac": a([-0.0, 1.5], _name),
        f"{_name}-0d-neg-zero": a(-0.0, _name),
        f"{_name}-rounds-up": a([9.99996, 0.5], _name),
        f"{_name}-neg-rounds-to-zero": a([-0.00001, 0.5], _name),
        f"{_name}-ratio-1000": a([1.0, 1000.0], _name),
        f"{_name}-ratio-1000-frac": a([0.5, 500.5], _name),
        f"{_name}-min-1e-4": a([1e-4, 0.05], _name),
        f"{_name}-randn": rng.standard_normal((4, 5)).astype(_name),
        f"{_name}-randn-wrap": rng.standard_normal(40).astype(_name),
        f"{_name}-randn-3d-wrap": rng.standard_normal((2, 2, 20)).astype(_name),
        f"{_name}-randn-summarised-3d": rng.standard_normal((11, 12, 13)).astype(_name),
        f"{_name}-summarised-4d": rng.standard_normal((7, 8, 3, 9)).astype(_name),
        f"{_name}-summarised-row": rng.standard_normal((2, 600)).astype(_name),
        f"{_name}-summarised-col": rng.standard_normal((600, 2)).astype(_name),
        f"{_name}-step-slice": rng.standard_normal((6, 8)).astype(_name)[::2, 1::3],
        f"{_name}-reversed": np.arange(10, dtype=_name)[::-1],
        f"{_name}-transposed-3d": rng.standard_normal((2, 3, 4)).astype(_name).transpose(2, 0, 1),
    })
CASES.update({
    "float32-sci-big": a([1e10, 1.0]),
    "float32-sci-1e8": a([1.5e8, 2.0]),
    "float32-int-1e8": a([1e8, 2e7]),
    "float32-sci-neg": a([-1e-7, 3.0, -2e5]),
    "float32-sci-int-valued": a([1e12, 1.0, -3.0]),
    "float32-sci-big-wrap": (rng.standard_normal(30) * 10.0 ** rng.integers(-8, 8, 30)).astype("float32"),
    "float32-sci-with-inf": a([1e10, inf, nan]),
    "float32-subnormal": a([1e-45, 1.0]),
    "float32-max-min": a([3.4e38, 1.2e-38]),
    "float64-three-digit-exponent": a([1e300, 1e-300, 1.0], "float64"),
    "float64-ratio-overflows": a([1e308, 1e-308], "float64"),
    "float64-denormal": a([5e-324, -5e-324], "float64"),
    "float64-precise": a([1 / 3, 2 / 3, 1e-3 / 3], "float64"),
    "float64-big-int-valued": a([2.0 ** 52, 1.0], "float64"),
    "float16-max": a([65504.0, 1.0], "float16"),
    "float16-subnormal": a([6e-8, 1.0], "float16"),
    "float16-overflowed": a([1e5, 1.0], "float16"),
    "float16-randn-sci": (rng.standard_normal(12) * 1e4).astype("float16"),
    "int64-big": a([2 ** 62, -(2 ** 62), 7], "int64"),
    "int64-wrap-2d": np.arange(300, dtype="int64").reshape(3, 100) ** 2,
    "int32-negatives": a([-1, -22, -333], "int32"),
    "bool-1d": a([True, False], "bool"),
    "bool-all-true": a([True, True], "bool"),
    "bool-0d": a(True, "bool"),
    "bool-0d-false": a(False, "bool"),
    "uint8-image": rng.integers(0, 256, (3, 4, 5)).astype("uint8"),
    "exactly-threshold": np.arange(1000, dtype="float32"),
    "just-over-threshold": np.arange(1001, dtype="float32"),
    "summarised-hidden-outlier": np.concatenate(
        [np.ones(500), [1e12], np.ones(500)]).astype("float32"),
    "summarised-hidden-fraction": np.concatenate(
        [np.ones(500), [0.5], np.ones(500)]).astype("float32"),
})


@pytest.mark.parametrize("arr", CASES.values(), ids=CASES.keys())
def test_matches_torch(arr):
    check(arr)


@pytest.mark.parametrize("arr", [v for k, v in CASES.items() if k.split("-")[0] in FLOAT_NAMES],
                         ids=[k for k in CASES if k.split("-")[0] in FLOAT_NAMES])
def test_requires_grad_suffix(arr):
    check(arr, requires_grad=True)


# ------------------------------------------------------------------ suffix wrapping
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int32", "int64"])
@pytest.mark.parametrize("n", range(1, 21))
def test_suffixes_wrap_at_every_length(n, dtype):
    # sweep the last line's length across the linewidth so every branch of the wrap test runs
    arr = (np.arange(n) * 1.25).astype(dtype)
    check(arr, requires_grad=dtype in FLOAT_NAMES)
    check(np.resize(arr, (2, n)), requires_grad=dtype in FLOAT_NAMES)


@pytest.mark.parametrize("linewidth", [10, 30, 40, 55, 200])
def test_suffixes_wrap_with_linewidth(linewidth):
    with both_printoptions(linewidth=linewidth):
        for n in (1, 5, 12, 30):
            arr = np.linspace(-3, 3, n).astype("float64")
            check(arr, requires_grad=True)
            check(np.zeros((0, n), dtype="int32"))


# ------------------------------------------------------------------ grad_fn, Parameter
@pytest.mark.parametrize("shape", [(), (3,), (2, 3), (4, 30)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16])
def test_grad_fn_suffix(shape, dtype):
    x = torch.from_numpy(rng.standard_normal(shape)).to(dtype).requires_grad_()
    for out in (x.sigmoid(), x * 2, x.sum(), x.clone()):
        fake = FakeTensor(out.detach().numpy(), grad_fn=out.grad_fn.name())
        assert ts.tensor_repr(fake) == repr(out)


def test_grad_fn_suffix_wraps():
    x = torch.from_numpy(rng.standard_normal((3, 12))).requires_grad_()
    out = x @ x.T
    fake = FakeTensor(out.detach().numpy(), grad_fn=out.grad_fn.name())
    assert ts.tensor_repr(fake) == repr(out)


@pytest.mark.parametrize("requires_grad", [True, False])
@pytest.mark.parametrize("arr", [a([1., 2.]), a([[0.5, -1.5]] * 3, "float64"), a(3.0),
                                 np.zeros((0, 2), "float32"), np.arange(40, dtype="float32")])
def test_parameter_repr(arr, requires_grad):
    expected = repr(torch.nn.Parameter(torch_of(arr), requires_grad=requires_grad))
    got = ts.parameter_repr(FakeTensor(arr, requires_grad=requires_grad))
    assert got == expected


@pytest.mark.parametrize("arr", [a([1., 2.]), a([[1, 2]], "int32"), np.zeros((0, 3))])
def test_tensor_contents(arr):
    t = torch_of(arr)
    contents = "[custom, contents]"
    assert (ts.tensor_repr(FakeTensor(arr), tensor_contents=contents)
            == torch.Tensor.__repr__(t, tensor_contents=contents))


# ------------------------------------------------------------------ devices
@pytest.mark.parametrize("dtype", DTYPE_NAMES)
@pytest.mark.parametrize("shape", [(), (0,), (2, 3), (0, 4)])
def test_meta_device(shape, dtype):
    t = torch.empty(shape, dtype=getattr(torch, dtype), device="meta")
    fake = FakeTensor(np.zeros(shape, dtype=dtype), device="meta")
    assert ts.tensor_repr(fake) == repr(t)
    if dtype in FLOAT_NAMES:
        fake.requires_grad = True
        assert ts.tensor_repr(fake) == repr(t.requires_grad_())


class tensor(torch.Tensor):  # noqa: N801 - named so that torch's prefix is "tensor("
    """A CPU torch tensor that claims to live on cuda:0, to get torch's cuda repr
    on a machine without a GPU."""
    __torch_function__ = torch._C._disabled_torch_function_impl

    @property
    def device(self):
        return torch.device("cuda:0")


@pytest.mark.parametrize("arr", [a([1., 2.]), a([[1.5, 2.], [3., 4.]], "float64"), a(7, "int64"),
                                 np.zeros((0, 3)), np.arange(70, dtype="float32") * 0.5,
                                 np.arange(2000, dtype="int32")])
def test_cuda_device_suffix(arr, monkeypatch):
    monkeypatch.setattr(torch.cuda, "current_device", lambda: 0)
    t = torch_of(arr).as_subclass(tensor)
    assert repr(t).count("device='cuda:0'") == 1  # the trick works
    assert ts.tensor_repr(FakeTensor(arr, device="cuda:0")) == repr(t)
    if arr.dtype.kind == "f":
        t.requires_grad_()
        assert ts.tensor_repr(FakeTensor(arr, device="cuda:0", requires_grad=True)) == repr(t)


# ------------------------------------------------------------------ default dtype
@pytest.mark.parametrize("arr", [v for k, v in CASES.items()
                                 if "summarised" not in k and "wrap" not in k],
                         ids=[k for k in CASES if "summarised" not in k and "wrap" not in k])
def test_default_dtype_float64(arr):
    torch.set_default_dtype(torch.float64)
    mdt.set_default_dtype(mdt.float64)
    check(arr)


# ------------------------------------------------------------------ print options
OPTION_SETS = [
    dict(precision=0), dict(precision=1), dict(precision=2), dict(precision=8),
    dict(sci_mode=True), dict(sci_mode=False), dict(sci_mode=True, precision=2),
    dict(linewidth=20), dict(linewidth=45), dict(linewidth=200),
    dict(threshold=5), dict(threshold=0), dict(threshold=5, edgeitems=1),
    dict(threshold=5, edgeitems=0), dict(edgeitems=0), dict(threshold=10, edgeitems=10),
    dict(profile="short"), dict(profile="full"), dict(profile="short", precision=6),
]
OPTION_ARRAYS = [
    a([1.123456789, -2.5, 1000.0]), a([1e-6, 1.0, 1e6], "float64"), a([1., 2., 3.]),
    a(0.5), a([[True, False], [False, True]], "bool"), np.arange(2000, dtype="int16"),
    np.arange(12, dtype="float32").reshape(2, 3, 2) / 7, rng.standard_normal((9, 9)),
    rng.standard_normal((3, 4, 5, 6)).astype("float16"), a([inf, 0.0, nan]),
    np.zeros((0, 2)), a([[1, 2, 3]], "uint8"),
]


@pytest.mark.parametrize("opts", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_printoptions_match_torch(opts):
    with both_printoptions(**opts):
        assert ts.get_printoptions() == torch._tensor_str.get_printoptions()
        for arr in OPTION_ARRAYS:
            check(arr)
            if arr.dtype.kind == "f":
                check(arr, requires_grad=True)


def test_printoptions_round_trip():
    defaults = ts.get_printoptions()
    assert defaults == torch._tensor_str.get_printoptions()
    calls = [dict(precision=2), dict(threshold=10), dict(edgeitems=1, linewidth=30),
             dict(sci_mode=True), dict(linewidth=100),  # this one resets sci_mode
             dict(profile="full"), dict(profile="short", threshold=7), dict(profile="default")]
    for kw in calls:
        torch.set_printoptions(**kw)
        ts.set_printoptions(**kw)
        assert ts.get_printoptions() == torch._tensor_str.get_printoptions()
    # get -> set restores an arbitrary state
    ts.set_printoptions(precision=3, threshold=50, edgeitems=2, linewidth=60, sci_mode=False)
    saved = ts.get_printoptions()
    ts.set_printoptions(profile="short")
    ts.set_printoptions(**saved)
    assert ts.get_printoptions() == saved
    # the context manager restores the state it found
    with ts.printoptions(precision=9, sci_mode=True):
        assert ts.get_printoptions()["precision"] == 9
    assert ts.get_printoptions() == saved
    ts.set_printoptions(profile="default")
    assert ts.get_printoptions() == defaults


def test_comparison_is_sensitive():
    # guards against a harness that would pass whatever we print
    arr = a([1.123456, 2.0])
    ts.set_printoptions(precision=3)
    with pytest.raises(AssertionError):
        check(arr)


# ------------------------------------------------------------------ property tests
SCALES = [1e-12, 1e-6, 1e-4, 1e-3, 0.1, 1.0, 10.0, 1e3, 1e4, 1e8, 1e9, 1e20, 1e200]
SPECIAL = [0.0, -0.0, inf, -inf, nan]


@st.composite
def arrays(draw):
    name = draw(st.sampled_from(DTYPE_NAMES))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=7))
    if name in FLOAT_NAMES:
        kind = draw(st.sampled_from(["scaled", "integers", "full"]))
        if kind == "full":
            # any representable value, subnormals and extremes included
            arr = draw(hnp.arrays(name, shape))
        else:
            base = st.integers(-2000, 2000).map(float) if kind == "integers" \
                else st.floats(-1000, 1000)
            elements = st.one_of(base, base, base, st.sampled_from(SPECIAL))
            arr = draw(hnp.arrays("float64", shape, elements=elements))
            with np.errstate(over="ignore", invalid="ignore"):
                # asarray: 0-dim arithmetic gives a NumPy scalar, not an array
                arr = np.asarray(arr * draw(st.sampled_from(SCALES))).astype(name)
    else:
        arr = draw(hnp.arrays(name, shape))
    if arr.ndim >= 2 and draw(st.booleans()):
        arr = arr.transpose(draw(st.permutations(range(arr.ndim))))  # non-contiguous
    return arr


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(arr=arrays(), requires_grad=st.booleans())
def test_property_matches_torch(arr, requires_grad):
    check(arr, requires_grad=requires_grad and arr.dtype.kind == "f")


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(arr=arrays(),
       opts=st.fixed_dictionaries({}, optional={
           "precision": st.integers(0, 8),
           "threshold": st.sampled_from([0, 3, 20, 100, 1000, inf]),
           "edgeitems": st.integers(0, 4),
           "linewidth": st.integers(10, 150),
           "sci_mode": st.sampled_from([True, False]),
           "profile": st.sampled_from(["default", "short", "full"]),
       }))
def test_property_with_printoptions(arr, opts):
    with both_printoptions(**opts):
        check(arr, requires_grad=arr.dtype.kind == "f")


# ------------------------------------------------------------------ the real Tensor
@pytest.mark.parametrize("arr", CASES.values(), ids=CASES.keys())
def test_real_minitensor_tensor(arr):
    # the same cases through minitensor's own Tensor, which delegates to tensor_repr
    import minitensor
    t = minitensor.from_numpy(arr.copy())
    assert repr(t) == str(t) == repr(torch_of(arr))
    if arr.dtype.kind == "f":
        t.requires_grad_()
        tt = torch_of(arr).requires_grad_()
        assert repr(t) == repr(tt)
        # "* 1" keeps the values exact, so only the printing (and grad_fn name) is compared
        assert repr(t * 1) == repr(tt * 1)
