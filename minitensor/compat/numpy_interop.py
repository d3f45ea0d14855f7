"""NumPy arrays torch accepts where NumPy itself would refuse."""
import mmap

import numpy as np

from ..core.dtypes import FROM_NP
from ..core.storage import Interface, ptr


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
    holder = Interface.__new__(Interface)
    holder.__array_interface__ = dict(arr.__array_interface__, data=(ptr(arr), False))
    holder.owner = arr
    out = np.asarray(holder)
    out.dtype = arr.dtype       # (the interface drops a dtype's byte order details)
    return out


_TORCH_ONLY = ("uint16", "uint32", "uint64", "complex64", "complex128")


def from_numpy_dtype(np_dtype):
    """The torch dtype of a NumPy array's dtype, or torch's error (a few in its words:
    minitensor leaves out some of torch's dtypes, and says so)."""
    d = FROM_NP.get(np_dtype)
    if d is not None:
        return d
    np_dtype = np.dtype(np_dtype)
    if np_dtype.name in _TORCH_ONLY:
        raise TypeError(f"minitensor does not model numpy.{np_dtype.name} (torch 2.13 has "
                        f"torch.{np_dtype.name}); the dtypes here are float64, float32, float16, "
                        "int64, int32, int16, int8, uint8 and bool")
    if not np_dtype.isnative:
        raise ValueError(
            "given numpy array has byte order different from the native byte order. Conversion "
            "between byte orders is currently not supported.")
    raise TypeError(
        f"can't convert np.ndarray of type numpy.{np_dtype.type.__name__}. The only supported "
        "types are: float64, float32, float16, complex64, complex128, int64, int32, int16, "
        "int8, uint64, uint32, uint16, uint8, and bool.")
