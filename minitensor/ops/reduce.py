"""Reductions: sum, mean, prod, max/min (with dim: a (values, indices) pair), argmax,
all/any. The gradient of a reduction spreads back over the reduced dims."""
import builtins

import numpy as np

from ..compat.quiet import quiet
from ..compat.return_types import return_types_max, return_types_min
from ..core.dispatch import composite, needs_grad, record
from ..core.graph import Node, input_sizes
from ..core.tensor import Tensor, wrap_dim
from .pointwise import maximum, minimum

_F16 = np.dtype(np.float16)
_F32 = np.dtype(np.float32)


builtins_all, builtins_any = builtins.all, builtins.any


def _dims(t, dim, empty_is_all=False):
    """The reduced dims as a tuple (None: all). ``empty_is_all``: sum, mean, var and std
    read an empty dim list as every dim (torch's old convention), the others as none."""
    nd = t._data.ndim
    if dim is None:
        return None
    if isinstance(dim, (list, tuple)):
        if not dim and empty_is_all:
            return None
        out = tuple(wrap_dim(d, nd) for d in dim)      # a 0-d tensor takes dims -1 and 0
        if len(set(out)) != len(out):
            raise RuntimeError(f"dim {out[0]} appears multiple times in the list of dims")
        return out if nd else ()
    d = wrap_dim(dim, nd)
    return (d,) if nd else ()


def _expand_back(g, shape, dims, keepdim):
    if dims is not None and not keepdim:
        g = np.expand_dims(g, tuple(sorted(dims)))
    return np.broadcast_to(g, shape)


class SumBackward0(Node):   # full reduction
    saves = ()
    self_sizes = property(input_sizes)

    def backward(self, g):
        return (np.broadcast_to(g, self.self_sizes),)


class SumBackward1(Node):   # over dims
    saves = ()

    def backward(self, g):
        return (_expand_back(g, self.self_sizes, self.dims, self.keepdim),)


class MeanBackward0(Node):
    saves = ()

    def backward(self, g):
        # torch: grad.expand(sizes) / n, a new dense tensor that AccumulateGrad can steal;
        # every element is g / n, so fill one (np.broadcast_to alone costs a few us)
        out = np.empty(self.self_sizes, g.dtype)
        out.fill(g / self.n)
        return (out,)


class MeanBackward1(Node):
    saves = ()

    def backward(self, g):
        return (_expand_back(g, self.self_sizes, self.dims, self.keepdim) / self.n,)


class ProdBackward0(Node):
    saves = (("self", 0), ("result", -1))

    def backward(self, g):
        x, r = self.saved()
        if x.ndim == 0:
            return (g,)      # torch's prod_backward passes the gradient of a 0-d input through
        with quiet:
            return (np.where(x != 0, g * r / np.where(x == 0, 1, x), g * _prod_without(x, None)),)


class ProdBackward1(Node):
    saves = (("self", 0), ("result", -1))

    def backward(self, g):
        x, r = self.saved()
        d = self.dim
        if not x.ndim:              # prod(0) of a 0-d tensor is the tensor itself
            return (g,)
        if not self.keepdim:
            g, r = np.expand_dims(g, d), np.expand_dims(r, d)
        with quiet:
            return (np.where(x != 0, g * r / np.where(x == 0, 1, x), g * _prod_without(x, d)),)


def _prod_without(x, dim):
    """Product of all other elements (the gradient where x == 0)."""
    flat = x.reshape(-1) if dim is None else np.moveaxis(x, dim, -1)
    n = flat.shape[-1]
    out = np.empty_like(flat)
    for i in range(n):
        out[..., i] = np.prod(np.delete(flat, i, axis=-1), axis=-1)
    return out.reshape(x.shape) if dim is None else np.moveaxis(out, -1, dim)


class MaxBackward1(Node):   # full max/min: grad split evenly among ties
    saves = (("self", 0), ("result", -1))
    _grad_versions = (1,)     # torch's evenly_distribute_backward writes its result in place

    def backward(self, g):
        x, r = self.saved()
        m = x == r
        return (g * m / g.dtype.type(m.sum()),)


MinBackward1 = type("MinBackward1", (MaxBackward1,), {"__slots__": ()})


