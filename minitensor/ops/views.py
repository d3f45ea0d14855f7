"""Views: tensors that share their base's storage and version counter.

NumPy's own views (``arr.T``, ``arr[1:]``, ``arr.reshape`` when possible) give the
geometry; ``dispatch.make_view`` ties the result to the base. Basic indexing is
applied one index at a time, as torch does, so ``a[0, 1:]`` has the same
``SliceBackward0 -> SelectBackward0`` history as in torch.
"""
import numpy as np

from ..core.graph import Node, input_sizes
from ..compat.tensor_iterator import index_result_strides
from ..core.dispatch import make_view, record
from ..core.tensor import Tensor, wrap_dim, storage_of
from ..compat.quiet import quiet
from ..core import size as _size


# -------------------------------------------------------------------- nodes
class ViewBackward0(Node):
    saves = ()
    self_sizes = property(input_sizes)

    def backward(self, g):
        return (g.reshape(self.self_sizes),)


class UnsafeViewBackward0(ViewBackward0):
    pass


class ReshapeAliasBackward0(ViewBackward0):
    pass


class SqueezeBackward0(ViewBackward0):
    pass


class SqueezeBackward1(ViewBackward0):
    pass


class SqueezeBackward2(ViewBackward0):
    pass


class UnsqueezeBackward0(ViewBackward0):
    pass


class TBackward0(Node):
    saves = ()

    def backward(self, g):
        return (g.T,)


class TransposeBackward0(Node):
    saves = ()

    def backward(self, g):
        return (np.swapaxes(g, self.dim0, self.dim1),)


class PermuteBackward0(Node):
    saves = ()

    def backward(self, g):
        return (np.transpose(g, np.argsort(self.dims)),)


class ExpandBackward0(Node):
    saves = ()

    def backward(self, g):
        return (g,)      # the engine sums broadcast dims back to the input's shape


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


class AliasBackward0(Node):
    saves = ()

    def backward(self, g):
        return (g,)


class IndexBackward0(Node):
    saves = ()
    _grad_versions = (1,)      # torch: zeros, then index_put_ in place

    def backward(self, g):
        out = np.zeros(self.self_sizes, g.dtype)
        np.add.at(out, self.indices, g)
        return (out,)


# ------------------------------------------------------------------ shapes
_ARGNAME = {"view": "size", "reshape": "shape", "expand": "size", "permute": "dims",
            "repeat": "repeats", "resize_": "size"}


def _is_int(a):
    return isinstance(a, (int, np.integer)) and not isinstance(a, bool) or \
        isinstance(a, Tensor) and a._data.ndim == 0 and a._data.dtype.kind in "iu"


def _shape_arg(args, name="view"):
    """torch's int-list parser (``x.view(2, 3)`` or ``x.view((2, 3))``), with its messages."""
    arg = _ARGNAME.get(name, "size")
    if len(args) == 1 and isinstance(args[0], (tuple, list, _size.Size)):
        args = tuple(args[0])
    elif len(args) == 1 and not _is_int(args[0]):
        raise TypeError(f"{name}(): argument '{arg}' (position 1) must be tuple of ints, not "
                        f"{type(args[0]).__name__}")
    for i, a in enumerate(args):
        if not _is_int(a):
            raise TypeError(f"{name}(): argument '{arg}' failed to unpack the object at pos {i + 1} "
                            f"with error \"type must be tuple of ints,but got {type(a).__name__}\"")
    return tuple(int(a) for a in args)


def _int_arg(op, name, pos, v):
    if not (isinstance(v, (int, np.integer)) and not isinstance(v, bool)):
        raise TypeError(f"{op}(): argument '{name}' (position {pos}) must be int, not {type(v).__name__}")


def _view_overload_error(args):
    got = ", ".join(type(a).__name__ for a in args)
    if len(args) == 1:
        bad = f"(!{got}!)"
        raise TypeError(
            f"view() received an invalid combination of arguments - got ({got}), but expected one "
            f"of:\n * (torch.dtype dtype)\n      didn't match because some of the arguments have "
            f"invalid types: {bad}\n * (tuple of ints size)\n      didn't match because some of the "
            f"arguments have invalid types: {bad}\n")
    raise TypeError(f"view() received an invalid combination of arguments - got ({got}), but "
                    "expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n")


