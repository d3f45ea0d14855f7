"""Index-driven ops and the remaining view ops: flip, roll, index_select, gather,
take, masked_fill/select, nonzero, repeat, split/chunk/unbind, diagonal, as_strided,
movedim, unfold, sort, cumsum.

Multi-output views (split, chunk, unbind) get one grad node per output, each with
the output number torch gives it, so ``next_functions`` shows ``(SplitBackward0, 1)``
as in torch; the engine adds their full-size gradients at the common input.
"""
import numpy as np

from ..compat.arg_parser import PythonArgParser
from ..core.graph import Node, extent, geometry, strided
from ..core.dispatch import make_view, record, inplace
from ..core.tensor import Tensor, wrap_dim, storage_of
from ..core.storage import array_over
from .pointwise import broadcast_error
from ..compat.quiet import quiet


def _dims_list(dims, nd, op="flip"):
    if isinstance(dims, int):
        dims = (dims,)
    out = [wrap_dim(d, nd) for d in dims]
    for d in out:
        if out.count(d) > 1:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return tuple(out)


def _need_tensor(op, name, pos, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"{op}(): argument '{name}' (position {pos}) must be Tensor, not {type(x).__name__}")


def _scatter_into(shape, dtype, idx, g):
    out = np.zeros(shape, dtype)
    np.add.at(out, idx, g)
    return out


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
    from .copying import empty_preserving
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
    if not _index_dtype_ok(index):
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    if index._data.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
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


# ------------------------------------------------------------------ masks
def _check_mask(op, mask):
    if not isinstance(mask, Tensor):
        raise TypeError(f"{op}(): argument 'mask' (position 1) must be Tensor, not {type(mask).__name__}")
    if mask._data.dtype != np.bool_:
        raise RuntimeError(f"{op}_ only supports boolean masks, but got mask with dtype "
                           f"{_c_name(mask)}")


def _c_name(t):
    from ..compat.messages import CPP_NAMES
    return CPP_NAMES[t.dtype.name]


class MaskedFillBackward0(Node):
    _no_edge = (1,)         # the mask has no edge in torch's graph

    def backward(self, g):
        return (np.where(self.mask, 0, g),)


class MaskedFillBackward1(Node):      # value given as a 0-dim tensor
    _no_edge = (1,)

    def backward(self, g):
        return np.where(self.mask, 0, g), np.asarray(np.where(self.mask, g, 0).sum())


def _fill_value(op, value):
    if isinstance(value, Tensor):
        if value._data.ndim != 0:
            raise RuntimeError(f"masked_fill_ only supports a 0-dimensional value tensor, but got "
                               f"tensor with {value._data.ndim} dimension(s).")
        return value._data
    if not isinstance(value, (bool, int, float)):
        raise TypeError(
            f"{op}() received an invalid combination of arguments - got (Tensor, {type(value).__name__}), "
            "but expected one of:\n * (Tensor mask, Tensor value)\n      didn't match because some of the "
            f"arguments have invalid types: (Tensor, !{type(value).__name__}!)\n * (Tensor mask, Number value)\n"
            f"      didn't match because some of the arguments have invalid types: (Tensor, !{type(value).__name__}!)\n")
    return value


def _mask_values(self, mask, value):
    try:
        shape = np.broadcast_shapes(self._data.shape, mask._data.shape)
    except ValueError:
        raise broadcast_error(mask, self) from None
    dt = self._data.dtype
    # torch takes the value as a Scalar (a 0-d tensor's item) and range-checks its
    # conversion: masked_fill on int8 with 300 or tensor(300) raises
    from ..compat.numerics import scalar_to
    value = scalar_to(value.item() if isinstance(value, np.ndarray) else value, dt)
    return shape, np.where(mask._data, np.asarray(value).astype(dt), self._data)


def masked_fill(self, mask, value):
    _check_mask("masked_fill", mask)
    v = _fill_value("masked_fill", value)
    shape, arr = _mask_values(self, mask, v)
    m = np.broadcast_to(mask._data, shape)
    if isinstance(value, Tensor):
        return record("masked_fill", arr, self._device, (self, mask, value), MaskedFillBackward1, {"mask": m})
    return record("masked_fill", arr, self._device, (self, mask), MaskedFillBackward0, {"mask": m})


