"""Storages: the flat bytes a tensor is a view onto.

A tensor keeps its values as a NumPy array (``Tensor._data``) because that is what
every op needs; its storage is derived from that array only when somebody asks
(``untyped_storage()``, ``storage_offset()``, making a view). Tensors that share a
storage share one ``UntypedStorage`` object, whose ``_buf`` is a flat ``uint8`` view
of the whole memory block.
"""
import gc
import mmap

import numpy as np


class _Interface:
    """Lets NumPy build an array over raw memory while keeping its owner alive."""

    def __init__(self, ptr, nbytes, owner):
        self.__array_interface__ = {
            "data": (ptr, False), "shape": (nbytes,), "typestr": "|u1", "version": 3}
        self.owner = owner


def writable_alias(arr):
    """``arr`` again, over the same memory, but one NumPy will write to. torch writes
    through a tensor made from a read-only array (its warning calls that undefined);
    NumPy refuses to. Memory mapped read-only stays read-only: writing there would kill
    the process (as it does torch's), so NumPy's refusal is the kinder answer."""
    root = arr
    while isinstance(root, np.ndarray) and root.base is not None:
        root = root.base
    if isinstance(root, mmap.mmap):
        return arr
    holder = _Interface.__new__(_Interface)
    holder.__array_interface__ = dict(arr.__array_interface__, data=(_ptr(arr), False))
    holder.owner = arr
    out = np.asarray(holder)
    out.dtype = arr.dtype       # (the interface drops a dtype's byte order details)
    return out


def _ptr(arr):
    return arr.__array_interface__["data"][0]


def byte_extent(arr):
    """Bytes from the array's first element to one past its last (strides are >= 0)."""
    if arr.size == 0:
        return 0
    return sum((n - 1) * s for n, s in zip(arr.shape, arr.strides)) + arr.itemsize


class UntypedStorage:
    """A block of bytes. ``_buf`` is a 1-d uint8 ndarray over it."""

    def __init__(self, buf, resizable=True):
        self._buf = buf
        self._resizable = resizable

    # -- built from an existing array (lazily, the first time a tensor is asked)
    @classmethod
    def _over(cls, arr, resizable=True):
        n = byte_extent(arr)
        buf = np.asarray(_Interface(_ptr(arr), n, arr)) if n else np.empty(0, np.uint8)
        return cls(buf, resizable)

    def _tensors(self):
        """Every live tensor over this storage. Only resize_ needs them, and it is rare,
        so they are looked up then (the objects that refer to this storage) instead of
        each view registering itself as it is made, which every view op would pay for."""
        from .tensor import Tensor
        found = []
        for r in gc.get_referrers(self):
            if isinstance(r, Tensor):
                found.append(r)
            elif type(r) is dict:       # a tensor whose attributes live in a real dict
                found.extend(o for o in gc.get_referrers(r)
                             if isinstance(o, Tensor) and o.__dict__ is r)
        return [t for t in dict.fromkeys(found) if t._storage is self]

    # -- torch.UntypedStorage API
    def data_ptr(self):
        return _ptr(self._buf) if self._buf.size else 0

    def nbytes(self):
        return int(self._buf.size)

    def size(self):
        return int(self._buf.size)

    __len__ = size

    @property
    def device(self):
        from .device import CPU
        return CPU

    def element_size(self):
        return 1

    def tolist(self):
        return self._buf.tolist()

    def __getitem__(self, i):
        if isinstance(i, int):
            if not -len(self) <= i < len(self):
                raise IndexError(f"index {i} out of range for storage of size {len(self)}")
            return int(self._buf[i])
        raise TypeError("can't index a torch.UntypedStorage with " + type(i).__name__)

    def __iter__(self):
        return iter(self.tolist())

    def resize_(self, nbytes):
        """Reallocate to ``nbytes``, keeping the common prefix; every tensor over this
        storage now reads the new block (that is what torch's in-place resize does)."""
        if not self._resizable:
            raise RuntimeError(
                "Trying to resize storage that is not resizable")
        new = np.zeros(nbytes, np.uint8)
        k = min(nbytes, self._buf.size)
        new[:k] = self._buf[:k]
        old_ptr = self.data_ptr()
        self._buf = new
        for t in self._tensors():
            t._rebuild_from_storage(old_ptr)
        return self

    def __repr__(self):
        body = "\n".join(" " + str(int(b)) for b in self._buf)
        head = (body + "\n") if body else ""
        return f"{head}[torch.storage.UntypedStorage(device=cpu) of size {self.size()}]"


