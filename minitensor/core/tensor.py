"""The Tensor: a NumPy array plus what autograd and aliasing need.

``_data`` (an ndarray, a view into the storage) is the primary field: ops read it
directly, and storage, strides and offset are derived from it only when asked.
Everything else defaults to a class attribute, so a fresh op output costs two
attribute writes. Ops themselves live in ``functions/`` and are attached below.
"""
import warnings
import weakref

import numpy as np

from . import events
from . import grad_mode
from .device import CPU, canonical
from .dtypes import FROM_NP, FROM_LEGACY, dtype as _dtype_cls
from .size import of_shape
from .storage import UntypedStorage, array_over, _ptr

_new = object.__new__


class _VersionCounter:
    """Shared by a tensor, its views and its detach()es; bumped by every in-place op."""
    __slots__ = ("value",)

    def __init__(self):
        self.value = 0


def _vc_of(t):
    vc = t._vc
    if vc is None:
        vc = t._vc = _VersionCounter()
    return vc


def _bump(t):
    _vc_of(t).value += 1


def _storage_of(t):
    st = t._storage
    if st is None:
        st = t._storage = UntypedStorage._over(t._data, resizable=t._resizable)
    return st


def tensor_over(arr, device=CPU):
    """A fresh tensor over ``arr``: a leaf that needs no grad and owns its memory.
    Every tensor is made here (or by ``object.__new__`` plus exactly these fields)."""
    t = _new(Tensor)
    t._data = arr
    t._device = device
    t._requires_grad = False
    t._grad_fn = None
    t._output_nr = 0
    t._base = None
    t._vc = None
    t._storage = None
    return t


def _wrap(arr, device=CPU):
    return tensor_over(arr if arr.size else _laid_out(arr), device)


def grad_accumulator(t):
    """The leaf's AccumulateGrad node: one per leaf while it is alive (held weakly)."""
    ref = t._grad_acc
    acc = ref() if ref is not None else None
    if acc is None:
        # AccumulateGrad(t) without its __init__ frame: every new graph over a leaf makes one
        acc = _new(AccumulateGrad)
        acc._seq = next(_sequence)
        acc.variable = t
        t._grad_acc = weakref.ref(acc)
    return acc


NON_LEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. "
    "If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor "
    "instead. See github.com/pytorch/pytorch/pull/30531 for more information. (Triggered "
    "internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")


# the C++ type names torch's messages print for each dtype
_CPP_TYPES = {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "long int",
              "int32": "int", "int16": "short int", "int8": "signed char", "uint8": "unsigned char",
              "bool": "bool", "complex64": "c10::complex<float>", "complex128": "c10::complex<double>"}


def _dims(t):
    return "[" + ", ".join(map(str, t._data.shape)) + "]"