def masked_fill_(self, mask, value):
    _check_mask("masked_fill", mask)
    v = _fill_value("masked_fill_", value)
    if any(st == 0 and n > 1 for st, n in zip(self._data.strides, self._data.shape)):
        import warnings
        warnings.warn("Use of masked_fill_ on expanded tensors is deprecated. Please clone() the "
                      "tensor before performing this operation. This also applies to advanced "
                      "indexing e.g. tensor[mask] = scalar", UserWarning, stacklevel=2)
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
    from .views import _shape_arg
    reps = _shape_arg(dims, "tile")
    nd = self._data.ndim
    if len(reps) < nd:
        reps = (1,) * (nd - len(reps)) + tuple(reps)
    return repeat(self, *reps)


def repeat(self, *sizes):
    from .views import _shape_arg
    reps = _shape_arg(sizes, "repeat")
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


# ------------------------------------------------------------- strided views
def strided_view(op, base, shape, strides, offset, node_cls=None, attrs=None):
    """A view of ``base``'s storage with exactly this geometry (element units)."""
    st = storage_of(base)
    arr = array_over(st, base._data.dtype, shape, strides, offset)
    out = make_view(op, base, arr, node_cls, attrs)
    if not arr.size:
        out._empty_offset = offset
    return out


class _SliceOut(Node):
    """split/chunk/unbind: ONE node for all the pieces (torch's); each piece's gradient
    fills its part of the input, and unused pieces contribute zeros."""

    def backward(self, *grads):
        g0 = next(g for g in grads if g is not None)
        out = np.zeros(self.self_sizes, g0.dtype)
        idx = [slice(None)] * len(self.self_sizes)
        for ix, g in zip(self.indices, grads):
            if g is not None:
                idx[self.dim] = ix
                out[tuple(idx)] = g
        return (out,)


SplitBackward0 = type("SplitBackward0", (_SliceOut,), {})
SplitWithSizesBackward0 = type("SplitWithSizesBackward0", (_SliceOut,), {})
UnbindBackward0 = type("UnbindBackward0", (_SliceOut,), {})


def _pieces(self, d, bounds, node_cls, op, select=False):
    from ..core.dispatch import make_views
    shp = self._data.shape
    indices = [s if select else slice(s, e) for s, e in bounds]
    arrs = []
    for ix in indices:
        full = [slice(None)] * len(shp)
        full[d] = ix
        arrs.append(self._data[tuple(full) + (Ellipsis,)])
    outs = make_views(op, self, arrs, node_cls, {"self_sizes": shp, "dim": d, "indices": indices})
    if not self._data.size:     # NumPy keeps an empty view's pointer; torch's offset moves
        for out, (s, _) in zip(outs, bounds):
            out._empty_offset = self.storage_offset() + s * self.stride(d)
    return outs


def _at_least_1d(op, t, message="{} expects at least a 1-dimensional tensor"):
    if not t._data.ndim:
        raise RuntimeError(message.format(op))


# Tensor.split is Python in torch: an int goes to _VF.split, anything else to
# _VF.split_with_sizes, whose parsers (counting the tensor as position 1) check the rest
_SPLIT = PythonArgParser(["split(Tensor input, SymInt split_size, int64_t dim=0)",
                          "split(Tensor input, SymIntArrayRef split_size, int64_t dim=0)"])
_SPLIT_WITH_SIZES = PythonArgParser(
    ["split_with_sizes(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0)"])


