"""Statistics: norms, variance, logsumexp, median."""
import builtins

import numpy as np

from ..compat.quiet import quiet
from ..compat.return_types import return_type
from ..compat.arg_parser import check_scalar, wrong_type
from ..core import dtypes as D
from ..core.dispatch import composite, record
from ..core.graph import Node
from ..core.tensor import wrap_dim
from .reduce import MaxBackward0, _F16, _dims, mean
from ..compat.warn_once import warn


class LinalgVectorNormBackward0(Node):
    """torch's norm_backward for a vector p-norm over ``dims`` (None: all)."""
    saves = (("self", 0), ("result", -1))

    def backward(self, g):
        x, r = self.saved()
        p = self.ord
        if p == 0:
            return (None,)             # torch: an undefined gradient
        if not self.keepdim and x.ndim:
            dims = tuple(range(x.ndim)) if self.dims is None else self.dims
            g, r = np.expand_dims(g, dims), np.expand_dims(r, dims)
        with quiet:
            if p == 1:
                out = np.sign(x) * g
            elif p == 2:
                out = g * np.where(r == 0, 0, x / r)
            elif np.isinf(p):
                ax = np.abs(x)
                mask = (ax == r) | np.isnan(ax)
                out = np.sign(x) * ((g / mask.sum(axis=self.dims, keepdims=True)) * mask)
            elif p < 1:
                scaled = np.sign(x) * np.where(x == 0, 0, np.abs(x) ** (p - 1))
                out = scaled * g * r ** (1 - p)
            else:
                scaled = (np.sign(x) * np.abs(x) ** (p - 1)) if p < 2 else x * np.abs(x) ** (p - 2)
                out = scaled * np.where(r == 0, 0, g / r ** (p - 1))
        return (out.astype(x.dtype, copy=False),)


def _vector_norm(input, ord, dims, keepdim):
    x = input._data
    if x.dtype.kind not in "fc":
        raise RuntimeError("linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {input.dtype._scalar_type}")
    if x.size == 0 and (ord < 0 or ord == float("inf")):
        raise RuntimeError(f"linalg.vector_norm cannot compute the {ord:g} norm on an empty tensor "
                           "because the operation does not have an identity")
    ax = np.abs(x)
    if x.dtype is _F16:         # measured: torch's half norms equal a float64 computation
        ax = ax.astype(np.float64)
    with quiet:
        if ord == 0:
            r = np.sum(ax != 0, axis=dims, keepdims=keepdim).astype(x.dtype)
        elif ord == float("inf"):
            r = np.max(ax, axis=dims, keepdims=keepdim)
        elif ord == float("-inf"):
            r = np.min(ax, axis=dims, keepdims=keepdim)
        elif ord == 1:
            r = np.sum(ax, axis=dims, keepdims=keepdim)
        elif ord == 2:
            r = np.sqrt(np.sum(ax * ax, axis=dims, keepdims=keepdim))
        else:
            r = np.sum(ax ** ord, axis=dims, keepdims=keepdim) ** (1.0 / ord)
    return record("linalg_vector_norm", np.asarray(r).astype(x.dtype, copy=False), input._device,
                  (input,), LinalgVectorNormBackward0,
                  {"ord": builtins.float(ord), "dims": dims, "keepdim": keepdim})


@composite("norm")
def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    """torch.norm: a vector norm (``linalg.vector_norm``) for a number or 'fro' ``p``."""
    if p == "fro" or p is None:
        p = 2
    elif p == "nuc":
        raise NotImplementedError("minitensor does not model the nuclear norm (p='nuc')")
    elif isinstance(p, str):        # torch hands any other string to matrix_norm
        raise RuntimeError(f"linalg.matrix_norm: Order {p} not supported.")
    elif not isinstance(p, (int, builtins.float)):      # (a bool is a Number too)
        raise wrong_type("linalg_vector_norm", "ord", "Number", p, 2)
    check_scalar(p)
    p = int(p) if type(p) is bool else p
    if dtype is not None:
        input = input.to(dtype)
    if input._data.dtype.kind not in "fc":      # torch checks the dtype before the dims
        return _vector_norm(input, p, None, keepdim)
    return _vector_norm(input, p, _dims(input, dim), keepdim)