class MaxBackward0(Node):   # max(dim): grad goes to the chosen index
    saves = ()
    _grad_versions = (2,)     # torch: zeros, then two in-place steps (scatter_ of the values)

    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        if not self.self_sizes:     # max(0) of a 0-d tensor: the one element gets it all
            out[...] = g
            return (out,)
        idx = self.indices if self.keepdim else np.expand_dims(self.indices, self.dim)
        gg = g if self.keepdim else np.expand_dims(g, self.dim)
        np.put_along_axis(out, idx, gg, axis=self.dim)
        return (out,)


MinBackward0 = type("MinBackward0", (MaxBackward0,), {"__slots__": ()})


def _autograd_dtype(t, dtype):
    """A differentiable op asked for an integer result from a tensor that requires grad:
    torch's autograd refuses to record it."""
    if dtype.np.kind not in "fc" and needs_grad((t,)):
        raise RuntimeError(f"Autograd not support dtype: {dtype._scalar_type}")


def _sum_dtype(t, dtype):
    if dtype is not None:
        _autograd_dtype(t, dtype)
        return dtype.np
    k = t._data.dtype.kind
    return np.int64 if k in "biu" else t._data.dtype


def sum(input, dim=None, keepdim=False, *, dtype=None):
    if dim is None and dtype is None and not keepdim and type(input) is Tensor:
        x = input._data           # fast path: t.sum() of a float32/float64 tensor
        dt = x.dtype
        if dt is _F32 or dt is _F64:    # (NumPy's native dtypes are singletons)
            # (into a 0-d array: the reduce would return a scalar)
            return record("sum", _add_reduce(x, None, None, _empty((), dt)), input._device,
                          (input,), SumBackward0)
    dims = _dims(input, dim, empty_is_all=True)
    out_dt = _sum_dtype(input, dtype)
    if input._data.dtype is _F16 and np.dtype(out_dt) is _F16:
        arr = _half_sum(input._data, dims, keepdim)
    else:
        # the ufunc's reduce, not np.sum: an overflow warning then comes from this frame,
        # which the filter _quiet installs drops (as for the hot out-of-place ops)
        arr = _add_reduce(input._data, dims, out_dt, None, keepdim)
    if dims is None and dim is None:
        return record("sum", arr, input._device, (input,), SumBackward0)
    return record("sum", arr, input._device, (input,), SumBackward1,
                  {"self_sizes": input._data.shape, "dims": dims, "keepdim": keepdim})


_add_reduce = np.add.reduce


_empty = np.empty


_F64 = np.dtype(np.float64)


def _half_sum(x, axis, keepdims):
    """torch sums float16 in float32 (its opmath type) and rounds once; NumPy would round
    every partial sum to half. Measured: 0 of 300 random sums differ from torch's."""
    with quiet:
        return np.asarray(np.add.reduce(x, axis, np.float32, keepdims=keepdims)).astype(_F16)


def mean(input, dim=None, keepdim=False, *, dtype=None):
    if dim is None and dtype is None and not keepdim and type(input) is Tensor:
        x = input._data           # fast path: t.mean() of a non-empty float tensor
        if x.dtype.kind == "f" and x.size and x.dtype is not _F16:
            arr = _add_reduce(x, None)
            arr /= x.size
            return record("mean", arr, input._device, (input,), MeanBackward0,
                          {"self_sizes": x.shape, "n": x.size})
    if dtype is None and input._data.dtype.kind != "f":
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating point or "
            f"complex dtype. Got: {input.dtype._scalar_type}")
    if dtype is not None and not dtype.is_floating_point:
        raise RuntimeError(
            "mean(): could not infer output dtype. Optional dtype must be either a floating point "
            f"or complex dtype. Got: {dtype._scalar_type}")
    dims = _dims(input, dim, empty_is_all=True)
    # a half result is averaged in float32 from the input itself (torch's opmath), so an
    # int32 70000 is not rounded to inf before it is divided
    x = input._data if dtype is None else input._data.astype(
        np.float32 if dtype.np == np.float16 else dtype.np)
    if x.size == 0 or (dims is not None and builtins_any(x.shape[d] == 0 for d in dims)):
        # NumPy warns "Mean of empty slice"; torch quietly gives nan
        arr = np.full(np.sum(x, axis=dims, keepdims=keepdim).shape, np.nan, x.dtype)
    elif x.dtype is _F16:     # in float32, rounded once (as _half_sum)
        with quiet:
            arr = np.asarray(np.mean(x, axis=dims, keepdims=keepdim, dtype=np.float32)).astype(_F16)
    else:
        arr = np.mean(x, axis=dims, keepdims=keepdim, dtype=x.dtype)
    if dtype is not None and dtype.np == np.float16:
        with quiet:
            arr = np.asarray(arr).astype(np.float16)
    if dims is None:
        return record("mean", arr, input._device, (input,), MeanBackward0,
                      {"self_sizes": input._data.shape, "n": input._data.size})
    n = 1
    for d in dims:
        n *= input._data.shape[d]
    return record("mean", arr, input._device, (input,), MeanBackward1,
                  {"self_sizes": input._data.shape, "dims": dims, "keepdim": keepdim, "n": n})


