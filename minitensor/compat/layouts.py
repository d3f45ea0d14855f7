"""torch.layout and torch.memory_format: named constants that exist so torch code naming
them runs. Every tensor here is strided (``torch.strided``); copies use
``contiguous_format`` or ``preserve_format``, and ``channels_last`` can only be named."""


class _Named:
    """One of torch's named constants (torch.strided, torch.contiguous_format): printed and
    pickled by name, so a copy is the same object."""
    __slots__ = ("_name",)
    _torch_name = ""      # torch's C type name, which its messages print

    def __getattr__(self, name):
        # only for a missing attribute: torch's C type prints its module in the message
        raise AttributeError(f"'{self._torch_name}' object has no attribute '{name}'")

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"torch.{self._name}"

    def __reduce__(self):
        return self._name


class layout(_Named):
    __slots__ = ()
    _torch_name = "torch.layout"


class memory_format(_Named):
    __slots__ = ()
    _torch_name = "torch.memory_format"


strided = layout("strided")
contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
