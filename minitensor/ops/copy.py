"""Copies, and what is no copy: the heart of the lessons.

- ``clone``: new storage, same values and strides, differentiable (CloneBackward0).
- ``detach``: same storage AND same version counter, no history.
- ``detach_``: the tensor itself loses its history and becomes a leaf.
- ``copy_``: writes values into the destination's own storage; keeps its dtype and
  device; the gradient flows to the source (CopyBackwards).
- ``.data``: same storage, but a NEW version counter (why it silently breaks autograd).
- ``deepcopy``: leaves only; a memo keeps shared storages shared.
- ``to``, ``type``, ``float()``...: a copy in another dtype or on another device
  (the tensor itself when nothing changes).
"""
import builtins
import copy

import numpy as np

from ..compat.arg_parser import check, int_list, wrong_type
from ..compat.layouts import contiguous_format, channels_last
from ..compat.memory_overlap import assert_no_internal_overlap, assert_no_partial_overlap
from ..compat.messages import CPP_NAMES
from ..compat.numerics import scalar_to
from ..compat.quiet import quiet
from ..compat.tensor_iterator import empty_like_strided
from ..core.dtypes import type_name as tp_name
from ..core import dispatch, dtypes as D, grad_mode
from ..core.device import canonical, device as _device
from ..core.dispatch import check_inplace, composite, inplace, record
from ..core.dtypes import FROM_LEGACY, can_cast, dtype as _dtype_cls
from ..core.graph import Node
from ..core.storage import UntypedStorage, array_over, ptr
from ..core.tensor import Tensor, wrap, storage_of, contiguous_strides
from .create import _filled, full, tensor
from .operands import _check_copy_shapes
from ..compat.warn_once import warn


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
    return record("clone", empty_like_strided(self._data), self._device, (self,), CloneBackward0)


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
        raise TypeError(f"Variable data has to be a tensor, but got {tp_name(new)}")
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
            raise wrong_type("copy_", "other", "Tensor", src, 1)
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


# ------------------------------------------------------------------ new_*
def new_tensor(self, data, dtype=None, device=None, requires_grad=False):
    if isinstance(data, Tensor):
        warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() "
            "or sourceTensor.detach().clone().requires_grad_(True), rather than "
            "tensor.new_tensor(sourceTensor).", UserWarning)
        # the copy takes self's dtype (measured on torch 2.13) and device (its docs)
        return tensor(data, dtype=dtype or self.dtype, device=device or self._device,
                      requires_grad=requires_grad, _warn=False, _op="new_tensor")
    return tensor(data, dtype=dtype or self.dtype, device=device or self._device,
                  requires_grad=requires_grad, _op="new_tensor")


def _new_filled(op, fill):
    def fn(self, *size, dtype=None, device=None, requires_grad=False, **kw):
        return _filled(op, size, fill if op != "new_full" else None, dtype or self.dtype,
                       device or self._device, requires_grad)
    fn.__name__ = op
    return fn


new_zeros = _new_filled("new_zeros", 0)


new_ones = _new_filled("new_ones", 1)


new_empty = _new_filled("new_empty", 0)


def new_full(self, size, fill_value, *, dtype=None, layout=None, device=None, pin_memory=False,
             requires_grad=False):
    return full(size, fill_value, dtype=dtype or self.dtype, device=device or self._device,
                requires_grad=requires_grad)


# ----------------------------------------------------------------- deepcopy
@composite("deepcopy")
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
    out = dispatch.rebuilt("deepcopy", self, new_st, arr, self._device, self._requires_grad)
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
    return out


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


def rebuild_on(st, dt, shape, strides, offset, dev, rg, op=None):
    """A tensor over storage ``st`` (pickle's copy, or torch.load's shared one); torch
    rebuilds with set_(), which counts as a write (version 1)."""
    t = dispatch.rebuilt(op, None, st, array_over(st, np.dtype(dt), shape, strides, offset),
                         canonical(dev), rg)
    if not t._data.size:
        t._empty_offset = offset
    return t


