"""Views: tensors that share their base's storage and version counter.

NumPy's own views (``arr.T``, ``arr.reshape`` when possible) give the geometry;
``dispatch.make_view`` ties the result to the base. Here: view, reshape, flatten,
squeeze/unsqueeze, t/transpose/permute, expand, viewing as another dtype, and the
in-place twins that change a tensor's own shape (t_, squeeze_...).
"""
import numpy as np

from ..compat.arg_parser import int_list, wrong_type
from ..compat.warn_once import warn_once
from ..core import grad_mode
from ..core.dispatch import composite, inplace, make_view, record
from ..core.dtypes import dtype as _dtype_cls
from ..core.graph import Node, input_sizes
from ..core.storage import array_over
from ..core.tensor import wrap_dim, storage_of
from .copy import CloneBackward0


# -------------------------------------------------------------------- nodes
class ViewBackward0(Node):
    saves = ()
    self_sizes = property(input_sizes)

    def backward(self, g):
        return (g.reshape(self.self_sizes),)

    def backward_graph(self, g):
        """create_graph=True: the same reshape, recorded (hessian() goes through one)."""
        return (g.reshape(self.self_sizes),)


class UnsafeViewBackward0(ViewBackward0):
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


class AliasBackward0(Node):
    saves = ()

    def backward(self, g):
        return (g,)


# ------------------------------------------------------------------ shapes
def _int_arg(op, name, pos, v):
    if not (isinstance(v, (int, np.integer)) and not isinstance(v, bool)):
        raise wrong_type(op, name, "int", v, pos)


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
    if len(shape) == 1 and isinstance(shape[0], _dtype_cls):
        return view_dtype(self, shape[0])
    shape = infer_size(int_list(shape), self._data.size)
    v = _try_view(self._data, shape)
    if v is None:
        raise RuntimeError(
            "view size is not compatible with input tensor's size and stride (at least one "
            "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")
    return make_view("view", self, v, ViewBackward0)


@composite("reshape")
def reshape(self, *shape):
    shape = infer_size(int_list(shape, "reshape"), self._data.size)
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
    dims = int_list(dims, "permute")
    nd = self._data.ndim
    if len(dims) != nd:
        raise RuntimeError(
            "permute(sparse_coo): number of dimensions in the tensor input does not match the length "
            f"of the desired ordering of dimensions i.e. input.dim() = {nd} is not equal to len(dims) = {len(dims)}")
    wd = tuple(wrap_dim(d, nd) for d in dims)
    if len(set(wd)) != nd:
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return make_view("permute", self, np.transpose(self._data, wd), PermuteBackward0, {"dims": wd})


def _deprecated(message):
    warn_once(message)     # points at the learner's line, past the property


def T(self):
    nd = self._data.ndim
    if nd == 2:
        return make_view("T", self, self._data.T, PermuteBackward0, {"dims": (1, 0)})
    if nd == 0:
        _deprecated("Tensor.T is deprecated on 0-D tensors. This function is the identity in "
                   "these cases.")
    else:
        _deprecated(
            "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
            "deprecated and it will throw an error in a future release. Consider `x.mT` to "
            "transpose batches of matrices or `x.permute(*torch.arange(x.ndim - 1, -1, -1))` "
            "to reverse the dimensions of a tensor.")
    return permute(self, tuple(range(nd - 1, -1, -1)))      # a view, even of a 0-d tensor


def mT(self):
    if self._data.ndim == 0:    # measured: x.mT is x for a 0-d x
        _deprecated("Tensor.mT is deprecated on 0-D tensors. This function is the identity in "
                   "these cases.")
        return self
    if self._data.ndim < 2:
        raise RuntimeError("tensor.mT is only supported on matrices or batches of matrices. "
                           f"Got {self._data.ndim}-D tensor.")
    return transpose(self, -2, -1)


def H(self):
    # the conjugate transpose: for the real dtypes here, the transpose
    if self._data.ndim == 0:
        _deprecated("Tensor.H is deprecated on 0-D tensors. Consider using x.conj().")
        return self
    if self._data.ndim != 2:
        raise RuntimeError("tensor.H is only supported on matrices (2-D tensors). Got "
                           f"{self._data.ndim}-D tensor. For batches of matrices, consider using tensor.mH")
    return T(self)


def mH(self):
    if self._data.ndim == 0:
        _deprecated("Tensor.mH is deprecated on 0-D tensors. Consider using x.conj().")
        return self
    if self._data.ndim < 2:
        raise RuntimeError("tensor.mH is only supported on matrices or batches of matrices. "
                           f"Got {self._data.ndim}-D tensor.")
    return transpose(self, -2, -1)


