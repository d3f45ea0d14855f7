"""The other elementwise ops of two or three tensors: clamp, maximum and minimum,
where, atan2, xlogy, lerp, outer."""
import numpy as np

from ..compat import numerics
from ..compat.memory_overlap import assert_no_internal_overlap
from ..compat.messages import CPP_NAMES
from ..compat.quiet import quiet
from ..compat.arg_parser import wrong_type
from ..core import grad_mode
from ..core.dispatch import check_inplace, composite, inplace, record
from ..core.dtypes import can_cast
from ..core.graph import Node
from ..core.tensor import Tensor, wrap
from .binary import _binary, _check_castable, _inplace_from, mul
from .gather import nonzero
from .operands import (_arr, _bind_saved, _check_copy_shapes, _check_tensor, _device_of,
                       _need_tensor, _no_kernel, broadcast_error, operands, result_dtype)
from .view import reshape


class ClampBackward1(Node):
    saves = (("self", 0),)

    def backward(self, g):
        (x,) = self.saved()
        m = np.ones(x.shape, bool)
        if self.min is not None:
            m &= x >= self.min
        if self.max is not None:
            m &= x <= self.max
        return (g * m,)


class ClampMinBackward0(Node):    # clamp_min(number)
    saves = (("self", 0),)

    def backward(self, g):
        (x,) = self.saved()
        return (np.where(x >= self.min, g, np.zeros((), g.dtype)),)


class ClampMaxBackward0(Node):    # clamp_max(number)
    saves = (("self", 0),)

    def backward(self, g):
        (x,) = self.saved()
        return (np.where(x <= self.max, g, np.zeros((), g.dtype)),)


class ClampMinBackward1(Node):    # clamp_min(tensor): the bound gets the rest
    saves = (("self", 0), ("min", 1))

    def backward(self, g):
        x, lo = self.saved()
        zero = np.zeros((), g.dtype)
        return np.where(x >= lo, g, zero), np.where(x < lo, g, zero)


class ClampMaxBackward1(Node):    # clamp_max(tensor)
    saves = (("self", 0), ("max", 1))

    def backward(self, g):
        x, hi = self.saved()
        zero = np.zeros((), g.dtype)
        return np.where(x <= hi, g, zero), np.where(x > hi, g, zero)


class ClampBackward0(Node):       # tensor bounds
    saves = (("self", 0), ("min", 1), ("max", 2))

    def backward(self, g):
        # torch's clamp_backward and clamp_backward_min_max
        x, lo, hi = self.saved()
        m = np.ones(x.shape, bool)
        if lo is not None:
            m &= x >= lo
        if hi is not None:
            m &= x <= hi
        zero = np.zeros((), g.dtype)
        g_lo = g_hi = None
        if lo is not None and hi is not None:
            g_lo = np.where((x < lo) & (lo < hi), g, zero)
            g_hi = np.where((x > hi) | (hi < lo), g, zero)
        elif lo is not None:
            g_lo = np.where(x < lo, g, zero)
        elif hi is not None:
            g_hi = np.where(x > hi, g, zero)
        return np.where(m, g, zero), g_lo, g_hi


def _clamp_args(min, max):
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")


def _no_bool_kernel(dt, min, max):
    """torch has no Bool kernel for clamp with number bounds (tensor bounds are fine)."""
    if dt.np.kind == "b":
        kernel = "clamp" if min is not None and max is not None else (
            "clamp_min" if min is not None else "clamp_max")
        raise NotImplementedError(f"\"{kernel}_scalar_cpu\" not implemented for 'Bool'")


def _clamped(input, min, max):
    """clamp's values, in torch's result dtype (a bound's dtype counts when it is a tensor)."""
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        dt = result_dtype(*(v for v in (input, min, max) if v is not None)).np   # torch's promotion
        lo = None if min is None else _arr(min, dt)
        hi = None if max is None else _arr(max, dt)
        arr = _arr(input, dt)
        try:
            if lo is not None:
                arr = np.maximum(arr, lo)
            if hi is not None:
                arr = np.minimum(arr, hi)
        except ValueError:
            raise broadcast_error(*(v for v in (input, min, max) if v is not None)) from None
        return arr
    dt = result_dtype(input, *(v for v in (min, max) if v is not None))
    _no_bool_kernel(dt, min, max)
    x = _arr(input, dt.np)
    arr = np.clip(x, min, max) if not (min is not None and max is not None and min > max) \
        else np.full_like(x, max)
    return np.asarray(arr, dt.np)


