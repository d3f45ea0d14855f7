"""Unary elementwise ops and their in-place twins."""
import math as _math

import numpy as np

from ..compat.memory_overlap import assert_no_internal_overlap
from ..compat.quiet import quiet
from ..core import dtypes as D
from ..core.dispatch import record, inplace, check_inplace, needs_grad
from ..core.graph import Node
from ..core.tensor import Tensor, wrap
from .binary import pow, pow_
from .operands import _F16, _F32, _bind_saved, _check_tensor, _no_kernel, as_dtype


class NegBackward0(Node):
    saves = ()

    def backward(self, g):
        return (-g,)


def _unary_node(name, saves, formula):
    def backward(self, g):
        with quiet:           # torch's formulas give inf/nan silently (sqrt at 0, log at 0)
            return (formula(g, *self.saved()),)
    return type(name, (Node,), {"saves": saves, "backward": backward, "__slots__": ()})


SELF, RESULT = (("self", 0),), (("result", -1),)


AbsBackward0 = _unary_node("AbsBackward0", SELF, lambda g, x: g * np.sign(x))


ExpBackward0 = _unary_node("ExpBackward0", RESULT, lambda g, r: g * r)


LogBackward0 = _unary_node("LogBackward0", SELF, lambda g, x: g / x)


SqrtBackward0 = _unary_node("SqrtBackward0", RESULT, lambda g, r: g / (2 * r))


SinBackward0 = _unary_node("SinBackward0", SELF, lambda g, x: g * np.cos(x))


CosBackward0 = _unary_node("CosBackward0", SELF, lambda g, x: -g * np.sin(x))


TanhBackward0 = _unary_node("TanhBackward0", RESULT, lambda g, r: g * (1 - r * r))


SigmoidBackward0 = _unary_node("SigmoidBackward0", RESULT, lambda g, r: g * r * (1 - r))


# torch's threshold_backward: result <= 0 ? 0 : grad (a +0 even where grad < 0, and the
# grad where the result is NaN; g * (r > 0) would give -0. and 0 there)
ReluBackward0 = _unary_node("ReluBackward0", RESULT, lambda g, r: np.where(r <= 0, 0, g))


# ----------------------------------------------------------------- unary ops
def _float_input(t):
    a = t._data
    if a.dtype.kind != "f":
        return as_dtype(a, D.get_default_dtype().np)
    return a


_CANNOT_WARN = {"neg", "abs", "tanh", "sigmoid", "relu", "sin", "cos"}


def _unary(op, t, fn, node, to_float=True):
    if not isinstance(t, Tensor):
        raise TypeError(f"{op}(): argument 'input' (position 1) must be Tensor, not {type(t).__name__}")
    x = t._data
    if to_float and x.dtype.kind != "f":
        x = as_dtype(x, D.get_default_dtype().np)
    if op in _CANNOT_WARN:
        arr = fn(x)
    else:
        with quiet:
            arr = fn(x)
    return record(op, arr, t._device, (t,), node)


def neg(input):
    if input._data.dtype == np.bool_:
        raise RuntimeError(
            "Negation, the `-` operator, on a bool tensor is not supported. If you are trying "
            "to invert a mask, use the `~` or `logical_not()` operator instead.")
    return _unary("neg", input, np.negative, NegBackward0, False)


negative = neg


def _no_bool(op, t):
    if isinstance(t, Tensor) and t._data.dtype == np.bool_:
        raise NotImplementedError(f"\"{op}_cpu\" not implemented for 'Bool'")


def abs(input):
    _no_bool("abs", input)
    return _unary("abs", input, np.abs, AbsBackward0, False)


def _exp(x):
    """torch's float32 exp is the correctly rounded value for about 99% of inputs; NumPy's
    is for about 60%, and a chain of exps shows the difference in print. A float32 input
    is exponentiated in float64 and rounded once: 1% of elements then differ from torch's
    in the last bit instead of 39% (measured on 100k values in [-80, 80]), for two casts
    (about 0.7 us on a tiny tensor)."""
    if x.dtype is _F32:
        return np.exp(x.astype(np.float64)).astype(np.float32)
    return np.exp(x)


def exp(input):
    return _unary("exp", input, _exp, ExpBackward0)


def log(input):
    return _unary("log", input, np.log, LogBackward0)


def sqrt(input):
    return _unary("sqrt", input, np.sqrt, SqrtBackward0)


def sin(input):
    return _unary("sin", input, np.sin, SinBackward0)


def cos(input):
    return _unary("cos", input, np.cos, CosBackward0)