def split(self, split_size_or_sections, dim=0):
    parser = _SPLIT if isinstance(split_size_or_sections, int) else _SPLIT_WITH_SIZES
    parser.parse((self, split_size_or_sections, dim), {})
    _at_least_1d("split", self)
    nd = self._data.ndim
    d = wrap_dim(dim, nd)
    n = self._data.shape[d]
    if isinstance(split_size_or_sections, (list, tuple)):
        sizes = list(split_size_or_sections)
        if sum(sizes) != n or any(s < 0 for s in sizes):
            raise RuntimeError(
                f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size at "
                f"dimension {d}), but got split_sizes=[{', '.join(map(str, sizes))}]")
        bounds, s = [], 0
        for k in sizes:
            bounds.append((s, s + k))
            s += k
        return _pieces(self, d, bounds, SplitWithSizesBackward0, "split_with_sizes")
    size = int(split_size_or_sections)
    if size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got split_size={size}")
    if size == 0:
        if n != 0:
            raise RuntimeError(
                f"split_size can only be 0 if dimension size is 0, but got dimension size of {n}")
        return _pieces(self, d, [(0, 0)], SplitBackward0, "split")
    bounds = [(s, min(s + size, n)) for s in range(0, max(n, 1), size)]
    return _pieces(self, d, bounds, SplitBackward0, "split")