def _type_string(t):
    # torch's legacy type names; bool has none, so its message says CPUBoolType
    return "CPUBoolType" if t._data.dtype == np.bool_ else f"torch.{t.dtype._legacy}"


def expand(self, *sizes, implicit=False):     # implicit: only the tracer reads it
    sizes = int_list(sizes, "expand")
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


def alias(self):
    return make_view("alias", self, self._data.view(), AliasBackward0)


def view_dtype(self, dt):
    if not isinstance(dt, _dtype_cls):
        raise wrong_type("view", "dtype", "torch.dtype", dt)
    a = self._data
    old_size, new_size = a.itemsize, dt.itemsize
    if old_size != new_size:
        what = (f"to view {self.dtype._scalar_type} as {dt._scalar_type} "
                "(different element sizes)")
        if a.ndim == 0:
            raise RuntimeError(f"self.dim() cannot be 0 {what}")
        st = self.stride()
        if st[-1] != 1 and a.shape[-1] != 1:
            raise RuntimeError(f"self.stride(-1) must be 1 {what}, but got {st[-1]}")
        if new_size > old_size:
            ratio = new_size // old_size
            if a.shape[-1] % ratio:
                raise RuntimeError(f"self.size(-1) must be divisible by {ratio} {what}, but got "
                                   f"{a.shape[-1]}")
            for k in range(a.ndim - 1):
                if st[k] % ratio:
                    raise RuntimeError(f"self.stride({k}) must be divisible by {ratio} {what}, "
                                       f"but got {st[k]}")
            if self.storage_offset() % ratio:
                raise RuntimeError(f"self.storage_offset() must be divisible by {ratio} {what}, "
                                   f"but got {self.storage_offset()}")
    try:
        arr = a.view(dt.np)
    except ValueError:      # a geometry NumPy cannot reinterpret but torch can: go by strides
        ratio = old_size / new_size
        st = self.stride()
        shape = a.shape[:-1] + (int(a.shape[-1] * ratio),)
        strides = tuple(int(x * ratio) for x in st[:-1]) + (1,)
        arr = array_over(storage_of(self), dt.np, shape, strides, int(self.storage_offset() * ratio))
    out = make_view("view", self, arr, None)
    # measured: torch's dtype view shares the storage and the version counter but is no
    # view for autograd (its _base is None, it is a leaf that does not require grad)
    out._base = None
    return out


class _ReshapeBack(Node):
    def backward(self, g):
        return (g.reshape(self.self_sizes),)


class TBackward1(Node):
    def backward(self, g):
        return (g.T,)


class TransposeBackward1(Node):
    def backward(self, g):
        return (np.swapaxes(g, self.dim0, self.dim1),)


UnsqueezeBackward1 = type("UnsqueezeBackward1", (_ReshapeBack,), {})


SqueezeBackward3 = type("SqueezeBackward3", (_ReshapeBack,), {})   # squeeze_()


SqueezeBackward4 = type("SqueezeBackward4", (_ReshapeBack,), {})   # squeeze_(dim)


def _metadata_inplace(self, op, arr, node, attrs=None):
    """t_/transpose_/squeeze_/unsqueeze_: the tensor itself takes a new geometry. The
    history is rewritten first, while the node can still see the old shape."""
    inplace(op, self, None, (self,), node, attrs)
    self._data = arr
    return self


def transpose_(self, dim0, dim1):
    nd = self._data.ndim
    d0, d1 = wrap_dim(dim0, nd), wrap_dim(dim1, nd)
    return _metadata_inplace(self, "transpose_", np.swapaxes(self._data, d0, d1),
                             TransposeBackward1, {"dim0": d0, "dim1": d1})


def t_(self):
    nd = self._data.ndim
    if nd > 2:
        raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is {nd}D")
    return _metadata_inplace(self, "t_", self._data.T, TBackward1)


def unsqueeze_(self, dim):
    d = wrap_dim(dim, self._data.ndim + 1)
    return _metadata_inplace(self, "unsqueeze_", unsqueezed(self._data, d), UnsqueezeBackward1,
                             {"self_sizes": self._data.shape})


@composite("squeeze_")
def squeeze_(self, dim=None):
    with grad_mode.mode(False):
        arr = squeeze(self.detach(), dim)._data
    return _metadata_inplace(self, "squeeze_", arr, SqueezeBackward3 if dim is None else SqueezeBackward4,
                             {"self_sizes": self._data.shape})


def movedim(self, source, destination):
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
