"""The Python side of Tensor, as torch writes it in ``torch/_tensor.py``: ``.grad`` (with
torch's checks), ``backward()``, hooks, printing, the Python protocol (``len``, ``iter``,
``bool``, ``float``...), NumPy interop, copying and pickling. ``api.py`` binds these
onto ``core.tensor.Tensor``; the core itself needs none of them."""

import numpy as np

from .autograd import backward as _backward
from .compat.layouts import strided
from .compat.messages import CPP_NAMES
from .compat.tensor_str import tensor_repr
from .compat.typed_storage import TypedStorage, warn_typed_storage_removal
from .core import dispatch
from .core.graph import RemovableHandle
from .core.tensor import Tensor, storage_of
from .ops import copy as copying
from .ops.create import from_numpy
from .ops.legacy import legacy_new
from .ops.slice import rows
from .compat.warn_once import warn


# ---------------------------------------------------------------- .grad
NON_LEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. "
    "If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor "
    "instead. See github.com/pytorch/pytorch/pull/30531 for more information. (Triggered "
    "internally at /__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")


def _dims(t):
    return "[" + ", ".join(map(str, t._data.shape)) + "]"


def get_grad(self):
    if self._grad_fn is not None and not self._retains_grad:
        warn(NON_LEAF_GRAD_WARNING, UserWarning)
    return self._grad


def set_grad(self, value):
    if value is not None:
        if not isinstance(value, Tensor):
            raise TypeError("assigned grad expected to be a Tensor or None but got grad of "
                            f"type {type(value).__name__}")
        if value._data.shape != self._data.shape:
            raise RuntimeError(
                f"attempting to assign a gradient of size '{_dims(value)}' to a tensor of "
                f"size '{_dims(self)}'. Please ensure that the gradient and the tensor are "
                "the same size")
        if value._data.dtype != self._data.dtype:
            raise RuntimeError(
                f"attempting to assign a gradient with dtype '{CPP_NAMES[value.dtype.name]}' "
                f"to a tensor with grad_dtype '{self.dtype._scalar_type}'. The gradient must "
                "match the tensor's grad_dtype (defaults to the tensor's dtype). You can set "
                "the tensor's grad_dtype attribute with a specific dtype, or None to allow any "
                "dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor and its "
                "gradient may break downstream systems that assume they match.")
        if value._device is not self._device:
            raise RuntimeError("assigned grad has data located on a different device")
    dispatch.set_grad(self, value)


def del_grad(self):
    self._grad = None


# ---------------------------------------------------------------- autograd
def backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    _backward(self, gradient, retain_graph, create_graph, inputs=inputs)


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
    return RemovableHandle(lst, hook)


def register_post_accumulate_grad_hook(self, hook):
    """``hook(tensor)`` after each backward has accumulated into this leaf's ``.grad``."""
    if not self.requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if self._grad_fn is not None:
        raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
    if self._post_acc_hooks is None:
        self._post_acc_hooks = []
    self._post_acc_hooks.append(hook)
    return RemovableHandle(self._post_acc_hooks, hook)


# ---------------------------------------------------------------- Python protocol
def __repr__(self, *, tensor_contents=None):
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
    return iter(rows(self))


def __bool__(self):
    if self._data.size != 1:
        raise RuntimeError(
            "Boolean value of Tensor with no values is ambiguous" if not self._data.size
            else "Boolean value of Tensor with more than one value is ambiguous")
    return bool(self._data.reshape(()))


def _one_number(self):
    if self._data.size != 1:
        raise ValueError("only one element tensors can be converted to Python scalars")
    return self._data.reshape(())


def __float__(self):
    return float(_one_number(self))


def __int__(self):
    return int(_one_number(self))


def __index__(self):
    if self._data.size != 1 or self._data.dtype.kind not in "iub":
        raise TypeError("only integer tensors of a single element can be converted to an index")
    return int(self._data.reshape(()))


def __complex__(self):
    return complex(self.item())


def item(self):
    if self._data.size != 1:
        raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted to "
                           "Scalar")
    return self._data.reshape(()).item()


def tolist(self):
    return self._data.tolist()


# ---------------------------------------------------------------- NumPy
def numpy(self, *, force=False):
    if self.requires_grad and not force:
        raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                           "tensor.detach().numpy() instead.")
    if self._device.type != "cpu" and not force:
        raise TypeError(
            f"can't convert {self._device.type}:{self._device.index} device type tensor to "
            "numpy. Use Tensor.cpu() to copy the tensor to host memory first.")
    return self._data.view()


def __array__(self, dtype=None):   # no copy=: NumPy then warns exactly as with torch
    arr = self.numpy()
    return arr if dtype is None else arr.astype(dtype, copy=False)


def __array_wrap__(self, array):
    """A NumPy ufunc's result over tensors comes back a tensor: ``np.exp(t)`` is one.
    As torch's: a bool result becomes uint8 (torch's old workaround, kept), a 0-d result
    a 0-d tensor, and torch's one-argument signature, for which NumPy 2 warns
    "__array_wrap__ must accept context and return_scalar arguments" (so does torch)."""
    if array.dtype == np.bool_:
        array = array.astype(np.uint8)
    return from_numpy(array)


# ---------------------------------------------------------------- storage, copies
def layout(self):
    return strided


def storage(self):
    # torch's deprecated TypedStorage (it warns once); untyped_storage() is today's
    warn_typed_storage_removal()
    return TypedStorage(storage_of(self), self.dtype, self._device)


def __reduce_ex__(self, proto):
    return (copying.rebuild, copying.pickle_args(self))


def __deepcopy__(self, memo):
    return copying.deepcopy(self, memo)


def __copy__(self):
    return copying.shallow_copy(self)


def __setstate__(self, state):
    pass


def __new__(cls, *args, **kwargs):
    return legacy_new(cls, *args, **kwargs)


def __init__(self, *args, **kwargs):
    pass


# ---------------------------------------------------------------- more metadata
def element_size(self):
    return self._data.itemsize


def get_device(self):
    return -1 if self._device.type == "cpu" else self._device.index


PROTOCOL = {
    "is_cuda": property(lambda self: self._device.type == "cuda"),
    "is_cpu": property(lambda self: self._device.type == "cpu"),
    "itemsize": property(lambda self: self._data.itemsize),
    "nbytes": property(lambda self: self._data.nbytes),
    "retains_grad": property(lambda self: self._retains_grad),
    "element_size": element_size, "get_device": get_device,
    "ndimension": lambda self: self._data.ndim, "nelement": lambda self: self._data.size,
    "is_inference": lambda self: self._inference, "_is_view": lambda self: self._base is not None,
    "is_complex": lambda self: False,
    "grad": property(get_grad, set_grad, del_grad), "backward": backward,
    "register_hook": register_hook,
    "register_post_accumulate_grad_hook": register_post_accumulate_grad_hook,
    "__repr__": __repr__, "__str__": __str__, "__format__": __format__, "__len__": __len__,
    "__iter__": __iter__, "__bool__": __bool__, "__float__": __float__, "__int__": __int__,
    "__index__": __index__, "__complex__": __complex__, "item": item, "tolist": tolist,
    "numpy": numpy, "__array__": __array__, "__array_wrap__": __array_wrap__,
    "layout": property(layout), "storage": storage, "__reduce_ex__": __reduce_ex__,
    "__deepcopy__": __deepcopy__, "__copy__": __copy__, "__setstate__": __setstate__,
    "__new__": staticmethod(__new__), "__init__": __init__,
}