def clamp(input, min=None, max=None):
    _clamp_args(min, max)
    arr = _clamped(input, min, max)
    if isinstance(min, Tensor) or isinstance(max, Tensor):
        return record("clamp", arr, input._device, (input, min, max), ClampBackward0)
    return record("clamp", arr, input._device, (input,), ClampBackward1, {"min": min, "max": max})


clip = clamp


def clamp_min(input, min):
    _clamp_args(min, None)
    arr = _clamped(input, min, None)
    if isinstance(min, Tensor):      # the bound gets the gradient where it won
        return record("clamp_min", arr, input._device, (input, min), ClampMinBackward1)
    return record("clamp_min", arr, input._device, (input,), ClampMinBackward0, {"min": min})


def clamp_max(input, max):
    _clamp_args(None, max)
    arr = _clamped(input, None, max)
    if isinstance(max, Tensor):
        return record("clamp_max", arr, input._device, (input, max), ClampMaxBackward1)
    return record("clamp_max", arr, input._device, (input,), ClampMaxBackward0, {"max": max})


def clamp_(self, min=None, max=None, *, _op="clamp_"):
    _clamp_args(min, max)
    dt = result_dtype(self, *(v for v in (min, max) if v is not None and not isinstance(v, Tensor)))
    if dt is not self.dtype and not can_cast(dt, self.dtype):
        raise RuntimeError(f"result type {dt._scalar_type} can't be cast to the desired "
                           f"output type {CPP_NAMES[self.dtype.name]}")
    check_inplace(self)
    if not isinstance(min, Tensor) and not isinstance(max, Tensor):
        _no_bool_kernel(dt, min, max)
    assert_no_internal_overlap(self._data)
    for v in (min, max):
        if isinstance(v, Tensor):
            _check_copy_shapes(self._data.shape, v._data.shape)
    _check_castable("clamp_", self, *(v for v in (min, max) if v is not None and not isinstance(v, Tensor)))
    lo = min._data if isinstance(min, Tensor) else min
    hi = max._data if isinstance(max, Tensor) else max
    values = self._data
    if lo is not None:
        values = np.maximum(values, lo)
    if hi is not None:
        values = np.minimum(values, hi)
    old = wrap(self._data.copy(), self._device)
    if _op != "clamp_":     # clamp_min_ / clamp_max_: their own nodes
        bound = min if _op == "clamp_min_" else max
        key = _op[6:9]
        if isinstance(bound, Tensor):
            node = ClampMinBackward1 if key == "min" else ClampMaxBackward1
            return inplace(_op, self, values, (self, bound), _bind_saved(node, old), check=False)
        node = ClampMinBackward0 if key == "min" else ClampMaxBackward0
        return inplace(_op, self, values, (self,), _bind_saved(node, old), {key: bound},
                       check=False)
    if isinstance(min, Tensor) or isinstance(max, Tensor):     # torch's tensor-bound node
        return inplace("clamp_", self, values, (self, min, max), _bind_saved(ClampBackward0, old),
                       check=False)
    return inplace("clamp_", self, values, (self,), _bind_saved(ClampBackward1, old),
                   {"min": min, "max": max}, check=False)


clip_ = clamp_


def clamp_min_(self, min):
    return clamp_(self, min=min, _op="clamp_min_")


def clamp_max_(self, max):
    return clamp_(self, max=max, _op="clamp_max_")


class MaximumBackward0(Node):
    saves = (("self", 0), ("other", 1))
    _grad_versions = (1, 1)        # torch's formula ends with an in-place masked_fill_

    def backward(self, g):
        a, b = self.saved()
        ga = np.where(a == b, g / 2, np.where(a > b, g, 0))
        gb = np.where(a == b, g / 2, np.where(a < b, g, 0))
        return ga, gb