# ------------------------------------------------------------ var, std, logsumexp
def _correction(unbiased, correction):
    if correction is not None:
        return correction
    if unbiased is None:
        return 1
    return 1 if unbiased else 0


def _var_args(dim, unbiased, keepdim):
    # var(dim, unbiased, keepdim) and var(unbiased) are both torch signatures
    if isinstance(dim, bool):
        return None, dim, keepdim
    return dim, unbiased, keepdim


def _var_core(op, input, dim, unbiased, keepdim, correction):
    dim, unbiased, keepdim = _var_args(dim, unbiased, keepdim)
    if input._data.dtype.kind != "f":
        raise RuntimeError("std and var only support floating point and complex dtypes")
    dims = _dims(input, dim, empty_is_all=True)
    c = _correction(unbiased, correction)
    x = input._data
    n = x.size if dims is None else int(np.prod([x.shape[d] for d in dims]))
    if n - c <= 0:
        warn(
            f"{op}(): degrees of freedom is <= 0. Correction should be strictly less than the "
            "reduction factor (input numel divided by output numel).", UserWarning)
    # torch accumulates in double (WelfordOps<scalar_t, double>) and rounds once at the
    # end, so float32 and float16 are computed in float64: (-3, 1e30, 2).std() is finite
    xa = x.astype(np.float64) if x.dtype != np.float64 else x
    with quiet:   # torch divides by max(0, n - correction): 0/0 gives nan, quietly
        m = np.mean(xa, axis=dims, keepdims=True)
        ss = np.sum((xa - m) ** 2, axis=dims, keepdims=keepdim)
        var = np.asarray(ss / builtins.max(0, n - c))
    if isinstance(dim, (tuple, list)) and not dim:
        n = 1       # measured: torch's backward counts an empty dim list as no elements
                    # reduced (its gradient is then inf/nan), though the forward reduced all
    return var, dims, keepdim, n, c, m      # var is float64: std takes its root before rounding


class VarBackward0(Node):
    saves = (("self", 0),)

    def backward(self, g):
        (x,) = self.saved()
        if self.dims is not None and not self.keepdim:
            g = np.expand_dims(g, self.dims)
        m = np.mean(x, axis=self.dims, keepdims=True)
        with quiet:
            return (g * 2 * (x - m) / (self.n - self.c),)


class StdBackward0(Node):
    saves = (("self", 0), ("result", -1))

    def backward(self, g):
        x, r = self.saved()
        if self.dims is not None and not self.keepdim:
            g, r = np.expand_dims(g, self.dims), np.expand_dims(r, self.dims)
        m = np.mean(x, axis=self.dims, keepdims=True)
        with quiet:
            return (g * (x - m) / ((self.n - self.c) * r),)


