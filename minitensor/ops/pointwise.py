"""Elementwise ops (with broadcasting) and their in-place twins.

Each op: pick torch's result dtype (``operands``), compute with NumPy, hand the
array to ``dispatch.record`` / ``dispatch.inplace`` with its grad node. Backward
formulas get and return NumPy arrays; the engine sums them back to each input's
shape, so no formula has to undo broadcasting.
"""
import numpy as np

from ..core import dispatch, dtypes as D
from ..core.dtypes import can_cast
from ..core.graph import Node
from ..core.dispatch import record, inplace, write, check_inplace, needs_grad
from ..compat.numerics import scalar_to
from ..compat.memory_overlap import assert_no_internal_overlap, assert_no_partial_overlap
from ..core.tensor import Tensor, wrap
from ..core.device import CPU

from ..compat.quiet import quiet


# ------------------------------------------------------------------ operands
class ForeignOperand(TypeError):
    """An operand that is no tensor or number: operators return NotImplemented, functions
    raise it; it is reported by the name torch's exception has."""


ForeignOperand.__name__ = ForeignOperand.__qualname__ = "TypeError"


def _as_operand(x, what):
    if isinstance(x, Tensor):
        return x
    if isinstance(x, np.generic) and x.ndim == 0 and x.dtype.kind in "biuf":
        # torch reads a NumPy scalar as a Python number (a "weak" one that does not widen a
        # tensor's dtype); a NumPy bool reads as a float number
        return int(x) if x.dtype.kind in "iu" else float(x)
    if isinstance(x, (bool, int, float)):
        return x
    if isinstance(x, (np.ndarray, np.generic)):
        from .creation import tensor as _tensor
        return _tensor(x)
    raise ForeignOperand(what)


def result_dtype(*xs):
    dims, zeros, scalars = [], [], []
    for x in xs:
        if isinstance(x, Tensor):
            (dims if x._data.ndim else zeros).append(x.dtype)
        else:
            scalars.append(D.scalar_dtype(x))
    return D.result_type(tuple(dims), tuple(zeros), tuple(scalars))


def _device_of(op, xs):
    dev = None
    for x in xs:
        if isinstance(x, Tensor):
            d = x._device
            if dev is None:
                dev = d
            elif d is not dev:
                # torch lets a 0-dim cpu tensor join an op on another device
                if x._data.ndim == 0 and d is CPU:
                    continue
                if dev is CPU and _first_is_cpu_scalar(xs):
                    dev = d
                    continue
                raise RuntimeError(
                    "Expected all tensors to be on the same device, but found at least two "
                    f"devices, {dev} and {d}!")
    return CPU if dev is None else dev


def _first_is_cpu_scalar(xs):
    t = next(x for x in xs if isinstance(x, Tensor))
    return t._data.ndim == 0 and t._device is CPU


_INT_BOUNDS = {np.dtype(t): (int(np.iinfo(t).min), int(np.iinfo(t).max))
               for t in (np.uint8, np.int8, np.int16, np.int32, np.int64)}


def as_dtype(a, np_dtype):
    """``a.astype(np_dtype)``, laid out as torch lays out a result: NumPy's astype puts an
    expanded (0-stride) dim innermost, so a cast of ``x.expand(2, 2)`` and every result
    computed from it would have strides (1, 2) where torch's have (2, 1)."""
    if 0 in a.strides and a.size > 1:
        from .copying import _empty_like_strided
        return _empty_like_strided(a, np_dtype)
    return a.astype(np_dtype)


def _arr(x, np_dtype):
    if isinstance(x, Tensor):
        a = x._data
        return a if a.dtype == np_dtype else as_dtype(a, np_dtype)
    if type(x) is int and np_dtype.kind in "iu":
        lo, hi = _INT_BOUNDS[np_dtype]
        if not lo <= x <= hi:      # torch casts the scalar to the op's dtype: it wraps
            return np.array(x & 0xFFFFFFFFFFFFFFFF, np.uint64).astype(np_dtype)
    elif np_dtype.kind == "f" and (type(x) is float or type(x) is int) and \
            not -_FLOAT_MAX[np_dtype] <= x <= _FLOAT_MAX[np_dtype] and x == x:
        with quiet:     # torch rounds a number too big for the dtype to inf, silently
            return np.array(x, np.float64).astype(np_dtype)
    return x


_FLOAT_MAX = {np.dtype(t): float(np.finfo(t).max) for t in (np.float16, np.float32, np.float64)}


def operands(op, a, b, to_float=False):
    """(array a, array-or-scalar b, device, result torch dtype) for a binary op."""
    if type(b) is Tensor and type(a) is Tensor:
        x, y = a._data, b._data
        if x.dtype is y.dtype and a._device is b._device and (not to_float or x.dtype.kind == "f"):
            return x, y, a._device, None       # the common case: nothing to promote
    # a float tensor with a Python number keeps its dtype (the number is "weak")
    # (a number past float16's range takes the slow path, which rounds it to inf quietly)
    elif type(a) is Tensor and (type(b) is float or type(b) is int) and a._data.dtype.kind == "f" \
            and -65504.0 <= b <= 65504.0:
        return a._data, b, a._device, None
    elif type(b) is Tensor and (type(a) is float or type(a) is int) and b._data.dtype.kind == "f" \
            and -65504.0 <= a <= 65504.0:
        return a, b._data, b._device, None
    a = _as_operand(a, f"{op}(): argument 'input' (position 1) must be Tensor, not {type(a).__name__}")
    b = _as_operand(b, f"{op}(): argument 'other' (position 2) must be Tensor, not {type(b).__name__}")
    dev = _device_of(op, (a, b))
    dt = result_dtype(a, b)
    if to_float and not dt.is_floating_point:
        dt = D.get_default_dtype()
    return _arr(a, dt.np), _arr(b, dt.np), dev, dt