def tanh(input):
    return _unary("tanh", input, np.tanh, TanhBackward0)






# 0-d arrays of each float dtype: NumPy adds a 0-d array of the same dtype faster than
# it converts a Python float (0.5 us against 1.5 us per call on a (3, 4) array)
_ONE = {np.dtype(t): np.ones((), t) for t in (np.float32, np.float64)}


def _sigmoid(x):
    """torch's formula, 1 / (1 + exp(-x)), in four ufunc calls on one buffer."""
    if x.dtype is _F16:             # torch computes half ops in float, rounds once
        return _sigmoid(as_dtype(x, _F32)).astype(np.float16)
    if x.ndim == 0:
        x = x.reshape(1)            # ufuncs on 0-d arrays return scalars, not arrays
        return _sigmoid(x).reshape(())
    # (out given by position: NumPy parses an out= keyword at a cost per call)
    if x.dtype is _F32:
        # torch's kernel for a tensor under 16 elements is 1 / (1 + expf(-x)) in float32
        # with a correctly rounded expf (as _exp): the exp in float64, rounded to float32
        # before the add. Bit for bit as torch on 99.9% of such elements (NumPy's float32
        # exp: 84%; on bigger tensors torch's vector kernel differs from both, 4% / 16%).
        # Two casts more than NumPy's own formula: about 0.6 us on a tiny tensor
        t = x.astype(np.float64)
        np.negative(t, t)
        np.exp(t, t)
        r = t.astype(np.float32)    # may overflow to inf (1/inf is the right 0): hushed
    else:
        r = np.negative(x)
        np.exp(r, r)    # may overflow to inf (1/inf is the right 0); the filter hushes it
    np.add(r, _ONE[r.dtype], r)
    return np.reciprocal(r, r)


def sigmoid(input):
    return _unary("sigmoid", input, _sigmoid, SigmoidBackward0)


def _relu(x):
    return np.maximum(x, _ZERO.get(x.dtype) or x.dtype.type(0))


_ZERO = {np.dtype(t): np.dtype(t).type(0) for t in (np.float32, np.float64, np.float16)}


def relu(input):
    if input._data.dtype == np.bool_:
        raise RuntimeError("Boolean inputs not supported for relu")
    return _unary("relu", input, _relu, ReluBackward0, False)


def _sign(a):
    if a.dtype == np.bool_:
        return a.copy()
    if a.dtype.kind == "f":     # torch's (0 < x) - (x < 0): NaN and -0. give +0.
        return np.subtract(a > 0, a < 0, dtype=a.dtype)
    return np.sign(a)


NanToNumBackward0 = _unary_node("NanToNumBackward0", SELF, lambda g, x: g * np.isfinite(x))


def _nan_to_num(a, nan, posinf, neginf):
    if a.dtype.kind != "f":
        return a.copy()     # integers and bools have no nan or inf
    info = np.finfo(a.dtype)
    with quiet:             # a replacement too big for the dtype rounds to inf, silently
        return np.nan_to_num(a, nan=nan, posinf=info.max if posinf is None else posinf,
                             neginf=info.min if neginf is None else neginf)


def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    _check_tensor("nan_to_num", input)
    nan = 0.0 if nan is None else nan       # None means the default, as in torch
    return record("nan_to_num", _nan_to_num(input._data, nan, posinf, neginf), input._device,
                  (input,), NanToNumBackward0)


def nan_to_num_(self, nan=0.0, posinf=None, neginf=None):
    check_inplace(self)
    nan = 0.0 if nan is None else nan
    old = wrap(self._data.copy(), self._device)
    return inplace("nan_to_num_", self, _nan_to_num(self._data, nan, posinf, neginf), (self,),
                   _bind_saved(NanToNumBackward0, old), check=False)


def sign(input):
    a = input._data
    return record("sign", _sign(a), input._device, (input,), SignBackward0 if a.dtype.kind == "f" else None)


def sign_(self):
    a = self._data
    return inplace("sign_", self, _sign(a), (self,), SignBackward0 if a.dtype.kind == "f" else None)


def _inplace_unary(op, node, fn, to_float=True):
    def method(self):
        if self._data.dtype == np.bool_:
            if op == "neg_":
                neg(self)           # raises torch's message
            if op == "abs_":
                _no_bool("abs", self)
            if op == "relu_":
                raise RuntimeError("Boolean inputs not supported for relu")
        check_inplace(self)
        if to_float and self._data.dtype.kind != "f":
            raise RuntimeError(f"result type Float can't be cast to the desired output type "
                               f"{self.dtype._scalar_type}")
        assert_no_internal_overlap(self._data)
        values = fn(self._data)     # overflow warnings: dropped by _quiet's filter
        if node is not None and node.saves == SELF and needs_grad((self,)):
            old = wrap(self._data.copy(), self._device)
            return inplace(op, self, values, (self,), _bind_saved(node, old), check=False)
        return inplace(op, self, values, (self,), node, check=False)
    method.__name__ = op
    return method


