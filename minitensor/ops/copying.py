"""Copying and aliasing: the heart of the lessons.

- ``clone``: new storage, same values and strides, differentiable (CloneBackward0).
- ``detach``: same storage AND same version counter, no history.
- ``detach_``: the tensor itself loses its history and becomes a leaf.
- ``copy_``: writes values into the destination's own storage; keeps its dtype and
  device; the gradient flows to the source (CopyBackwards).
- ``.data``: same storage, but a NEW version counter (why it silently breaks autograd).
- ``deepcopy``: leaves only; a memo keeps shared storages shared.
"""
import builtins
import copy
import warnings

import numpy as np

from ..compat.layouts import contiguous_format, channels_last
from ..compat.memory_overlap import assert_no_internal_overlap, assert_no_partial_overlap
from ..compat.messages import CPP_NAMES
from ..compat.quiet import quiet
from ..compat.tensor_iterator import dim_order, strides_for
from ..core import dispatch, grad_mode
from ..core.device import canonical
from ..core.dispatch import record, inplace, check_inplace
from ..core.dtypes import FROM_NP, FROM_LEGACY, can_cast, dtype as _dtype_cls
from ..core.graph import Node
from ..core.storage import UntypedStorage, array_over, ptr
from ..core.tensor import Tensor, wrap, storage_of, contiguous_strides


class CloneBackward0(Node):
    saves = ()

    def backward(self, g):
        return (g,)


class CopyBackwards(Node):
    saves = ()

    def backward(self, g):
        return np.zeros_like(g), g


class ToCopyBackward0(Node):
    saves = ()

    def backward(self, g):
        return (g,)


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


def _empty_like_strided(arr, dtype=None):
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


def _check_memory_format(self, memory_format):
    if memory_format is channels_last:
        if self._data.ndim != 4:
            raise RuntimeError("required rank 4 tensor to use channels_last format")
        raise NotImplementedError("minitensor does not model the channels_last memory format")


def clone(self, *, memory_format=None):
    if memory_format is not None:
        _check_memory_format(self, memory_format)
    if memory_format is contiguous_format:
        return record("clone", np.array(self._data, order="C"), self._device, (self,), CloneBackward0)
    return record("clone", _empty_like_strided(self._data), self._device, (self,), CloneBackward0)


def contiguous(self, memory_format=None):
    if memory_format is not None:
        _check_memory_format(self, memory_format)
    if self.is_contiguous():
        return self
    return record("contiguous", np.ascontiguousarray(self._data), self._device, (self,), CloneBackward0)


def detach(self):
    """The same memory, version counter and storage; no history."""
    return dispatch.detach(self)


def detach_(self):
    if self._base is not None:
        raise RuntimeError(
            "Can't detach views in-place. Use detach() instead. If you are using "
            "DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as "
            "True, gradients are views of DDP buckets, and hence detach_() cannot be called on "
            "these gradients. To fix this error, please refer to the Optimizer.zero_grad() "
            "function in torch/optim/optimizer.py as the solution.")
    return dispatch.detach_(self)


def get_data(self):
    """``.data``: shares the storage, but has its own version counter and no history."""
    return dispatch.data(self)


def set_data(self, new):
    if not isinstance(new, Tensor):
        raise TypeError(f"Variable data has to be a tensor, but got {type(new).__name__}")
    if self._requires_grad and new._data.dtype.kind not in "fc":
        raise RuntimeError("data set to a tensor that requires gradients must be floating point "
                           "or complex dtype")
    dispatch.rebind("data=", self, new._data, storage_of(new), new._device, (self, new),
                    bump=False)