def broadcast_error(*xs):
    """torch's message when shapes do not broadcast (TensorIterator folds them left to
    right: 'tensor a' is the shape so far, 'tensor b' the next operand)."""
    acc = ()
    for x in xs:
        sb = x._data.shape if isinstance(x, Tensor) else ()
        n = max(len(acc), len(sb))
        pa = (1,) * (n - len(acc)) + tuple(acc)
        pb = (1,) * (n - len(sb)) + tuple(sb)
        for i in range(n - 1, -1, -1):
            if pa[i] != pb[i] and pa[i] != 1 and pb[i] != 1:
                return RuntimeError(
                    f"The size of tensor a ({pa[i]}) must match the size of tensor b ({pb[i]}) at "
                    f"non-singleton dimension {i}")
        acc = tuple(y if x == 1 else x for x, y in zip(pa, pb))
    return RuntimeError("shapes cannot be broadcast")


def _invalid_combination(op, sigs, *args):
    got = ", ".join(type(a).__name__ for a in args)
    bad = ", ".join(f"!{type(a).__name__}!" for a in args)
    lines = "".join(f" * {sig}\n      didn't match because some of the arguments have invalid types: ({bad})\n"
                    for sig in sigs)
    return TypeError(f"{op}() received an invalid combination of arguments - got ({got}), but "
                     f"expected one of:\n{lines}")


def _scalar_like(v, dt):
    return v


# -------------------------------------------------------------------- nodes
class AddBackward0(Node):
    saves = ()
    alpha = 1

    def backward(self, g):
        return g, (g * self.alpha if self.alpha != 1 else g)


class SubBackward0(Node):
    saves = ()
    alpha = 1

    def backward(self, g):
        return g, -g * self.alpha


class RsubBackward0(Node):      # rsub(tensor, tensor) = other - alpha * input
    saves = ()
    alpha = 1

    def backward(self, g):
        return (-g * self.alpha if self.alpha != 1 else -g), g


class RsubBackward1(Node):
    saves = ()
    alpha = 1

    def backward(self, g):
        return (-g * self.alpha,)


class MulBackward0(Node):
    saves = (("self", 0), ("other", 1))
    save_for = {"self": (1,), "other": (0,)}   # each is saved only if the other needs grad

    def backward(self, g):
        a, b = self.saved()
        return (None if b is None else g * b), (None if a is None else g * a)

    def backward_graph(self, g):
        """create_graph=True: the same formula in tensor ops, recorded."""
        self.saved()                      # the version checks
        a, b = (s.tensor if hasattr(s, "tensor") else s.value for s in self._saved)
        return (None if b is None else g * b), (None if a is None else g * a)


class DivBackward2(Node):      # div with a rounding mode: the gradient is zero
    def backward(self, g):
        return np.zeros_like(g), np.zeros_like(g)     # two arrays: each grad is its own



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


class DivBackward0(Node):
    saves = (("self", 0), ("other", 1))
    save_for = {"self": (1,)}

    def backward(self, g):
        a, b = self.saved()
        with quiet:
            return g / b, (None if a is None else -g * a / (b * b))


class PowBackward0(Node):     # tensor ** number
    saves = (("self", 0),)

    def backward(self, g):
        (a,) = self.saved()
        e = self.exponent
        if e == 0:
            return (np.zeros_like(g),)
        with quiet:     # torch's order: grad * (exponent * self.pow(exponent - 1))
            return (g * (e * pow_scalar(a, e - 1)),)

    def backward_graph(self, g):
        """create_graph=True: torch's formula in tensor ops, so it is recorded too."""
        self.saved()                      # the version checks
        a = self._saved[0].tensor
        e = self.exponent
        if e == 0:
            return (g * 0,)
        return (g * (e * a.pow(e - 1)),)


class PowBackward1(Node):     # tensor ** tensor
    saves = (("self", 0), ("exponent", 1), ("result", -1))

    def backward(self, g):
        a, b, r = self.saved()
        with quiet:
            ga = g * b * np.power(a, b - 1)
            gb = g * r * np.where(a == 0, 0, np.log(np.where(a == 0, 1, a)))
        return ga, gb


class PowBackward2(Node):     # number ** tensor
    saves = (("exponent", 0), ("result", -1))     # as torch (so an in-place change errs)

    def backward(self, g):
        e, r = self.saved()
        # torch's pow_backward_exponent: grad * (result * log(base)), the log a Scalar
        # (a Python float: weak, so float32 stays float32), and 0 where base is 0 and
        # the exponent >= 0
        with quiet:
            lb = float(np.log(np.float64(self.base_value)))
            # (half computes in float32, torch's opmath, and rounds once)
            d = (r.astype(np.float32) * lb).astype(r.dtype) if r.dtype == np.float16 else r * lb
        if self.base_value == 0:
            d = np.where(e >= 0, np.zeros((), d.dtype), d)
        return (g * d,)


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


class WhereBackward0(Node):
    saves = (("condition", 0),)
    _no_edge = (0,)         # the condition is saved, but has no edge

    def backward(self, g):
        (c,) = self.saved()
        return np.where(c, g, 0), np.where(c, 0, g)


# ---------------------------------------------------------------- binary ops
def _binary(op, a, b, ufunc, node, attrs=None, to_float=False):
    x, y, dev, _ = operands(op, a, b, to_float)
    try:
        with quiet:
            arr = ufunc(x, y)
    except ValueError:
        raise broadcast_error(a, b) from None
    return record(op, arr, dev, (a, b), node, attrs)


def _alpha_check(x, alpha):
    if isinstance(alpha, float) and np.asarray(x).dtype.kind in "biu":
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating "
                           "point number.")


def add(input, other, *, alpha=1):
    x, y, dev, _ = operands("add", input, other)
    if alpha != 1 or type(alpha) is float:
        _alpha_check(x, alpha)
        if np.asarray(x).dtype == np.bool_:    # bool + bool * alpha stays bool: an "or"
            try:
                arr = np.logical_or(x, np.logical_and(y, bool(alpha)))
            except ValueError:
                raise broadcast_error(input, other) from None
            return record("add", arr, dev, (input, other), None)
    try:
        arr = x + y if alpha == 1 else x + y * alpha
    except ValueError:
        raise broadcast_error(input, other) from None
    return record("add", arr, dev, (input, other), AddBackward0, {"alpha": alpha} if alpha != 1 else None)


