"""The Tensor: a NumPy array plus what autograd and aliasing need.

``_data`` (an ndarray, a view into the storage) is the primary field: ops read it
directly, and storage, strides and offset are derived from it only when asked. A view
shares its base's storage and version counter (``_base``, ``_vc``); an op's output
carries the node that made it (``_grad_fn``). That is all a tensor is.

This module holds the fields and what can be asked of them. Ops (``ops/``) become
methods in ``api.py``; the Python protocol torch writes in ``torch/_tensor.py`` (printing,
``.grad`` with its checks, ``backward()``, hooks, pickling) is in ``_tensor.py``.
"""
import weakref

import numpy as np

from .device import CPU
from .dtypes import FROM_NP
from .graph import refresh_view
from .size import of_shape
from .storage import UntypedStorage, array_over, ptr

_new = object.__new__


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


def wrap(arr, device=CPU):
    """``tensor_over``, with torch's strides for an empty array (see ``laid_out``)."""
    return tensor_over(arr if arr.size else laid_out(arr), device)


def storage_of(t):
    st = t._storage
    if st is None:
        st = t._storage = UntypedStorage.over(t._data, resizable=t._resizable)
    return st


class Tensor:
    # The fields every op reads are slots, set by tensor_over() for every tensor: a slot
    # is read several times faster than a class-level default.
    __slots__ = ("_data", "_device", "_requires_grad", "_grad_fn", "_output_nr",
                 "_base",       # the tensor this one is a view of
                 "_vc",         # VersionCounter, made on demand
                 "_storage",    # UntypedStorage, made on demand
                 "__dict__", "__weakref__")
    # the rest are defaults (a fresh tensor is a leaf that needs no grad and owns its memory)
    _grad = None            # .grad (the property, with torch's checks, is in _tensor.py)
    _grad_acc = None        # weak reference to this leaf's AccumulateGrad
    _leaf_hooks = None
    _post_acc_hooks = None
    _retains_grad = False
    _resizable = True
    _is_param = False
    _inference = False      # made inside inference_mode()
    _multi_view = False     # one of several views made by one op (split, unbind)
    _view_version = 0       # a view's version when its history was made

    def __hash__(self):     # torch: hash(t) == id(t)
        return id(self)

    __array_priority__ = 1000  # NumPy defers to the tensor's operators (see api.py)

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
        if not self._data.ndim:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        return self._data.shape[wrap_dim(dim, self._data.ndim)]

    @property
    def device(self):
        return self._device

    @property
    def ndim(self):
        return self._data.ndim

    def dim(self):
        return self._data.ndim

    def numel(self):
        return self._data.size

    def stride(self, dim=None):
        it = self._data.itemsize
        st = tuple(s // it for s in self._data.strides)
        if 0 in self._data.shape and not any(st):
            # NumPy gives a fresh empty array all-zero strides; torch contiguous ones
            st = contiguous_strides(self._data.shape)
        if dim is None:
            return st
        return st[wrap_dim(dim, self._data.ndim)]

    def storage_offset(self):
        st = storage_of(self)
        if self._data.size == 0:
            if "_empty_offset" in self.__dict__:
                return self._empty_offset
            if st.nbytes() == 0:
                return 0
            # an empty slice of a real storage keeps its place in it, as in torch
        return (ptr(self._data) - st.data_ptr()) // self._data.itemsize

    def is_contiguous(self, memory_format=None):
        return is_contiguous(self._data.shape, self.stride())

    def data_ptr(self):
        return ptr(self._data) if self._data.size else 0

    def untyped_storage(self):
        return storage_of(self)

    @property
    def _version(self):
        if self._inference:
            raise RuntimeError("Inference tensors do not track version counter.")
        return 0 if self._vc is None else self._vc.value

    def is_floating_point(self):
        return self._data.dtype.kind == "f"

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
                raise RuntimeError(NOT_A_LEAF)
            return
        if value and self._data.dtype.kind not in "fc":
            raise RuntimeError("only Tensors of floating point and complex dtype can require "
                               "gradients")
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad=True):
        if self._grad_fn is not None and not requires_grad:
            raise RuntimeError(NOT_A_LEAF)
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
            refresh_view(self)       # its base changed in place since the view was made
        return self._grad_fn

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

    # ------------------------------------------------------------ after resize
    def _rebuild_from_storage(self, old_ptr):
        """Our storage moved (resize_): point our array at the same place in it."""
        a = self._data
        it = a.itemsize
        off = (ptr(a) - old_ptr) // it if a.size else 0
        self._data = array_over(self._storage, a.dtype, a.shape,
                                tuple(s // it for s in a.strides), off)


NOT_A_LEAF = ("you can only change requires_grad flags of leaf variables. If you want to use a "
              "computed variable in a subgraph that doesn't require differentiation use "
              "var_no_grad = var.detach().")


def wrap_dim(dim, ndim):
    """``dim`` as an index into ``ndim`` dims (negative counts from the end)."""
    n = max(ndim, 1)
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(f"dim must be int, not {type(dim).__name__}")
    if dim < -n or dim >= n:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})")
    return dim + n if dim < 0 else dim


def contiguous_strides(shape):
    st = []
    acc = 1
    for n in reversed(shape):
        st.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(st))


def laid_out(arr):
    """NumPy gives a fresh empty array all-zero strides; torch gives it contiguous ones,
    which its views then permute and slice like any other (``zeros(0, 3).t()`` has
    strides (1, 3)). So an empty array gets torch's layout before it becomes a tensor."""
    if arr.ndim and not any(arr.strides):
        it = arr.itemsize
        return np.lib.stride_tricks.as_strided(
            arr, arr.shape, tuple(s * it for s in contiguous_strides(arr.shape)))
    return arr


def is_contiguous(shape, strides):
    if 0 in shape:
        return True         # torch: an empty tensor is contiguous whatever its strides
    expected = 1
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != expected:
            return False
        expected *= n
    return True
