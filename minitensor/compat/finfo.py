"""torch.finfo / torch.iinfo: NumPy's machine limits under torch's names and repr."""
import numpy as np

from ..core.dtypes import bool_, get_default_dtype


class finfo:
    """torch.finfo: machine limits of a floating dtype (NumPy's values, torch's names)."""

    def __init__(self, type=None):
        type = type or get_default_dtype()
        if not type.is_floating_point:
            raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo "
                            "to handle 'torch.finfo'")
        f = np.finfo(type.np)
        self.bits = f.bits
        self.eps = float(f.eps)
        self.max = float(f.max)
        self.min = float(f.min)
        self.tiny = self.smallest_normal = float(f.smallest_normal)
        self.resolution = 10.0 ** -f.precision     # torch's: exactly 1e-3 for half
        self.dtype = type.name

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, "
                f"eps={self.eps:g}, smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, "
                f"dtype={self.dtype})")


class iinfo:
    def __init__(self, type):
        if type.is_floating_point:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to "
                            "handle 'torch.iinfo'")
        if type is bool_:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        i = np.iinfo(type.np)
        self.bits = type.itemsize * 8
        self.min = int(i.min)
        self.max = int(i.max)
        self.dtype = type.name

    def __repr__(self):     # torch prints the bounds as C++ doubles: int64's as -9.22337e+18
        return f"iinfo(min={float(self.min):g}, max={float(self.max):g}, dtype={self.dtype})"