class MinimumBackward0(Node):
    saves = (("self", 0), ("other", 1))
    _grad_versions = (1, 1)        # torch's formula ends with an in-place masked_fill_

    def backward(self, g):
        a, b = self.saved()
        ga = np.where(a == b, g / 2, np.where(a < b, g, 0))
        gb = np.where(a == b, g / 2, np.where(a > b, g, 0))
        return ga, gb


def maximum(input, other):
    _need_tensor("maximum", other)
    return _binary("maximum", input, other, np.maximum, MaximumBackward0)


def minimum(input, other):
    _need_tensor("minimum", other)
    return _binary("minimum", input, other, np.minimum, MinimumBackward0)


# ------------------------------------------------------------ more binary ops
class FmaxBackward0(Node):
    saves = (("self", 0), ("other", 1))
    _grad_versions = (0, 0)        # measured: unlike maximum's, torch's formula is out of place

    def backward(self, g):
        a, b = self.saved()
        pick_a = (a >= b) | np.isnan(b)
        return np.where(pick_a, g, 0), np.where(pick_a, 0, g)


class FminBackward0(Node):
    saves = (("self", 0), ("other", 1))
    _grad_versions = (0, 0)        # measured: unlike maximum's, torch's formula is out of place

    def backward(self, g):
        a, b = self.saved()
        pick_a = (a <= b) | np.isnan(b)
        return np.where(pick_a, g, 0), np.where(pick_a, 0, g)


def fmax(input, other):
    _need_tensor("fmax", other)
    return _binary("fmax", input, other, np.fmax, FmaxBackward0)


def fmin(input, other):
    _need_tensor("fmin", other)
    return _binary("fmin", input, other, np.fmin, FminBackward0)


class WhereBackward0(Node):
    saves = (("condition", 0),)
    _no_edge = (0,)         # the condition is saved, but has no edge

    def backward(self, g):
        (c,) = self.saved()
        return np.where(c, g, 0), np.where(c, 0, g)