def _prod(x, axis, dtype, keepdims):
    """np.multiply.reduce (not np.prod, see _quiet.py); for float16 the last of the running
    products, because torch rounds every partial product to half (6e4 * -6e4 * 0 is nan,
    not -0.). Measured: 0 of 300 random half products differ from torch's."""
    if np.dtype(dtype) == np.float16 and x.shape[axis]:
        r = np.take(np.multiply.accumulate(x, axis, dtype), [-1], axis=axis)
        return r if keepdims else np.squeeze(r, axis)
    return np.multiply.reduce(x, axis, dtype, keepdims=keepdims)


def prod(input, dim=None, keepdim=False, *, dtype=None):
    out_dt = _sum_dtype(input, dtype)
    if dim is None:
        arr = _prod(input._data.reshape(-1), 0, out_dt, False)
        return record("prod", arr, input._device, (input,), ProdBackward0)
    d = wrap_dim(dim, input._data.ndim)
    arr = _prod(input._data, d, out_dt, keepdim) if input._data.ndim else input._data.astype(out_dt)
    return record("prod", arr, input._device, (input,), ProdBackward1, {"dim": d, "keepdim": keepdim})


def _extreme(name, input, dim, keepdim, np_fn, arg_fn, full_node, dim_node, rtype):
    if isinstance(dim, Tensor):
        return (maximum if name == "max" else minimum)(input, dim)
    if dim is None:
        if input._data.size == 0:
            raise RuntimeError(
                f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
                "Specify the reduction dim with the 'dim' argument.")
        return record(name, np_fn(input._data), input._device, (input,), full_node)
    nd = input._data.ndim
    d = wrap_dim(dim, nd)
    if nd == 0:
        return rtype(record(name, input._data.copy(), input._device, (input,), dim_node,
                            {"self_sizes": (), "dim": 0, "keepdim": True,
                             "indices": np.zeros((), np.int64)}),
                     record(name, np.zeros((), np.int64), input._device, (), None))
    if input._data.shape[d] == 0:
        raise IndexError(
            f"{name}(): Expected reduction dim {d} to have non-zero size.")
    idx = arg_fn(input._data, axis=d)
    vals = np.take_along_axis(input._data, np.expand_dims(idx, d), axis=d)
    if not keepdim:
        vals = np.squeeze(vals, d)
    else:
        idx = np.expand_dims(idx, d)
    values = record(name, vals, input._device, (input,), dim_node,
                    {"self_sizes": input._data.shape, "dim": d, "keepdim": keepdim,
                     "indices": idx})
    indices = record(name, idx.astype(np.int64), input._device, (), None)
    return rtype(values, indices)


@composite("max")
def max(input, dim=None, keepdim=False):
    return _extreme("max", input, dim, keepdim, np.max, np.argmax, MaxBackward1, MaxBackward0, return_types_max)


@composite("min")
def min(input, dim=None, keepdim=False):
    return _extreme("min", input, dim, keepdim, np.min, np.argmin, MinBackward1, MinBackward0, return_types_min)


