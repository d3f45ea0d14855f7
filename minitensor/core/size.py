"""torch.Size: a tuple that prints as ``torch.Size([2, 3])``."""
import operator

from .dtypes import type_name


class Size(tuple):
    __slots__ = ()
    _torch_name = "torch.Size"      # what torch's messages call this type

    def __new__(cls, sizes=()):
        # torch.Size(...) from user code: ints only (a bool is an int, an int tensor of one
        # element reads as one), with torch's message; shapes made inside use of_shape()
        out = []
        for i, n in enumerate(sizes):
            if type(n) is not int:
                n = _as_size_int(n, i)
            out.append(n)
        return tuple.__new__(cls, out)

    def __getattr__(self, name):
        # only for a missing attribute: torch's C type prints its module in the message
        raise AttributeError(f"'torch.Size' object has no attribute '{name}'")

    def __repr__(self):
        return f"torch.Size([{', '.join(str(n) for n in self)}])"

    __str__ = __repr__

    def numel(self):
        n = 1
        for k in self:
            n *= k
        return n

    def __getitem__(self, i):
        r = tuple.__getitem__(self, i)
        return of_shape(r) if isinstance(i, slice) else r

    # a Size with a tuple, or repeated, is a Size (only a tuple: a list is a TypeError)
    def __add__(self, other):
        if not isinstance(other, tuple):
            raise TypeError(f"can only concatenate tuple (not {type(other).__name__}) to torch.Size")
        return of_shape(tuple.__add__(self, other))

    def __radd__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return of_shape(tuple.__add__(other, self))

    def __mul__(self, n):
        r = tuple.__mul__(self, n)
        return r if r is NotImplemented else of_shape(r)

    __rmul__ = __mul__

    def __reduce__(self):
        return (Size, (tuple(self),))


def of_shape(shape):
    """A Size over a shape that is already a tuple of ints (no checks: the hot path)."""
    return tuple.__new__(Size, shape)


def _as_size_int(n, i):
    data = getattr(n, "_data", None)        # a tensor: one integer element reads as it
    if data is not None:
        if data.dtype.kind in "iub" and data.size == 1:
            return int(data.reshape(()))
    elif not isinstance(n, float):
        try:
            return operator.index(n)        # bool, NumPy integers
        except TypeError:
            pass
    raise TypeError(f"torch.Size() takes an iterable of 'int' (item {i} is '{type_name(n)}')")
