"""torch.Size: a tuple that prints as ``torch.Size([2, 3])``."""


class Size(tuple):
    __slots__ = ()

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
        return Size(r) if isinstance(i, slice) else r

    def __add__(self, other):
        return Size(tuple.__add__(self, tuple(other)))

    def __reduce__(self):
        return (Size, (tuple(self),))