def where(condition, input=None, other=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    if not isinstance(condition, Tensor):
        raise wrong_type("where", "condition", "Tensor", condition, 1)
    if condition._data.dtype != np.bool_:
        raise RuntimeError(f"where expected condition to be a boolean tensor, but got a tensor with dtype {condition.dtype._scalar_type}")
    dt = result_dtype(input, other)
    dev = _device_of("where", (condition, input, other))
    x, y = _arr(input, dt.np), _arr(other, dt.np)
    try:
        arr = np.where(condition._data, x, y)
    except ValueError:
        raise broadcast_error(condition, input, other) from None
    if not isinstance(arr, np.ndarray) or arr.dtype != dt.np:
        arr = np.asarray(arr, dt.np)
    return record("where", arr, dev, (condition, input, other), WhereBackward0)


class Atan2Backward0(Node):
    saves = (("self", 0), ("other", 1))

    def backward(self, g):
        a, b = self.saved()
        with quiet:
            r = a * a + b * b
            return g * b / r, g * -a / r


def atan2(input, other):
    _need_tensor("atan2", other)
    return _binary("atan2", input, other, np.arctan2, Atan2Backward0, to_float=True)


arctan2 = atan2


atan2_ = arctan2_ = _inplace_from("atan2_", atan2, nodes=(Atan2Backward0, Atan2Backward0))


class XlogyBackward0(Node):     # xlogy(tensor, tensor)
    saves = (("self", 0), ("other", 1))

    def backward(self, g):
        x, y = self.saved()
        with quiet:
            return _xlogy_self_grad(g, x, y), g * x / y


class XlogyBackward1(Node):     # xlogy(number, tensor): one edge, to other
    saves = (("other", 0),)

    def backward(self, g):
        (y,) = self.saved()
        with quiet:
            return (g * self.self_value / y,)


class XlogyBackward2(Node):     # xlogy(tensor, number)
    saves = (("self", 0),)

    def backward(self, g):
        (x,) = self.saved()
        with quiet:
            return (_xlogy_self_grad(g, x, np.asarray(self.other_value, x.dtype)),)


def _xlogy_self_grad(g, x, y):
    # torch: xlogy(grad, other).masked_fill((self == 0.) & (other <= 0.), 0.)
    return np.where((x == 0) & (y <= 0), 0, _xlogy(g, y)).astype(g.dtype)


def _xlogy(x, y):
    """torch's xlogy: 0 where x is 0, x * log(y) elsewhere, and nan wherever y is nan."""
    x, y = np.asarray(x), np.asarray(y)
    dt = np.result_type(x.dtype if x.dtype.kind == "f" else y.dtype, y.dtype)
    with quiet:
        r = np.where(x == 0, 0, x * np.log(y))
    return np.where(np.isnan(y), np.nan, r).astype(dt)


def xlogy(input, other):
    x, y, dev, _ = operands("xlogy", input, other, to_float=True)
    arr = _xlogy(x, y).astype(np.asarray(x).dtype if isinstance(input, Tensor) else np.asarray(y).dtype)
    if not isinstance(other, Tensor):
        return record("xlogy", arr, dev, (input,), XlogyBackward2, {"other_value": other})
    if not isinstance(input, Tensor):
        return record("xlogy", arr, dev, (other,), XlogyBackward1, {"self_value": input})
    return record("xlogy", arr, dev, (input, other), XlogyBackward0)


class LerpBackward0(Node):      # a number weight
    def backward(self, g):
        w = self.weight
        return g * (1 - w), g * w


class LerpBackward1(Node):      # a tensor weight
    saves = (("self", 0), ("end", 1), ("weight", 2))

    def backward(self, g):
        s, e, w = self.saved()
        return g * (1 - w), g * w, g * (e - s)


def _lerp_args(op, input, end, weight):
    """torch's lerp checks dtypes (end's, then weight's), then shapes, then the kernel."""
    dt = input._data.dtype
    for name, t in (("end", end), ("weight", weight)):
        if isinstance(t, Tensor) and t._data.dtype != dt:
            raise RuntimeError(f"expected dtype {CPP_NAMES[dt.name]} for `{name}` but got dtype "
                               f"{CPP_NAMES[t._data.dtype.name]}")
    xs = (input, end) + ((weight,) if isinstance(weight, Tensor) else ())
    try:
        shape = np.broadcast_shapes(*(x._data.shape for x in xs))
    except ValueError:
        raise broadcast_error(*xs) from None
    if dt.kind != "f":
        kernel = "lerp_kernel_tensor" if isinstance(weight, Tensor) else "lerp_kernel_scalar"
        raise _no_kernel(kernel, dt)
    w = weight._data if isinstance(weight, Tensor) else weight
    return shape, w


def lerp(input, end, weight):
    _check_tensor("lerp", input)
    _, w = _lerp_args("lerp", input, end, weight)
    arr = numerics.lerp(input._data, end._data, w)
    if isinstance(weight, Tensor):
        return record("lerp", arr, input._device, (input, end, weight), LerpBackward1)
    return record("lerp", arr, input._device, (input, end), LerpBackward0, {"weight": weight})


def lerp_(self, end, weight):
    check_inplace(self)
    shape, w = _lerp_args("lerp_", self, end, weight)
    if shape != self._data.shape:
        _check_copy_shapes(self._data.shape, shape)
    arr = numerics.lerp(self._data, end._data, w)
    if isinstance(weight, Tensor):
        old = wrap(self._data.copy(), self._device)
        return inplace("lerp_", self, arr, (self, end, weight), _bind_saved(LerpBackward1, old),
                       check=False)
    return inplace("lerp_", self, arr, (self, end), LerpBackward0, {"weight": weight}, check=False)


@composite("outer")
def outer(input, vec2):
    for name, v in (("input", input), ("vec2", vec2)):
        if not isinstance(v, Tensor):
            raise wrong_type("outer", name, "Tensor", v)
    for name, v in (("self", input), ("vec2", vec2)):
        if v._data.ndim != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {v._data.ndim}-D")
    return mul(reshape(input, (input._data.shape[0], 1)), vec2)


ger = outer
