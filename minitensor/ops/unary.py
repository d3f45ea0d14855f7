"""Unary elementwise ops and their in-place twins, from one table.

A row: the op's name, its NumPy kernel, what its gradient formula reads (the input ``x``
or the result ``r``) and the formula: the gradient arriving at the output in, the
gradient for the input out (tinygrad keeps its derivatives in such a table). From each
row come the op (``torch.exp``), its grad node (``ExpBackward0``, torch's name) and its
in-place twin (``exp_``). The ops with a twist (sign, rounding, nan_to_num) follow.
"""
import math

import numpy as np

from ..compat import numerics
from ..compat.memory_overlap import assert_no_internal_overlap
from ..compat.quiet import quiet
from ..core.dtypes import type_name as tp_name
from ..core import dtypes as D
from ..core.dispatch import record, inplace, check_inplace, needs_grad
from ..core.graph import Node
from ..core.tensor import Tensor, wrap
from .pow import pow, pow_
from ..compat.tensor_iterator import as_dtype
from .operands import _bind_saved, _check_tensor, _no_kernel

X, R = (("self", 0),), (("result", -1),)     # what a formula reads: the input, the result
_erf, _erfc = np.frompyfunc(math.erf, 1, 1), np.frompyfunc(math.erfc, 1, 1)

# ops of floats: an integer input is computed in the default float dtype
FLOAT_OPS = [
    # name      kernel                           saves  d(input) = formula(grad, saved)
    ("exp",     numerics.exp,                    R, lambda g, r: g * r),
    ("exp2",    np.exp2,                         R, lambda g, r: g * r * np.log(2.0).astype(r.dtype)),
    ("expm1",   np.expm1,                        R, lambda g, r: g * (r + 1)),
    ("log",     np.log,                          X, lambda g, x: g / x),
    ("log2",    np.log2,                         X, lambda g, x: g / (x * np.log(2.0).astype(x.dtype))),
    ("log10",   np.log10,                        X, lambda g, x: g / (x * np.log(10.0).astype(x.dtype))),
    ("log1p",   np.log1p,                        X, lambda g, x: g / (x + 1)),
    ("sqrt",    np.sqrt,                         R, lambda g, r: g / (2 * r)),
    ("rsqrt",   lambda x: np.reciprocal(np.sqrt(x)), R, lambda g, r: -0.5 * g * r * r * r),
    ("reciprocal", np.reciprocal,                R, lambda g, r: -g * r * r),
    ("sin",     np.sin,                          X, lambda g, x: g * np.cos(x)),
    ("cos",     np.cos,                          X, lambda g, x: -g * np.sin(x)),
    ("tan",     np.tan,                          R, lambda g, r: g * (1 + r * r)),
    ("asin",    np.arcsin,                       X, lambda g, x: g / np.sqrt(1 - x * x)),
    ("acos",    np.arccos,                       X, lambda g, x: -g / np.sqrt(1 - x * x)),
    ("atan",    np.arctan,                       X, lambda g, x: g / (1 + x * x)),
    ("sinh",    np.sinh,                         X, lambda g, x: g * np.cosh(x)),
    ("cosh",    np.cosh,                         X, lambda g, x: g * np.sinh(x)),
    ("tanh",    np.tanh,                         R, lambda g, r: g * (1 - r * r)),
    ("sigmoid", numerics.sigmoid,                R, lambda g, r: g * r * (1 - r)),
    ("erf",     lambda x: np.asarray(_erf(x), x.dtype),
                                                 X, lambda g, x: g * (2 / np.sqrt(np.pi)) * np.exp(-x * x)),
    ("erfc",    lambda x: np.asarray(_erfc(x), x.dtype),
                                                 X, lambda g, x: g * (-2 / np.sqrt(np.pi)) * np.exp(-x * x)),
]

# ops in the input's own dtype
SAME_DTYPE_OPS = [
    ("neg",     np.negative,                     (), lambda g: -g),
    ("abs",     np.abs,                          X, lambda g, x: g * np.sign(x)),
    # torch's threshold_backward: result <= 0 ? 0 : grad (+0 even where grad < 0)
    ("relu",    lambda x: np.maximum(x, x.dtype.type(0)), R, lambda g, r: np.where(r <= 0, 0, g)),
    ("frac",    lambda x: x - np.trunc(x),       (), lambda g: g),
]