def sub(input, other, *, alpha=1):
    _no_bool_sub(input, other)
    x, y, dev, _ = operands("sub", input, other)
    if alpha != 1:
        _alpha_check(x, alpha)
    try:
        arr = x - y if alpha == 1 else x - y * alpha
    except ValueError:
        raise broadcast_error(input, other) from None
    return record("sub", arr, dev, (input, other), SubBackward0, {"alpha": alpha} if alpha != 1 else None)


def _is_bool(x):
    return x._data.dtype == np.bool_ if isinstance(x, Tensor) else isinstance(x, bool)


def _no_bool_sub(a, b):
    ab, bb = _is_bool(a), _is_bool(b)
    if ab and bb:
        raise RuntimeError(
            "Subtraction, the `-` operator, with two bool tensors is not supported. "
            "Use the `^` or `logical_xor()` operator instead.")
    if ab or bb:          # a Python bool counts as a bool tensor here
        raise RuntimeError(
            "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying "
            "to invert a mask, use the `~` or `logical_not()` operator instead.")


def rsub(input, other, *, alpha=1):
    _no_bool_sub(other, input)
    # other - input
    x, y, dev, _ = operands("rsub", input, other)
    try:
        arr = y - x * alpha
    except ValueError:      # (torch's kernel takes other first)
        raise broadcast_error(other, input) from None
    if isinstance(other, Tensor):       # a tensor other gets its gradient too
        return record("rsub", arr, dev, (input, other), RsubBackward0, {"alpha": alpha})
    return record("rsub", arr, dev, (input,), RsubBackward1, {"alpha": alpha})


def mul(input, other):
    x, y, dev, _ = operands("mul", input, other)
    try:
        arr = x * y
    except ValueError:
        raise broadcast_error(input, other) from None
    return record("mul", arr, dev, (input, other), MulBackward0)


# div(a, b, rounding_mode=None), the mode given but None: torch's node is DivBackward2
# (the overload with a mode) and its gradient is true division's
_DivBackward2TrueDiv = type("DivBackward2", (DivBackward0,), {"__module__": __name__})
_NO_MODE = object()     # rounding_mode not given at all


def div(input, other, *, rounding_mode=_NO_MODE):
    node = DivBackward0
    if rounding_mode is None:
        node = _DivBackward2TrueDiv
    elif rounding_mode is not _NO_MODE:
        x, y, dev, _ = operands("div", input, other)
        _broadcast_first(input, other, x, y)
        if rounding_mode in ("floor", "trunc"):
            _no_bool_kernel(f"div_{rounding_mode}_cpu", x, y)
        _int_zero_division(x, y)
        try:
            with quiet:
                q = np.true_divide(x, y)
        except ValueError:
            raise broadcast_error(input, other) from None
        if rounding_mode == "floor":
            q = _div_floor(x, y) if np.issubdtype(np.asarray(x).dtype, np.floating) else np.floor_divide(x, y)
        elif rounding_mode == "trunc":
            q = np.trunc(q)
        else:
            raise ValueError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{rounding_mode}'")
        q = np.asarray(q).astype(result_dtype(input, other).np)
        return record("div", q, dev, (input, other), DivBackward2)
    x, y, dev, _ = operands("div", input, other, to_float=True)
    try:
        with quiet:
            arr = x / y
    except ValueError:
        raise broadcast_error(input, other) from None
    return record("div", arr, dev, (input, other), node)


true_divide = divide = div
multiply = mul
subtract = sub


def rdiv(input, other):
    from .creation import _scalar_tensor
    return div(_scalar_tensor(other, input), input)


def _div_floor(a, b):
    """torch's div_floor_floating: (a - fmod(a, b)) / b, corrected towards the floor, so
    5. // 0.1 is 49. (Python's answer too; floor(5. / 0.1) would be 50.) and inf // 300
    is nan. float16 runs in float32 and rounds once, as torch's opmath."""
    a, b = np.asarray(a), np.asarray(b)
    half = a.dtype == np.float16
    if half:
        a, b = a.astype(np.float32), b.astype(np.float32)
    with quiet:
        mod = np.fmod(a, b)
        div = (a - mod) / b
        div = div - ((mod != 0) & ((b < 0) != (mod < 0)))
        fl = np.floor(div)
        fl = fl + (div - fl > 0.5)
        out = np.where(div != 0, fl, np.copysign(np.zeros_like(div), a / b))
        out = np.where(b == 0, a / b, out)
    out = out.astype(a.dtype if not half else np.float16)
    return out


def floor_divide(input, other):
    out = div(input, other, rounding_mode="floor")
    from ..core.dispatch import needs_grad, link
    from ..core import grad_mode
    if grad_mode.enabled and out._data.dtype.kind == "f" and needs_grad((input, other)):
        link(out, _NotImplementedNode, (input, other))
    return out


def remainder(input, other):
    if not isinstance(input, Tensor):        # number % tensor
        x, y, dev, _ = operands("remainder", other, input)
        x, y = y, x
    else:
        x, y, dev, _ = operands("remainder", input, other)
    _broadcast_first(input, other, x, y)
    _no_bool_kernel("remainder_cpu", x, y)
    _int_zero_division(x, y)
    try:
        with quiet:
            arr = np.mod(x, y)
    except ValueError:
        raise broadcast_error(input, other) from None
    if isinstance(other, Tensor) and isinstance(input, Tensor):
        return record("remainder", arr, dev, (input, other), RemainderBackward1)
    return record("remainder", arr, dev, (input,) if isinstance(input, Tensor) else (other,),
                  RemainderBackward0 if isinstance(input, Tensor) else None)


