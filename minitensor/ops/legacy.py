"""torch.Tensor(...) and torch.FloatTensor(...): the legacy constructors."""
import numpy as np

from ..compat.arg_parser import PythonArgParser
from ..core import dtypes as D
from ..core.dtypes import type_name as tp_name
from ..core.size import Size
from ..core.tensor import Tensor
from .create import tensor, zeros


# ------------------------------------------------------------ torch.Tensor(...)
# torch.Tensor(...)'s parser (tensor_new.cpp's legacy constructor), in torch's order
_LEGACY_NEW = None


_LEGACY_SIGNATURES = [
    "new(*, Device? device=None)", "new(Storage storage)", "new(*, int64_t cdata)|hidden",
    "new(Tensor other)", "new(Tensor other, *, Device? device=None)|hidden",
    "new(SymIntArrayRef size, *, Device? device=None)", "new(PyObject* data, *, Device? device=None)"]


def legacy_new(cls, *args, _dtype=None, **kwargs):
    """``torch.Tensor(...)``: float32 from data, or an (uninitialised) tensor of a shape.
    ``_dtype``: the dtype of a typed constructor (``torch.LongTensor(...)``)."""
    global _LEGACY_NEW
    if _LEGACY_NEW is None:
        _LEGACY_NEW = PythonArgParser(_LEGACY_SIGNATURES)
    _LEGACY_NEW.parse(args, kwargs)
    device = kwargs.pop("device", None)      # (the parser refused any other keyword)
    dt = _dtype or D.get_default_dtype()
    if not args:
        t = zeros(0, dtype=dt, device=device)
    elif len(args) == 1 and isinstance(args[0], Size):
        t = zeros(*args[0], dtype=dt, device=device)
    elif len(args) == 1 and isinstance(args[0], (list, tuple, np.ndarray)) or \
            len(args) == 1 and isinstance(args[0], Tensor):
        data = args[0]
        if isinstance(data, Tensor):
            return data
        t = tensor(data, dtype=dt, device=device)
    elif all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        t = zeros(*args, dtype=dt, device=device)
    elif len(args) == 1 and not isinstance(args[0], (str, bytes)):
        raise TypeError(f"new(): data must be a sequence (got {tp_name(args[0])})")
    else:
        raise TypeError(
            "new(): invalid data type '" + type(args[0]).__name__ + "'")
    if cls is not Tensor:
        t.__class__ = cls
    return t


class _TensorType(type):
    """The class of ``torch.FloatTensor`` and friends (torch's ``tensortype``): calling
    one makes a plain Tensor of its dtype; isinstance checks the dtype (CPU only)."""

    def __instancecheck__(cls, obj):
        return (isinstance(obj, Tensor) and obj._data.dtype == cls.dtype.np
                and obj._device.type == "cpu")

    def __call__(cls, *args, **kwargs):
        return legacy_new(Tensor, *args, _dtype=cls.dtype, **kwargs)


def _typed_constructors():
    out = {}
    for d in D.ALL:
        T = _TensorType(d._legacy, (), {"dtype": d, "is_cuda": False, "__module__": "torch"})
        T.__qualname__ = d._legacy
        out[d._legacy] = T
    return out


TYPED_CONSTRUCTORS = _typed_constructors()
