"""torch.layout: only torch.strided (every tensor here is a strided view of a storage)."""


class _Named:
    """One of torch's named constants (torch.strided, torch.contiguous_format): printed and
    pickled by name, so a copy is the same object."""
    __slots__ = ("_name",)
    _TYPE = ""      # torch's C type name, which its messages print

    def __getattr__(self, name):
        # only for a missing attribute: torch's C type prints its module in the message
        raise AttributeError(f"'{self._TYPE}' object has no attribute '{name}'")

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"torch.{self._name}"

    def __reduce__(self):
        return self._name


class layout(_Named):
    __slots__ = ()
    _TYPE = "torch.layout"


strided = layout("strided")
