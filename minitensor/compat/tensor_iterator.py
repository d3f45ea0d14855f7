"""The memory layout torch gives a new result.

torch does not always make a result C-contiguous: it orders the result's dims the way
its inputs lie in memory (``TensorIteratorBase::reorder_dimensions``; with one input,
``infer_dense_strides``), so cloning or indexing a transposed tensor gives a
"transposed" result. This module ports that ordering and the strides that follow.
"""
import numpy as np

from .quiet import quiet
from ..core.tensor import Tensor


def dim_order(shape, operands):
    """torch's ``perm_``: the dims from fastest to slowest in memory. ``operands`` are
    the inputs' byte strides over the iteration ``shape`` (0 where one is broadcast)."""
    nd = len(shape)
    perm = list(range(nd - 1, -1, -1))      # start from C order: the last dim fastest

    def should_swap(d0, d1):
        # 1: d0 goes after d1; -1: before; 0: no operand can tell
        for st in operands:
            s0, s1 = st[d0], st[d1]
            if s0 == 0 or s1 == 0:
                continue                    # broadcast in one of the dims: ask the next
            if s0 < s1:
                return -1
            if s0 > s1:
                return 1
            if shape[d0] > shape[d1]:       # equal strides: the smaller dim goes first
                return 1
        return 0

    # torch's insertion sort that tolerates "cannot tell"
    for i in range(1, nd):
        d1 = i
        for d0 in range(i - 1, -1, -1):
            c = should_swap(perm[d0], perm[d1])
            if c > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    return perm


def strides_for(shape, perm):
    """Element strides of a dense tensor of ``shape`` whose dims lie in ``perm`` order
    (fastest first); C-contiguous when ``perm`` is reversed range."""
    st = [0] * len(shape)
    step = 1
    for d in perm:
        st[d] = step
        step *= max(shape[d], 1)
    return tuple(st)


def index_result_strides(src_shape, src_strides, positions, index_shapes, index_strides,
                         itemsize):
    """Element strides torch gives ``src[indices]`` (advanced indexing of ``src``, whose
    dims at ``positions`` (sorted) take the index tensors; full slices elsewhere).
    ``index_strides`` are byte strides. Returns None for C-contiguous."""
    ishape = np.broadcast_shapes(*index_shapes)
    nd = len(src_shape)
    order = list(range(nd))
    if positions != list(range(positions[0], positions[0] + len(positions))):
        # not adjacent: torch moves the indexed dims to the front (transposeToFront)
        order = positions + [d for d in order if d not in positions]
        positions = list(range(len(positions)))
    first = positions[0]
    before = order[:first]
    after = order[first + len(positions):]
    shape = tuple([src_shape[d] for d in before] + list(ishape) + [src_shape[d] for d in after])
    k = len(ishape)
    # the source, restrided: the indexed dims replaced by the index shape, stride 0
    src = [src_strides[d] * itemsize for d in before] + [0] * k + \
          [src_strides[d] * itemsize for d in after]
    ops = [src]
    # each index, broadcast to the index shape, then reshaped to [1]*before + ishape +
    # [1]*after (reshape_indexer): a size-1 dim of a size-1 iteration dim keeps the stride
    # that view gives it (the product of the later sizes), the broadcast ones get 0
    nb, na = len(before), len(after)
    tail = 1
    for n in ishape:
        tail *= n
    for s, st in zip(index_shapes, index_strides):
        lead = k - len(s)
        own = [0] * lead + [0 if n == 1 and m != 1 else b for n, m, b in zip(s, ishape[lead:], st)]
        pre = [tail * 8 if shape[d] == 1 else 0 for d in range(nb)]
        post = [8 if shape[nb + k + j] == 1 else 0 for j in range(na)]
        ops.append(pre + own + post)
    perm = dim_order(shape, ops)
    if perm == list(range(len(shape) - 1, -1, -1)):
        return None
    return strides_for(shape, perm)


def preserve_strides(shape, strides):
    """torch's memory_format=preserve_format: a dense, non-overlapping layout keeps its
    strides exactly; any other is made dense in the same order of dims."""
    dims = [k for k in range(len(shape)) if shape[k] != 1]
    expected = 1
    for k in sorted(dims, key=lambda k: strides[k]):
        if strides[k] != expected:
            break
        expected *= shape[k]
    else:
        return tuple(strides)
    # infer_dense_strides: the dims sorted innermost first as TensorIterator sorts them
    return strides_for(shape, dim_order(shape, [strides]))


def empty_preserving(arr, dtype=None):
    """A new uninitialised array shaped like ``arr`` with torch's preserved strides."""
    dtype = arr.dtype if dtype is None else dtype
    if arr.flags.c_contiguous and 1 not in arr.shape:
        return np.empty(arr.shape, dtype)            # the common case, kept cheap
    it = arr.itemsize
    st = preserve_strides(arr.shape, tuple(s // it for s in arr.strides))
    if 0 in arr.shape:
        return np.empty(arr.shape, dtype)
    n = sum((k - 1) * s for k, s in zip(arr.shape, st)) + 1
    buf = np.empty(n, dtype)
    return np.lib.stride_tricks.as_strided(buf, arr.shape, tuple(s * buf.itemsize for s in st))


def empty_like_strided(arr, dtype=None):
    """A fresh array with ``arr``'s values (cast to ``dtype``) in torch's preserved layout
    (clone, to, torch.tensor(t))."""
    if arr.flags.c_contiguous and 1 not in arr.shape:
        if dtype is None:
            return arr.copy()
        with quiet:     # torch casts out-of-range values (to inf, or C's int wrap) silently
            return arr.astype(dtype)
    out = empty_preserving(arr, dtype)
    with quiet:
        np.copyto(out, arr, casting="unsafe")
    return out


def as_dtype(a, np_dtype):
    """``a.astype(np_dtype)``, laid out as torch lays out a result: NumPy's astype puts an
    expanded (0-stride) dim innermost, so a cast of ``x.expand(2, 2)`` and every result
    computed from it would have strides (1, 2) where torch's have (2, 1)."""
    if 0 in a.strides and a.size > 1:
        return empty_like_strided(a, np_dtype)
    return a.astype(np_dtype)


def broadcast_error(*xs):
    """torch's message when shapes do not broadcast (TensorIterator folds them left to
    right: 'tensor a' is the shape so far, 'tensor b' the next operand)."""
    acc = ()
    for x in xs:
        sb = x._data.shape if isinstance(x, Tensor) else ()
        n = max(len(acc), len(sb))
        pa = (1,) * (n - len(acc)) + tuple(acc)
        pb = (1,) * (n - len(sb)) + tuple(sb)
        for i in range(n - 1, -1, -1):
            if pa[i] != pb[i] and pa[i] != 1 and pb[i] != 1:
                return RuntimeError(
                    f"The size of tensor a ({pa[i]}) must match the size of tensor b ({pb[i]}) at "
                    f"non-singleton dimension {i}")
        acc = tuple(y if x == 1 else x for x, y in zip(pa, pb))
    return RuntimeError("shapes cannot be broadcast")