neg_ = _inplace_unary("neg_", NegBackward0, np.negative, False)


abs_ = _inplace_unary("abs_", AbsBackward0, np.abs, False)


exp_ = _inplace_unary("exp_", ExpBackward0, _exp)


log_ = _inplace_unary("log_", LogBackward0, np.log)


sqrt_ = _inplace_unary("sqrt_", SqrtBackward0, np.sqrt)


sin_ = _inplace_unary("sin_", SinBackward0, np.sin)


cos_ = _inplace_unary("cos_", CosBackward0, np.cos)


tanh_ = _inplace_unary("tanh_", TanhBackward0, np.tanh)


sigmoid_ = _inplace_unary("sigmoid_", SigmoidBackward0, _sigmoid)


relu_ = _inplace_unary("relu_", ReluBackward0, lambda x: np.maximum(x, x.dtype.type(0)), False)


_erf = np.frompyfunc(_math.erf, 1, 1)


_erfinv_ok = None


_erfc = np.frompyfunc(_math.erfc, 1, 1)


def _np_erf(x):
    return np.asarray(_erf(x), dtype=x.dtype)   # a 0-d input gives a float, not an array


def _np_erfc(x):
    return np.asarray(_erfc(x), dtype=x.dtype)


Log2Backward0 = _unary_node("Log2Backward0", SELF, lambda g, x: g / (x * np.log(2.0).astype(x.dtype)))


Log10Backward0 = _unary_node("Log10Backward0", SELF, lambda g, x: g / (x * np.log(10.0).astype(x.dtype)))


Log1PBackward0 = _unary_node("Log1PBackward0", SELF, lambda g, x: g / (x + 1))


Expm1Backward0 = _unary_node("Expm1Backward0", RESULT, lambda g, r: g * (r + 1))


Exp2Backward0 = _unary_node("Exp2Backward0", RESULT, lambda g, r: g * r * np.log(2.0).astype(r.dtype))


RsqrtBackward0 = _unary_node("RsqrtBackward0", RESULT, lambda g, r: -0.5 * g * r * r * r)


TanBackward0 = _unary_node("TanBackward0", RESULT, lambda g, r: g * (1 + r * r))


ErfBackward0 = _unary_node("ErfBackward0", SELF,
                           lambda g, x: g * (2 / np.sqrt(np.pi)) * np.exp(-x * x))


ErfcBackward0 = _unary_node("ErfcBackward0", SELF,
                            lambda g, x: g * (-2 / np.sqrt(np.pi)) * np.exp(-x * x))


SinhBackward0 = _unary_node("SinhBackward0", SELF, lambda g, x: g * np.cosh(x))


CoshBackward0 = _unary_node("CoshBackward0", SELF, lambda g, x: g * np.sinh(x))


AsinBackward0 = _unary_node("AsinBackward0", SELF, lambda g, x: g / np.sqrt(1 - x * x))


AcosBackward0 = _unary_node("AcosBackward0", SELF, lambda g, x: -g / np.sqrt(1 - x * x))


AtanBackward0 = _unary_node("AtanBackward0", SELF, lambda g, x: g / (1 + x * x))


FracBackward0 = _unary_node("FracBackward0", (), lambda g: g)


SignBackward0 = _unary_node("SignBackward0", (), lambda g: np.zeros_like(g))


# rounding: zero gradient everywhere
FloorBackward0 = _unary_node("FloorBackward0", (), lambda g: np.zeros_like(g))


CeilBackward0 = _unary_node("CeilBackward0", (), lambda g: np.zeros_like(g))


RoundBackward0 = _unary_node("RoundBackward0", (), lambda g: np.zeros_like(g))


RoundBackward1 = _unary_node("RoundBackward1", (), lambda g: np.zeros_like(g))


TruncBackward0 = _unary_node("TruncBackward0", (), lambda g: np.zeros_like(g))


def _float_unary(op, fn, node):
    def f(input):
        return _unary(op, input, fn, node)
    f.__name__ = op
    return f


log2 = _float_unary("log2", np.log2, Log2Backward0)


