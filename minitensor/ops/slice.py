"""Views of part of a tensor: narrow, select, split/chunk/unbind (several views, ONE grad
node, as in torch), diagonal, as_strided, unfold."""
import numpy as np

from ..compat.arg_parser import PythonArgParser
from ..core.dispatch import composite, make_view, make_views, record
from ..core.graph import Node, extent, geometry, strided
from ..core.storage import array_over
from ..core.tensor import Tensor, wrap_dim, storage_of


class SelectBackward0(Node):
    saves = ()

    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        idx = [slice(None)] * len(self.self_sizes)
        idx[self.dim] = self.index
        out[tuple(idx)] = g
        return (out,)


class SliceBackward0(Node):
    saves = ()

    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        idx = [slice(None)] * len(self.self_sizes)
        idx[self.dim] = slice(self.start, self.end, self.step)
        out[tuple(idx)] = g
        return (out,)


def narrow(self, dim, start, length):
    if isinstance(start, Tensor) and not (start._data.ndim == 0 and start._data.dtype.kind in "iu"):
        raise RuntimeError("start must be an 0-dim integral Tensor.")   # (its overload's first check)
    nd = self._data.ndim
    if nd == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, nd)
    n = self._data.shape[d]
    if isinstance(start, Tensor):
        start = int(start)
    if start < -n or start > n:
        raise IndexError(
            f"start out of range (expected to be in range of [{-n}, {n}], but got {start})")
    if start < 0:
        start += n
    if start + length > n or length < 0:
        raise RuntimeError(
            f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    return _slice(self, d, start, start + length, 1, "narrow")


class NarrowCopyBackward0(SliceBackward0):
    pass


@composite("narrow_copy")
def narrow_copy(self, dim, start, length):
    """narrow, then a contiguous copy of it (torch's own grad_fn, NarrowCopyBackward0)."""
    v = narrow(self, dim, start, length)        # narrow's checks and messages
    d = wrap_dim(dim, self._data.ndim)
    if start < 0:
        start += self._data.shape[d]
    return record("narrow_copy", v._data.copy(), self._device, (self,),
                  NarrowCopyBackward0, {"self_sizes": self._data.shape, "dim": d, "start": start,
                                        "end": start + length, "step": 1})


def _slice(self, d, start, end, step, op="slice"):
    idx = [slice(None)] * self._data.ndim
    idx[d] = slice(start, end, step)
    arr = self._data[tuple(idx)]
    out = make_view(op, self, arr, SliceBackward0,
                    {"self_sizes": self._data.shape, "dim": d, "start": start, "end": end, "step": step})
    if arr.size == 0:     # NumPy does not move an empty slice's pointer; torch's offset moves
        out._empty_offset = self.storage_offset() + start * self.stride(d)
    return out


def select(self, dim, index):
    nd = self._data.ndim
    if nd == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, nd)
    n = self._data.shape[d]
    if isinstance(index, Tensor):
        index = int(index)
    if index < -n or index >= n:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"[{', '.join(map(str, self._data.shape))}] at dimension {d}")
    if index < 0:
        index += n
    idx = [slice(None)] * nd
    idx[d] = index
    # the trailing Ellipsis keeps NumPy returning a 0-d view, not a scalar copy
    arr = self._data[tuple(idx) + (Ellipsis,)]
    out = make_view("select", self, arr, SelectBackward0,
                    {"self_sizes": self._data.shape, "dim": d, "index": index})
    if arr.size == 0:     # as in _slice: NumPy keeps an empty view's pointer, torch moves it
        out._empty_offset = self.storage_offset() + index * self.stride(d)
    return out


def rows(self):
    """``iter(t)``: the rows of ``t``, each a select view."""
    return tuple(select(self, 0, i) for i in range(self._data.shape[0]))


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
    if isinstance(split_size_or_sections, int) and split_size_or_sections < 0:    # before the dim
        raise RuntimeError("split expects split_size be non-negative, but got "
                           f"split_size={split_size_or_sections}")
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


@composite("tensor_split")
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
    return strided_view("as_strided", self, size, stride, off, AsStridedViewBackward,
                        {"base_geometry": geometry(self), "view_geometry": (size, stride, off)})


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