# ----------------------------------------------------------- metadata change
def resize_(self, *sizes, memory_format=None, _bump_version=True):
    if self.requires_grad:
        raise RuntimeError("cannot resize variables that require grad")
    sizes = int_list(sizes, "resize_")
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
            warn(_RESIZED.format(", ".join(map(str, out._data.shape)),
                                          ", ".join(map(str, result._data.shape))),
                          UserWarning)
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
        raise wrong_type("set_", "source", "Tensor or Storage", source)
    if self.requires_grad and grad_mode.enabled and self._grad_fn is None:
        raise RuntimeError("set_ is not allowed on a Tensor created from .data or .detach().")
    return dispatch.rebind("set_", self, arr, st,
                           inputs=(self,) + ((source,) if isinstance(source, Tensor) else ()))


def type_as(self, other):
    return to(self, other.dtype)


# ------------------------------------------------------------- conversions
def _parse_to(args, kwargs):
    """torch's three ``to`` signatures: (device, dtype, non_blocking, copy),
    (dtype, non_blocking, copy) and (tensor, non_blocking, copy)."""
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
                dev = _device(a) if not isinstance(a, _device) else a
            rest = args[1:]
            if rest and (rest[0] is None or isinstance(rest[0], _dtype_cls)):
                if rest[0] is not None:
                    dt = rest[0]
                rest = rest[1:]
            elif rest:
                check("to", args)           # raises torch's message
        if len(rest) > 2 or not all(isinstance(x, bool) for x in rest):
            check("to", args)
        if len(rest) == 2:
            copy = rest[1]
    return dt, (canonical(dev) if dev is not None else None), copy


def to(self, *args, **kwargs):
    dt, dev, copy = _parse_to(args, dict(kwargs))
    same_dt = dt is None or dt is self.dtype
    same_dev = dev is None or dev is self._device
    if same_dt and same_dev and not copy:
        return self
    arr = empty_like_strided(self._data, None if same_dt else dt.np)
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
    if dtype is Tensor:         # torch.Tensor is the default tensor type (FloatTensor)
        return to(self, D.get_default_dtype())
    if isinstance(dtype, type):     # int, list: no tensor type
        raise ValueError(f"invalid type: '{dtype.__name__}'")
    if not isinstance(dtype, _dtype_cls):
        raise TypeError("dtype must be a type, str, or dtype object")
    return to(self, dtype)


def cpu(self, memory_format=None):
    return to(self, "cpu")


def cuda(self, device=None, non_blocking=False, memory_format=None):
    # t.cuda(0) is torch.device(0): the accelerator's device 0
    return to(self, "cuda" if device is None else _device(device))


class FillBackward0(Node):
    saves = ()

    def backward(self, g):
        return (np.zeros_like(g),)


class ZeroBackward0(FillBackward0):
    pass


class FillBackward2(FillBackward0):     # fill_ with a number, in torch 2.13
    pass


class FillBackward3(Node):       # fill_ with a 0-dim tensor value, in torch 2.13
    saves = ()

    def backward(self, g):
        return np.zeros_like(g), np.asarray(g.sum())


def fill_(self, value):
    return _fill(self, value, "fill_")


def _fill(self, value, op):
    if isinstance(value, Tensor):
        check_inplace(self)         # autograd's leaf check, then the kernel's
        if value._data.ndim != 0:
            raise RuntimeError(
                f"fill_ only supports 0-dimension value tensor but got tensor with {value._data.ndim} dimensions.")
        # torch's fill_(Tensor) is a copy_ of the value, so it refuses a destination whose
        # elements share memory (x.expand(2)[:] = 7), which fill_(number) allows
        assert_no_internal_overlap(self._data)
        # like a number, the value is cast to self's dtype whatever its own
        return inplace(op, self, value._data.astype(self._data.dtype), (self, value), FillBackward3,
                       check=False)
    if not isinstance(value, (bool, int, float)):
        raise wrong_type("fill_", "value", "Number", value, 1)
    dt = self._data.dtype
    if dt.kind == "b":
        return inplace(op, self, np.full(self._data.shape, value).astype(dt), (self,), FillBackward2)
    check_inplace(self)      # autograd's leaf check, then the kernel's range check
    return inplace(op, self, scalar_to(value, dt), (self,), FillBackward2, check=False)


def zero_(self):
    dt = self._data.dtype
    zero = _ZEROS_0D.get(dt)
    if zero is None:        # a 0-d zero of each dtype, made once: write() takes it as is
        zero = _ZEROS_0D[dt] = np.zeros((), dt)
        zero.flags.writeable = False
    return inplace("zero_", self, zero, (self,), ZeroBackward0)


_ZEROS_0D = {}
