"""Joining tensors: cat and stack, and repeat (a tensor joined with copies of itself)."""
import numpy as np

from ..compat.arg_parser import OVERFLOW, int_list, is_int_arg, overflows, wrong_type
from ..core.dtypes import type_name as tp_name
from ..core.dispatch import composite, record
from ..core.graph import Node
from ..core.tensor import Tensor, wrap_dim
from .copy import check_out, write_out
from .operands import result_dtype, _device_of
from .view import reshape


class CatBackward0(Node):
    saves = ()

    def backward(self, g):
        out = []
        start = 0
        for n in self.sizes:
            idx = [slice(None)] * g.ndim
            idx[self.dim] = slice(start, start + n)
            out.append(g[tuple(idx)] if n is not None else None)
            start += n or 0
        return tuple(out)


class StackBackward0(Node):
    saves = ()

    def backward(self, g):
        # views of g, as torch's unbind: the engine sees they share one storage
        lead = (slice(None),) * self.dim
        return tuple(g[lead + (i, Ellipsis)] for i in range(g.shape[self.dim]))


def _tensors(op, tensors, dim=0):
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)):
        raise wrong_type(op, "tensors", "tuple of Tensors", tensors, 1)
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(
                f"expected Tensor as element {i} in argument 0, but got {tp_name(t)}")
    if not is_int_arg(dim):     # the parser's check, before the op's
        raise wrong_type(op, "dim", "int", dim, 2)
    if overflows(dim):
        raise ValueError(OVERFLOW)
    if not tensors:
        if op == "stack":
            raise RuntimeError("stack expects a non-empty TensorList")
        raise ValueError(f"torch.{op}(): expected a non-empty list of Tensors")
    return tuple(tensors)


@composite("cat")
def cat(tensors, dim=0, *, out=None):
    if out is not None:
        check_out("cat", out, tuple(tensors))
        return write_out("cat", out, cat(tensors, dim), tuple(tensors))
    ts = _tensors("cat", tensors, dim)
    # torch skips legacy empty 1-d tensors of shape [0]
    for i, t in enumerate(ts):      # checked first, for every input, before the dim
        if t._data.ndim == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    real = [t for t in ts if not (t._data.ndim == 1 and t._data.shape[0] == 0)] or list(ts[:1])
    ref = real[0]
    d = wrap_dim(dim, ref._data.ndim)
    for i, t in enumerate(real):
        if t._data.ndim != ref._data.ndim:
            raise RuntimeError(
                f"Tensors must have same number of dimensions: got {ref._data.ndim} and {t._data.ndim}")
        for k in range(ref._data.ndim):
            if k != d and t._data.shape[k] != ref._data.shape[k]:
                raise RuntimeError(
                    f"Sizes of tensors must match except in dimension {d}. Expected size "
                    f"{ref._data.shape[k]} but got size {t._data.shape[k]} for tensor number {next(j for j, x in enumerate(ts) if x is t)} in the list.")
    dt = result_dtype(*[t for t in ts])
    dev = _device_of("cat", ts)
    # torch writes a contiguous result; NumPy would follow the inputs' layout
    arr = np.ascontiguousarray(np.concatenate([t._data.astype(dt.np, copy=False) for t in real], axis=d))
    sizes = [t._data.shape[d] if any(t is r for r in real) else 0 for t in ts]  # identity: == is elementwise
    return record("cat", arr, dev, ts, CatBackward0, {"dim": d, "sizes": sizes})


concat = concatenate = cat


@composite("stack")
def stack(tensors, dim=0, *, out=None):
    if out is not None:
        check_out("stack", out, tuple(tensors))
        return write_out("stack", out, stack(tensors, dim), tuple(tensors))
    ts = _tensors("stack", tensors, dim)
    shape = ts[0]._data.shape
    d = wrap_dim(dim, len(shape) + 1)
    for i, t in enumerate(ts):
        if t._data.shape != shape:
            raise RuntimeError(
                f"stack expects each tensor to be equal size, but got [{', '.join(map(str, shape))}] at "
                f"entry 0 and [{', '.join(map(str, t._data.shape))}] at entry {i}")
    dt = result_dtype(*ts)
    dev = _device_of("stack", ts)
    arr = np.ascontiguousarray(np.stack([t._data.astype(dt.np, copy=False) for t in ts], axis=d))
    return record("stack", arr, dev, ts, StackBackward0, {"dim": d})


def _atleast(ts, n):
    out = []
    for t in ts:
        shp = t._data.shape
        if len(shp) >= n:
            out.append(t)
        elif n == 1:
            out.append(reshape(t, 1))
        elif n == 2:
            out.append(reshape(t, (1,) + shp if shp else (1, 1)))
        else:
            out.append(reshape(t, ((1,) + shp + (1,)) if len(shp) == 1 else (1, 1, 1) if not shp else shp + (1,)))
    return out


@composite("hstack")
def hstack(tensors, *, out=None):
    ts = _atleast(_tensors("hstack", tensors), 1)
    return cat(ts, 0 if ts[0]._data.ndim == 1 else 1)


@composite("vstack")
def vstack(tensors, *, out=None):
    return cat(_atleast(_tensors("vstack", tensors), 2), 0)


row_stack = vstack


@composite("dstack")
def dstack(tensors, *, out=None):
    return cat(_atleast(_tensors("dstack", tensors), 3), 2)


@composite("column_stack")
def column_stack(tensors, *, out=None):
    ts = [reshape(t, -1, 1) if t._data.ndim <= 1 else t for t in _tensors("column_stack", tensors)]
    return cat(ts, 1)


# ------------------------------------------------------------------ repeat
class RepeatBackward0(Node):
    def backward(self, g):
        shp = self.self_sizes
        lead = len(self.repeats) - len(shp)
        full = (1,) * lead + tuple(shp)
        # split every dim k into (repeats[k], full[k]) and sum the repeat axes
        g = g.reshape(tuple(x for r, n in zip(self.repeats, full) for x in (r, n)))
        g = g.sum(axis=tuple(range(0, g.ndim, 2)))
        return (g.reshape(shp),)


def tile(self, *dims):
    """torch.tile: repeat, with the reps padded by leading 1s to the tensor's rank."""
    reps = int_list(dims, "tile")
    nd = self._data.ndim
    if len(reps) < nd:
        reps = (1,) * (nd - len(reps)) + tuple(reps)
    return repeat(self, *reps)


def repeat(self, *sizes):
    reps = int_list(sizes, "repeat")
    shp = self._data.shape
    if len(reps) < len(shp):
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number of "
                           "dimensions of tensor")
    full = (1,) * (len(reps) - len(shp)) + tuple(shp)
    target = [r * n for r, n in zip(reps, full)]
    for n in target:
        if n < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {n}: "
                               f"[{', '.join(map(str, target))}]")
    arr = np.tile(self._data.reshape(full), reps)
    return record("repeat", np.ascontiguousarray(arr), self._device, (self,), RepeatBackward0,
                  {"self_sizes": shp, "repeats": reps})
