"""softmax and log_softmax over one dim (numerically stable)."""

import numpy as np

from ..core.graph import Node
from ..core.dispatch import composite, record
from ..core.tensor import wrap_dim
from ..compat.quiet import quiet
from ..compat.warn_once import warn


class SoftmaxBackward0(Node):
    saves = (("result", -1),)

    def backward(self, g):
        (y,) = self.saved()
        return (y * (g - (g * y).sum(axis=self.dim, keepdims=True)),)


class LogSoftmaxBackward0(Node):
    saves = (("result", -1),)

    def backward(self, g):
        (y,) = self.saved()
        return (g - np.exp(y) * g.sum(axis=self.dim, keepdims=True),)


def _prep(input, dim, dtype, op):
    if dim is None:
        warn(f"Implicit dimension choice for {op} has been deprecated. Change the call to include dim=X as an argument.", UserWarning)
        nd = input._data.ndim
        dim = 0 if nd in (0, 1, 3) else 1
    d = wrap_dim(dim, input._data.ndim)
    x = input._data
    if dtype is not None:
        x = x.astype(dtype.np)
    elif x.dtype.kind != "f" and x.size:     # an empty input returns before any kernel
        kernel = "lastdim_kernel_impl" if d == max(x.ndim - 1, 0) else "kernel_impl"
        raise NotImplementedError(f'"{op}_{kernel}" not implemented for '
                                  f"'{input.dtype._scalar_type}'")
    return x, (d if x.ndim else None)


@composite("softmax")
def softmax(input, dim=None, dtype=None, _stacklevel=3):
    if dtype is not None:       # torch casts first: a ToCopyBackward0 in the graph
        input = input.to(dtype)
    x, d = _prep(input, dim, None, "softmax")
    if not x.size:
        return record("softmax", x.copy(), input._device, (input,), SoftmaxBackward0, {"dim": d})
    with quiet:
        e = np.exp(x - np.max(x, axis=d, keepdims=True))
        y = e / e.sum(axis=d, keepdims=True)
    return record("softmax", y.astype(x.dtype, copy=False), input._device, (input,), SoftmaxBackward0, {"dim": d})


@composite("log_softmax")
def log_softmax(input, dim=None, dtype=None, _stacklevel=3):
    if dtype is not None:       # torch casts first: a ToCopyBackward0 in the graph
        input = input.to(dtype)
    x, d = _prep(input, dim, None, "log_softmax")
    if not x.size:
        return record("log_softmax", x.copy(), input._device, (input,), LogSoftmaxBackward0,
                      {"dim": d})
    with quiet:
        m = np.max(x, axis=d, keepdims=True)
        y = x - m - np.log(np.exp(x - m).sum(axis=d, keepdims=True))
    return record("log_softmax", y.astype(x.dtype, copy=False), input._device, (input,), LogSoftmaxBackward0, {"dim": d})
