"""Ops that pick elements by an index tensor or a mask, and ``scatter``: gather's inverse,
which writes elements to the places an index tensor names."""

import numpy as np

from ..compat.arg_parser import check, wrong_type
from ..compat.memory_overlap import assert_no_internal_overlap
from ..compat.messages import CPP_NAMES
from ..compat.numerics import scalar_to
from ..core.dispatch import check_inplace, record, inplace
from ..core.graph import Node
from ..core.tensor import Tensor, wrap_dim
from .binary import _NotImplementedNode
from .operands import broadcast_error
from ..compat.warn_once import warn


def _need_tensor(op, name, pos, x):
    if not isinstance(x, Tensor):
        raise wrong_type(op, name, "Tensor", x, pos)


def _scatter_into(shape, dtype, idx, g):
    out = np.zeros(shape, dtype)
    np.add.at(out, idx, g)
    return out


class IndexSelectBackward0(Node):
    def backward(self, g):
        idx = [slice(None)] * len(self.self_sizes)
        idx[self.dim] = self.index
        return (_scatter_into(self.self_sizes, g.dtype, tuple(idx), g),)


def _index_dtype_ok(index):
    return index._data.dtype in (np.int64, np.int32)


def index_select(input, dim, index):
    _need_tensor("index_select", "index", 2, index)
    nd = input._data.ndim
    d = wrap_dim(dim, nd)
    if index._data.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if not _index_dtype_ok(index):
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    ix = index._data.reshape(-1)
    n = input._data.shape[d] if nd else 1
    if ix.size and (ix.max() >= n or ix.min() < -n):
        raise IndexError("index out of range in self")
    arr = np.take(input._data, ix, axis=d) if nd else input._data.copy()
    return record("index_select", arr, input._device, (input,), IndexSelectBackward0,
                  {"self_sizes": input._data.shape, "dim": d, "index": ix})


class GatherBackward0(Node):
    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        _add_along(out, self.index, g, self.dim)
        return (out,)


def _add_along(out, index, values, dim):
    idx = list(np.indices(index.shape, sparse=True))
    idx[dim] = index
    np.add.at(out, tuple(idx), values)


def gather(input, dim, index, *, sparse_grad=False):
    _need_tensor("gather", "index", 3, index)
    a = input._data
    d = wrap_dim(dim, a.ndim)
    if not _index_dtype_ok(index):
        raise RuntimeError("gather(): Expected dtype int32/int64 for index")
    ix = index._data
    if ix.ndim != a.ndim:
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    for k in range(a.ndim):
        if k != d and ix.shape[k] > a.shape[k]:
            raise RuntimeError(
                f"Size does not match at dimension {k} expected index [{', '.join(map(str, ix.shape))}] to be "
                f"no larger than self [{', '.join(map(str, a.shape))}] apart from dimension {d}")
    n = a.shape[d]
    if ix.size and (ix.max() >= n or ix.min() < 0):
        bad = ix.max() if ix.max() >= n else ix.min()
        raise RuntimeError(f"index {bad} is out of bounds for dimension {d} with size {n}")
    idx = list(np.indices(ix.shape, sparse=True))
    idx[d] = ix
    return record("gather", a[tuple(idx)], input._device, (input,), GatherBackward0,
                  {"self_sizes": a.shape, "dim": d, "index": ix.astype(np.int64)})


def take_along_dim(input, indices, dim=None):
    if dim is None:
        return gather(input.reshape(-1), 0, indices.reshape(-1))
    return gather(input, dim, indices)


class TakeBackward0(Node):
    def backward(self, g):
        out = np.zeros(int(np.prod(self.self_sizes)), g.dtype)
        np.add.at(out, self.index, g)
        return (out.reshape(self.self_sizes),)


def take(input, index):
    _need_tensor("take", "index", 2, index)
    n = input._data.size
    ix = index._data
    if ix.size and (ix.max() >= n or ix.min() < -n):
        bad = ix.max() if ix.max() >= n else ix.min()
        raise IndexError(f"out of range: tried to access index {bad} on a tensor of {n} elements.")
    ix = np.where(ix < 0, ix + n, ix)
    return record("take", input._data.reshape(-1)[ix], input._device, (input,), TakeBackward0,
                  {"self_sizes": input._data.shape, "index": ix})



# ------------------------------------------------------------------ scatter
class ScatterBackward0(Node):
    """scatter with a src tensor: the overwritten places pass no gradient back to self;
    src's gradient is gathered from where its elements went."""
    saves = (("index", 1),)
    _no_edge = (1,)        # the index has no edge in torch's graph

    def backward(self, g):
        gx, where = _unscattered(self, g)     # torch's grad.gather(dim, index): index's shape
        return gx, g.reshape(g.shape or (1,))[where].reshape(self.saved()[0].shape)


class ScatterBackward1(Node):      # scatter with a number
    saves = (("index", 1),)
    _no_edge = (1,)

    def backward(self, g):
        return (_unscattered(self, g)[0],)