def copy_(self, src, non_blocking=False, *, op="copy_"):
    if not isinstance(src, Tensor):
        if op == "copy_" and isinstance(src, (bool, int, float)):
            src = wrap(np.asarray(src), self._device)      # torch accepts a number here
        else:
            raise TypeError(f"copy_(): argument 'other' (position 1) must be Tensor, "
                            f"not {type(src).__name__}")
    # torch checks the leaf first, then overlap, then shapes (check_inplace can only
    # refuse a tensor with one of these three: the common plain tensor skips the call)
    if self._requires_grad or self._grad_fn is not None or self._base is not None:
        check_inplace(self)
    d, sa = self._data, src._data
    # (two arrays that own their memory cannot overlap: the common case skips the checks)
    views = d.base is not None or sa.base is not None
    # (inplace() records CopyBackwards only for a float destination, whatever src is)
    if src is self or sa is d or (views and sa.dtype is d.dtype and sa.shape == d.shape
                                  and sa.strides == d.strides and ptr(d) == ptr(sa)):
        # torch returns early when src is the very same data: nothing to check or write
        return inplace(op, self, None, (self, src), CopyBackwards, check=False)
    if views:
        assert_no_internal_overlap(d)
        assert_no_partial_overlap(d, sa)
    # NumPy's assignment broadcasts src over dst as torch does, except that it also drops
    # src's extra leading size-1 dims, which torch refuses (comparing ndims is half the
    # price of comparing shapes)
    if sa.ndim > d.ndim:
        _check_copy_shapes(d.shape, sa.shape)
    try:
        if sa.dtype is d.dtype:
            d[...] = sa
        else:
            with quiet:             # copy_ casts freely and silently, float -> int included
                d[...] = sa.astype(d.dtype)
    except ValueError as e:         # shapes that do not broadcast
        err = e
    else:
        err = None
    if err is not None:
        # torch's message, raised outside the except: no NumPy error chained above it
        _check_copy_shapes(d.shape, sa.shape)
        raise err
    # (positional: keywords cost this hot call ~200 instructions; check=False: done above)
    return inplace(op, self, None, (self, src), CopyBackwards, None, None, False)


def _check_copy_shapes(dst, src):
    """copy_ broadcasts src to dst's shape, with TensorIterator's two messages (raises
    whenever src does not broadcast to dst's very shape)."""
    n = max(len(dst), len(src))
    a = (1,) * (n - len(dst)) + tuple(dst)
    b = (1,) * (n - len(src)) + tuple(src)
    for i in range(n - 1, -1, -1):
        if a[i] != b[i] and a[i] != 1 and b[i] != 1:
            raise RuntimeError(f"The size of tensor a ({a[i]}) must match the size of tensor b "
                               f"({b[i]}) at non-singleton dimension {i}")
    full = tuple(max(x, y) if 0 not in (x, y) else 0 for x, y in zip(a, b))
    if full != tuple(dst):
        raise RuntimeError(f"output with shape [{', '.join(map(str, dst))}] doesn't match the "
                           f"broadcast shape [{', '.join(map(str, full))}]")


def _mismatch_dim(a, b):
    n = max(len(a), len(b))
    a = (1,) * (n - len(a)) + tuple(a)
    b = (1,) * (n - len(b)) + tuple(b)
    for i in range(n - 1, -1, -1):
        if a[i] != b[i] and b[i] != 1:
            return i
    return 0


# ------------------------------------------------------------------ new_*
def new_tensor(self, data, dtype=None, device=None, requires_grad=False):
    from .creation import tensor
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() "
            "or sourceTensor.detach().clone().requires_grad_(True), rather than "
            "tensor.new_tensor(sourceTensor).", UserWarning, stacklevel=2)
        # the copy takes self's dtype (measured on torch 2.13) and device (its docs)
        return tensor(data, dtype=dtype or self.dtype, device=device or self._device,
                      requires_grad=requires_grad, _warn=False, _op="new_tensor")
    return tensor(data, dtype=dtype or self.dtype, device=device or self._device,
                  requires_grad=requires_grad, _op="new_tensor")


def _new_filled(op, fill):
    def fn(self, *size, dtype=None, device=None, requires_grad=False, **kw):
        from .creation import _filled
        return _filled(op, size, fill if op != "new_full" else None, dtype or self.dtype,
                       device or self._device, requires_grad)
    fn.__name__ = op
    return fn


new_zeros = _new_filled("new_zeros", 0)
new_ones = _new_filled("new_ones", 1)
new_empty = _new_filled("new_empty", 0)