def pow_scalar(x, e):
    """``x ** e`` for a number ``e`` as torch's CPU kernel computes it, so results agree
    to the last bit where torch takes a shortcut: 2, 3, -0.5, -1 and -2 are products,
    square roots and divisions, not pow(); float16 is computed in float32."""
    if x.dtype == np.float16:
        return pow_scalar(as_dtype(x, _F32), e).astype(np.float16)
    if x.dtype.kind != "f" or type(e) is bool:
        return np.power(x, e)
    if e == 2:
        return np.square(x)      # twice as quick as np.power, and what torch computes
    if e == 3:
        return x * x * x
    if e == -0.5:
        return 1 / np.sqrt(x)
    if e == -1:
        return 1 / x
    if e == -2:
        return 1 / (x * x)
    return np.power(x, e)


def _power(x, y):
    """np.power, with torch's answer for an integer tensor exponent below 0 (NumPy
    refuses): 1 for base 1, -1 or 1 for base -1 (odd or even exponent), else 0."""
    y = np.asarray(y)
    if y.dtype.kind != "i" or not (y < 0).any() or np.result_type(x, y).kind not in "iu":
        return np.power(x, y)
    neg = y < 0
    out = np.power(x, np.where(neg, 0, y).astype(y.dtype))
    xb = np.broadcast_to(x, out.shape)
    small = np.where(xb == 1, 1, np.where(xb == -1, np.where(y & 1, -1, 1), 0))
    return np.where(neg, small, out).astype(out.dtype)


def pow(input, exponent):
    if isinstance(input, Tensor) and not isinstance(exponent, (Tensor, bool, int, float, np.ndarray, np.generic)):
        raise _invalid_combination("pow", ("(Tensor exponent)", "(Number exponent)"), exponent)
    if not isinstance(input, Tensor):
        # number ** tensor
        x, y, dev, _ = operands("pow", exponent, input)
        with quiet:
            arr = _power(y, x)
        return record("pow", arr, dev, (exponent,), PowBackward2, {"base_value": input})
    if isinstance(exponent, Tensor):
        x, y, dev, _ = operands("pow", input, exponent)
        if np.asarray(x).dtype == np.bool_:
            _broadcast_first(input, exponent, x, y)     # the shapes are checked first
            raise NotImplementedError("\"pow\" not implemented for 'Bool'")
        try:
            with quiet:
                arr = _power(x, y)
        except ValueError:
            raise broadcast_error(input, exponent) from None
        return record("pow", arr, dev, (input, exponent), PowBackward1)
    x, y, dev, _ = operands("pow", input, exponent)
    if x.dtype == np.bool_:           # bool ** bool stays bool: x ** True is x, x ** False is 1
        arr = x.copy() if y else np.ones_like(x)
        return record("pow", arr, dev, (input,), None)
    # (the exponent as given: operands() may already have cast it to uint8)
    if isinstance(exponent, (int, np.integer)) and not isinstance(exponent, (bool, np.bool_)) \
            and exponent < 0 and x.dtype.kind in "iu":
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    with quiet:
        arr = pow_scalar(x, y)
    return record("pow", arr, dev, (input,), PowBackward0, {"exponent": exponent})


def maximum(input, other):
    _need_tensor("maximum", other)
    return _binary("maximum", input, other, np.maximum, MaximumBackward0)


def minimum(input, other):
    _need_tensor("minimum", other)
    return _binary("minimum", input, other, np.minimum, MinimumBackward0)


def _need_tensor(op, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"{op}(): argument 'other' (position 2) must be Tensor, not {type(x).__name__}")


def where(condition, input=None, other=None):
    if input is None and other is None:
        from .indexing import nonzero
        return nonzero(condition, as_tuple=True)
    if not isinstance(condition, Tensor):
        raise TypeError(f"where(): argument 'condition' (position 1) must be Tensor, not {type(condition).__name__}")
    if condition._data.dtype != np.bool_:
        raise RuntimeError(f"where expected condition to be a boolean tensor, but got a tensor with dtype {condition.dtype.name.capitalize() if condition.dtype.name != 'float32' else 'Float'}")
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


_F16 = np.dtype(np.float16)
_F32 = np.dtype(np.float32)


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


class _NotImplementedNode(Node):
    """torch records floor_divide with a node literally named NotImplemented."""
    def name(self):
        return "torch::autograd::NotImplemented"

    op = "floor_divide"

    def backward(self, g):
        raise RuntimeError(f"derivative for aten::{self.op} is not implemented")


class _NotImplementedInplace(_NotImplementedNode):
    op = "floor_divide_"


def _comparison_node(name):
    """torch records a node for an in-place comparison on a float tensor (LtBackward0
    for a number, LtBackward1 for a tensor); its gradient is zero."""
    def backward(self, g):
        return tuple(np.zeros(shape, dt) for shape, dt in self._input_meta)
    # measured: other's zeros arrive at version 1 (torch's zeros are empty + zero_)
    versions = (0, 1) if name.endswith("1") else (0,)
    return type(name, (Node,), {"backward": backward, "_grad_versions": versions})


def _clamp_args(min, max):
    for v in (min, max):
        if v is not None and not isinstance(v, (Tensor, bool, int, float, np.generic)):
            args = ", ".join(type(a).__name__ for a in (min, max) if a is not None)
            raise TypeError(
                f"clamp() received an invalid combination of arguments - got ({args}), but "
                "expected one of:\n * (Tensor min = None, Tensor max = None)\n * (Number min = "
                "None, Number max = None)\n")
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")


def clamp(input, min=None, max=None):
    _clamp_args(min, max)
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
        return record("clamp", arr, input._device, (input, min, max), ClampBackward0)
    dt = result_dtype(input, *(v for v in (min, max) if v is not None))
    x = _arr(input, dt.np)
    arr = np.clip(x, min, max) if not (min is not None and max is not None and min > max) \
        else np.full_like(x, max)
    return record("clamp", np.asarray(arr, dt.np), input._device, (input,), ClampBackward1,
                  {"min": min, "max": max})


clip = clamp


