"""Sorting and scans: sort, argsort, topk, cumsum, cumprod, unique; and flip and roll."""
import numpy as np

from ..compat.arg_parser import PythonArgParser
from ..compat.quiet import quiet
from ..compat.return_types import return_type
from ..compat.tensor_iterator import empty_preserving
from ..core.dispatch import composite, record
from ..core.graph import Node
from ..core.tensor import wrap_dim
from .gather import _add_along
from .reduce import _autograd_dtype


def _dims_list(dims, nd, op="flip"):
    if isinstance(dims, int):
        dims = (dims,)
    out = [wrap_dim(d, nd) for d in dims]
    for d in out:
        if out.count(d) > 1:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return tuple(out)


# ------------------------------------------------------------------ copies
class FlipBackward0(Node):
    _grad_versions = (0,)      # torch's flip copies; NumPy's is a view of the incoming grad

    def backward(self, g):
        return (np.flip(g, self.dims).copy(),)   # a fresh array, as torch's: .grad steals it


def flip(input, *dims):
    if len(dims) == 1 and isinstance(dims[0], (list, tuple)):
        dims = tuple(dims[0])
    nd = input._data.ndim
    d = _dims_list(dims, nd) if nd else ()
    out = empty_preserving(input._data)     # torch's flip keeps the input's memory layout
    out[...] = np.flip(input._data, d)
    return record("flip", out, input._device, (input,), FlipBackward0, {"dims": d})


class RollBackward0(Node):
    def backward(self, g):
        return (np.roll(g, tuple(-s for s in self.shifts), self.dims) if self.dims is not None
                else np.roll(g.reshape(-1), -self.shifts[0]).reshape(g.shape),)


def roll(input, shifts, dims=None):
    shifts = tuple(shifts) if isinstance(shifts, (list, tuple)) else (shifts,)
    a = input._data
    if dims is None:
        arr = np.roll(a.reshape(-1), shifts[0]).reshape(a.shape)
        return record("roll", arr, input._device, (input,), RollBackward0, {"shifts": shifts, "dims": None})
    dims = tuple(dims) if isinstance(dims, (list, tuple)) else (dims,)
    if len(dims) != len(shifts):
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, dims:{len(dims)}")
    dims = tuple(wrap_dim(d, a.ndim) for d in dims)
    if not a.ndim:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    # np.roll keeps the input's layout; torch's result is contiguous
    arr = np.ascontiguousarray(np.roll(a, shifts, dims))
    return record("roll", arr, input._device, (input,), RollBackward0,
                  {"shifts": shifts, "dims": dims})


# ------------------------------------------------------------------ sorting
class SortBackward0(Node):
    _grad_versions = (2,)      # measured: torch's zeros, then two in-place steps (scatter)

    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        if not self.self_sizes:
            return (g,)
        _add_along(out, self.indices, g, self.dim)
        return (out,)


TopkBackward0 = type("TopkBackward0", (SortBackward0,), {})


def _sort_idx(a, d, descending, stable=True):
    if descending:
        # stable descending: sort the reversed order of -a keeps equal items first-come
        if a.dtype == np.bool_ or a.dtype.kind == "u":
            key = -a.astype(np.int64)
        else:
            key = -a.astype(np.float64) if a.dtype.kind == "f" else -a.astype(np.int64)
        if a.dtype.kind == "f":     # NaN is the largest, before +inf: a second key
            nan = np.isnan(a)
            return np.lexsort((np.where(nan, 0, key), ~nan), axis=d)    # lexsort is stable
        return np.argsort(key, axis=d, kind="stable")
    return np.argsort(a, axis=d, kind="stable")


@composite("sort")
def sort(input, dim=-1, descending=False, stable=False):
    a = input._data
    if a.ndim == 0:
        wrap_dim(dim, 0)
        return return_type("sort", record("sort", a.copy(), input._device, (input,), SortBackward0,
                                          {"self_sizes": (), "dim": 0, "indices": None}),
                           record("sort", np.zeros((), np.int64), input._device, (), None))
    d = wrap_dim(dim, a.ndim)
    idx = _sort_idx(a, d, descending)
    vals = np.take_along_axis(a, idx, d)
    v = record("sort", vals, input._device, (input,), SortBackward0,
               {"self_sizes": a.shape, "dim": d, "indices": idx})
    return return_type("sort", v, record("sort", idx.astype(np.int64), input._device, (), None))


def argsort(input, dim=-1, descending=False, stable=False):
    a = input._data
    if a.ndim == 0:
        wrap_dim(dim, 0)       # a 0-d tensor still checks its dim: -1 or 0
        return record("argsort", np.zeros((), np.int64), input._device, (), None)
    d = wrap_dim(dim, a.ndim)
    return record("argsort", _sort_idx(a, d, descending).astype(np.int64), input._device, (), None)


