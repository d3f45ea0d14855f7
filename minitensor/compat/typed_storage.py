"""``t.storage()``: torch's deprecated TypedStorage, kept for lesson code written before
torch 2.0 (it prints a storage and compares its ``data_ptr()`` to show sharing)."""
from .warn_once import warn_once


def warn_typed_storage_removal():
    """torch warns once per process that TypedStorage (``t.storage()``) is deprecated."""
    warn_once("TypedStorage is deprecated. It will be removed in the future and UntypedStorage "
              "will be the only storage class. This should only matter to you if you are using "
              "storages directly.  To access UntypedStorage directly, use "
              "tensor.untyped_storage() instead of tensor.storage()")


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