def _relabel(out, op, inputs, node_cls, attrs=None):
    """clamp's values under another op's node: computed without a graph, recorded again."""
    return record(op, out._data, out._device, inputs, node_cls, attrs)


def clamp_min(input, min):
    from ..core import grad_mode
    with grad_mode.no_grad():
        out = clamp(input, min=min)
    return _relabel(out, "clamp_min", (input, min) if isinstance(min, Tensor) else (input,),
                    ClampMinBackward1 if isinstance(min, Tensor) else ClampMinBackward0,
                    None if isinstance(min, Tensor) else {"min": min})


def clamp_max(input, max):
    from ..core import grad_mode
    with grad_mode.no_grad():
        out = clamp(input, max=max)
    return _relabel(out, "clamp_max", (input, max) if isinstance(max, Tensor) else (input,),
                    ClampMaxBackward1 if isinstance(max, Tensor) else ClampMaxBackward0,
                    None if isinstance(max, Tensor) else {"max": max})


# ---------------------------------------------------------------- comparisons
def _compare(op, ufunc):
    def compare(input, other):
        return _binary(op, input, other, ufunc, None)
    compare.__name__ = op
    return compare


eq = _compare("eq", np.equal)
ne = _compare("ne", np.not_equal)
lt = _compare("lt", np.less)
le = _compare("le", np.less_equal)
gt = _compare("gt", np.greater)
ge = _compare("ge", np.greater_equal)
greater, greater_equal, less, less_equal, not_equal = gt, ge, lt, le, ne


def equal(input, other):
    return input._data.shape == other._data.shape and bool(np.array_equal(input._data, other._data))


def _same_dtype(input, other):
    if input._data.dtype != other._data.dtype:
        raise RuntimeError(f"{input.dtype._scalar_type} did not match "
                           f"{other.dtype._scalar_type}")


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    _same_dtype(input, other)
    return bool(np.allclose(input._data, other._data, rtol=rtol, atol=atol, equal_nan=equal_nan))


@dispatch.composite("isclose")
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    _same_dtype(input, other)
    out = record("isclose", np.isclose(input._data, other._data, rtol, atol, equal_nan),
                 input._device, (input, other), None)
    # torch computes it with one in-place op on its result: _version 1
    return inplace("isclose", out, None, (out,))


def logical_not(input):
    return record("logical_not", np.logical_not(input._data), input._device, (input,), None)


def logical_and(input, other):
    return record("logical_and", np.logical_and(input._data, other._data), input._device, (input, other), None)


def logical_or(input, other):
    return record("logical_or", np.logical_or(input._data, other._data), input._device, (input, other), None)


def _no_kernel(kernel, dtype):
    """torch's error when a kernel has no loop for ``dtype`` (a NumPy dtype)."""
    return NotImplementedError(f"\"{kernel}\" not implemented for '{D.FROM_NP[dtype]._scalar_type}'")


def _bitwise(op, ufunc):
    def fn(input, other):
        x, y, dev, _ = operands(op, input, other)
        dt = np.asarray(x).dtype
        if dt.kind == "f":      # operands() already promoted: the message names the result
            raise _no_kernel(f"{op}_cpu", dt)
        return record(op, ufunc(x, y), dev, (input, other), None)
    return fn


bitwise_and = _bitwise("bitwise_and", np.bitwise_and)
bitwise_or = _bitwise("bitwise_or", np.bitwise_or)
bitwise_xor = _bitwise("bitwise_xor", np.bitwise_xor)


def bitwise_not(input):
    if input._data.dtype.kind == "f":
        raise _no_kernel("bitwise_not_cpu", input._data.dtype)
    return record("bitwise_not", np.invert(input._data), input._device, (input,), None)


def bitwise_not_(self):
    if self._data.dtype.kind == "f":
        raise _no_kernel("bitwise_not_cpu", self._data.dtype)
    return inplace("bitwise_not_", self, np.invert(self._data), (self,), None)


def logical_not_(self):
    # the result keeps self's dtype: 1 where self was zero, else 0
    return inplace("logical_not_", self, np.logical_not(self._data), (self,), None)


def isnan(input):
    return record("isnan", np.isnan(input._data), input._device, (input,), None)


def isinf(input):
    return record("isinf", np.isinf(input._data), input._device, (input,), None)


def isfinite(input):
    return record("isfinite", np.isfinite(input._data), input._device, (input,), None)


# ---------------------------------------------------------------- in place
def _check_castable(op, t, *others):
    dt = result_dtype(t, *others)
    if dt is not t.dtype and not can_cast(dt, t.dtype):
        raise RuntimeError(f"result type {dt._scalar_type} can't be cast to the desired "
                           f"output type {t.dtype._scalar_type}")
    return dt


def _inplace_binary(op, t, other, compute, node, attrs=None, to_float=False):
    if not isinstance(other, (Tensor, bool, int, float)) or isinstance(other, np.generic):
        other = _as_operand(other, f"{op}(): argument 'other' (position 1) must be Tensor, not {type(other).__name__}")
    # torch's order: autograd's leaf check, then TensorIterator's memory overlap, shapes,
    # devices and last the result dtype (check_inplace refuses only a tensor with one of
    # these three: the common plain tensor skips the call)
    if t._requires_grad or t._grad_fn is not None or t._base is not None:
        check_inplace(t)
    d = t._data
    # the common case, in which none of those checks can fail: another tensor of the same
    # dtype, shape and device, neither of them a view (so no overlap), or a float tensor
    # and a Python number within float16's range (a "weak" scalar keeps the dtype)
    if type(other) is Tensor:
        y = other._data
        if y.dtype is d.dtype and y.shape == d.shape and other._device is t._device and \
                d.base is None and y.base is None and (not to_float or d.dtype.kind == "f"):
            return _inplace_values(op, t, d, y, other, compute, node, attrs)
    elif (type(other) is float or type(other) is int) and d.dtype.kind == "f" and \
            -65504.0 <= other <= 65504.0:
        assert_no_internal_overlap(d)           # x.expand(2, 3).add_(1) is refused
        return _inplace_values(op, t, d, other, other, compute, node, attrs)
    assert_no_internal_overlap(t._data)
    if isinstance(other, Tensor):
        assert_no_partial_overlap(t._data, other._data)
        if other._data.shape != t._data.shape:
            from .copying import _check_copy_shapes
            _check_copy_shapes(t._data.shape, other._data.shape)
    _device_of(op, (t, other))
    dt = result_dtype(t, other)
    if to_float and not dt.is_floating_point:
        dt = D.get_default_dtype()      # true division of integers gives the default float
    if dt is not t.dtype and not can_cast(dt, t.dtype):
        raise RuntimeError(f"result type {dt._scalar_type} can't be cast to the desired "
                           f"output type {t.dtype._scalar_type}")
    return _inplace_values(op, t, _arr(t, dt.np), _arr(other, dt.np), other, compute, node, attrs)