class AmaxBackward0(Node):
    """amax/amin: the gradient is shared evenly among the tied extremes."""
    saves = (("self", 0), ("result", -1))

    def backward(self, g):
        x, r = self.saved()
        dims, keep = self.dims, self.keepdim
        if dims is not None and not keep:
            r, g = np.expand_dims(r, dims), np.expand_dims(g, dims)
        m = x == r
        return (g * m / m.sum(axis=dims, keepdims=True).astype(g.dtype),)


AminBackward0 = type("AminBackward0", (AmaxBackward0,), {"__slots__": ()})


def _amax(name, fn, node):
    def f(input, dim=(), keepdim=False):
        dims = _dims(input, dim) if dim != () and dim != [] else None
        a = input._data
        if a.size == 0 and (dims is None or builtins_any(a.shape[d] == 0 for d in dims)):
            raise IndexError(
                f"{name}(): Expected reduction dim {dims[0] if dims else 0} to have non-zero size.")
        arr = fn(a, axis=dims, keepdims=keepdim)
        return record(name, arr, input._device, (input,), node,
                      {"dims": tuple(range(a.ndim)) if dims is None and a.ndim else dims,
                       "keepdim": keepdim or dims is None})
    f.__name__ = name
    return f


amax = _amax("amax", np.max, AmaxBackward0)


amin = _amax("amin", np.min, AminBackward0)


def _arg_extreme(name, np_fn, input, dim, keepdim):
    a = input._data
    if a.dtype == np.bool_:       # checked before the dim, as torch does
        raise RuntimeError(f"{name}(): does not support bool input")
    if dim is None:
        if not a.size:
            raise IndexError(f"{name}(): Expected reduction dim to be specified for "
                             "input.numel() == 0.")
        r = np_fn(a)
        if keepdim:
            r = np.reshape(r, (1,) * a.ndim)
    else:
        d = wrap_dim(dim, a.ndim)
        if a.ndim and not a.shape[d]:
            raise IndexError(f"{name}(): Expected reduction dim {d} to have non-zero size.")
        r = np_fn(a, axis=d, keepdims=keepdim) if a.ndim else np.int64(0)
    return record(name, np.asarray(r, np.int64), input._device, (input,), None)


def argmax(input, dim=None, keepdim=False):
    return _arg_extreme("argmax", np.argmax, input, dim, keepdim)


def argmin(input, dim=None, keepdim=False):
    return _arg_extreme("argmin", np.argmin, input, dim, keepdim)


def _logical_reduction(op, fn, input, dim, keepdim):
    a = input._data
    r = fn(a, axis=_dims(input, dim), keepdims=keepdim)
    if a.dtype == np.uint8:         # torch keeps uint8 (an old byte-mask convention)
        r = np.asarray(r, np.uint8)
    return record(op, r, input._device, (input,), None)


def all(input, dim=None, keepdim=False):
    return _logical_reduction("all", np.all, input, dim, keepdim)


def any(input, dim=None, keepdim=False):
    return _logical_reduction("any", np.any, input, dim, keepdim)


def count_nonzero(input, dim=None):
    r = np.count_nonzero(input._data, axis=_dims(input, dim))
    return record("count_nonzero", np.asarray(r, np.int64), input._device, (input,), None)


NansumBackward0 = type("NansumBackward0", (Node,), {
    "saves": (("self", 0),),
    "backward": lambda self, g: (_expand_back(g, self.self_sizes, self.dims, self.keepdim)
                                 * ~np.isnan(self.saved()[0]),)})


def nansum(input, dim=None, keepdim=False, *, dtype=None):
    """sum with NaN counted as 0; its gradient is 0 where the input was NaN."""
    a = input._data
    if a.dtype.kind != "f":
        return sum(input, dim, keepdim, dtype=dtype)
    dims = _dims(input, dim, empty_is_all=True)
    out_dt = _sum_dtype(input, dtype)
    with quiet:
        arr = np.add.reduce(np.where(np.isnan(a), 0, a).astype(a.dtype), dims, out_dt,
                            keepdims=keepdim)
    return record("nansum", arr, input._device, (input,), NansumBackward0,
                  {"self_sizes": a.shape, "dims": dims, "keepdim": keepdim})