# what torch refuses, each in its own words (before any other check)
REFUSED = {
    "neg": lambda a: a.dtype == np.bool_ and RuntimeError(
        "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
        "invert a mask, use the `~` or `logical_not()` operator instead."),
    "abs": lambda a: a.dtype == np.bool_ and _no_kernel("abs_cpu", a.dtype),
    "relu": lambda a: a.dtype == np.bool_ and RuntimeError("Boolean inputs not supported for relu"),
    "frac": lambda a: a.dtype.kind != "f" and _no_kernel("frac_cpu", a.dtype),
}

# kernels that cannot overflow or divide by zero skip NumPy's error state (0.4 us)
_NO_FP_ERRORS = frozenset({"neg", "abs", "relu", "tanh", "sigmoid", "sin", "cos"})


def grad_node(name, saves, formula):
    """``ExpBackward0`` and kin: the row's formula on the saved arrays."""
    def backward(self, g):
        with quiet:           # torch's formulas give inf/nan silently (sqrt at 0, log at 0)
            return (formula(g, *self.saved()),)
    return type(name, (Node,), {"saves": saves, "backward": backward, "__slots__": (),
                                "__module__": __name__})


def unary_op(name, kernel, node, to_float):
    def op(input):
        if not isinstance(input, Tensor):
            raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not "
                            f"{tp_name(input)}")
        x = input._data
        refused = name in REFUSED and REFUSED[name](x)
        if refused:
            raise refused
        if to_float and x.dtype.kind != "f":
            x = as_dtype(x, D.get_default_dtype().np)
        if name in _NO_FP_ERRORS:
            arr = kernel(x)
        else:
            with quiet:
                arr = kernel(x)
        return record(name, arr, input._device, (input,), node)
    op.__name__ = op.__qualname__ = name
    return op


def inplace_twin(name, kernel, node, to_float):
    def op(self):
        refused = name in REFUSED and REFUSED[name](self._data)
        if refused:
            raise refused
        check_inplace(self)
        if to_float and self._data.dtype.kind != "f":
            raise RuntimeError(f"result type Float can't be cast to the desired output type "
                               f"{self.dtype._scalar_type}")
        assert_no_internal_overlap(self._data)
        values = kernel(self._data)     # overflow warnings: dropped by the filter in quiet.py
        if node.saves == X and needs_grad((self,)):
            # the formula reads self from BEFORE the op: keep a copy of it
            old = wrap(self._data.copy(), self._device)
            return inplace(name + "_", self, values, (self,), _bind_saved(node, old), check=False)
        return inplace(name + "_", self, values, (self,), node, check=False)
    op.__name__ = op.__qualname__ = name + "_"
    return op


def _make(rows, to_float):
    """{name: (op, in-place twin, grad node)} for each row."""
    made = {}
    for name, kernel, saves, formula in rows:
        node = grad_node(name.capitalize().replace("1p", "1P") + "Backward0", saves, formula)
        made[name] = (unary_op(name, kernel, node, to_float),
                      inplace_twin(name, kernel, node, to_float), node)
    return made


_made = {**_make(FLOAT_OPS, to_float=True), **_make(SAME_DTYPE_OPS, to_float=False)}
exp, exp_, ExpBackward0 = _made["exp"]
exp2, exp2_, Exp2Backward0 = _made["exp2"]
expm1, expm1_, Expm1Backward0 = _made["expm1"]
log, log_, LogBackward0 = _made["log"]
log2, log2_, Log2Backward0 = _made["log2"]
log10, log10_, Log10Backward0 = _made["log10"]
log1p, log1p_, Log1PBackward0 = _made["log1p"]
sqrt, sqrt_, SqrtBackward0 = _made["sqrt"]
rsqrt, rsqrt_, RsqrtBackward0 = _made["rsqrt"]
reciprocal, reciprocal_, ReciprocalBackward0 = _made["reciprocal"]
sin, sin_, SinBackward0 = _made["sin"]
cos, cos_, CosBackward0 = _made["cos"]
tan, tan_, TanBackward0 = _made["tan"]
asin, asin_, AsinBackward0 = _made["asin"]
acos, acos_, AcosBackward0 = _made["acos"]
atan, atan_, AtanBackward0 = _made["atan"]
sinh, sinh_, SinhBackward0 = _made["sinh"]
cosh, cosh_, CoshBackward0 = _made["cosh"]
tanh, tanh_, TanhBackward0 = _made["tanh"]
sigmoid, sigmoid_, SigmoidBackward0 = _made["sigmoid"]
erf, erf_, ErfBackward0 = _made["erf"]
erfc, erfc_, ErfcBackward0 = _made["erfc"]
neg, neg_, NegBackward0 = _made["neg"]
abs, abs_, AbsBackward0 = _made["abs"]
relu, relu_, ReluBackward0 = _made["relu"]
frac, frac_, FracBackward0 = _made["frac"]
negative, arcsin, arccos, arctan = neg, asin, acos, atan


