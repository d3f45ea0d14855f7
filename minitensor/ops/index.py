"""Indexing: ``x[i]`` and ``x[i] = v``. Basic indices (ints, slices, None, ...) become
views one index at a time, as torch applies them, so ``a[0, 1:]`` has torch's
``SliceBackward0 -> SelectBackward0`` history; tensor indices copy (IndexBackward0).
Assignment finds the destination with views, then copies into it (``copy_``)."""

import numpy as np

from ..compat.arg_parser import OVERFLOW
from ..compat.memory_overlap import assert_no_overlap
from ..compat.messages import C_NAMES
from ..compat.numerics import scalar_to
from ..compat.quiet import quiet
from ..compat.tensor_iterator import index_result_strides
from ..core import dtypes as D
from ..core.device import CPU
from ..core.dispatch import check_inplace, composite, make_view, record, inplace
from ..core.dtypes import type_name as tp_name
from ..core.graph import Node
from ..core.tensor import Tensor, wrap
from .copy import copy_, _fill
from .create import tensor as _tensor
from .slice import SelectBackward0, _slice, select
from .view import alias, expand, unsqueeze, view
from ..compat.warn_once import warn


class IndexBackward0(Node):
    saves = ()
    _grad_versions = (1,)      # torch: zeros, then index_put_ in place

    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        np.add.at(out, self.indices, g)
        return (out,)


# ---------------------------------------------------------------- indexing
def _is_basic(i):
    return i is None or i is Ellipsis or isinstance(i, (int, slice, np.integer)) and not isinstance(i, bool)


_SEQ_WARNING = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed "
    "in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be interpreted "
    "as tensor index, x[torch.tensor(seq)], which will result either in an error or a different "
    "result")


def _int_tensor(i):
    return isinstance(i, Tensor) and i._data.ndim == 0 and i._data.dtype.kind in "iu"


def _sequence_as_tuple(idx):
    """torch's treatSequenceAsTuple: a short sequence (a list, a str) holding a tensor, a
    sequence, a slice, None or ... indexes like the tuple of its items (x[[0, [1]]])."""
    if isinstance(idx, (Tensor, np.ndarray)) or not isinstance(idx, (list, str, range)):
        return False
    if len(idx) >= 32:
        return False
    return any(isinstance(i, (Tensor, list, tuple, str, bytes, range, np.ndarray, slice))
               or i is None or i is Ellipsis for i in idx)


def _normalize_index(idx):
    if not isinstance(idx, tuple):
        if _sequence_as_tuple(idx):
            warn(_SEQ_WARNING, UserWarning)
            idx = tuple(idx)
        else:
            idx = (idx,)
    # a 0-dim integer tensor indexes like the int it holds (a view, not a copy)
    if any(_int_tensor(i) for i in idx):
        idx = tuple(int(i) if _int_tensor(i) else i for i in idx)
    return idx


def getitem(self, idx):
    if type(idx) is int:              # fast path: t[i]
        a = self._data
        if a.ndim:
            n = a.shape[0]
            if -n <= idx < n:
                if idx < 0:
                    idx += n
                # the Ellipsis keeps NumPy returning a 0-d view, not a scalar copy
                return make_view("select", self, a[idx, ...], SelectBackward0,
                                 {"self_sizes": a.shape, "dim": 0, "index": idx})
    return _getitem(self, idx)


@composite("__getitem__")
def _getitem(self, idx):
    """x[i] in general: views one index at a time, then the tensor indices (one event)."""
    # torch slices for a lone slice even when it covers the whole dim; inside a tuple
    # such a slice is skipped, and an index that selects everything returns an alias
    whole = type(idx) is not slice
    idx = _normalize_index(idx)
    if all(_is_basic(i) for i in idx):
        t = _basic_index(self, idx, skip_whole=whole)
        return alias(self) if t is self else t
    return _advanced_index(self, idx)


def _covers(s, n):
    """torch's "slice optimization": start 0, step 1 and a stop at or past the end."""
    return (s.start is None or s.start == 0) and (s.step is None or s.step == 1) and \
        (s.stop is None or s.stop >= n)


