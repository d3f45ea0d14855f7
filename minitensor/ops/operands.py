"""What a binary op does before it computes: torch's result dtype for its operands
(``operands``), the device they share, and torch's messages when shapes do not broadcast
or a kernel has no loop for a dtype."""
import numpy as np

from ..compat.quiet import quiet
from ..compat.tensor_iterator import as_dtype, broadcast_error
from ..compat.arg_parser import check_uint64_operand, overflows, wrong_type
from ..core.dtypes import type_name as tp_name
from ..core import dtypes as D
from ..core.device import CPU
from ..core.tensor import Tensor
from .create import tensor as _tensor

_F16 = np.dtype(np.float16)
_F32 = np.dtype(np.float32)


# ------------------------------------------------------------------ operands
class ForeignOperand(TypeError):
    """An operand that is no tensor or number: operators return NotImplemented, functions
    raise it; it is reported by the name torch's exception has."""


ForeignOperand.__name__ = ForeignOperand.__qualname__ = "TypeError"


def _as_operand(x, op, name="other", position=2):
    if isinstance(x, Tensor):
        return x
    if isinstance(x, np.generic) and x.ndim == 0 and x.dtype.kind in "biuf":
        # torch reads a NumPy scalar as a Python number (a "weak" one that does not widen a
        # tensor's dtype); a NumPy bool reads as a float number
        return int(x) if x.dtype.kind in "iu" else float(x)
    if isinstance(x, (bool, int, float)):
        return x
    if isinstance(x, (np.ndarray, np.generic)):
        return _tensor(x)
    raise ForeignOperand(f"{op}(): argument '{name}' (position {position}) must be Tensor, not "
                         f"{tp_name(x)}")


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
    a = _as_operand(a, op, "input", 1)
    b = _as_operand(b, op)
    if overflows(a) or overflows(b):     # torch's Scalar is at most 64 bits
        check_uint64_operand(a, b) if type(a) is int else check_uint64_operand(b, a)
    dev = _device_of(op, (a, b))
    dt = result_dtype(a, b)
    if to_float and not dt.is_floating_point:
        dt = D.get_default_dtype()
    return _arr(a, dt.np), _arr(b, dt.np), dev, dt


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


def _need_tensor(op, x):
    if not isinstance(x, Tensor):
        raise wrong_type(op, "other", "Tensor", x, 2)


def _check_tensor(op, t):
    if not isinstance(t, Tensor):
        raise wrong_type(op, "input", "Tensor", t, 1)


def _no_kernel(kernel, dtype):
    """torch's error when a kernel has no loop for ``dtype`` (a NumPy dtype)."""
    return NotImplementedError(f"\"{kernel}\" not implemented for '{D.FROM_NP[dtype]._scalar_type}'")


def _data_of(x):
    return x._data if isinstance(x, Tensor) else x


def _is_bool(x):
    return x._data.dtype == np.bool_ if isinstance(x, Tensor) else isinstance(x, bool)


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


def _check_copy_shapes(dst, src):
    """copy_ broadcasts src to dst's shape, with TensorIterator's two messages (raises
    whenever src does not broadcast to dst's very shape)."""
    n = max(len(dst), len(src))
    a = (1,) * (n - len(dst)) + tuple(dst)
    b = (1,) * (n - len(src)) + tuple(src)
    for i in range(n - 1, -1, -1):
        if a[i] != b[i] and a[i] != 1 and b[i] != 1:
            raise RuntimeError(f"The size of tensor a ({a[i]}) must match the size of tensor b "
                               f"({b[i]}) at non-singleton dimension {i}")
    full = tuple(max(x, y) if 0 not in (x, y) else 0 for x, y in zip(a, b))
    if full != tuple(dst):
        raise RuntimeError(f"output with shape [{', '.join(map(str, dst))}] doesn't match the "
                           f"broadcast shape [{', '.join(map(str, full))}]")