def infer_size(shape, numel):
    neg = [i for i, n in enumerate(shape) if n == -1]
    if len(neg) > 1:
        raise RuntimeError("only one dimension can be inferred")
    for i, n in enumerate(shape):
        if n < -1:
            raise RuntimeError(f"invalid shape dimension {n} at index {i} of shape "
                               f"[{', '.join(map(str, shape))}]")
    known = 1
    for n in shape:
        if n != -1:
            known *= n
    if neg:
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of size {numel}")
        shape = tuple(numel // known if n == -1 else n for n in shape)
    elif known != numel:
        raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of size {numel}")
    return shape


def _canonical(arr):
    """NumPy and torch agree on the strides of a reshaped or unsqueezed array when its own
    strides are the plain C-order ones (no size-1 or empty dims to be vague about)."""
    return arr.flags.c_contiguous and 1 not in arr.shape and arr.size


def _try_view(arr, shape):
    if _canonical(arr):
        v = arr.view()
        v.shape = shape
        return v
    st = compute_stride(arr.shape, arr.strides, shape, arr.itemsize)
    if st is None:
        return None
    return np.lib.stride_tricks.as_strided(arr, shape, st, writeable=arr.flags.writeable)


def compute_stride(old, oldst, new, itemsize):
    """torch's computeStride: ``new``'s strides over ``old``'s memory (in bytes), or None
    when a dim of ``new`` would span two separate chunks of memory."""
    if not old:
        return (itemsize,) * len(new)
    numel = 1
    for n in old:
        numel *= n
    if numel == 0:
        if tuple(old) == tuple(new):
            return tuple(oldst)
        out = [0] * len(new)
        acc = itemsize
        for d in range(len(new) - 1, -1, -1):
            out[d] = acc
            acc *= max(new[d], 1)
        return tuple(out)
    out = [0] * len(new)
    view_d = len(new) - 1
    chunk = oldst[-1]
    tensor_numel = view_numel = 1
    for d in range(len(old) - 1, -1, -1):
        tensor_numel *= old[d]
        if d == 0 or (old[d - 1] != 1 and oldst[d - 1] != tensor_numel * chunk):
            while view_d >= 0 and (view_numel < tensor_numel or new[view_d] == 1):
                out[view_d] = view_numel * chunk
                view_numel *= new[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if d > 0:
                chunk = oldst[d - 1]
                tensor_numel = view_numel = 1
    if view_d != -1:
        return None
    return tuple(out)


def view(self, *shape):
    # fast path: explicit int sizes that NumPy can lay over the same memory. Sizes of
    # 2 or more only: then the tensor is not empty, and torch's strides are NumPy's even
    # if the input's size-1 dims have odd strides (torch gives those odd strides only
    # to size-1 dims of the result); -1, 0 and 1 take the full path
    if shape and type(shape[0]) is int:
        for n in shape:
            if type(n) is not int or n < 2:
                break
        else:
            a = self._data
            # (reshape of a C-contiguous array is always a view; a wrong size raises)
            if a.flags.c_contiguous:
                try:
                    v = a.reshape(shape)
                except ValueError:
                    pass                  # wrong size: the full path explains
                else:
                    return make_view("view", self, v, ViewBackward0)
    if len(shape) == 1 and not isinstance(shape[0], (tuple, list, int, np.integer)):
        from ..core.dtypes import dtype as _dtype
        if not isinstance(shape[0], _dtype):
            _view_overload_error(shape)
        from .copying import view_dtype
        return view_dtype(self, shape[0])
    if shape and not _is_int(shape[0]) and not isinstance(shape[0], (tuple, list)):
        _view_overload_error(shape)
    shape = infer_size(_shape_arg(shape), self._data.size)
    v = _try_view(self._data, shape)
    if v is None:
        raise RuntimeError(
            "view size is not compatible with input tensor's size and stride (at least one "
            "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")
    return make_view("view", self, v, ViewBackward0)


def reshape(self, *shape):
    shape = infer_size(_shape_arg(shape, "reshape"), self._data.size)
    v = _try_view(self._data, shape)
    if v is not None:
        return make_view("reshape", self, v, ViewBackward0)
    # torch: a contiguous clone (CloneBackward0), then _unsafe_view (UnsafeViewBackward0)
    c = record("clone", np.ascontiguousarray(self._data), self._device, (self,), _clone_node())
    return unsafe_view(c, shape)


def unsafe_view(self, shape):
    """torch's _unsafe_view: a reshape of a fresh contiguous result, recorded as an op."""
    return record("_unsafe_view", self._data.reshape(shape), self._device, (self,),
                  UnsafeViewBackward0)


def _clone_node():
    from .copying import CloneBackward0
    return CloneBackward0


def view_as(self, other):
    return view(self, other._data.shape)


def reshape_as(self, other):
    return reshape(self, other._data.shape)


def flatten(self, start_dim=0, end_dim=-1):
    nd = self._data.ndim
    if nd == 0:
        wrap_dim(start_dim, 0), wrap_dim(end_dim, 0)      # torch checks them: [-1, 0]
        return reshape(self, 1)
    s = wrap_dim(start_dim, nd)
    e = wrap_dim(end_dim, nd)
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return self
    shp = self._data.shape
    n = 1
    for k in shp[s:e + 1]:
        n *= k
    return reshape(self, shp[:s] + (n,) + shp[e + 1:])


def ravel(self):
    return reshape(self, -1)


def unflatten(self, dim, sizes):
    d = wrap_dim(dim, self._data.ndim)
    shp = self._data.shape
    sizes = tuple(sizes)
    known = 1
    for k in sizes:
        known *= k if k != -1 else 1
    n = shp[d] if shp else 1
    if sizes.count(-1) <= 1 and (known == 0 or (n % known if -1 in sizes else n != known)):
        raise RuntimeError(f"unflatten: Provided sizes [{', '.join(map(str, sizes))}] don't "
                           f"multiply up to the size of dim {d} ({n}) in the input tensor")
    return view(self, shp[:d] + sizes + shp[d + 1:])


def squeeze(self, dim=None):
    shp = self._data.shape
    if dim is None:
        new = tuple(n for n in shp if n != 1)
        node = SqueezeBackward0
    else:
        dims = dim if isinstance(dim, (tuple, list)) else (dim,)
        dims = {wrap_dim(d, self._data.ndim) for d in dims}    # 0-d: dims in [-1, 0]
        new = tuple(n for i, n in enumerate(shp) if not (i in dims and n == 1))
        node = SqueezeBackward2 if isinstance(dim, (tuple, list)) else SqueezeBackward1
    return make_view("squeeze", self, self._data.reshape(new), node, {"self_sizes": shp})


def unsqueeze(self, dim):
    _int_arg("unsqueeze", "dim", 1, dim)
    d = wrap_dim(dim, self._data.ndim + 1)
    return make_view("unsqueeze", self, unsqueezed(self._data, d), UnsqueezeBackward0,
                     {"self_sizes": self._data.shape})


def unsqueezed(a, d):
    """``a`` with a new size-1 dim at ``d``, with torch's stride for it: what a contiguous
    layout would give it there (size * stride of the dim it precedes; 0 for an empty one)."""
    shp = a.shape
    if _canonical(a):
        v = a.view()
        v.shape = shp[:d] + (1,) + shp[d:]
        return v
    st = a.strides
    return np.lib.stride_tricks.as_strided(
        a, shp[:d] + (1,) + shp[d:], st[:d] + ((shp[d] * st[d]) if d < len(shp) else a.itemsize,) + st[d:],
        writeable=a.flags.writeable)


def t(self):
    nd = self._data.ndim
    if nd > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {nd}D")
    return make_view("t", self, self._data.T, TBackward0)


_MISSING = object()


def transpose(self, dim0=_MISSING, dim1=_MISSING):
    for name, v in (("dim0", dim0), ("dim1", dim1)):
        if v is _MISSING:
            raise TypeError(f'transpose() missing 1 required positional arguments: "{name}"')
    _int_arg("transpose", "dim0", 1, dim0)
    _int_arg("transpose", "dim1", 2, dim1)
    nd = self._data.ndim
    d0, d1 = wrap_dim(dim0, nd), wrap_dim(dim1, nd)
    if nd == 0:
        return make_view("transpose", self, self._data.view(), TransposeBackward0, {"dim0": 0, "dim1": 0})
    return make_view("transpose", self, np.swapaxes(self._data, d0, d1), TransposeBackward0,
                     {"dim0": d0, "dim1": d1})


swapaxes = swapdims = transpose


def permute(self, *dims):
    dims = _shape_arg(dims, "permute")
    nd = self._data.ndim
    if len(dims) != nd:
        raise RuntimeError(
            "permute(sparse_coo): number of dimensions in the tensor input does not match the length "
            f"of the desired ordering of dimensions i.e. input.dim() = {nd} is not equal to len(dims) = {len(dims)}")
    wd = tuple(wrap_dim(d, nd) for d in dims)
    if len(set(wd)) != nd:
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return make_view("permute", self, np.transpose(self._data, wd), PermuteBackward0, {"dims": wd})


_WARNED = set()


def _warn_once(message):
    """torch's TORCH_WARN_ONCE: each message once per process."""
    if message not in _WARNED:
        _WARNED.add(message)
        import warnings
        warnings.warn(message, UserWarning, stacklevel=4)


def T(self):
    nd = self._data.ndim
    if nd == 2:
        return make_view("T", self, self._data.T, PermuteBackward0, {"dims": (1, 0)})
    if nd == 0:
        _warn_once("Tensor.T is deprecated on 0-D tensors. This function is the identity in "
                   "these cases.")
    else:
        _warn_once(
            "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
            "deprecated and it will throw an error in a future release. Consider `x.mT` to "
            "transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` "
            "to reverse the dimensions of a tensor.")
    return permute(self, tuple(range(nd - 1, -1, -1)))      # a view, even of a 0-d tensor


def mT(self):
    if self._data.ndim == 0:    # measured: x.mT is x for a 0-d x
        _warn_once("Tensor.mT is deprecated on 0-D tensors. This function is the identity in "
                   "these cases.")
        return self
    if self._data.ndim < 2:
        raise RuntimeError("tensor.mT is only supported on matrices or batches of matrices. "
                           f"Got {self._data.ndim}-D tensor.")
    return transpose(self, -2, -1)


def H(self):
    # the conjugate transpose: for the real dtypes here, the transpose
    if self._data.ndim == 0:
        _warn_once("Tensor.H is deprecated on 0-D tensors. Consider using x.conj().")
        return self
    if self._data.ndim != 2:
        raise RuntimeError("tensor.H is only supported on matrices (2-D tensors). Got "
                           f"{self._data.ndim}-D tensor. For batches of matrices, consider using tensor.mH")
    return T(self)


def mH(self):
    if self._data.ndim == 0:
        _warn_once("Tensor.mH is deprecated on 0-D tensors. Consider using x.conj().")
        return self
    if self._data.ndim < 2:
        raise RuntimeError("tensor.mH is only supported on matrices or batches of matrices. "
                           f"Got {self._data.ndim}-D tensor.")
    return transpose(self, -2, -1)


def _type_string(t):
    # torch's legacy type names; bool has none, so its message says CPUBoolType
    return "CPUBoolType" if t._data.dtype == np.bool_ else f"torch.{t.dtype._legacy}"


def expand(self, *sizes, implicit=False):     # implicit: only the tracer reads it
    sizes = _shape_arg(sizes, "expand")
    shp = self._data.shape
    if len(sizes) < len(shp):
        raise RuntimeError(
            f"expand({_type_string(self)}{{[{', '.join(map(str, shp))}]}}, size=[{', '.join(map(str, sizes))}]): "
            "the number of sizes provided (%d) must be greater or equal to the number of dimensions in the tensor (%d)"
            % (len(sizes), len(shp)))
    lead = len(sizes) - len(shp)
    target = [0] * len(sizes)
    for i in range(len(sizes) - 1, -1, -1):     # torch checks from the last dim
        n = sizes[i]
        if i < lead:
            if n < 0:
                raise RuntimeError(
                    f"The expanded size of the tensor ({n}) isn't allowed in a leading, non-existing dimension {i}")
            target[i] = n
            continue
        have = shp[i - lead]
        if n == -1:
            n = have
        if have != n and have != 1:
            raise RuntimeError(
                f"The expanded size of the tensor ({n}) must match the existing size ({have}) at "
                f"non-singleton dimension {i}.  Target sizes: [{', '.join(map(str, sizes))}].  "
                f"Tensor sizes: [{', '.join(map(str, shp))}]")
        target[i] = n
    # torch's strides (inferExpandGeometry): 0 for an expanded dim; a kept dim keeps its
    # stride; a new size-1 dim gets the stride a contiguous layout would give it
    old = self._data.strides
    strides = [0] * len(target)
    for i in range(len(target) - 1, -1, -1):
        if i >= lead:
            st = old[i - lead] if shp[i - lead] == target[i] else 0
        else:
            st = target[i + 1] * strides[i + 1] if i + 1 < len(target) and target[i] == 1 else 0
        strides[i] = st
    arr = np.lib.stride_tricks.as_strided(self._data, tuple(target), tuple(strides),
                                          writeable=self._data.flags.writeable)
    return make_view("expand", self, arr, ExpandBackward0)


def expand_as(self, other):
    return expand(self, other._data.shape)


def broadcast_to(self, *size):
    return expand(self, *size)


def narrow(self, dim, start, length):
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


def narrow_copy(self, dim, start, length):
    """narrow, then a contiguous copy of it (torch's own grad_fn, NarrowCopyBackward0)."""
    from ..core import events
    with events.silenced():
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


def unbind(self, dim=0):
    d = wrap_dim(dim, self._data.ndim)
    return tuple(select(self, d, i) for i in range(self._data.shape[d]))


def alias(self):
    return make_view("alias", self, self._data.view(), AliasBackward0)


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


def _normalize_index(idx):
    if not isinstance(idx, tuple):
        if isinstance(idx, str):
            import warnings
            warnings.warn(_SEQ_WARNING, UserWarning, stacklevel=3)
            raise TypeError("new(): invalid data type 'str'")
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
                raise IndexError(f"index {k} is out of bounds for dimension {od} with size {n}")
            t = select(t, d, k)
            od += 1
    return t


def _to_index_array(i, dim_size, d):
    a = _as_index_array(i)
    if a.dtype != np.bool_:
        _check_bounds(a, dim_size, d)
    return a


def _as_index_array(i):
    if isinstance(i, (float, complex)) or i is None:
        raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                         f"Variables are valid indices (got {type(i).__name__})")
    if isinstance(i, Tensor):
        a = i._data
    elif isinstance(i, (list, tuple)):
        a = np.asarray(i)
    else:
        a = np.asarray(i)
    if a.dtype == np.bool_:
        return a
    if a.dtype.kind not in "iu":
        if a.size == 0:
            return a.astype(np.int64)
        raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    return a


def _check_bounds(a, dim_size, d):
    if a.size and (a.max() >= dim_size or a.min() < -dim_size):
        bad = a.max() if a.max() >= dim_size else a.min()
        raise IndexError(f"index {bad} is out of bounds for dimension {d} with size {dim_size}")


def _too_many_for_0d(self, idx):
    """A 0-d tensor takes no index array (a 0-d bool mask is the one exception)."""
    if self._data.ndim == 0 and not (len(idx) == 1 and (isinstance(idx[0], bool) or (
            isinstance(idx[0], Tensor) and idx[0]._data.ndim == 0))):
        raise IndexError("too many indices for tensor of dimension 0")


def _advanced_index(self, idx):
    _too_many_for_0d(self, idx)
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


def setitem(self, idx, value):
    """torch's set_item: find the destination with views (or index_put_ for tensor
    indices), then copy_to it."""
    from ..core import events
    if not isinstance(value, Tensor):
        # torch's valueToTensor: a tensor, a Python (or NumPy integer) number, or a
        # complex; NOT a list, an array or a NumPy float32/bool (np.float64 is a float)
        if isinstance(value, (bool, int, float, np.integer)):
            value = _scalar_for(value, self)
        elif isinstance(value, complex):
            value = _scalar_for(_complex_to(value, self._data.dtype), self)
        else:
            from ..compat.arg_parser import tp_name
            raise TypeError(f"can't assign a {tp_name(value)} to a {self.type()}")
    if idx is False:            # a lone False selects nothing
        return
    if idx is True:
        with events.silenced():
            dst = unsqueeze(self, 0)
        return _copy_to(dst, value)
    idx = _normalize_index(idx)
    if all(_is_basic(i) for i in idx):
        with events.silenced():
            dst = _basic_index(self, idx)       # self itself for x[...] = v, x[:] = v
        return _copy_to(dst, value)
    # advanced: like torch's applySlicing, the ints, slices and Nones make a view first
    # (x[0, [0, 1]] = v writes into the view x[0], so x's history becomes CopySlices),
    # then index_put_ writes through the tensor indices into that view
    _too_many_for_0d(self, idx)
    split = _split_advanced(idx)
    if split is None:           # a mask over several dims: index_put_ on self itself
        return _index_put(self, idx, value)
    basic, rest = split
    with events.silenced():
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
    from ..core.dispatch import inplace
    nd = self._data.ndim
    if Ellipsis in idx:     # spelled out, so each entry's position is its dim
        k = idx.index(Ellipsis)
        n_real = sum(1 for i in idx if i is not None and i is not Ellipsis)
        idx = idx[:k] + (slice(None),) * max(nd - n_real, 0) + tuple(
            i for i in idx[k + 1:] if i is not Ellipsis)
    try:
        np_idx = []
        n = d = 0   # index tensors and dims so far (torch's bounds message counts tensors)
        for i in idx:
            if _is_basic(i):
                np_idx.append(i)
                d += i is not None
                continue
            a = _as_index_array(i)
            if a.dtype != np.bool_:
                _check_bounds(a, self._data.shape[d] if d < nd else 0, n)
            n += a.ndim if a.dtype == np.bool_ else 1
            d += a.ndim if a.dtype == np.bool_ else 1
            np_idx.append(a)
        np_idx = tuple(np_idx)
    except IndexError:
        _partial_put(self, idx, value)
        raise
    ss = value._data.shape
    k = 0
    while k < len(ss) and ss[k] == 1:
        k += 1
    if k:                   # torch views the value without its leading 1s (slicePrefix1sSize)
        from ..core import events
        with events.silenced():
            value = view(value, ss[k:])
    values = self._data.copy()
    values[np_idx] = value._data
    inplace("index_put_", self, values, (self, value), IndexPutBackward0, {"indices": np_idx})


def _copy_to(dst, src):
    """torch's copy_to: copy_ when the shapes agree; fill_ from a 0-dim CPU value; else
    view the value without its leading 1s, expand it to the destination, copy_."""
    from .copying import copy_
    from .pointwise import _fill
    from ..core import events
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
    with events.silenced():
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
        from ..compat.messages import C_NAMES
        name = "double" if dt == np.float16 else C_NAMES[dt.name]     # (measured)
        raise RuntimeError(f"value cannot be converted to type {name} without overflow")
    return value.real


def _scalar_for(value, like):
    """A number assigned by indexing: a 0-dim tensor of the destination's dtype, on the
    CPU whatever the destination's device (torch's valueToTensor)."""
    from ..core.tensor import wrap
    from ..core.device import CPU
    from ..compat.numerics import scalar_to
    from ..compat.quiet import quiet
    if isinstance(value, int) and not -2**63 <= value < 2**63:
        raise ValueError("Overflow when unpacking long long")
    dt = like._data.dtype
    if dt == np.float16:        # measured: torch rounds to a half without its range check
        with quiet:
            v = np.float16(value)
    else:                       # torch's range check: x[0] = 300 on uint8 raises
        v = scalar_to(value, dt)
    return wrap(np.asarray(v, dtype=dt), CPU)