def _basic_index(self, idx, skip_whole=True):
    """Views for int / slice / None / Ellipsis indices; ``self`` itself when none is needed."""
    nd = self._data.ndim
    n_real = sum(1 for i in idx if i is not None and i is not Ellipsis)
    if n_real > nd:
        if nd == 0 and len(idx) == 1 and isinstance(idx[0], slice):
            raise IndexError("slice() cannot be applied to a 0-dim tensor.")
        if nd == 0 and len(idx) == 1:       # x[0], not x[None, 0]
            raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
                             "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number")
        raise IndexError(f"too many indices for tensor of dimension {nd}")
    # expand the (first) ellipsis into full slices; torch ignores any further ones
    out = []
    seen = False
    for i in idx:
        if i is Ellipsis:
            if not seen:
                out.extend([slice(None)] * (nd - n_real))
            seen = True
        else:
            out.append(i)
    t = self
    d = 0            # dim in the result so far
    od = 0           # dim of the original tensor (torch's messages name it)
    for i in out:
        if i is None:
            t = unsqueeze(t, d)
            d += 1
        elif isinstance(i, slice):
            if i.step is not None and int(i.step) <= 0:
                if int(i.step) == 0:
                    raise ValueError("slice step cannot be zero")
                raise ValueError("step must be greater than zero")
            od += 1
            n = t._data.shape[d]
            if skip_whole and _covers(i, n):
                d += 1
                continue
            start, end, step = i.indices(n)
            end = max(end, start)
            t = _slice(t, d, start, end, step)
            d += 1
        else:
            n = t._data.shape[d]
            k = int(i)
            if k < -n or k >= n:
                if not -2**63 <= k < 2**63:
                    raise ValueError(OVERFLOW)
                raise IndexError(f"index {k} is out of bounds for dimension {od} with size {n}")
            t = select(t, d, k)
            od += 1
    return t


def _as_index_array(i):
    if isinstance(i, Tensor):
        a = i._data
    elif isinstance(i, (list, tuple, str, bytes, range, np.ndarray)):
        return _index_from_data(i)
    elif isinstance(i, np.generic):
        a = np.asarray(i)
    else:
        raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                         f"Variables are valid indices (got {tp_name(i)})")
    if a.dtype == np.bool_:
        return a
    if a.dtype.kind not in "iu":
        raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    return a


