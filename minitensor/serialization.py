"""``torch.save`` / ``torch.load``: objects holding tensors, to a file and back.

What a lesson can see, as in torch: tensors saved together that share a storage share
one again after loading (a view and its base stay a view's layout over one block, with
their offsets), and a view saved alone still writes its WHOLE storage (a two-element
slice of a big tensor makes a big file). Leaves keep ``requires_grad``; no history is
saved (a tensor loads as a leaf); ``_version`` starts at 1, as torch's loading is a
``set_``. The file format is minitensor's own (a pickle), not torch's zip archive:
files do not cross between the two libraries.
"""
import collections
import os
import pickle


from .core.dispatch import composite
from .core.device import canonical
from .core.storage import UntypedStorage
from .core.tensor import Tensor, storage_of
from .nn.parameter import Parameter
from .ops.copy import rebuild_on


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj):
        if isinstance(obj, Tensor):
            a = obj._data
            it = a.itemsize
            # the storage object itself: pickle's memo writes it once for every tensor on it
            # (requires_grad as the tensor reports it: a non-leaf loads as a leaf that does)
            args = (storage_of(obj), a.dtype.str, a.shape, tuple(s // it for s in a.strides),
                    obj.storage_offset(), str(obj._device), obj.requires_grad)
            if type(obj).__name__ == "Parameter":
                return _rebuild_parameter, args
            return _rebuild_tensor, args
        if isinstance(obj, UntypedStorage):
            return _rebuild_storage, (obj._buf.copy(), obj._resizable)
        return NotImplemented


def _rebuild_storage(buf, resizable):
    return UntypedStorage(buf, resizable)


def _rebuild_tensor(storage, dt, shape, strides, offset, dev, requires_grad):
    return rebuild_on(storage, dt, shape, strides, offset, dev, requires_grad, op="load")


def _rebuild_parameter(*args):
    t = _rebuild_tensor(*args)
    return Parameter(t, requires_grad=t._requires_grad)


def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True):
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as fh:
            _Pickler(fh, protocol=4).dump(obj)
        return
    _Pickler(f, protocol=4).dump(obj)     # (4: bytes and arrays need no _codecs global)


# what weights_only=True (torch's default since 2.6) lets a file rebuild
_SAFE = {
    ("builtins", "dict"), ("builtins", "list"), ("builtins", "tuple"), ("builtins", "set"),
    ("builtins", "frozenset"), ("builtins", "int"), ("builtins", "float"), ("builtins", "bool"),
    ("builtins", "str"), ("builtins", "bytes"), ("builtins", "complex"), ("builtins", "slice"),
    ("builtins", "bytearray"), ("collections", "OrderedDict"),
    ("numpy.core.multiarray", "_reconstruct"), ("numpy._core.multiarray", "_reconstruct"),
    ("numpy", "ndarray"), ("numpy", "dtype"),
    (__name__, "_rebuild_storage"), (__name__, "_rebuild_tensor"),
    (__name__, "_rebuild_parameter"), ("minitensor.core.size", "Size"),
    ("minitensor", "Size"),
}


class _Unpickler(pickle.Unpickler):
    def __init__(self, f, weights_only):
        super().__init__(f)
        self._weights_only = weights_only

    def find_class(self, module, name):
        if self._weights_only and (module, name) not in _SAFE and not module.startswith("numpy.dtypes"):
            g = f"{module}.{name}"
            raise pickle.UnpicklingError(
                "Weights only load failed. This file can still be loaded, to do so you have two "
                "options, \x1b[1mdo those steps only if you trust the source of the "
                "checkpoint\x1b[0m. \n\t(1) In PyTorch 2.6, we changed the default value of the "
                "`weights_only` argument in `torch.load` from `False` to `True`. Re-running "
                "`torch.load` with `weights_only` set to `False` will likely succeed, but it can "
                "result in arbitrary code execution. Do it only if you got the file from a trusted "
                "source.\n\t(2) Alternatively, to load with `weights_only=True` please check the "
                "recommended steps in the following error message.\n\tWeightsUnpickler error: "
                f"Unsupported global: GLOBAL {g} was not an allowed global by default. Please use "
                f"`torch.serialization.add_safe_globals([{g}])` or the "
                f"`torch.serialization.safe_globals([{g}])` context manager to allowlist this "
                "global if you trust this class/function.\n\nCheck the documentation of "
                "torch.load to learn more about types accepted by default with weights_only "
                "https://pytorch.org/docs/stable/generated/torch.load.html.")
        return super().find_class(module, name)


@composite("load")
def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **kwargs):
    weights_only = True if weights_only is None else bool(weights_only)
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as fh:
            obj = _Unpickler(fh, weights_only).load()
    else:
        obj = _Unpickler(f, weights_only).load()
    if map_location is not None:
        obj = _to_device(obj, canonical(map_location if not isinstance(map_location, str)
                                        else map_location))
    return obj


def _to_device(obj, dev):
    if isinstance(obj, Tensor):
        obj._device = dev
        return obj
    if isinstance(obj, collections.OrderedDict):
        return collections.OrderedDict((k, _to_device(v, dev)) for k, v in obj.items())
    if isinstance(obj, dict):
        return {k: _to_device(v, dev) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(_to_device(v, dev) for v in obj)
    return obj


__all__ = ["save", "load"]