def array_over(storage, dtype_np, shape, strides_elems, offset_elems):
    """A typed ndarray view into ``storage`` with the given geometry (element units)."""
    item = dtype_np.itemsize
    need = offset_elems + sum((n - 1) * s for n, s in zip(shape, strides_elems)) + 1
    if any(n == 0 for n in shape):
        # no element to reach, but torch keeps the strides it was given (the caller
        # records the offset: an empty view has no pointer to carry it)
        return np.lib.stride_tricks.as_strided(np.empty(0, dtype_np), shape=tuple(shape),
                                               strides=tuple(s * item for s in strides_elems))
    if need * item > storage._buf.size:
        raise RuntimeError("setStorage: sizes and strides are out of the storage's bounds")
    base = storage._buf[offset_elems * item:]
    return np.lib.stride_tricks.as_strided(
        base.view(np.uint8)[: base.size - base.size % item].view(dtype_np),
        shape=tuple(shape), strides=tuple(s * item for s in strides_elems))


def _warn_typed_storage_removal(stacklevel=3):
    """torch warns once per process that TypedStorage (``t.storage()``) is deprecated."""
    from ..compat.warn_once import warn_once
    warn_once("TypedStorage is deprecated. It will be removed in the future and UntypedStorage "
              "will be the only storage class. This should only matter to you if you are using "
              "storages directly.  To access UntypedStorage directly, use "
              "tensor.untyped_storage() instead of tensor.storage()", stacklevel=stacklevel)


class TypedStorage:
    """``t.storage()``: torch's deprecated typed view of a tensor's storage, kept for
    lesson code written before torch 2.0. Its elements have the tensor's dtype; its
    memory (and so ``data_ptr()``) is the UntypedStorage's, whoever asks."""

    is_sparse = False

    def __init__(self, untyped, dtype, device):
        self._untyped_storage = untyped
        self._dtype = dtype
        self._device = device

    def _elements(self):
        buf = self._untyped_storage._buf
        n = buf.size // self._dtype.itemsize
        return buf[:n * self._dtype.itemsize].view(self._dtype.np)

    @property
    def dtype(self):
        return self._dtype

    @property
    def device(self):
        return self._device

    @property
    def is_cuda(self):
        return self._device.type == "cuda"

    def size(self):
        return self._untyped_storage.nbytes() // self._dtype.itemsize

    def __len__(self):
        return self.size()

    def data_ptr(self):
        return self._untyped_storage.data_ptr()

    def nbytes(self):
        return self._untyped_storage.nbytes()

    def element_size(self):
        return self._dtype.itemsize

    def untyped(self):
        return self._untyped_storage

    def is_shared(self):
        return False

    def tolist(self):
        return self._elements().tolist()

    def _index(self, i):
        if not isinstance(i, int):
            raise RuntimeError(f"can't index a {type(self)} with {type(i)}")
        n = self.size()
        if not -n <= i < n:
            raise IndexError(f"index {i} out of range for storage of size {n}")
        return i % n

    def __getitem__(self, i):
        return self._elements()[self._index(i)].item()

    def __setitem__(self, i, value):
        # a write to the memory itself: no tensor's version changes (as in torch)
        self._elements()[self._index(i)] = value

    def __iter__(self):
        return iter(self.tolist())

    def __repr__(self):
        body = " " + "\n ".join(str(x) for x in self.tolist())
        return (f"{body}\n[torch.storage.TypedStorage(dtype={self._dtype}, device={self._device}) "
                f"of size {self.size()}]")

    __str__ = __repr__


TypedStorage.__module__ = "torch.storage"