@composite("topk")
def topk(input, k, dim=-1, largest=True, sorted=True):
    a = input._data
    d = wrap_dim(dim, a.ndim) if a.ndim else (wrap_dim(dim, 0) and 0)
    n = a.shape[d] if a.ndim else 1
    if k < 0 or k > n:
        raise RuntimeError("selected index k out of range")
    if a.dtype == np.bool_:
        raise RuntimeError("topk does not support bool dtypes on CPU")
    idx = np.take(_sort_idx(a, d, largest), np.arange(k), axis=d) if a.ndim else np.zeros((), np.int64)
    vals = np.take_along_axis(a, idx, d) if a.ndim else a.copy()
    v = record("topk", vals, input._device, (input,), TopkBackward0,
               {"self_sizes": a.shape, "dim": d, "indices": idx})
    return return_type("topk", v, record("topk", idx.astype(np.int64), input._device, (), None))


# --------------------------------------------------------------- cumulative
class CumsumBackward0(Node):
    _grad_versions = (0,)      # measured: a fresh tensor in torch

    def backward(self, g):
        if g.ndim == 0:
            return (g,)
        return (np.flip(np.cumsum(np.flip(g, self.dim), self.dim), self.dim).copy(),)


class CumprodBackward0(Node):
    saves = (("self", 0), ("result", -1))

    def backward(self, g):
        x, r = self.saved()
        if g.ndim == 0:
            return (g,)
        d = self.dim
        out = np.empty_like(g)
        n = x.shape[d]
        # d r_j / d x_i = prod_{k<=j, k!=i} x_k: exact also where x has zeros
        for i in range(n):
            xi = x.copy()
            np.put_along_axis(xi, np.full(xi.shape[:d] + (1,) + xi.shape[d + 1:], i), 1, d)
            part = np.cumprod(xi, d)
            mask = (np.arange(n) >= i).reshape((-1,) + (1,) * (x.ndim - d - 1))
            val = (g * part * mask).sum(axis=d, keepdims=True)
            np.put_along_axis(out, np.full(val.shape, i), val, d)
        return (out,)


def _cum(op, fn, node):
    def f(input, dim, *, dtype=None):
        a = input._data
        d = wrap_dim(dim, a.ndim)
        if dtype is not None:
            _autograd_dtype(input, dtype)
            a = a.astype(dtype.np)
        elif a.dtype.kind in "biu":
            a = a.astype(np.int64)
        if a.dtype == np.float16 and a.ndim:    # torch's opmath: in float32, rounded once
            with quiet:
                arr = fn(a, axis=d, dtype=np.float32).astype(np.float16)
        else:
            arr = fn(a, axis=d) if a.ndim else a.copy()
        return record(op, arr, input._device, (input,), node, {"dim": d})
    f.__name__ = op
    return f


# the ufuncs' own accumulate, not np.cumsum: a warning NumPy raises must come from a
# minitensor frame for the filter in _quiet.py to drop it
cumsum = _cum("cumsum", np.add.accumulate, CumsumBackward0)


cumprod = _cum("cumprod", np.multiply.accumulate, CumprodBackward0)


def _no_derivative(name, op):
    def backward(self, g):
        raise NotImplementedError(f"the derivative for '{op}' is not implemented.")
    return type(name, (Node,), {"backward": backward})


# torch records a node for unique on a tensor that requires grad, but cannot run it
_Unique2 = _no_derivative("Unique2Backward0", "_unique2")


_UniqueDim = _no_derivative("UniqueDimBackward0", "unique_dim")


_UNIQUE2 = PythonArgParser(["_unique2(Tensor input, bool sorted=True, bool return_inverse=False, "
                            "bool return_counts=False)"])


_UNIQUE_DIM = PythonArgParser(["unique_dim(Tensor input, int64_t dim, bool sorted=True, "
                               "bool return_inverse=False, bool return_counts=False)"])


@composite("unique")
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """torch.unique: the sorted distinct values (torch's CPU kernel sorts even when
    sorted=False), optionally with each element's index into them and their counts."""
    # torch.unique is Python; it passes its arguments by keyword to one of these parsers
    flags = {"sorted": sorted, "return_inverse": return_inverse, "return_counts": return_counts}
    if dim is None:
        _UNIQUE2.parse((input,), flags)
    else:
        _UNIQUE_DIM.parse((input, dim), flags)
    a = input._data
    if dim is not None:
        d = wrap_dim(dim, a.ndim)
        vals, inv, cnt = np.unique(a, return_inverse=True, return_counts=True, axis=d)
    else:
        vals, inv, cnt = np.unique(a.reshape(-1), return_inverse=True, return_counts=True)
        inv = inv.reshape(a.shape)
    node = _UniqueDim if dim is not None else _Unique2
    out = [record("unique", vals, input._device, (input,), node)]
    if return_inverse:
        out.append(record("unique", inv.astype(np.int64), input._device, (), None))
    if return_counts:
        out.append(record("unique", cnt.astype(np.int64), input._device, (), None))
    return out[0] if len(out) == 1 else tuple(out)
