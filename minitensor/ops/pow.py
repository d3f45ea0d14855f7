"""Powers: ``x ** e`` for a number, a tensor or a number base, computed as torch's CPU
kernel does (its shortcuts for 2, 3, -0.5, -1, -2 agree to the last bit), and ``pow_``."""
import numpy as np

from ..compat.arg_parser import check
from ..compat.quiet import quiet
from ..compat.tensor_iterator import as_dtype
from ..core.dispatch import record, inplace, check_inplace
from ..core.graph import Node
from ..core.tensor import Tensor
from .binary import _inplace_binary, mul_scalar
from .operands import _F32, _broadcast_first, _check_copy_shapes, broadcast_error, operands


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
        return (g * mul_scalar(a.pow(e - 1), e),)     # MulBackward1, as torch


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
        check("pow", (exponent,))      # raises torch's message (t ** "x" arrives here)
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


def pow_(self, exponent):
    if self._data.dtype == np.bool_:
        if isinstance(exponent, bool):          # True ** True is True, x ** False is True
            check_inplace(self)
            return inplace("pow_", self, self._data | (not exponent), (self,), None)
        if isinstance(exponent, Tensor) and exponent._data.dtype == np.bool_:
            _check_copy_shapes(self._data.shape, exponent._data.shape)
            raise NotImplementedError("\"pow\" not implemented for 'Bool'")
    if isinstance(exponent, int) and not isinstance(exponent, bool) and exponent < 0 \
            and self._data.dtype.kind in "iu":
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    return _inplace_binary("pow_", self, exponent,
                           _power if isinstance(exponent, Tensor) else pow_scalar,
                           PowBackward0 if not isinstance(exponent, Tensor) else PowBackward1,
                           {"exponent": exponent} if not isinstance(exponent, Tensor) else None)