class Tensor:
    # The fields every op reads are slots, set by tensor_over() for every tensor: a slot
    # is read several times faster than a class-level default (CPython 3.11 does not
    # specialize that lookup), and ops read these on every input.
    __slots__ = ("_data", "_device", "_requires_grad", "_grad_fn", "_output_nr",
                 "_base",       # the tensor this one is a view of
                 "_vc",         # _VersionCounter, made on demand
                 "_storage",    # UntypedStorage, made on demand
                 "__dict__", "__weakref__")
    # the rest are defaults (a fresh tensor is a leaf that needs no grad and owns its memory)
    _grad = None
    _grad_acc = None
    _leaf_hooks = None
    _post_acc_hooks = None
    _retains_grad = False
    _resizable = True
    _is_param = False
    _inference = False    # made inside inference_mode()
    _multi_view = False   # one of several views made by one op (split, unbind)
    _view_version = 0     # a view's version when its history was made

    def __hash__(self):     # torch: hash(t) == id(t)
        return id(self)

    __array_priority__ = 1000  # NumPy defers to the tensor's operators (see _methods.py)

    def __new__(cls, *args, **kwargs):
        from ..ops.creation import legacy_new
        return legacy_new(cls, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        pass

    # ---------------------------------------------------------------- metadata
    @property
    def dtype(self):
        return FROM_NP[self._data.dtype]

    @property
    def shape(self):
        return of_shape(self._data.shape)

    def size(self, dim=None):
        if dim is None:
            return of_shape(self._data.shape)
        return self._data.shape[_wrap_dim(dim, self._data.ndim)]

    @property
    def device(self):
        return self._device

    @property
    def is_cuda(self):
        return self._device.type == "cuda"

    @property
    def is_cpu(self):
        return self._device.type == "cpu"

    @property
    def layout(self):
        from ..layout import strided
        return strided

    @property
    def ndim(self):
        return self._data.ndim

    def dim(self):
        return self._data.ndim

    ndimension = dim

    def numel(self):
        return self._data.size

    nelement = numel

    def element_size(self):
        return self._data.itemsize

    @property
    def itemsize(self):
        return self._data.itemsize

    @property
    def nbytes(self):
        return self._data.nbytes

    def stride(self, dim=None):
        it = self._data.itemsize
        st = tuple(s // it for s in self._data.strides)
        # torch reports stride 1 for size-1 dims where NumPy may report anything
        st = _torch_strides(self._data.shape, st)
        if dim is None:
            return st
        return st[_wrap_dim(dim, self._data.ndim)]

    def storage_offset(self):
        st = _storage_of(self)
        if self._data.size == 0:
            if hasattr(self, "_empty_offset"):
                return self._empty_offset
            if st.nbytes() == 0:
                return 0
            # an empty slice of a real storage keeps its place in it, as in torch
        return (_ptr(self._data) - st.data_ptr()) // self._data.itemsize

    def is_contiguous(self, memory_format=None):
        return _is_contiguous(self._data.shape, self.stride())

    def data_ptr(self):
        if self._data.size == 0:
            return 0
        return _ptr(self._data)

    def untyped_storage(self):
        return _storage_of(self)

    def storage(self):
        # torch's deprecated TypedStorage (it warns once); untyped_storage() is today's
        from .storage import TypedStorage, _warn_typed_storage_removal
        _warn_typed_storage_removal()
        return TypedStorage(_storage_of(self), self.dtype, self._device)

    @property
    def _version(self):
        if self._inference:
            raise RuntimeError("Inference tensors do not track version counter.")
        vc = self._vc
        return 0 if vc is None else vc.value

    def is_inference(self):
        return self._inference

    def _is_view(self):
        return self._base is not None

    def is_floating_point(self):
        return self._data.dtype.kind == "f"

    def is_complex(self):
        return False

    def get_device(self):
        return -1 if self._device.type == "cpu" else self._device.index

    # ---------------------------------------------------------------- autograd
    @property
    def requires_grad(self):
        # torch: a view whose base was made to require grad after the view was taken
        # reports requires_grad=True too (though no gradient flows through it)
        b = self._base
        return self._requires_grad or self._grad_fn is not None or (
            b is not None and (b._requires_grad or b._grad_fn is not None))

    @requires_grad.setter
    def requires_grad(self, value):
        if self._grad_fn is not None:
            if not value:
                raise RuntimeError(
                    "you can only change requires_grad flags of leaf variables. If you want to "
                    "use a computed variable in a subgraph that doesn't require differentiation "
                    "use var_no_grad = var.detach().")
            return
        if value and self._data.dtype.kind not in "fc":
            raise RuntimeError("only Tensors of floating point and complex dtype can require gradients")
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad=True):
        if self._grad_fn is not None and not requires_grad:
            raise RuntimeError(
                "you can only change requires_grad flags of leaf variables. If you want to use "
                "a computed variable in a subgraph that doesn't require differentiation use "
                "var_no_grad = var.detach().")
        if requires_grad and self._data.dtype.kind not in "fc":
            # the method's message differs from the attribute setter's, as in torch
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        self.requires_grad = requires_grad
        return self

    @property
    def is_leaf(self):
        return self.grad_fn is None      # the property: a stale view's history is remade first

    @property
    def grad_fn(self):
        if self._base is not None and self._vc.value != self._view_version:
            from .dispatch import refresh_view
            refresh_view(self)
        return self._grad_fn

    @property
    def grad(self):
        if self._grad_fn is not None and not self._retains_grad:
            warnings.warn(NON_LEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of type {type(value).__name__}")
            if value._data.shape != self._data.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{_dims(value)}' to a tensor of "
                    f"size '{_dims(self)}'. Please ensure that the gradient and the tensor are "
                    "the same size")
            if value._data.dtype != self._data.dtype:
                from .dispatch import SCALAR_NAMES
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{_CPP_TYPES[value._data.dtype.name]}' "
                    f"to a tensor with grad_dtype '{SCALAR_NAMES[self._data.dtype.name]}'. The "
                    "gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). "
                    "You can set the tensor's grad_dtype attribute with a specific dtype, or None to "
                    "allow any dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor "
                    "and its gradient may break downstream systems that assume they match.")
            if value._device is not self._device:
                raise RuntimeError("assigned grad has data located on a different device")
        self._grad = value
        if events.listeners:      # every .grad update is an event, assignments too
            events.emit(events.GRAD, "grad=", (self,), () if value is None else (value,))

    @grad.deleter
    def grad(self):
        self._grad = None

    @property
    def retains_grad(self):
        return self._retains_grad

    def retain_grad(self):
        if self._grad_fn is None:
            if not self._requires_grad:
                raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
            return  # leaves keep their grad anyway
        if not self._retains_grad:
            self._retains_grad = True
            fn = self._grad_fn
            if fn._retained is None:
                fn._retained = {}
            fn._retained[self._output_nr] = weakref.ref(self)

    def register_hook(self, hook):
        if not self.requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self._grad_fn is None:
            if self._leaf_hooks is None:
                self._leaf_hooks = []
            lst = self._leaf_hooks
        else:
            fn = self._grad_fn
            if fn._tensor_hooks is None:
                fn._tensor_hooks = {}
            lst = fn._tensor_hooks.setdefault(self._output_nr, [])
        lst.append(hook)
        from .graph import _RemovableHandle
        return _RemovableHandle(lst, hook)

    def register_post_accumulate_grad_hook(self, hook):
        """``hook(tensor)`` after each backward has accumulated into this leaf's ``.grad``."""
        if not self.requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self._grad_fn is not None:
            raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
        if self._post_acc_hooks is None:
            self._post_acc_hooks = []
        self._post_acc_hooks.append(hook)
        from .graph import _RemovableHandle
        return _RemovableHandle(self._post_acc_hooks, hook)

    def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
        from ..autograd import backward
        backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    # --------------------------------------------------------- Python protocol
    def __repr__(self, *, tensor_contents=None):
        from ..compat.tensor_str import tensor_repr
        return tensor_repr(self, tensor_contents=tensor_contents)

    def __str__(self):
        return self.__repr__()

    def __format__(self, spec):
        if self._data.ndim == 0 and type(self) is Tensor:
            return self.item().__format__(spec)
        return object.__format__(self, spec)

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        from ..ops.views import unbind
        return iter(unbind(self, 0))

    def __bool__(self):
        if self._data.size != 1:
            raise RuntimeError(
                "Boolean value of Tensor with no values is ambiguous" if not self._data.size
                else "Boolean value of Tensor with more than one value is ambiguous")
        return bool(self._data.reshape(()))

    def _scalar(self, kind):
        if self._data.size != 1:
            raise RuntimeError(
                f"a Tensor with {self._data.size} elements cannot be converted to Scalar")
        return self._data.reshape(()).item()

    def __float__(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return float(self._data.reshape(()))

    def __int__(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return int(self._data.reshape(()))

    def __index__(self):
        if self._data.size != 1 or self._data.dtype.kind not in "iub":
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self._data.reshape(()))

    def __complex__(self):
        return complex(self.item())

    def item(self):
        return self._scalar("item")

    def tolist(self):
        return self._data.tolist()

    def numpy(self, *, force=False):
        if self.requires_grad and not force:
            raise RuntimeError(
                "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.")
        if self._device.type != "cpu" and not force:
            raise TypeError(
                f"can't convert {self._device.type}:{self._device.index} device type tensor to numpy. "
                "Use Tensor.cpu() to copy the tensor to host memory first.")
        return self._data.view()

    def __array__(self, dtype=None):   # no copy=: NumPy then warns exactly as with torch
        arr = self.numpy()
        return arr if dtype is None else arr.astype(dtype, copy=False)

    def __array_wrap__(self, array):
        """A NumPy ufunc's result over tensors comes back a tensor: ``np.exp(t)`` is one.
        As torch's: a bool result becomes uint8 (torch's old workaround, kept), a 0-d
        result a 0-d tensor, and torch's one-argument signature, for which NumPy 2 warns
        "__array_wrap__ must accept context and return_scalar arguments" (so does torch)."""
        if array.dtype == np.bool_:
            array = array.astype(np.uint8)
        from ..ops.creation import from_numpy
        return from_numpy(array)

    def __reduce_ex__(self, proto):
        return (_rebuild, _pickle_args(self))

    def __deepcopy__(self, memo):
        from ..ops.copying import deepcopy
        return deepcopy(self, memo)

    def __copy__(self):
        from ..ops.copying import shallow_copy
        return shallow_copy(self)

    def __setstate__(self, state):
        pass

    # ------------------------------------------------------------ after resize
    def _rebuild_from_storage(self, old_ptr):
        """Our storage moved (resize_): point our array at the same place in it."""
        a = self._data
        it = a.itemsize
        off = (_ptr(a) - old_ptr) // it if a.size else 0
        strides = tuple(s // it for s in a.strides)
        self._data = array_over(self._storage, a.dtype, a.shape, strides, off)


def _pickle_args(t):
    """As torch pickles a tensor: its whole storage plus sizes, strides and offset."""
    a = t._data
    it = a.itemsize
    return (_storage_of(t)._buf.copy(), a.dtype.str, a.shape,
            tuple(s // it for s in a.strides), t.storage_offset(), str(t._device),
            t._requires_grad)


def _rebuild(buf, dt, shape, strides, offset, dev, rg):
    return _rebuild_on(UntypedStorage(buf), dt, shape, strides, offset, dev, rg)


def _rebuild_on(st, dt, shape, strides, offset, dev, rg):
    """A tensor over storage ``st`` (pickle's copy, or torch.load's shared one)."""
    t = _wrap(array_over(st, np.dtype(dt), shape, strides, offset), canonical(dev))
    t._storage = st
    if not t._data.size:
        t._empty_offset = offset
    _bump(t)              # torch rebuilds with set_(), which counts as a write
    t._requires_grad = rg
    return t


def _wrap_dim(dim, ndim):
    n = max(ndim, 1)
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(f"dim must be int, not {type(dim).__name__}")
    if dim < -n or dim >= n:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return dim + n if dim < 0 else dim


def _contiguous_strides(shape):
    st = []
    acc = 1
    for n in reversed(shape):
        st.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(st))


def _laid_out(arr):
    """NumPy gives a fresh empty array all-zero strides; torch gives it contiguous ones,
    which its views then permute and slice like any other (``zeros(0, 3).t()`` has
    strides (1, 3)). So an empty array gets torch's layout before it becomes a tensor."""
    if arr.ndim and not any(arr.strides):
        it = arr.itemsize
        return np.lib.stride_tricks.as_strided(
            arr, arr.shape, tuple(s * it for s in _contiguous_strides(arr.shape)))
    return arr


def _torch_strides(shape, st):
    # NumPy's views keep the strides of size-1 dims just as torch's views do (unsqueeze,
    # slicing, permute, expand), so they are trusted; only a fresh empty array (NumPy
    # gives it all-zero strides) is reported with torch's contiguous strides.
    if 0 in shape and not any(st):
        return _contiguous_strides(shape)
    return st


def _is_contiguous(shape, strides):
    if 0 in shape:
        return True         # torch: an empty tensor is contiguous whatever its strides
    expected = 1
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != expected:
            return False
        expected *= n
    return True


from . import graph as _node  # noqa: E402  (node.py needs these; see there)
_node.Tensor = Tensor
_node._vc_of = _vc_of
_node._VersionCounter = _VersionCounter
_node._wrap = _wrap
from . import backward as _engine  # noqa: E402
_engine._wrap, _engine._bump, _engine._vc_of = _wrap, _bump, _vc_of
from .. import autograd as _autograd  # noqa: E402
_autograd.Tensor, _autograd.grad_accumulator, _autograd._wrap = Tensor, grad_accumulator, _wrap
from ..autograd import function as _function  # noqa: E402
_function.Tensor, _function._wrap = Tensor, _wrap
AccumulateGrad = _node.AccumulateGrad
_sequence = _node._sequence
