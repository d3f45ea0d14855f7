"""dtypes: torch's names on top of NumPy's, and torch's type-promotion rules.

NumPy and torch disagree on promotion (``int64 + float16`` is float64 in NumPy,
float16 in torch; a 0-dim tensor never widens a 1-dim one in torch), so the
result dtype of every mixed op is decided here, never by NumPy.
"""
import numpy as np


class dtype:
    __slots__ = ("name", "np", "is_floating_point", "is_signed", "itemsize",
                 "_category", "_legacy", "__weakref__")

    def __getattr__(self, name):
        # only for a missing attribute: torch's C type prints its module in the message
        raise AttributeError(f"'torch.dtype' object has no attribute '{name}'")

    def __call__(self, *args, **kwargs):      # torch.float(t) is a mistake for t.float()
        raise TypeError("'torch.dtype' object is not callable")

    def __init__(self, name, np_dtype, category, legacy):
        self.name = name
        self.np = np.dtype(np_dtype)
        self.is_floating_point = category == 2
        self.is_signed = name not in ("uint8", "bool")
        self.itemsize = self.np.itemsize
        self._category = category  # 0 bool, 1 integral, 2 floating
        self._legacy = legacy      # torch.FloatTensor and friends

    @property
    def is_complex(self):
        return False

    def __repr__(self):
        return "torch." + self.name

    def __reduce__(self):
        return (_by_name, (self.name,))

    def to_real(self):
        return self


float32 = dtype("float32", np.float32, 2, "FloatTensor")
float64 = dtype("float64", np.float64, 2, "DoubleTensor")
float16 = dtype("float16", np.float16, 2, "HalfTensor")
int64 = dtype("int64", np.int64, 1, "LongTensor")
int32 = dtype("int32", np.int32, 1, "IntTensor")
int16 = dtype("int16", np.int16, 1, "ShortTensor")
int8 = dtype("int8", np.int8, 1, "CharTensor")
uint8 = dtype("uint8", np.uint8, 1, "ByteTensor")
bool_ = dtype("bool", np.bool_, 0, "BoolTensor")

ALL = (float32, float64, float16, int64, int32, int16, int8, uint8, bool_)
_NAMES = {d.name: d for d in ALL}
# numpy dtype -> torch dtype; keyed by the numpy dtype object (hashable, fast)
FROM_NP = {d.np: d for d in ALL}
# legacy type strings accepted by Tensor.type()
FROM_LEGACY = {}
for _d in ALL:
    FROM_LEGACY["torch." + _d._legacy] = _d
    FROM_LEGACY[_d._legacy] = _d


def _by_name(name):
    return _NAMES[name]


_TORCH_ONLY = ("uint16", "uint32", "uint64", "complex64", "complex128")


def from_numpy_dtype(np_dtype, what="numpy.ndarray"):
    d = FROM_NP.get(np_dtype)
    if d is None and np.dtype(np_dtype).name in _TORCH_ONLY:
        # torch has these, this kit does not: say so rather than torch's "only supported"
        name = np.dtype(np_dtype).name
        raise TypeError(f"minitensor does not model numpy.{name} (torch 2.13 has torch.{name}); "
                        "the dtypes here are float64, float32, float16, int64, int32, int16, "
                        "int8, uint8 and bool")
    if d is None and not np.dtype(np_dtype).isnative:
        raise ValueError(
            "given numpy array has byte order different from the native byte order. Conversion "
            "between byte orders is currently not supported.")
    if d is None:
        raise TypeError(
            f"can't convert np.ndarray of type numpy.{np.dtype(np_dtype).type.__name__}. The only supported "
            "types are: float64, float32, float16, complex64, complex128, int64, int32, int16, "
            "int8, uint64, uint32, uint16, uint8, and bool.")
    return d


# ---------------------------------------------------------------- promotion
_default_float = [float32]


def get_default_dtype():
    return _default_float[0]


def set_default_dtype(d):
    if not isinstance(d, dtype) or not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _default_float[0] = d


def _rank(d):
    return d._category


_INT_ORDER = {uint8: 0, int8: 1, int16: 2, int32: 3, int64: 4}


def promote_types(a, b):
    """torch.promote_types for the dtypes we model."""
    if a is b:
        return a
    if a._category != b._category:
        return a if a._category > b._category else b
    if a._category == 2:  # floats: the wider one
        return a if a.itemsize > b.itemsize else b
    # integers: uint8 with a signed type needs room for both
    if {a, b} == {uint8, int8}:
        return int16
    if a is uint8:
        return b
    if b is uint8:
        return a
    return a if _INT_ORDER[a] > _INT_ORDER[b] else b


def _combine(higher, lower):
    # torch's combine_categories (c10/core/ScalarType, TensorIterator result_type)
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.is_floating_point:
        return higher
    if higher is bool_ or lower.is_floating_point:
        return promote_types(higher, lower)
    return higher


def scalar_dtype(x):
    """The dtype torch gives a bare Python number taking part in an op."""
    if isinstance(x, bool):
        return bool_
    if isinstance(x, int):
        return int64
    if isinstance(x, float):
        return _default_float[0]
    raise TypeError(type(x).__name__)


_cache = {}


def result_type(dims, zeros, scalars):
    """Result dtype of an op over tensors with dim > 0, 0-dim tensors and Python scalars.

    Each argument is a tuple of dtypes; cached because the same few combinations repeat.
    """
    key = (dims, zeros, scalars)
    r = _cache.get(key)
    if r is None:
        def fold(ds):
            out = None
            for d in ds:
                out = d if out is None else promote_types(out, d)
            return out
        r = _combine(fold(dims), _combine(fold(zeros), fold(scalars)))
        _cache[key] = r
    return r


# ------------------------------------------------------------ finfo / iinfo
class finfo:
    """torch.finfo: machine limits of a floating dtype (NumPy's values, torch's names)."""

    def __init__(self, type=None):
        type = type or _default_float[0]
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


# the C++ type names torch's messages print for each dtype
CPP_NAMES = {"float32": "float", "float64": "double", "float16": "c10::Half", "int64": "long int",
             "int32": "int", "int16": "short int", "int8": "signed char", "uint8": "unsigned char",
             "bool": "bool"}