log10 = _float_unary("log10", np.log10, Log10Backward0)


log1p = _float_unary("log1p", np.log1p, Log1PBackward0)


expm1 = _float_unary("expm1", np.expm1, Expm1Backward0)


exp2 = _float_unary("exp2", np.exp2, Exp2Backward0)


rsqrt = _float_unary("rsqrt", lambda x: np.reciprocal(np.sqrt(x)), RsqrtBackward0)


tan = _float_unary("tan", np.tan, TanBackward0)


erf = _float_unary("erf", _np_erf, ErfBackward0)


erfc = _float_unary("erfc", _np_erfc, ErfcBackward0)


sinh = _float_unary("sinh", np.sinh, SinhBackward0)


cosh = _float_unary("cosh", np.cosh, CoshBackward0)


asin = arcsin = _float_unary("asin", np.arcsin, AsinBackward0)


acos = arccos = _float_unary("acos", np.arccos, AcosBackward0)


atan = arctan = _float_unary("atan", np.arctan, AtanBackward0)


def _round_half_even(x, decimals=0):
    if decimals == 0:
        return np.rint(x)
    return np.round(x, decimals)


def _rounding(op, fn, node):
    def f(input, *, decimals=None):
        _check_tensor(op, input)
        a = input._data
        if a.dtype == np.bool_:
            raise NotImplementedError(f"\"{op}_vml_cpu\" not implemented for 'Bool'")
        if a.dtype.kind in "iu":       # integers are already whole: a copy
            return record(op, a.copy(), input._device, (input,), None)
        if decimals:
            return record(op, np.round(a, decimals), input._device, (input,), RoundBackward1)
        with quiet:
            return record(op, fn(a), input._device, (input,), node)
    f.__name__ = op
    return f


floor = _rounding("floor", np.floor, FloorBackward0)


ceil = _rounding("ceil", np.ceil, CeilBackward0)


round = _rounding("round", np.rint, RoundBackward0)


trunc = _rounding("trunc", np.trunc, TruncBackward0)


fix = trunc


def frac(input):
    _check_tensor("frac", input)
    if input._data.dtype.kind != "f":
        raise _no_kernel("frac_cpu", input._data.dtype)
    return _unary("frac", input, _frac, FracBackward0, False)


def _frac(x):
    return x - np.trunc(x)


def frac_(self):
    if self._data.dtype.kind != "f":
        raise _no_kernel("frac_cpu", self._data.dtype)
    return _frac_inplace(self)


def square(input):
    return pow(input, 2)


def _rounding_(op, fn, node):
    def method(self, *, decimals=None):
        a = self._data
        if a.dtype == np.bool_:
            raise NotImplementedError(f"\"{op[:-1]}_vml_cpu\" not implemented for 'Bool'")
        if a.dtype.kind in "iu":
            return inplace(op, self, None, (self,), None)
        values = np.round(a, decimals) if decimals else fn(a)
        return inplace(op, self, values, (self,), RoundBackward1 if decimals else node)
    method.__name__ = op
    return method


floor_ = _rounding_("floor_", np.floor, FloorBackward0)


ceil_ = _rounding_("ceil_", np.ceil, CeilBackward0)


round_ = _rounding_("round_", np.rint, RoundBackward0)


trunc_ = _rounding_("trunc_", np.trunc, TruncBackward0)


log2_ = _inplace_unary("log2_", Log2Backward0, np.log2)


log10_ = _inplace_unary("log10_", Log10Backward0, np.log10)


log1p_ = _inplace_unary("log1p_", Log1PBackward0, np.log1p)


expm1_ = _inplace_unary("expm1_", Expm1Backward0, np.expm1)


rsqrt_ = _inplace_unary("rsqrt_", RsqrtBackward0, lambda x: np.reciprocal(np.sqrt(x)))


tan_ = _inplace_unary("tan_", TanBackward0, np.tan)


erf_ = _inplace_unary("erf_", ErfBackward0, _np_erf)


erfc_ = _inplace_unary("erfc_", ErfcBackward0, _np_erfc)


_frac_inplace = _inplace_unary("frac_", FracBackward0, _frac, False)


def square_(self):
    return pow_(self, 2)


class ReciprocalBackward0(Node):
    saves = (("result", -1),)

    def backward(self, g):
        (r,) = self.saved()
        return (-g * r * r,)


def reciprocal(input):
    return _unary("reciprocal", input, np.reciprocal, ReciprocalBackward0)


reciprocal_ = _inplace_unary("reciprocal_", ReciprocalBackward0, np.reciprocal)