def new_full(self, size, fill_value, *, dtype=None, layout=None, device=None, pin_memory=False,
             requires_grad=False):
    from .creation import full
    return full(size, fill_value, dtype=dtype or self.dtype, device=device or self._device,
                requires_grad=requires_grad)


# ----------------------------------------------------------------- deepcopy
def deepcopy(self, memo):
    if self._grad_fn is not None:
        raise RuntimeError(
            "Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
            "protocol at the moment.  If you were attempting to deepcopy a module, this may be "
            "because of a torch.nn.utils.weight_norm usage, see "
            "https://github.com/pytorch/pytorch/pull/103001")
    if id(self) in memo:
        return memo[id(self)]
    st = storage_of(self)
    key = ("storage", id(st))
    new_st = memo.get(key)
    if new_st is None:
        new_st = UntypedStorage(st._buf.copy(), st._resizable)
        memo[key] = new_st
        memo.setdefault("_keep", []).append(st)   # keep id() keys valid during the copy
    arr = array_over(new_st, self._data.dtype, self._data.shape, self.stride(), self.storage_offset())
    # torch builds the copy with set_(): its version starts at 1
    out = dispatch.rebuilt(None, self, new_st, arr, self._device, self._requires_grad)
    if type(self) is not Tensor:
        out.__class__ = type(self)
    if self._grad is not None:
        out._grad = deepcopy(self._grad, memo)
    for k, v in getattr(self, "__dict__", {}).items():
        if k.startswith("_") and k in ("_data", "_device", "_requires_grad", "_grad", "_storage",
                                        "_vc", "_base", "_grad_acc", "_grad_fn", "_output_nr"):
            continue
        out.__dict__[k] = copy.deepcopy(v, memo)
    memo[id(self)] = out
    return dispatch.created("deepcopy", (self,), out)


def shallow_copy(self):
    """copy.copy(t): torch rebuilds the tensor over the SAME storage (with set_, so at
    version 1); requires_grad is kept, history and grad are not."""
    out = dispatch.rebuilt("copy", self, storage_of(self), self._data.view(), self._device,
                           self.requires_grad)
    if type(self) is not Tensor:
        out.__class__ = type(self)
    return out


