"""Storages: the flat bytes a tensor is a view onto.

A tensor keeps its values as a NumPy array (``Tensor._data``) because that is what
every op needs; its storage is derived from that array only when somebody asks
(``untyped_storage()``, ``storage_offset()``, making a view). Tensors that share a
storage share one ``UntypedStorage`` object, whose ``_buf`` is a flat ``uint8`` view
of the whole memory block.
"""
import gc

import numpy as np

from .device import CPU


class Interface:
    """Lets NumPy build an array over raw memory while keeping its owner alive."""

    def __init__(self, ptr, nbytes, owner):
        self.__array_interface__ = {
            "data": (ptr, False), "shape": (nbytes,), "typestr": "|u1", "version": 3}
        self.owner = owner


def ptr(arr):
    """The address of an array's first element."""
    return arr.__array_interface__["data"][0]


def byte_extent(arr):
    """Bytes from the array's first element to one past its last (strides are >= 0)."""
    if arr.size == 0:
        return 0
    return sum((n - 1) * s for n, s in zip(arr.shape, arr.strides)) + arr.itemsize


class UntypedStorage:
    """A block of bytes. ``_buf`` is a 1-d uint8 ndarray over it."""
    _torch_name = "torch.storage.UntypedStorage"    # what torch's messages call this type

    def __init__(self, buf, resizable=True):
        self._buf = buf
        self._resizable = resizable

    @classmethod
    def over(cls, arr, resizable=True):
        """The storage of an existing array (made the first time a tensor is asked)."""
        n = byte_extent(arr)
        buf = np.asarray(Interface(ptr(arr), n, arr)) if n else np.empty(0, np.uint8)
        return cls(buf, resizable)

    def _tensors(self):
        """Every live tensor over this storage. Only resize_ needs them, and it is rare,
        so they are looked up then (the objects that refer to this storage) instead of
        each view registering itself as it is made, which every view op would pay for."""
        found = []
        for r in gc.get_referrers(self):
            if hasattr(type(r), "_rebuild_from_storage"):
                found.append(r)
            elif type(r) is dict:       # a tensor whose attributes live in a real dict
                found.extend(o for o in gc.get_referrers(r)
                             if hasattr(type(o), "_rebuild_from_storage") and o.__dict__ is r)
        return [t for t in dict.fromkeys(found) if t._storage is self]

    # -- torch.UntypedStorage API
    def data_ptr(self):
        return ptr(self._buf) if self._buf.size else 0

    def nbytes(self):
        return int(self._buf.size)

    def size(self):
        return int(self._buf.size)

    __len__ = size

    @property
    def device(self):
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
            raise RuntimeError("Trying to resize storage that is not resizable")
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