# ---------------------------------------------------------------- with a twist
def square(input):
    return pow(input, 2)           # torch's square is pow(x, 2): PowBackward0


def square_(self):
    return pow_(self, 2)


SignBackward0 = grad_node("SignBackward0", (), lambda g: np.zeros_like(g))


def _sign(a):
    if a.dtype == np.bool_:
        return a.copy()
    if a.dtype.kind == "f":     # torch's (0 < x) - (x < 0): NaN and -0. give +0.
        return np.subtract(a > 0, a < 0, dtype=a.dtype)
    return np.sign(a)


def sign(input):
    a = input._data
    return record("sign", _sign(a), input._device, (input,),
                  SignBackward0 if a.dtype.kind == "f" else None)


def sign_(self):
    a = self._data
    return inplace("sign_", self, _sign(a), (self,), SignBackward0 if a.dtype.kind == "f" else None)


# rounding: integers are already whole (a copy), and the gradient is zero everywhere
FloorBackward0, CeilBackward0, RoundBackward0, RoundBackward1, TruncBackward0 = (
    grad_node(n, (), lambda g: np.zeros_like(g)) for n in (
        "FloorBackward0", "CeilBackward0", "RoundBackward0", "RoundBackward1", "TruncBackward0"))


def _rounding(op, fn, node):
    def f(input, *, decimals=None):
        _check_tensor(op, input)
        a = input._data
        if a.dtype == np.bool_:
            raise NotImplementedError(f"\"{op}_vml_cpu\" not implemented for 'Bool'")
        if a.dtype.kind in "iu":
            return record(op, a.copy(), input._device, (input,), None)
        if decimals:
            return record(op, np.round(a, decimals), input._device, (input,), RoundBackward1)
        with quiet:
            return record(op, fn(a), input._device, (input,), node)

    def f_(self, *, decimals=None):
        a = self._data
        if a.dtype == np.bool_:
            raise NotImplementedError(f"\"{op}_vml_cpu\" not implemented for 'Bool'")
        if a.dtype.kind in "iu":
            return inplace(op + "_", self, None, (self,), None)
        values = np.round(a, decimals) if decimals else fn(a)
        return inplace(op + "_", self, values, (self,), RoundBackward1 if decimals else node)
    f.__name__, f_.__name__ = op, op + "_"
    return f, f_


floor, floor_ = _rounding("floor", np.floor, FloorBackward0)
ceil, ceil_ = _rounding("ceil", np.ceil, CeilBackward0)
round, round_ = _rounding("round", np.rint, RoundBackward0)
trunc, trunc_ = _rounding("trunc", np.trunc, TruncBackward0)
fix = trunc


NanToNumBackward0 = grad_node("NanToNumBackward0", X, lambda g, x: g * np.isfinite(x))


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


# ------------------------------------------------ the in-place twins, by name
# t.sin_() and torch.sin_(t) are the same op: torch has the function spelling for every
# in-place twin above except sign_ (and the alias absolute_); api.py binds these as
# Tensor methods and as torch.<name>_ functions
INPLACE = {name + "_": twin for name, (_, twin, _) in _made.items()}
INPLACE.update(square_=square_, floor_=floor_, ceil_=ceil_, round_=round_, trunc_=trunc_,
               fix_=trunc_, nan_to_num_=nan_to_num_, negative_=neg_, arcsin_=asin_,
               arccos_=acos_, arctan_=atan_)