def _unscattered(node, g):
    """self's gradient (zero where scatter wrote) and where scatter wrote."""
    index, = node.saved()
    where = _along(index.reshape(index.shape or (1,)).astype(np.int64), node.dim)
    gx = g.reshape(g.shape or (1,)).copy()
    gx[where] = 0
    return gx.reshape(g.shape), where


class _ScatterReduceNode(_NotImplementedNode):
    """scatter(reduce=...) has no derivative in torch: its node is NotImplemented."""
    op = "scatter"


_warned_reduce = False


def _along(index, dim):
    """NumPy's fancy index for "element i of index goes to position index[i] along dim"."""
    idx = list(np.indices(index.shape, sparse=True))
    idx[dim] = index
    return tuple(idx)


def _scattered(self, dim, index, src, value, reduce):
    """The checks torch makes (in its order) and the values after the scatter."""
    a = self._data
    d = wrap_dim(dim, a.ndim)
    if reduce is not None and reduce not in ("add", "multiply"):
        raise RuntimeError("reduce argument must be either add or multiply.")
    if not _index_dtype_ok(index):
        raise RuntimeError("scatter(): Expected dtype int32/int64 for index")
    if src is not None and src._data.dtype != a.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
    ix = index._data
    nd = max(a.ndim, 1)        # a 0-d tensor scatters as a 1-element vector
    if max(ix.ndim, 1) != nd:
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    if src is not None and max(src._data.ndim, 1) != nd:
        raise RuntimeError("Index tensor must have the same number of dimensions as src tensor")
    a1, ix1 = a.reshape(a.shape or (1,)), ix.reshape(ix.shape or (1,))
    s1 = None if src is None else src._data.reshape(src._data.shape or (1,))
    if ix1.size:
        too_big = any(k != d and ix1.shape[k] > a1.shape[k] for k in range(nd))
        if too_big or (s1 is not None and any(i > s for i, s in zip(ix1.shape, s1.shape))):
            msg = (f"Expected index {list(ix1.shape)} to be no larger than self "
                   f"{list(a.shape)} apart from dimension {d}")
            if s1 is not None:
                msg += f" and to be no larger size than src {list(src._data.shape)}"
            raise RuntimeError(msg)
        n = a1.shape[d]
        if ix1.max() >= n or ix1.min() < 0:
            bad = ix1.max() if ix1.max() >= n else ix1.min()
            raise RuntimeError(f"index {bad} is out of bounds for dimension {d} with size {n}")
    ix1 = ix1.astype(np.int64)
    out = a1.copy()
    if s1 is None:
        new = np.broadcast_to(np.asarray(scalar_to(value, a.dtype)).astype(a.dtype), ix1.shape)
    else:
        new = s1[tuple(slice(0, k) for k in ix1.shape)]
    if reduce is None:          # each element to its place (the last write wins)
        out[_along(ix1, d)] = new
    else:                       # or added to / multiplied into what is there
        (np.add if reduce == "add" else np.multiply).at(out, _along(ix1, d), new)
        global _warned_reduce
        if src is not None and not _warned_reduce:      # torch warns once per process
            _warned_reduce = True
            warn("The reduce argument of torch.scatter with Tensor src is deprecated and "
                          "will be removed in a future PyTorch release. Use torch.scatter_reduce "
                          "instead for more reduction options.", UserWarning)
    node, inputs = (ScatterBackward1, (self, index)) if src is None else (ScatterBackward0, (self, index, src))
    if reduce is not None:
        node = _ScatterReduceNode
    return out.reshape(a.shape), node, inputs, {"dim": d}


def _src_or_value(src, value):
    """torch's parser binds a Tensor as src and a number as value (either by position)."""
    if isinstance(src, Tensor):
        return src, None
    value = src if value is None else value
    return None, (value.item() if isinstance(value, Tensor) else value)


def scatter(input, dim, index, src=None, value=None, *, reduce=None):
    src, value = _src_or_value(src, value)
    arr, node, inputs, attrs = _scattered(input, dim, index, src, value, reduce)
    return record("scatter", arr, input._device, inputs, node, attrs)


def scatter_(self, dim, index, src=None, value=None, *, reduce=None):
    src, value = _src_or_value(src, value)
    arr, node, inputs, attrs = _scattered(self, dim, index, src, value, reduce)
    assert_no_internal_overlap(self._data)
    return inplace("scatter_", self, arr, inputs, node, attrs)

# ------------------------------------------------------------------ masks
def _check_mask(op, mask, dtype=True):
    if not isinstance(mask, Tensor):
        raise wrong_type(op, "mask", "Tensor", mask, 1)
    if dtype and mask._data.dtype != np.bool_:
        raise RuntimeError(f"{op}_ only supports boolean masks, but got mask with dtype "
                           f"{_c_name(mask)}")


def _c_name(t):
    return CPP_NAMES[t.dtype.name]