def chunk(self, chunks, dim=0):
    _at_least_1d("chunk", self)
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    d = wrap_dim(dim, self._data.ndim)
    n = self._data.shape[d]
    size = -(-n // chunks)
    return split(self, size if size else 0, d) if n else split(self, 0, d)


def tensor_split(self, indices_or_sections, dim=0):
    _at_least_1d("tensor_split", self, "{} expected at least a 1-dimensional tensor, but got a "
                 "tensor with 0 dims")
    d = wrap_dim(dim, self._data.ndim)
    n = self._data.shape[d]
    if isinstance(indices_or_sections, int):
        k = indices_or_sections
        q, r = divmod(n, k)
        bounds, s = [], 0
        for i in range(k):
            e = s + q + (1 if i < r else 0)
            bounds.append((s, e))
            s = e
    else:
        cuts = [0] + [min(max(int(c), 0), n) for c in indices_or_sections] + [n]
        bounds = [(cuts[i], max(cuts[i], cuts[i + 1])) for i in range(len(cuts) - 1)]
    from .views import _slice
    return tuple(_slice(self, d, s, e, 1) for s, e in bounds)


def unbind(self, dim=0):
    nd = self._data.ndim
    d = wrap_dim(dim, nd)      # first: unbind(1) of a 0-d tensor is out of range
    if nd == 0:
        raise IndexError("Dimension specified as 0 but tensor has no dimensions")
    return _pieces(self, d, [(i, i + 1) for i in range(self._data.shape[d])], UnbindBackward0,
                   "unbind", select=True)


class DiagonalBackward0(Node):
    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        if g.size:
            # np.diagonal is read-only: write through the same geometry by hand
            v = np.diagonal(out, self.offset, self.dim1, self.dim2)
            ix = [0] * out.ndim
            ix[self.dim2 if self.offset >= 0 else self.dim1] = abs(self.offset)
            w = np.lib.stride_tricks.as_strided(out[tuple(ix) + (Ellipsis,)], v.shape, v.strides,
                                                writeable=True)
            w[...] = g
        return (out,)


def diagonal(self, offset=0, dim1=0, dim2=1):
    nd = self._data.ndim
    d1, d2 = wrap_dim(dim1, nd), wrap_dim(dim2, nd)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    shp = self._data.shape
    st = self.stride()
    if offset >= 0:
        n = max(min(shp[d1], shp[d2] - offset), 0)
        off = self.storage_offset() + (offset * st[d2] if n else 0)
    else:
        n = max(min(shp[d1] + offset, shp[d2]), 0)
        off = self.storage_offset() + (-offset * st[d1] if n else 0)
    keep = [k for k in range(nd) if k not in (d1, d2)]
    shape = tuple(shp[k] for k in keep) + (n,)
    strides = tuple(st[k] for k in keep) + (st[d1] + st[d2],)
    return strided_view("diagonal", self, shape, strides, off, DiagonalBackward0,
                        {"self_sizes": shp, "offset": offset, "dim1": d1, "dim2": d2})


class AsStridedViewBackward(Node):
    def backward(self, g):
        buf = np.zeros(extent(self.base_geometry, self.view_geometry), g.dtype)
        np.add.at(buf, _flat_index(self.view_geometry), g)
        return (strided(buf, self.base_geometry).copy(),)


AsStridedViewBackward.__name__ = "AsStridedBackward0"
AsStridedViewBackward.__qualname__ = "AsStridedBackward0"


def _flat_index(geom):
    shape, strides, off = geom
    idx = np.full(shape, off, np.int64)
    for k, (n, s) in enumerate(zip(shape, strides)):
        sh = [1] * len(shape)
        sh[k] = n
        idx = idx + (np.arange(n) * s).reshape(sh)
    return idx


def as_strided(self, size, stride, storage_offset=None):
    size, stride = tuple(int(n) for n in size), tuple(int(s) for s in stride)
    if len(size) != len(stride):
        raise RuntimeError(f"mismatch in length of strides and shape")
    off = self.storage_offset() if storage_offset is None else int(storage_offset)
    st = storage_of(self)
    it = self._data.itemsize
    need = (off + sum((n - 1) * s for n, s in zip(size, stride)) + 1) if all(size) else 0
    if need * it > st.nbytes():
        raise RuntimeError(
            f"setStorage: sizes [{', '.join(map(str, size))}], strides [{', '.join(map(str, stride))}], "
            f"storage offset {off}, and itemsize {it} requiring a storage size of {need * it} are out "
            f"of bounds for storage of size {st.nbytes()}")
    base = self._base if self._base is not None else self
    return strided_view("as_strided", self, size, stride, off, AsStridedViewBackward,
                        {"base_geometry": geometry(self), "view_geometry": (size, stride, off)})


def movedim(self, source, destination):
    from .views import permute
    nd = self._data.ndim
    src = source if isinstance(source, (list, tuple)) else (source,)
    dst = destination if isinstance(destination, (list, tuple)) else (destination,)
    if len(src) != len(dst):
        raise RuntimeError(
            f"movedim: Invalid source or destination dims: source ([{', '.join(map(str, src))}] dims) should "
            f"contain the same number of dims as destination ([{', '.join(map(str, dst))}] dims)")
    s = [wrap_dim(d, nd) for d in src]
    t = [wrap_dim(d, nd) for d in dst]
    if nd == 0:                 # nothing to move: torch returns an alias
        from .views import alias
        return alias(self)
    if len(set(s)) != len(s):
        raise RuntimeError(f"movedim: repeated dim in `source` ([{', '.join(map(str, src))}])")
    if len(set(t)) != len(t):
        raise RuntimeError(f"movedim: repeated dim in `destination` ([{', '.join(map(str, dst))}])")
    order = [None] * nd
    for a, b in zip(s, t):
        order[b] = a
    rest = iter(k for k in range(nd) if k not in s)
    order = [next(rest) if o is None else o for o in order]
    return permute(self, order)


moveaxis = movedim


class UnfoldBackward0(Node):
    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        d, size, step = self.dim, self.size, self.step
        n = g.shape[d]
        for i in range(n):
            gi = np.moveaxis(np.take(g, i, axis=d), -1, d)
            ix = [slice(None)] * len(self.self_sizes)
            ix[d] = slice(i * step, i * step + size)
            out[tuple(ix)] += gi
        return (out,)


def unfold(self, dimension, size, step):
    nd = self._data.ndim
    d = wrap_dim(dimension, nd) if nd else 0
    shp = self._data.shape if nd else (1,)
    st = self.stride() if nd else (1,)
    if size > shp[d]:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {shp[d]} but size is {size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    n = (shp[d] - size) // step + 1
    shape = shp[:d] + (n,) + shp[d + 1:] + (size,)
    strides = st[:d] + (step * st[d],) + st[d + 1:] + (st[d],)
    if not nd:                  # a 0-d tensor unfolds to (size,)
        shape, strides = (size,), (1,)
    return strided_view("unfold", self, shape, strides, self.storage_offset(), UnfoldBackward0,
                        {"self_sizes": self._data.shape, "dim": d, "size": size, "step": step})


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


def sort(input, dim=-1, descending=False, stable=False):
    from .reduction import return_type
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


def topk(input, k, dim=-1, largest=True, sorted=True):
    from .reduction import return_type
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
            from .reduction import _autograd_dtype
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