def _inplace_values(op, t, x, y, other, compute, node, attrs):
    """Compute ``op`` over the checked operands and write it into ``t``."""
    if node is not None and node._saves_self and needs_grad((t, other)):
        # the formula needs self's value from BEFORE the op: save a copy of it (only when
        # a node will be recorded: the copy is most of a mul_'s cost)
        node = _bind_saved(node, wrap(t._data.copy(), t._device))
    # (no `with quiet:`, which costs 1 us here: NumPy's overflow warning, raised from this
    # module, is dropped by the filter _quiet installs, as for the out-of-place ops)
    if x is t._data and type(compute) is _ufunc:
        compute(x, y, x)        # checked, same dtype: the ufunc writes into t's memory
        values = None
    else:
        values = compute(x, y)
    # tensor ** number has one input in torch's graph; the other ops wrap the scalar
    inputs = (t,) if node is not None and node.__name__ == "PowBackward0" else (t, other)
    return inplace(op, t, values, inputs, node, attrs, check=False)     # checked above


_ufunc = np.ufunc


def _bshape(a, b):
    try:
        return np.broadcast_shapes(a._data.shape, b._data.shape)
    except ValueError:
        return b._data.shape


def _bind_saved(node, saved_self):
    """A node factory whose 'self' is saved from a copy of the old value."""
    def factory():
        n = node()
        n._old_self = saved_self
        return n
    factory.saves = tuple(("self", -2) if i == 0 else (nm, i) for nm, i in node.saves)
    factory.save_for = node.save_for
    factory._no_edge = node._no_edge
    factory.__name__ = node.__name__
    return factory


def add_(self, other, *, alpha=1):
    if alpha == 1:
        return _inplace_binary("add_", self, other, _np_add, AddBackward0)
    return _inplace_binary("add_", self, other, lambda x, y: x + y * alpha,
                           AddBackward0, {"alpha": alpha})


_np_add = np.add


def sub_(self, other, *, alpha=1):
    check_inplace(self)         # autograd's leaf check comes before sub's bool check
    _no_bool_sub(self, other)
    if alpha == 1:
        return _inplace_binary("sub_", self, other, _np_subtract, SubBackward0)
    return _inplace_binary("sub_", self, other, lambda x, y: x - y * alpha,
                           SubBackward0, {"alpha": alpha})


_np_subtract = np.subtract


def mul_(self, other):
    return _inplace_binary("mul_", self, other, np.multiply, MulBackward0)


def div_(self, other, *, rounding_mode=_NO_MODE):
    if rounding_mode is not _NO_MODE and rounding_mode is not None:
        from ..core import grad_mode
        with grad_mode.no_grad():
            r = div(self, other, rounding_mode=rounding_mode)
        return inplace("div_", self, r._data, (self, other), DivBackward2)
    return _inplace_binary("div_", self, other, np.true_divide,
                           DivBackward0 if rounding_mode is _NO_MODE else _DivBackward2TrueDiv,
                           to_float=True)


def pow_(self, exponent):
    if self._data.dtype == np.bool_:
        if isinstance(exponent, bool):          # True ** True is True, x ** False is True
            check_inplace(self)
            return inplace("pow_", self, self._data | (not exponent), (self,), None)
        if isinstance(exponent, Tensor) and exponent._data.dtype == np.bool_:
            from .copying import _check_copy_shapes
            _check_copy_shapes(self._data.shape, exponent._data.shape)
            raise NotImplementedError("\"pow\" not implemented for 'Bool'")
    if isinstance(exponent, int) and not isinstance(exponent, bool) and exponent < 0 \
            and self._data.dtype.kind in "iu":
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    return _inplace_binary("pow_", self, exponent,
                           _power if isinstance(exponent, Tensor) else pow_scalar,
                           PowBackward0 if not isinstance(exponent, Tensor) else PowBackward1,
                           {"exponent": exponent} if not isinstance(exponent, Tensor) else None)


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


def clamp_(self, min=None, max=None, *, _op="clamp_"):
    _clamp_args(min, max)
    dt = result_dtype(self, *(v for v in (min, max) if v is not None and not isinstance(v, Tensor)))
    if dt is not self.dtype and not can_cast(dt, self.dtype):
        from ..compat.messages import CPP_NAMES      # clamp_'s message names the C++ type
        raise RuntimeError(f"result type {dt._scalar_type} can't be cast to the desired "
                           f"output type {CPP_NAMES[self.dtype.name]}")
    check_inplace(self)
    assert_no_internal_overlap(self._data)
    from .copying import _check_copy_shapes
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


class FillBackward0(Node):
    saves = ()

    def backward(self, g):
        return (np.zeros_like(g),)


class ZeroBackward0(FillBackward0):
    pass


class FillBackward2(FillBackward0):     # fill_ with a number, in torch 2.13
    pass


class FillBackward3(Node):       # fill_ with a 0-dim tensor value, in torch 2.13
    saves = ()

    def backward(self, g):
        return np.zeros_like(g), np.asarray(g.sum())


def fill_(self, value):
    return _fill(self, value, "fill_")


