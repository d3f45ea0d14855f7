"""Comparisons, logical and bitwise ops: results of no gradient (bool, or integers)."""
import numpy as np

from ..compat.quiet import quiet
from ..core import dispatch
from ..core.dispatch import record, inplace
from ..core.graph import Node
from .binary import _binary, _inplace_from
from .operands import _broadcast_first, _data_of, _no_kernel, operands


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


def logical_xor(input, other):
    return record("logical_xor", np.logical_xor(input._data, _data_of(other)), input._device,
                  (input, other), None)


def _bitwise(op, ufunc):
    def fn(input, other):
        x, y, dev, _ = operands(op, input, other)
        _broadcast_first(input, other, x, y)
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


def _comparison_node(name):
    """torch records a node for an in-place comparison on a float tensor (LtBackward0
    for a number, LtBackward1 for a tensor); its gradient is zero."""
    def backward(self, g):
        return tuple(np.zeros(shape, dt) for shape, dt in self._input_meta)
    # measured: other's zeros arrive at version 1 (torch's zeros are empty + zero_)
    versions = (0, 1) if name.endswith("1") else (0,)
    return type(name, (Node,), {"backward": backward, "_grad_versions": versions})


# comparisons in place: 1 or 0 in self's own dtype
def _cmp_(op, fn):
    name = op[0].upper() + op[1] + "Backward"
    return _inplace_from(op + "_", fn, nodes=(_comparison_node(name + "0"),
                                               _comparison_node(name + "1")))


lt_, le_, gt_, ge_ = _cmp_("lt", lt), _cmp_("le", le), _cmp_("gt", gt), _cmp_("ge", ge)


eq_, ne_ = _cmp_("eq", eq), _cmp_("ne", ne)


bitwise_and_ = _inplace_from("bitwise_and_", bitwise_and)


bitwise_or_ = _inplace_from("bitwise_or_", bitwise_or)


bitwise_xor_ = _inplace_from("bitwise_xor_", bitwise_xor)


bitwise_left_shift_ = _inplace_from("bitwise_left_shift_", bitwise_left_shift)


bitwise_right_shift_ = _inplace_from("bitwise_right_shift_", bitwise_right_shift)
