"""torch.memory_format: how a copy lays out its elements. minitensor's strided tensors use
contiguous_format and preserve_format; channels_last exists so lesson code can name it."""
from .layout import _Named


class memory_format(_Named):
    __slots__ = ()
    _TYPE = "torch.memory_format"


contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