def var(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    v, dims, keepdim, n, c, _ = _var_core("var", input, dim, unbiased, keepdim, correction)
    with quiet:
        v = v.astype(input._data.dtype)
    return record("var", v, input._device, (input,), VarBackward0,
                  {"dims": dims, "keepdim": keepdim, "n": n, "c": c})


def std(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    v, dims, keepdim, n, c, _ = _var_core("std", input, dim, unbiased, keepdim, correction)
    with quiet:     # a float64 root too large for float16 rounds to inf, as in torch
        r = np.sqrt(v).astype(input._data.dtype)
    return record("std", r, input._device, (input,), StdBackward0,
                  {"dims": dims, "keepdim": keepdim, "n": n, "c": c})


@composite("var_mean")
def var_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return var(input, dim, unbiased, keepdim, correction=correction), mean(input, dim, keepdim)


@composite("std_mean")
def std_mean(input, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return std(input, dim, unbiased, keepdim, correction=correction), mean(input, dim, keepdim)


class LogsumexpBackward0(Node):
    saves = (("self", 0), ("result", -1))

    def backward(self, g):
        x, r = self.saved()
        if not self.keepdim:
            g, r = np.expand_dims(g, self.dims), np.expand_dims(r, self.dims)
        with quiet:
            return (g * np.exp(x - r),)


def logsumexp(input, dim, keepdim=False):
    x = input._data
    if x.dtype.kind != "f":
        x = x.astype(D.get_default_dtype().np)
    dims = _dims(input, dim)
    if dims is None:
        dims = tuple(range(x.ndim))
    with quiet:
        m = np.max(x, axis=dims, keepdims=True) if x.size else np.zeros((1,) * x.ndim, x.dtype)
        m = np.where(np.isinf(m), 0, m)
        r = np.log(np.sum(np.exp(x - m), axis=dims, keepdims=True)) + m
    if not keepdim:
        r = np.squeeze(r, dims)
    return record("logsumexp", r.astype(x.dtype), input._device, (input,), LogsumexpBackward0,
                  {"dims": dims, "keepdim": keepdim})


# ------------------------------------------------------------------ median
class MedianBackward0(Node):      # full median: the gradient goes to one element
    saves = ()
    _grad_versions = (1,)

    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        out.reshape(-1)[self.index] = g
        return (out,)


class MedianBackward1(MaxBackward0):
    pass


def _lower_median_index(a, axis):
    """torch's median is the lower of the two middle values, or the first NaN: NaN
    propagates (measured: median([1, nan, 3]) is nan at index 1)."""
    order = np.argsort(a, axis=axis, kind="stable")
    k = (a.shape[axis] - 1) // 2
    idx = np.take(order, k, axis=axis)
    if a.dtype.kind == "f":
        nan = np.isnan(a)
        idx = np.where(nan.any(axis=axis), np.argmax(nan, axis=axis), idx)
    return idx


@composite("median")
def median(input, dim=None, keepdim=False):
    a = input._data
    if dim is None:
        if a.dtype == np.bool_:
            raise NotImplementedError("\"median_cpu\" not implemented for 'Bool'")
        if a.size == 0:
            return record("median", np.asarray(np.nan, a.dtype), input._device, (input,), None)
        flat = a.reshape(-1)
        i = int(_lower_median_index(flat, 0))
        return record("median", flat[i].copy(), input._device, (input,), MedianBackward0,
                      {"self_sizes": a.shape, "index": i})
    d = wrap_dim(dim, a.ndim)
    if a.dtype == np.bool_:
        raise NotImplementedError("\"median_out\" not implemented for 'Bool'")
    if a.ndim == 0:
        return return_type("median", record("median", a.copy(), input._device, (input,),
                                            MedianBackward1, {"self_sizes": (), "dim": 0,
                                                              "keepdim": keepdim, "indices": None}),
                           record("median", np.zeros((), np.int64), input._device, (), None))
    if not a.shape[d]:
        raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")
    return _selected("median", input, _lower_median_index(a, d), d, keepdim, MedianBackward1)


def _selected(op, input, idx, d, keepdim, node):
    """(values, indices) of the elements ``idx`` picks along ``d`` (median, kthvalue)."""
    a = input._data
    vals = np.take_along_axis(a, np.expand_dims(idx, d), axis=d)
    if not keepdim:
        vals = np.squeeze(vals, d)
    else:
        idx = np.expand_dims(idx, d)
    values = record(op, vals, input._device, (input,), node,
                    {"self_sizes": a.shape, "dim": d, "keepdim": keepdim, "indices": idx})
    return return_type(op, values, record(op, idx.astype(np.int64), input._device, (), None))


class KthvalueBackward0(MaxBackward0):
    pass


@composite("kthvalue")
def kthvalue(input, k, dim=-1, keepdim=False):
    """The k-th smallest element along ``dim`` and its index (NaN counts as largest)."""
    a = input._data
    d = wrap_dim(dim, a.ndim)
    n = a.shape[d] if a.ndim else 1
    if not 1 <= k <= n:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {d}")
    if a.dtype == np.bool_:
        raise NotImplementedError("\"kthvalue_cpu\" not implemented for 'Bool'")
    if a.ndim == 0:
        return return_type("kthvalue", record("kthvalue", a.copy(), input._device, (input,),
                                              KthvalueBackward0, {"self_sizes": (), "dim": 0,
                                                                  "keepdim": keepdim, "indices": None}),
                           record("kthvalue", np.zeros((), np.int64), input._device, (), None))
    idx = np.take(np.argsort(a, axis=d, kind="stable"), k - 1, axis=d)
    return _selected("kthvalue", input, idx, d, keepdim, KthvalueBackward0)


# ------------------------------------------- torch's argument-parser messages
# torch parses ``x.max(...)`` and ``torch.max(x, ...)`` against different signature
# lists, so a bad ``dim`` gets a different message from the method and the function.