def _fill(self, value, op):
    if isinstance(value, Tensor):
        check_inplace(self)         # autograd's leaf check, then the kernel's
        if value._data.ndim != 0:
            raise RuntimeError(
                f"fill_ only supports 0-dimension value tensor but got tensor with {value._data.ndim} dimensions.")
        # torch's fill_(Tensor) is a copy_ of the value, so it refuses a destination whose
        # elements share memory (x.expand(2)[:] = 7), which fill_(number) allows
        assert_no_internal_overlap(self._data)
        # like a number, the value is cast to self's dtype whatever its own
        return inplace(op, self, value._data.astype(self._data.dtype), (self, value), FillBackward3,
                       check=False)
    if not isinstance(value, (bool, int, float)):
        raise TypeError(f"fill_(): argument 'value' (position 1) must be Number, not {type(value).__name__}")
    dt = self._data.dtype
    if dt.kind == "b":
        return inplace(op, self, np.full(self._data.shape, value).astype(dt), (self,), FillBackward2)
    check_inplace(self)      # autograd's leaf check, then the kernel's range check
    return inplace(op, self, scalar_to(value, dt), (self,), FillBackward2, check=False)


def zero_(self):
    dt = self._data.dtype
    zero = _ZEROS_0D.get(dt)
    if zero is None:        # a 0-d zero of each dtype, made once: write() takes it as is
        zero = _ZEROS_0D[dt] = np.zeros((), dt)
        zero.flags.writeable = False
    return inplace("zero_", self, zero, (self,), ZeroBackward0)


_ZEROS_0D = {}


# ------------------------------------------------------------ more unary ops
import math as _math

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


def _check_tensor(op, t):
    if not isinstance(t, Tensor):
        raise TypeError(f"{op}(): argument 'input' (position 1) must be Tensor, not {type(t).__name__}")


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


def fmin(input, other):
    _need_tensor("fmin", other)
    return _binary("fmin", input, other, np.fmin, FminBackward0)


class FmodBackward0(Node):      # fmod(tensor, number)
    def backward(self, g):
        return (g,)


class FmodBackward1(Node):      # fmod(tensor, tensor)
    saves = (("self", 0), ("other", 1))
    save_for = {"self": (1,), "other": (1,)}     # only other's gradient reads them

    def backward(self, g):
        a, b = self.saved()
        if b is None:
            return g, None
        with quiet:
            return g, -g * np.trunc(a / b)


class RemainderBackward0(Node):
    def backward(self, g):
        return (g,)


class RemainderBackward1(Node):
    saves = (("self", 0), ("other", 1))
    save_for = {"self": (1,), "other": (1,)}     # only other's gradient reads them

    def backward(self, g):
        a, b = self.saved()
        if b is None:
            return g, None
        with quiet:
            return g, -g * np.floor(a / b)


def _broadcast_first(input, other, x, y):
    """TensorIterator checks the shapes before it picks a kernel or divides, so a shape
    error wins over the Bool and ZeroDivisionError ones below."""
    try:
        np.broadcast_shapes(np.shape(x), np.shape(y))
    except ValueError:
        raise broadcast_error(input, other) from None


def _no_bool_kernel(kernel, x, y):
    """torch has no Bool kernel for these ops: bool // bool raises, it does not divide."""
    if np.result_type(x, y) == np.bool_:
        raise NotImplementedError(f"\"{kernel}\" not implemented for 'Bool'")


def _int_zero_division(x, y):
    yy = np.asarray(y)
    if yy.dtype.kind in "biu" and np.asarray(x).dtype.kind in "biu" and (yy == 0).any():
        raise RuntimeError("ZeroDivisionError")


def fmod(input, other):
    x, y, dev, _ = operands("fmod", input, other)
    _broadcast_first(input, other, x, y)
    _no_bool_kernel("fmod_cpu", x, y)
    _int_zero_division(x, y)
    try:
        with quiet:
            arr = np.fmod(x, y)
    except ValueError:
        raise broadcast_error(input, other) from None
    node = FmodBackward1 if isinstance(other, Tensor) else FmodBackward0
    return record("fmod", arr, dev, (input, other) if isinstance(other, Tensor) else (input,), node)


def _shift(op, ufunc):
    def fn(input, other):
        x, y, dev, _ = operands(op, input, other)
        dt = np.asarray(x).dtype
        if dt.kind in "fb":
            raise _no_kernel(f"{op}_cpu", dt)
        with quiet:
            return record(op, ufunc(x, y), dev, (input, other), None)
    fn.__name__ = op
    return fn


bitwise_left_shift = _shift("lshift", np.left_shift)
bitwise_right_shift = _shift("rshift", np.right_shift)


def logical_xor(input, other):
    return record("logical_xor", np.logical_xor(input._data, _data_of(other)), input._device,
                  (input, other), None)


def _data_of(x):
    return x._data if isinstance(x, Tensor) else x


def outer(input, vec2):
    for name, v in (("input", input), ("vec2", vec2)):
        if not isinstance(v, Tensor):
            raise TypeError(f"outer(): argument '{name}' must be Tensor, not {type(v).__name__}")
    for name, v in (("self", input), ("vec2", vec2)):
        if v._data.ndim != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {v._data.ndim}-D")
    from .views import reshape          # torch: self.reshape({n, 1}) * vec2
    return mul(reshape(input, (input._data.shape[0], 1)), vec2)


ger = outer


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
    from ..compat.messages import CPP_NAMES as names
    dt = input._data.dtype
    for name, t in (("end", end), ("weight", weight)):
        if isinstance(t, Tensor) and t._data.dtype != dt:
            raise RuntimeError(f"expected dtype {names[dt.name]} for `{name}` but got dtype "
                               f"{names[t._data.dtype.name]}")
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
    from ..compat.numerics import lerp as kernel
    _check_tensor("lerp", input)
    _, w = _lerp_args("lerp", input, end, weight)
    arr = kernel(input._data, end._data, w)
    if isinstance(weight, Tensor):
        return record("lerp", arr, input._device, (input, end, weight), LerpBackward1)
    return record("lerp", arr, input._device, (input, end), LerpBackward0, {"weight": weight})