def _index_from_data(data):
    """torch's indexing_tensor_from_data: a sequence index becomes a Long tensor (a float
    in it is truncated), or a Bool or Byte one when that is what it holds."""
    if isinstance(data, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{tp_name(data)}'")
    if isinstance(data, np.ndarray):
        return data if data.dtype.kind in "biu" else data.astype(np.int64)
    leaves = list(_leaves(data))
    for x in leaves:
        if isinstance(x, (str, bytes)):
            raise TypeError(f"new(): invalid data type '{tp_name(x)}'")
        if isinstance(x, Tensor) and (x._data.size != 1 or x._data.dtype.kind not in "iu"):
            raise TypeError("only integer tensors of a single element can be converted to an index")
        if type(x) is int and not -2**63 <= x < 2**63:
            raise ValueError(OVERFLOW)
    if leaves and all(isinstance(x, (bool, np.bool_)) for x in leaves):
        return _tensor(data, dtype=D.bool_)._data
    if all(type(x) is int for x in leaves):     # the common case, x[[0, 2]]: no conversion
        try:
            return np.asarray(data, dtype=np.int64)
        except ValueError:
            pass            # a ragged list: tensor() says what torch says
    return _tensor(data, dtype=D.int64)._data


def _leaves(data):
    for x in data:
        if isinstance(x, (list, tuple)):
            yield from _leaves(x)
        else:
            yield x


def _check_bounds(a, dim_size, d):
    if a.size and dim_size == 0:
        raise IndexError("index is out of bounds for dimension with size 0")
    if a.size and (a.max() >= dim_size or a.min() < -dim_size):
        bad = a.flat[np.argmax((a >= dim_size) | (a < -dim_size))]     # the first, as torch's
        raise IndexError(f"index {bad} is out of bounds for dimension {d} with size {dim_size}")


def _too_many_for_0d(self, idx):
    """A 0-d tensor takes no index array (a 0-d bool mask is the one exception)."""
    if self._data.ndim == 0 and not (len(idx) == 1 and (isinstance(idx[0], bool) or (
            isinstance(idx[0], Tensor) and idx[0]._data.ndim == 0))):
        raise IndexError("too many indices for tensor of dimension 0")


def _count_specified(self, idx):
    """torch counts the dims an index names before it converts any (a mask: its dims)."""
    n = 0
    for i in idx:
        if isinstance(i, Tensor):
            n += i._data.ndim if i._data.dtype in (np.bool_, np.uint8) else 1
        elif i is not None and i is not Ellipsis and not isinstance(i, bool):
            n += 1
    if n > self._data.ndim:
        raise IndexError(f"too many indices for tensor of dimension {self._data.ndim}")


def _advanced_index(self, idx):
    _too_many_for_0d(self, idx)
    _count_specified(self, idx)
    # torch's applySlicing: the ints, slices and Nones make views first (x[0, :, [0, 1]]
    # is x[0][:, [0, 1]]: SelectBackward0, then IndexBackward0), the tensors index that
    split = _split_advanced(idx)
    if split is not None and any(i is not Ellipsis and i != _ALL for i in split[0]):
        basic, rest = split
        return _advanced_index(_basic_index(self, basic), rest)
    # the index arrays first: a mask covers as many dims as it has, and an Ellipsis
    # covers the dims that no other index does (x[..., [3]] indexes the last dim)
    arrays = [None if _is_basic(i) else _as_index_array(i) for i in idx]
    covered = sum((a.ndim if a.dtype == np.bool_ else 1) if a is not None else
                  (i is not None and i is not Ellipsis) for i, a in zip(idx, arrays))
    if covered > self._data.ndim:
        raise IndexError(f"too many indices for tensor of dimension {self._data.ndim}")
    np_idx = []
    d = 0
    k = 0       # index tensors so far: torch's bounds message counts those, not dims
    # for the result's layout: the dims the index tensors index, their shapes and strides
    laid = {"positions": [], "shapes": [], "strides": [], "plain": True}
    for i, a in zip(idx, arrays):
        if a is None:
            if isinstance(i, slice) and i.step is not None and int(i.step) <= 0:
                raise ValueError("step must be greater than zero")
            np_idx.append(i)
            if i is Ellipsis:
                d += max(self._data.ndim - covered, 0)
            elif i is not None:
                d += 1
            if i is not Ellipsis and i != _ALL:
                laid["plain"] = False       # (a multi-dim mask beside ints: not modelled)
        else:
            _note_index(laid, a, d)
            size = self._data.shape[d] if d < self._data.ndim else 0
            if a.dtype != np.bool_:
                _check_bounds(a, size, k)
                k += 1
            else:
                k += a.ndim
            if a.dtype == np.bool_:
                if a.shape != self._data.shape[d:d + a.ndim]:
                    raise IndexError(
                        f"The shape of the mask [{', '.join(map(str, a.shape))}] at index {d} does not "
                        f"match the shape of the indexed tensor [{', '.join(map(str, self._data.shape))}] "
                        f"at index {d}")
                d += a.ndim
            else:
                d += 1
            np_idx.append(a)
    np_idx = tuple(np_idx)
    arr = self._data[np_idx]
    if not isinstance(arr, np.ndarray):
        arr = np.asarray(arr)
    arr = np.array(arr, copy=True, order="C")
    if laid["plain"] and arr.ndim > 1 and arr.size:
        # torch lays the result out the way the source lies in memory (TensorIterator)
        st = index_result_strides(self._data.shape, self.stride(), laid["positions"],
                                  laid["shapes"], laid["strides"], arr.itemsize)
        if st is not None:
            arr = _relaid(arr, st)
    return record("index", arr, self._device, (self,), IndexBackward0,
                  {"self_sizes": self._data.shape, "indices": np_idx})


def _note_index(laid, a, d):
    """Record index array ``a`` at dim ``d`` for the result's layout: a mask becomes one
    index per dim it covers, the columns of its nonzero() (as in torch's expandTensors)."""
    if a.dtype == np.bool_:
        n = int(np.count_nonzero(a))
        for j in range(a.ndim):
            laid["positions"].append(d + j)
            laid["shapes"].append((n,))
            laid["strides"].append((8 * a.ndim,))
    else:
        laid["positions"].append(d)
        laid["shapes"].append(a.shape)
        laid["strides"].append(a.strides)


def _relaid(values, strides):
    """``values`` copied into a fresh block with the given element strides."""
    it = values.itemsize
    block = np.empty(values.size, values.dtype)
    out = np.lib.stride_tricks.as_strided(block, values.shape, [s * it for s in strides])
    out[...] = values
    return out


class IndexPutBackward0(Node):
    saves = ()

    def backward(self, g):
        gs = g.copy()
        gs[self.indices] = 0
        gv = g[self.indices]
        return gs, gv


@composite("__setitem__")
def setitem(self, idx, value):
    """torch's set_item: find the destination with views (or index_put_ for tensor
    indices), then copy_to it."""
    if not isinstance(value, Tensor):
        # torch's valueToTensor: a tensor, a Python (or NumPy integer) number, or a
        # complex; NOT a list, an array or a NumPy float32/bool (np.float64 is a float)
        if isinstance(value, (bool, int, float, np.integer)):
            value = _scalar_for(value, self)
        elif isinstance(value, complex):
            value = _scalar_for(_complex_to(value, self._data.dtype), self)
        else:
            raise TypeError(f"can't assign a {tp_name(value)} to a {self.type()}")
    if idx is False:            # a lone False selects nothing
        return
    if idx is True:
        dst = unsqueeze(self, 0)
        return _copy_to(dst, value)
    idx = _normalize_index(idx)
    if all(_is_basic(i) for i in idx):
        dst = _basic_index(self, idx)       # self itself for x[...] = v, x[:] = v
        return _copy_to(dst, value)
    # advanced: like torch's applySlicing, the ints, slices and Nones make a view first
    # (x[0, [0, 1]] = v writes into the view x[0], so x's history becomes CopySlices),
    # then index_put_ writes through the tensor indices into that view
    _too_many_for_0d(self, idx)
    _count_specified(self, idx)
    split = _split_advanced(idx)
    if split is None:           # a mask over several dims: index_put_ on self itself
        return _index_put(self, idx, value)
    basic, rest = split
    dst = _basic_index(self, basic)
    _index_put(dst, rest, value)


_ALL = slice(None)


def _split_advanced(idx):
    """(basic, rest): ``basic`` indexes with a full slice where ``idx`` has a tensor index;
    ``rest`` indexes the result with those tensors (a full slice for every other dim)."""
    basic, rest = [], []
    for i in idx:
        if _is_basic(i):
            basic.append(i)
            if i is None or isinstance(i, slice) or i is Ellipsis:
                rest.append(slice(None) if i is not Ellipsis else Ellipsis)
            # an int removes its dim: nothing for it in rest
        else:
            a = i._data if isinstance(i, Tensor) else None
            if a is not None and a.dtype == np.bool_ and a.ndim != 1:
                return None
            basic.append(slice(None))
            rest.append(i)
    return tuple(basic), tuple(rest)


def _index_put(self, idx, value):
    nd = self._data.ndim
    check_inplace(self)         # autograd's check comes before any of index_put_'s own
    assert_no_overlap(self._data, value._data)
    if any(i is Ellipsis for i in idx):     # spelled out, so each entry's position is its dim
        k = next(j for j, i in enumerate(idx) if i is Ellipsis)     # (an array == ... is an array)
        n_real = sum(1 for i in idx if i is not None and i is not Ellipsis)
        idx = idx[:k] + (slice(None),) * max(nd - n_real, 0) + tuple(
            i for i in idx[k + 1:] if i is not Ellipsis)
    try:
        np_idx, bounds = [], []
        n = d = 0   # index tensors and dims so far (torch's bounds message counts tensors)
        for i in idx:
            if _is_basic(i):
                np_idx.append(i)
                d += i is not None
                continue
            a = _as_index_array(i)
            if a.dtype == np.bool_ and a.shape != self._data.shape[d:d + a.ndim]:
                raise IndexError(
                    f"The shape of the mask [{', '.join(map(str, a.shape))}] at index {d} does not "
                    f"match the shape of the indexed tensor [{', '.join(map(str, self._data.shape))}] "
                    f"at index {d}")
            if a.dtype != np.bool_:
                bounds.append((a, self._data.shape[d] if d < nd else 0, n))
            n += a.ndim if a.dtype == np.bool_ else 1
            d += a.ndim if a.dtype == np.bool_ else 1
            np_idx.append(a)
        np_idx = tuple(np_idx)
        _value_fits(self, np_idx, value)    # torch checks the value's shape, then the bounds
        for args in bounds:
            _check_bounds(*args)
    except IndexError:
        _partial_put(self, idx, value)
        raise
    ss = value._data.shape
    k = 0
    while k < len(ss) and ss[k] == 1:
        k += 1
    if k:                   # torch views the value without its leading 1s (slicePrefix1sSize)
        value = view(value, ss[k:])
    values = self._data.copy()
    try:
        values[np_idx] = value._data
    except ValueError:
        raise RuntimeError(
            f"shape mismatch: value tensor of shape [{', '.join(map(str, value._data.shape))}] cannot "
            f"be broadcast to indexing result of shape [{', '.join(map(str, values[np_idx].shape))}]"
        ) from None
    inplace("index_put_", self, values, (self, value), IndexPutBackward0, {"indices": np_idx})


def _value_fits(self, np_idx, value):
    """torch's shape check of index_put_'s value, made before any index is bounds-checked:
    the result's shape comes from a zero-strided stand-in indexed with the indices wrapped
    into range (so no bound is checked here)."""
    shape = self._data.shape
    if 0 in shape:
        return
    stand_in = np.broadcast_to(np.zeros((), np.uint8), shape)
    wrapped, d = [], 0
    for i in np_idx:
        if isinstance(i, np.ndarray) and i.dtype != np.bool_:
            wrapped.append(i % shape[d] if d < len(shape) else i)
            d += 1
        else:
            wrapped.append(i)
            d += i.ndim if isinstance(i, np.ndarray) else i is not None
    try:
        result = stand_in[tuple(wrapped)].shape
    except IndexError:
        return
    vs = value._data.shape
    while vs and vs[0] == 1:        # (torch drops the value's leading 1s first)
        vs = vs[1:]
    try:
        ok = np.broadcast_shapes(vs, result) == tuple(result)
    except ValueError:
        ok = False
    if not ok:
        raise RuntimeError(
            f"shape mismatch: value tensor of shape [{', '.join(map(str, vs))}] cannot be broadcast "
            f"to indexing result of shape [{', '.join(map(str, result))}]")


def _copy_to(dst, src):
    """torch's copy_to: copy_ when the shapes agree; fill_ from a 0-dim CPU value; else
    view the value without its leading 1s, expand it to the destination, copy_."""
    ds, ss = dst._data.shape, src._data.shape
    if ds == ss:
        copy_(dst, src, op="__setitem__")
        return
    if not ss and src._device.type == "cpu":
        _fill(dst, src, "__setitem__")
        return
    k = 0
    while k < len(ss) and ss[k] == 1:
        k += 1
    src = view(src, ss[k:])
    if src._data.shape != ds:
        src = expand(src, ds)
    copy_(dst, src, op="__setitem__")


def _partial_put(self, idx, value):
    """torch's index_put_ writes the elements before the first out-of-range index."""
    if len(idx) != 1 or _is_basic(idx[0]) or self._data.ndim < 1:
        return
    a = np.asarray(idx[0]._data if isinstance(idx[0], Tensor) else idx[0])
    if a.ndim != 1 or a.dtype.kind not in "iu" or value._data.size != 1:
        return
    n = self._data.shape[0]
    for k in a:
        if not -n <= k < n:
            break
        self._data[k] = value._data.reshape(())


def _complex_to(value, dt):
    """A complex number as a value for a real dtype: torch's checked_convert refuses a
    non-zero imaginary part (except into bool, where any non-zero number is True)."""
    if dt.kind == "b":
        return value != 0
    if value.imag != 0:
        name = "double" if dt == np.float16 else C_NAMES[dt.name]     # (measured)
        raise RuntimeError(f"value cannot be converted to type {name} without overflow")
    return value.real


def _scalar_for(value, like):
    """A number assigned by indexing: a 0-dim tensor of the destination's dtype, on the
    CPU whatever the destination's device (torch's valueToTensor)."""
    if isinstance(value, int) and not -2**63 <= value < 2**63:
        raise ValueError("Overflow when unpacking long long")
    dt = like._data.dtype
    if dt == np.float16:        # measured: torch rounds to a half without its range check
        with quiet:
            v = np.float16(value)
    else:                       # torch's range check: x[0] = 300 on uint8 raises
        v = scalar_to(value, dt)
    return wrap(np.asarray(v, dtype=dt), CPU)
