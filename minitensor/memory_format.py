"""torch.memory_format: how a copy lays out its elements. minitensor's strided tensors use
contiguous_format and preserve_format; channels_last exists so lesson code can name it."""


class memory_format:
    __slots__ = ("_name",)

    def __getattr__(self, name):
        raise AttributeError(f"'torch.memory_format' object has no attribute '{name}'")

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"torch.{self._name}"

    def __reduce__(self):       # pickled by name, so a copy is the same object
        return self._name


contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
