"""dtypes: torch's names on top of NumPy's, and torch's type-promotion rules.

NumPy and torch disagree on promotion (``int64 + float16`` is float64 in NumPy,
float16 in torch; a 0-dim tensor never widens a 1-dim one in torch), so the
result dtype of every mixed op is decided here, never by NumPy.
"""
import numpy as np


class dtype:
    __slots__ = ("name", "np", "is_floating_point", "is_signed", "itemsize",
                 "_category", "_scalar_type", "_legacy", "__weakref__")
    _torch_name = "torch.dtype"     # what torch's messages call this type

    def __getattr__(self, name):
        # only for a missing attribute: torch's C type prints its module in the message
        raise AttributeError(f"'torch.dtype' object has no attribute '{name}'")

    def __call__(self, *args, **kwargs):      # torch.float(t) is a mistake for t.float()
        raise TypeError("'torch.dtype' object is not callable")

    def __init__(self, name, np_dtype, category, scalar_type):
        self.name = name
        self.np = np.dtype(np_dtype)
        self.is_floating_point = category == 2
        self.is_signed = name not in ("uint8", "bool")
        self.itemsize = self.np.itemsize
        self._category = category            # 0 bool, 1 integral, 2 floating
        self._scalar_type = scalar_type      # torch's C++ name for it: Float, Long, ...
        self._legacy = scalar_type + "Tensor"    # torch.FloatTensor and friends

    @property
    def is_complex(self):
        return False

    def __repr__(self):
        return "torch." + self.name

    def __reduce__(self):
        return (by_name, (self.name,))

    def to_real(self):
        return self


float32 = dtype("float32", np.float32, 2, "Float")
float64 = dtype("float64", np.float64, 2, "Double")
float16 = dtype("float16", np.float16, 2, "Half")
int64 = dtype("int64", np.int64, 1, "Long")
int32 = dtype("int32", np.int32, 1, "Int")
int16 = dtype("int16", np.int16, 1, "Short")
int8 = dtype("int8", np.int8, 1, "Char")
uint8 = dtype("uint8", np.uint8, 1, "Byte")
bool_ = dtype("bool", np.bool_, 0, "Bool")

ALL = (float32, float64, float16, int64, int32, int16, int8, uint8, bool_)
_NAMES = {d.name: d for d in ALL}
# numpy dtype -> torch dtype; keyed by the numpy dtype object (hashable, fast)
FROM_NP = {d.np: d for d in ALL}
# legacy type strings accepted by Tensor.type()
FROM_LEGACY = {}
for _d in ALL:
    FROM_LEGACY["torch." + _d._legacy] = _d
    FROM_LEGACY[_d._legacy] = _d


def by_name(name):
    return _NAMES[name]


# ---------------------------------------------------------------- promotion
_default_float = [float32]


def get_default_dtype():
    return _default_float[0]


def set_default_dtype(d):
    if not isinstance(d, dtype):
        raise TypeError("invalid dtype object: only floating-point types are supported as the default type")
    if not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _default_float[0] = d


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


def can_cast(src, dst):
    """torch's canCast: no float -> integer, no number -> bool."""
    return src._category <= dst._category


def type_name(obj):
    """The name torch's messages give the type of ``obj``: its C types print as
    ``torch.dtype``, ``torch.Size``... (their classes here say so in ``_torch_name``),
    NumPy's with their module."""
    t = type(obj)
    name = getattr(t, "_torch_name", None)
    if name is not None:
        return name
    return "numpy." + t.__name__ if t.__module__ == "numpy" else t.__name__