# ----------------------------------------------------------------- pickling
def pickle_args(t):
    """As torch pickles a tensor: its whole storage plus sizes, strides and offset."""
    a = t._data
    it = a.itemsize
    return (storage_of(t)._buf.copy(), a.dtype.str, a.shape,
            tuple(s // it for s in a.strides), t.storage_offset(), str(t._device),
            t._requires_grad)


def rebuild(buf, dt, shape, strides, offset, dev, rg):
    return rebuild_on(UntypedStorage(buf), dt, shape, strides, offset, dev, rg)


def rebuild_on(st, dt, shape, strides, offset, dev, rg):
    """A tensor over storage ``st`` (pickle's copy, or torch.load's shared one); torch
    rebuilds with set_(), which counts as a write (version 1)."""
    t = dispatch.rebuilt(None, None, st, array_over(st, np.dtype(dt), shape, strides, offset),
                         canonical(dev), rg)
    if not t._data.size:
        t._empty_offset = offset
    return t


# ----------------------------------------------------------- metadata change
def resize_(self, *sizes, memory_format=None, _bump_version=True):
    from .views import _shape_arg
    if self.requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    sizes = _shape_arg(sizes, "resize_")
    st = storage_of(self)
    off = self.storage_offset()
    n = 1
    for k in sizes:
        n *= k
    it = self._data.itemsize
    need = (off + n) * it
    if need > st.nbytes():
        st.resize_(need)
    changed = tuple(sizes) != self._data.shape
    arr = array_over(st, self._data.dtype, sizes, contiguous_strides(sizes), off)
    # torch bumps the version only when the geometry changes
    return dispatch.rebind("resize_", self, arr, bump=changed and _bump_version)


_RESIZED = ("An output with one or more elements was resized since it had shape [{}], which "
            "does not match the required output shape [{}]. This behavior is deprecated, and in "
            "a future PyTorch release outputs will not be resized unless they have zero "
            "elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero "
            "elements with t.resize_(0).")


def check_out(op, out, args):
    """torch refuses out= where autograd would need a graph, before the op runs."""
    if grad_mode.enabled and builtins.any(
            isinstance(a, Tensor) and a.requires_grad for a in (out, *args)):
        raise RuntimeError(f"{op}(): functions with out=... arguments don't support automatic "
                           "differentiation, but one of the arguments requires grad.")


def write_out(op, out, result, args):
    """torch.<op>(..., out=out): the result is cast into ``out``, which is resized to the
    result's shape first (with torch's warning when it had elements), and returned."""
    if not isinstance(result, Tensor):
        raise NotImplementedError(f"minitensor does not model out= for {op}, whose result is "
                                  "not one tensor")
    fixed = _OUT_DTYPE.get(op)
    if fixed is not None and out.dtype.name != fixed[0]:
        raise RuntimeError(fixed[1].format(out.dtype._scalar_type, out.dtype.name,
                                           CPP_NAMES[out.dtype.name]))
    if result.dtype is not out.dtype and not can_cast(result.dtype, out.dtype):
        raise RuntimeError(f"result type {result.dtype._scalar_type} can't be cast to the "
                           f"desired output type {out.dtype._scalar_type}")
    for a in args:
        if isinstance(a, Tensor) and a is not out:
            assert_no_partial_overlap(out._data, a._data)
    if out._data.shape != result._data.shape:
        if out._data.size:
            warnings.warn(_RESIZED.format(", ".join(map(str, out._data.shape)),
                                          ", ".join(map(str, result._data.shape))),
                          UserWarning, stacklevel=3)
        resize_(out, result._data.shape, _bump_version=False)    # only the copy counts
    return copy_(out, result)


# ops whose result has one dtype refuse any other out dtype, each in its own words
# ({0}: torch's scalar name, e.g. Float; {2}: its C type, e.g. float)
_OUT_DTYPE = {
    "all": ("bool", "all only supports bool tensor for result, got: {0}"),
    "any": ("bool", "any only supports bool tensor for result, got: {0}"),
    "argmax": ("int64", "Expected out tensor to have dtype long int, but got {2} instead"),
    "argmin": ("int64", "Expected out tensor to have dtype long int, but got {2} instead"),
    "nonzero": ("int64", "nonzero: Expected out tensor to have scalar type Long but got scalar "
                         "type{0}"),
}


def resize_as_(self, other, memory_format=None):
    return resize_(self, other._data.shape)


def set_(self, source=None, storage_offset=0, size=None, stride=None):
    if source is None:
        st = UntypedStorage(np.empty(0, np.uint8))
        arr = np.empty(0, self._data.dtype)
    elif isinstance(source, Tensor):
        st = storage_of(source)
        arr = source._data.view()
        if arr.dtype != self._data.dtype:
            raise RuntimeError(
                f"Could not set tensor of type {CPP_NAMES[source.dtype.name]} to a tensor of "
                f"type {CPP_NAMES[self.dtype.name]}")
    elif isinstance(source, UntypedStorage):
        st = source
        it = self._data.itemsize
        if size is None:
            size = (st.nbytes() // it,)
        size = tuple(size)
        stride = tuple(stride) if stride is not None else contiguous_strides(size)
        arr = array_over(st, self._data.dtype, size, stride, storage_offset)
    else:
        raise TypeError(f"set_(): argument 'source' must be Tensor or Storage, not {type(source).__name__}")
    if self.requires_grad and grad_mode.enabled and self._grad_fn is None:
        raise RuntimeError("set_ is not allowed on a Tensor created from .data or .detach().")
    return dispatch.rebind("set_", self, arr, st,
                           inputs=(self,) + ((source,) if isinstance(source, Tensor) else ()))


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
    from ..core.tensor import wrap_dim
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
    from ..core.tensor import wrap_dim
    d = wrap_dim(dim, self._data.ndim + 1)
    from .views import unsqueezed
    return _metadata_inplace(self, "unsqueeze_", unsqueezed(self._data, d), UnsqueezeBackward1,
                             {"self_sizes": self._data.shape})


def squeeze_(self, dim=None):
    from .views import squeeze
    with grad_mode.no_grad():
        arr = squeeze(self.detach(), dim)._data
    return _metadata_inplace(self, "squeeze_", arr, SqueezeBackward3 if dim is None else SqueezeBackward4,
                             {"self_sizes": self._data.shape})


def type_as(self, other):
    return to(self, other.dtype)


# ---------------------------------------------------------------- random fills
def _random_fill(op, make, node_for):
    """An in-place random fill. Its node passes a zero gradient: the old values no longer
    matter (torch's UniformBackward0 and kin); ``node_for(args, kw)`` picks torch's
    overload number."""
    def fn(self, *args, generator=None, **kw):
        from .random import default_generator
        rng = (generator or default_generator)._rng
        values = make(self, rng, *args, **kw)
        return inplace(op, self, values, (self,), node_for(args, kw))
    fn.__name__ = op
    return fn


def _zero_grad_node(name):
    return type(name, (Node,), {"backward": lambda self, g: (np.zeros_like(g),),
                                "__module__": __name__})


UniformBackward0 = _zero_grad_node("UniformBackward0")
NormalBackward0 = _zero_grad_node("NormalBackward0")
ExponentialBackward0 = _zero_grad_node("ExponentialBackward0")
# random_(from, to), random_(to), random_(); bernoulli_(Tensor p), bernoulli_(float p)
RandomBackward0 = _zero_grad_node("RandomBackward0")
RandomBackward1 = _zero_grad_node("RandomBackward1")
RandomBackward2 = _zero_grad_node("RandomBackward2")
BernoulliBackward1 = _zero_grad_node("BernoulliBackward1")
BernoulliBackward2 = _zero_grad_node("BernoulliBackward2")


def _random_node(args, kw):
    n = len(args) + len(kw)
    return (RandomBackward2, RandomBackward1, RandomBackward0)[min(n, 2)]


def _bernoulli_node(args, kw):
    p = args[0] if args else kw.get("p")
    return BernoulliBackward1 if isinstance(p, Tensor) else BernoulliBackward2


def _float_only(self, kernel):
    if self._data.dtype.kind != "f":
        raise NotImplementedError(f'"{kernel}" not implemented for \'{self.dtype._scalar_type}\'')


def _uniform(self, rng, a=0.0, b=1.0):
    _float_only(self, "check_uniform_bounds")
    return rng.uniform(a, b, self._data.shape)


def _normal(self, rng, mean=0.0, std=1.0):
    _float_only(self, "normal_kernel_cpu")
    return rng.standard_normal(self._data.shape) * std + mean


def _random(self, rng, low=None, high=None):
    if low is None:
        low, high = 0, 2 ** 24 if self._data.dtype.kind == "f" else np.iinfo(self._data.dtype).max
    elif high is None:
        low, high = 0, low
    return rng.integers(low, high, self._data.shape)


def _bernoulli(self, rng, p=0.5):
    if isinstance(p, Tensor):
        p = p._data
    return rng.random(self._data.shape) < p


def _exponential(self, rng, lambd=1.0):
    return rng.exponential(1.0 / lambd, self._data.shape)


uniform_ = _random_fill("uniform_", _uniform, lambda a, k: UniformBackward0)
normal_ = _random_fill("normal_", _normal, lambda a, k: NormalBackward0)
random_ = _random_fill("random_", _random, _random_node)
bernoulli_ = _random_fill("bernoulli_", _bernoulli, _bernoulli_node)
exponential_ = _random_fill("exponential_", _exponential, lambda a, k: ExponentialBackward0)




# ------------------------------------------------------------- conversions
_TO_SIGS = (
    " * (torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, "
    "bool copy = False, *, torch.memory_format memory_format = None)\n"
    " * (torch.dtype dtype, bool non_blocking = False, bool copy = False, *, "
    "torch.memory_format memory_format = None)\n"
    " * (Tensor tensor, bool non_blocking = False, bool copy = False, *, "
    "torch.memory_format memory_format = None)\n")


def _to_type_name(a):
    from ..core.device import device as _device
    if isinstance(a, _dtype_cls):
        return "torch.dtype"
    if isinstance(a, _device):
        return "torch.device"
    return "Tensor" if isinstance(a, Tensor) else type(a).__name__


def _parse_to(args, kwargs):
    """torch's three ``to`` signatures: (device, dtype, non_blocking, copy),
    (dtype, non_blocking, copy) and (tensor, non_blocking, copy)."""
    from ..core import dtypes as D
    dev = kwargs.pop("device", None)
    dt = kwargs.pop("dtype", None)
    copy = kwargs.pop("copy", False)
    kwargs.pop("non_blocking", None)
    kwargs.pop("memory_format", None)
    rest = args
    if args:
        a = args[0]
        if isinstance(a, _dtype_cls):
            dt, rest = a, args[1:]
        elif isinstance(a, bool):                  # torch reads a Python bool/float as a dtype
            dt, rest = D.bool_, args[1:]
        elif isinstance(a, float):
            dt, rest = D.float64, args[1:]
        elif isinstance(a, Tensor):
            dt, dev, rest = a.dtype, a.device, args[1:]
        else:
            if a is not None:
                from ..core.device import device as _device
                dev = _device(a) if not isinstance(a, _device) else a
            rest = args[1:]
            if rest and (rest[0] is None or isinstance(rest[0], _dtype_cls)):
                if rest[0] is not None:
                    dt = rest[0]
                rest = rest[1:]
            elif rest:
                raise TypeError(
                    "to() received an invalid combination of arguments - got ("
                    + ", ".join(_to_type_name(x) for x in args) + "), but expected one of:\n"
                    + _TO_SIGS)
        if len(rest) > 2 or not all(isinstance(x, bool) for x in rest):
            raise TypeError(
                "to() received an invalid combination of arguments - got ("
                + ", ".join(_to_type_name(x) for x in args) + "), but expected one of:\n" + _TO_SIGS)
        if len(rest) == 2:
            copy = rest[1]
    return dt, (canonical(dev) if dev is not None else None), copy


def to(self, *args, **kwargs):
    dt, dev, copy = _parse_to(args, dict(kwargs))
    same_dt = dt is None or dt is self.dtype
    same_dev = dev is None or dev is self._device
    if same_dt and same_dev and not copy:
        return self
    arr = _empty_like_strided(self._data, None if same_dt else dt.np)
    return record("to", arr, self._device if dev is None else dev, (self,), ToCopyBackward0)


def _cast(dt):
    def fn(self, memory_format=None):
        return to(self, dt)
    return fn


def type_(self, dtype=None, non_blocking=False, **kw):
    if dtype is None:
        prefix = "torch." if self._device.type == "cpu" else "torch.cuda."
        return prefix + self.dtype._legacy
    if isinstance(dtype, str):
        key = dtype.replace("torch.cuda.", "torch.")
        d = FROM_LEGACY.get(key)
        if d is None:
            raise ValueError(f"invalid type: '{dtype}'")
        out = to(self, d)
        if "cuda" in dtype:
            out = to(out, "cuda")
        return out
    if isinstance(dtype, type) and isinstance(getattr(dtype, "dtype", None), _dtype_cls):
        return to(self, dtype.dtype)       # a typed constructor: x.type(torch.LongTensor)
    if not isinstance(dtype, _dtype_cls):
        raise TypeError("dtype must be a type, str, or dtype object")
    return to(self, dtype)


def cpu(self, memory_format=None):
    return to(self, "cpu")


def cuda(self, device=None, non_blocking=False, memory_format=None):
    from ..core.device import device as _device
    return to(self, _device("cuda", device if isinstance(device, int) else None) if not isinstance(device, (str, _device)) else device)


def view_dtype(self, dt):
    if not isinstance(dt, _dtype_cls):
        raise TypeError(f"view(): argument 'dtype' must be torch.dtype, not {type(dt).__name__}")
    from ..core.dispatch import make_view
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
        from ..core.storage import array_over
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
