"""Binary arithmetic (add, sub, mul, div, floor_divide, remainder, fmod) and their in-place
twins (add_, sub_...: computed as the op is, written into the tensor by the door)."""
import numpy as np

from ..compat.memory_overlap import assert_no_internal_overlap, assert_no_partial_overlap
from ..compat.quiet import quiet
from ..core import dtypes as D, grad_mode
from ..core.dispatch import check_inplace, composite, inplace, link, needs_grad, record
from ..core.dtypes import can_cast
from ..core.graph import Node
from ..core.tensor import Tensor, wrap
from .create import _scalar_tensor
from .operands import (_arr, _as_operand, _bind_saved, _broadcast_first, _check_copy_shapes,
                       _device_of, _int_zero_division, _is_bool, _no_bool_kernel,
                       broadcast_error, operands, result_dtype)


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


class MulBackward1(Node):      # tensor * Scalar: torch's mul.Scalar, which grad formulas
    saves = ()                 # call (a Python number in `t * 2` is wrapped: MulBackward0)

    def backward(self, g):
        return (g * self.other,)

    def backward_graph(self, g):
        return (mul_scalar(g, self.other),)


def mul_scalar(self, other):
    """``self * other`` for a Python number, recorded as torch's formulas record it
    (pow's gradient, ``exponent * self.pow(exponent - 1)``, under create_graph=True)."""
    return record("mul", self._data * other, self._device, (self,), MulBackward1,
                  {"other": other})


class DivBackward2(Node):      # div with a rounding mode: the gradient is zero
    def backward(self, g):
        return np.zeros_like(g), np.zeros_like(g)     # two arrays: each grad is its own


class DivBackward0(Node):
    saves = (("self", 0), ("other", 1))
    save_for = {"self": (1,)}

    def backward(self, g):
        a, b = self.saved()
        with quiet:
            return g / b, (None if a is None else -g * a / (b * b))


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
    if type(alpha) is bool and np.asarray(x).dtype != np.bool_:
        raise RuntimeError("Boolean alpha only supported for Boolean results.")
    if isinstance(alpha, float) and np.asarray(x).dtype.kind in "biu":
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating "
                           "point number.")


def add(input, other, *, alpha=1):
    x, y, dev, _ = operands("add", input, other)
    if type(alpha) is int and alpha == 1:           # input + other
        try:
            arr = x + y
        except ValueError:
            raise broadcast_error(input, other) from None
        return record("add", arr, dev, (input, other), AddBackward0)
    if alpha != 1 or type(alpha) is not int:
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
    if alpha != 1 or type(alpha) is not int:
        _alpha_check(x, alpha)
    try:
        arr = x - y if alpha == 1 else x - y * alpha
    except ValueError:
        raise broadcast_error(input, other) from None
    return record("sub", arr, dev, (input, other), SubBackward0, {"alpha": alpha} if alpha != 1 else None)


def _no_bool_sub(a, b):
    if not isinstance(b, (Tensor, bool, int, float, np.generic)):
        return          # no operand at all: that error comes first
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
        if rounding_mode not in ("floor", "trunc"):     # checked before the operands
            raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{rounding_mode}'")
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
            raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{rounding_mode}'")
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


class _NotImplementedNode(Node):
    """torch records floor_divide with a node literally named NotImplemented."""
    def name(self):
        return "torch::autograd::NotImplemented"

    op = "floor_divide"

    def backward(self, g):
        raise RuntimeError(f"derivative for aten::{self.op} is not implemented")


class _NotImplementedInplace(_NotImplementedNode):
    op = "floor_divide_"


def floor_divide(input, other):
    out = div(input, other, rounding_mode="floor")
    if grad_mode.enabled and out._data.dtype.kind == "f" and needs_grad((input, other)):
        link(out, _NotImplementedNode, (input, other))
    return out


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


# ---------------------------------------------------------------- in place
def _check_castable(op, t, *others):
    dt = result_dtype(t, *others)
    if dt is not t.dtype and not can_cast(dt, t.dtype):
        raise RuntimeError(f"result type {dt._scalar_type} can't be cast to the desired "
                           f"output type {t.dtype._scalar_type}")
    return dt


def _inplace_binary(op, t, other, compute, node, attrs=None, to_float=False):
    if not isinstance(other, (Tensor, bool, int, float)) or isinstance(other, np.generic):
        other = _as_operand(other, op, "other", 1)
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


@composite("div_")
def div_(self, other, *, rounding_mode=_NO_MODE):
    if rounding_mode is not _NO_MODE and rounding_mode is not None:
        with grad_mode.mode(False):
            r = div(self, other, rounding_mode=rounding_mode)
        return inplace("div_", self, r._data, (self, other), DivBackward2)
    return _inplace_binary("div_", self, other, np.true_divide,
                           DivBackward0 if rounding_mode is _NO_MODE else _DivBackward2TrueDiv,
                           to_float=True)


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
            _check_copy_shapes(self._data.shape, r._data.shape)
        if nodes is None:
            return inplace(op, self, r._data, (self, other), None)
        node = nodes[isinstance(other, Tensor)]
        if node.saves:      # the formula reads self from BEFORE the op
            node = _bind_saved(node, wrap(self._data.copy(), self._device))
        return inplace(op, self, r._data, (self, other) if isinstance(other, Tensor) else (self,),
                       node)
    method.__name__ = op
    return composite(op)(method)        # (an op, then a write: one step for the learner)


floor_divide_ = _inplace_from("floor_divide_", floor_divide,
                              nodes=(_NotImplementedInplace, _NotImplementedInplace))


remainder_ = _inplace_from("remainder_", remainder, nodes=(RemainderBackward0, RemainderBackward1))


fmod_ = _inplace_from("fmod_", fmod, nodes=(FmodBackward0, FmodBackward1))