class MaskedFillBackward0(Node):
    _no_edge = (1,)         # the mask has no edge in torch's graph

    def backward(self, g):
        return (np.where(self.mask, 0, g),)


class MaskedFillBackward1(Node):      # value given as a 0-dim tensor
    _no_edge = (1,)

    def backward(self, g):
        return np.where(self.mask, 0, g), np.asarray(np.where(self.mask, g, 0).sum())


def _fill_value(op, mask, value):
    if isinstance(value, Tensor):
        if value._data.ndim != 0:
            raise RuntimeError(f"masked_fill_ only supports a 0-dimensional value tensor, but got "
                               f"tensor with {value._data.ndim} dimension(s).")
        return value._data
    if not isinstance(value, (bool, int, float)):
        check(op, (mask, value))        # raises torch's message
    return value


def _mask_values(self, mask, value):
    try:
        shape = np.broadcast_shapes(self._data.shape, mask._data.shape)
    except ValueError:
        raise broadcast_error(mask, self) from None
    dt = self._data.dtype
    # torch takes the value as a Scalar (a 0-d tensor's item) and range-checks its
    # conversion: masked_fill on int8 with 300 or tensor(300) raises
    value = scalar_to(value.item() if isinstance(value, np.ndarray) else value, dt)
    return shape, np.where(mask._data, np.asarray(value).astype(dt), self._data)


def masked_fill(self, mask, value):
    # torch's order: expand the mask and self to one shape, then masked_fill_'s checks
    _check_mask("masked_fill", mask, dtype=False)
    try:
        np.broadcast_shapes(self._data.shape, mask._data.shape)
    except ValueError:
        raise broadcast_error(mask, self) from None
    v = _fill_value("masked_fill", mask, value)
    _check_mask("masked_fill", mask)
    shape, arr = _mask_values(self, mask, v)
    m = np.broadcast_to(mask._data, shape)
    if isinstance(value, Tensor):
        return record("masked_fill", arr, self._device, (self, mask, value), MaskedFillBackward1, {"mask": m})
    return record("masked_fill", arr, self._device, (self, mask), MaskedFillBackward0, {"mask": m})


def masked_fill_(self, mask, value):
    # torch's order: the in-place check, the value's dims, the mask's dtype, the shapes
    _check_mask("masked_fill", mask, dtype=False)
    check_inplace(self)
    v = _fill_value("masked_fill_", mask, value)
    _check_mask("masked_fill", mask)
    if any(st == 0 and n > 1 for st, n in zip(self._data.strides, self._data.shape)):
        warn("Use of masked_fill_ on expanded tensors is deprecated. Please clone() the "
                      "tensor before performing this operation. This also applies to advanced "
                      "indexing e.g. tensor[mask] = scalar", UserWarning)
    shape, arr = _mask_values(self, mask, v)
    if shape != self._data.shape:
        raise RuntimeError(
            f"output with shape [{', '.join(map(str, self._data.shape))}] doesn't match the broadcast "
            f"shape [{', '.join(map(str, shape))}]")
    m = np.broadcast_to(mask._data, shape)
    if isinstance(value, Tensor):
        return inplace("masked_fill_", self, arr, (self, mask, value), MaskedFillBackward1, {"mask": m})
    return inplace("masked_fill_", self, arr, (self, mask), MaskedFillBackward0, {"mask": m})


class MaskedSelectBackward0(Node):
    def backward(self, g):
        out = np.zeros(self.shape, g.dtype)
        out[self.mask] = g
        return out, None


def masked_select(input, mask):
    _check_mask("masked_select", mask)
    try:
        shape = np.broadcast_shapes(input._data.shape, mask._data.shape)
    except ValueError:
        raise broadcast_error(mask, input) from None
    m = np.broadcast_to(mask._data, shape)
    arr = np.broadcast_to(input._data, shape)[m]
    return record("masked_select", arr, input._device, (input, mask), MaskedSelectBackward0,
                  {"mask": m, "shape": shape})


def nonzero(input, *, as_tuple=False):
    a = input._data
    if as_tuple:
        if a.ndim == 0:
            return (record("nonzero", np.zeros(int(bool(a)), np.int64), input._device, (input,), None),)
        return tuple(record("nonzero", ix.astype(np.int64), input._device, (input,), None)
                     for ix in np.nonzero(a))
    # torch fills nonzero's (n, ndim) result column by column: strides (1, n), even
    # when n is 0 (then (1, 0)) or the input is 0-d (an (n, 0) result)
    nz = np.argwhere(a) if a.ndim else np.zeros((int(bool(a)), 0), np.int64)
    n, nd = nz.shape
    out = np.lib.stride_tricks.as_strided(np.empty(n * nd, np.int64), (n, nd), (8, 8 * n))
    out[...] = nz
    return record("nonzero", out, input._device, (input,), None)


def argwhere(input):
    return nonzero(input)
