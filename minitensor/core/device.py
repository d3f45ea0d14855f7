"""Devices. ``cpu`` is real; ``cuda`` is SIMULATED: its tensors live in host memory
like cpu ones, but carry the device tag so that lessons about device rules
(``.to(device)``, ``copy_`` keeping the destination's device, the error when an op
mixes devices) run on a laptop without a GPU."""


class device:
    __slots__ = ("type", "index", "__weakref__")
    _torch_name = "torch.device"        # what torch's messages call this type

    def __getattr__(self, name):
        # only for a missing attribute: torch's C type prints its module in the message
        raise AttributeError(f"'torch.device' object has no attribute '{name}'")

    def __new__(cls, type_or_str, index=None):
        if isinstance(type_or_str, device):
            return type_or_str
        if not isinstance(type_or_str, str):
            raise TypeError(
                f"device() received an invalid combination of arguments - got "
                f"({type(type_or_str).__name__}), but expected one of:\n * (torch.device device)\n"
                f"      didn't match because some of the arguments have invalid types: "
                f"(!{type(type_or_str).__name__}!)\n * (str type, int index = -1)\n")
        s = type_or_str
        if ":" in s:
            s, _, idx = s.partition(":")
            if not idx.isdigit() or (len(idx) > 1 and idx[0] == "0"):
                raise RuntimeError(f"Invalid device string: '{type_or_str}'")
            if index is not None:
                raise RuntimeError("type (string) must not include an index because index was "
                                   f"passed explicitly: {type_or_str}")
            index = int(idx)
        if s not in ("cpu", "cuda", "meta"):
            raise RuntimeError(
                "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, "
                "maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device type at start "
                f"of device string: {type_or_str}")
        key = (s, index)
        d = _interned.get(key)
        if d is None:
            d = object.__new__(cls)
            object.__setattr__(d, "type", s)
            object.__setattr__(d, "index", index)
            _interned[key] = d
        return d

    def __setattr__(self, k, v):
        raise AttributeError(f"attribute '{k}' of 'torch.device' objects is not writable")

    def __repr__(self):
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):   # torch: a device never equals a string
        return isinstance(other, device) and self.type == other.type and self.index == other.index

    def __hash__(self):
        return hash((self.type, self.index))

    def __reduce__(self):
        return (device, (str(self),))


_interned = {}
CPU = device("cpu")
CUDA0 = device("cuda", 0)


def canonical(d):
    """The device a tensor really gets: ``cuda`` means ``cuda:0``."""
    if d is None:
        return CPU
    d = device(d) if not isinstance(d, device) else d
    if d.type == "cuda" and d.index is None:
        return CUDA0
    return d