def lerp_(self, end, weight):
    from ..compat.numerics import lerp as kernel
    check_inplace(self)
    shape, w = _lerp_args("lerp_", self, end, weight)
    if shape != self._data.shape:
        from .copying import _check_copy_shapes
        _check_copy_shapes(self._data.shape, shape)
    arr = kernel(self._data, end._data, w)
    if isinstance(weight, Tensor):
        old = wrap(self._data.copy(), self._device)
        return inplace("lerp_", self, arr, (self, end, weight), _bind_saved(LerpBackward1, old),
                       check=False)
    return inplace("lerp_", self, arr, (self, end), LerpBackward0, {"weight": weight}, check=False)


def xlogy(input, other):
    x, y, dev, _ = operands("xlogy", input, other, to_float=True)
    arr = _xlogy(x, y).astype(np.asarray(x).dtype if isinstance(input, Tensor) else np.asarray(y).dtype)
    if not isinstance(other, Tensor):
        return record("xlogy", arr, dev, (input,), XlogyBackward2, {"other_value": other})
    if not isinstance(input, Tensor):
        return record("xlogy", arr, dev, (other,), XlogyBackward1, {"self_value": input})
    return record("xlogy", arr, dev, (input, other), XlogyBackward0)


_COMPARE_ = ("lt_", "le_", "gt_", "ge_", "eq_", "ne_")     # a bool result fits any dtype


def _write_before_zero_divisor(self, other, fn):
    """torch's integer kernels raise at the first zero divisor, after writing the
    elements before it (in memory order, for a contiguous self)."""
    if not self._data.flags.c_contiguous:
        return
    y = np.broadcast_to(other._data if isinstance(other, Tensor) else np.asarray(other),
                        self._data.shape).reshape(-1)
    k = int(np.argmax(y == 0))      # the first zero (there is one: the op raised)
    if k:
        head = fn(wrap(self._data.reshape(-1)[:k]), wrap(np.ascontiguousarray(y[:k])))
        self._data.reshape(-1)[:k] = head._data


def _inplace_from(op, fn, to_float_check=True, nodes=None):
    """x op= y: compute out of place, write back in place. ``nodes``: the grad_fn classes
    for a number and for a tensor ``other`` (None: the op records no history)."""
    def method(self, other):
        # torch's order: the leaf check, then the output's shape, then kernel and dtype
        check_inplace(self)
        if isinstance(other, Tensor) and other._data.shape != self._data.shape:
            from .copying import _check_copy_shapes
            _check_copy_shapes(self._data.shape, other._data.shape)
        dt = result_dtype(self, other) if isinstance(other, (Tensor, bool, int, float)) else None
        if dt is not None and dt is not self.dtype and not can_cast(dt, self.dtype) \
                and op not in _COMPARE_:
            raise RuntimeError(f"result type {dt._scalar_type} can't be cast to the desired "
                               f"output type {self.dtype._scalar_type}")
        try:
            r = fn(self, other)
        except RuntimeError as e:
            # a result in self's dtype is written in place; another dtype goes through a
            # buffer that is copied back only at the end
            if str(e) == "ZeroDivisionError" and dt is self.dtype:
                _write_before_zero_divisor(self, other, fn)
            raise
        dt = r.dtype
        if dt is not self.dtype and not can_cast(dt, self.dtype):
            raise RuntimeError(f"result type {dt._scalar_type} can't be cast to the desired "
                               f"output type {self.dtype._scalar_type}")
        if r._data.shape != self._data.shape:
            from .copying import _check_copy_shapes
            _check_copy_shapes(self._data.shape, r._data.shape)
        if nodes is None:
            return inplace(op, self, r._data, (self, other), None)
        node = nodes[isinstance(other, Tensor)]
        if node.saves:      # the formula reads self from BEFORE the op
            node = _bind_saved(node, wrap(self._data.copy(), self._device))
        return inplace(op, self, r._data, (self, other) if isinstance(other, Tensor) else (self,),
                       node)
    method.__name__ = op
    return method


# comparisons in place: 1 or 0 in self's own dtype
def _cmp_(op, fn):
    name = op[0].upper() + op[1] + "Backward"
    return _inplace_from(op + "_", fn, nodes=(_comparison_node(name + "0"),
                                               _comparison_node(name + "1")))


lt_, le_, gt_, ge_ = _cmp_("lt", lt), _cmp_("le", le), _cmp_("gt", gt), _cmp_("ge", ge)
eq_, ne_ = _cmp_("eq", eq), _cmp_("ne", ne)
floor_divide_ = _inplace_from("floor_divide_", floor_divide,
                              nodes=(_NotImplementedInplace, _NotImplementedInplace))
remainder_ = _inplace_from("remainder_", remainder, nodes=(RemainderBackward0, RemainderBackward1))
fmod_ = _inplace_from("fmod_", fmod, nodes=(FmodBackward0, FmodBackward1))
atan2_ = arctan2_ = _inplace_from("atan2_", atan2, nodes=(Atan2Backward0, Atan2Backward0))
bitwise_and_ = _inplace_from("bitwise_and_", bitwise_and)
bitwise_or_ = _inplace_from("bitwise_or_", bitwise_or)
bitwise_xor_ = _inplace_from("bitwise_xor_", bitwise_xor)
bitwise_left_shift_ = _inplace_from("bitwise_left_shift_", bitwise_left_shift)
bitwise_right_shift_ = _inplace_from("bitwise_right_shift_", bitwise_right_shift)


class ReciprocalBackward0(Node):
    saves = (("result", -1),)

    def backward(self, g):
        (r,) = self.saved()
        return (-g * r * r,)


def reciprocal(input):
    return _unary("reciprocal", input, np.reciprocal, ReciprocalBackward0)


reciprocal_ = _inplace_unary("reciprocal_", ReciprocalBackward0, np.reciprocal)
