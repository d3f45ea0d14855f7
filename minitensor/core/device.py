"""Devices. ``cpu`` is real. By default minitensor is torch's CPU build: there is no
``cuda`` (``torch.cuda.is_available()`` is False, and a tensor on ``cuda`` fails with
"Torch not compiled with CUDA enabled"), so lesson code that picks
``"cuda" if torch.cuda.is_available() else "cpu"`` runs on the CPU as it would here.

``minitensor.cuda.simulate(True)`` (or MINITENSOR_SIMULATE_CUDA=1) switches on a
SIMULATED cuda: its tensors live in host memory like cpu ones, but carry the device tag,
so that lessons about device rules (``.to(device)``, ``copy_`` keeping the destination's
device, the error when an op mixes devices) run on a laptop without a GPU."""
import os

from .dtypes import type_name

NO_CUDA = "Torch not compiled with CUDA enabled"
NO_ACCELERATOR = "Cannot access accelerator device when none is available."
_simulating = [os.environ.get("MINITENSOR_SIMULATE_CUDA", "") not in ("", "0")]


def simulate_cuda(on=True):
    _simulating[0] = bool(on)


def cuda_simulated():
    return _simulating[0]

_NONE = object()


class device:
    __slots__ = ("type", "index", "__weakref__")
    _torch_name = "torch.device"        # what torch's messages call this type

    def __getattr__(self, name):
        # only for a missing attribute: torch's C type prints its module in the message
        raise AttributeError(f"'torch.device' object has no attribute '{name}'")

    def __new__(cls, type_or_str=_NONE, index=None, *, type=None):
        if type is not None and type_or_str is _NONE:     # torch.device(type='cuda')
            type_or_str = type
        if isinstance(type_or_str, device):
            return type_or_str
        if isinstance(type_or_str, int) and not isinstance(type_or_str, bool) and index is None:
            return _of_index(type_or_str)      # torch.device(0): the accelerator's first device
        if index is not None and not isinstance(type_or_str, str):
            raise TypeError("device(): argument 'type' (position 1) must be str, not "
                            f"{type_name(type_or_str)}")
        if isinstance(type_or_str, bytes):     # torch reads bytes as a device string
            type_or_str = type_or_str.decode("latin-1")
        if type_or_str is _NONE:
            raise TypeError("device() received an invalid combination of arguments - got (), but "
                            "expected one of:\n * (torch.device device)\n * (str type, int index = -1)\n")
        if not isinstance(type_or_str, str):
            raise TypeError(
                f"device() received an invalid combination of arguments - got "
                f"({type_name(type_or_str)}), but expected one of:\n * (torch.device device)\n"
                f"      didn't match because some of the arguments have invalid types: "
                f"(!{type_name(type_or_str)}!)\n * (str type, int index = -1)\n")
        s = type_or_str
        if not s:
            raise RuntimeError("Device string must not be empty")
        if ":" in s:
            s, _, idx = s.partition(":")
            if not idx.isdigit() or (len(idx) > 1 and idx[0] == "0"):
                raise RuntimeError(f"Invalid device string: '{type_or_str}'")
            if index is not None:
                raise RuntimeError("type (string) must not include an index because index was "
                                   f"passed explicitly: {type_or_str}")
            index = int(idx)
        if index is not None and index < 0:
            raise RuntimeError("Device index must not be negative")
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


def _of_index(i):
    if not -2 ** 63 <= i < 2 ** 63:
        raise ValueError("Overflow when unpacking long long")
    if i < 0:
        raise RuntimeError("Device index must not be negative")
    if not _simulating[0]:
        raise RuntimeError(NO_ACCELERATOR)
    return device("cuda", i)


_interned = {}
CPU = device("cpu")
CUDA0 = device("cuda", 0)
_default = [CPU]        # torch.set_default_device: where factories put a tensor


def set_default(d):
    _default[0] = CPU if d is None else device(d)


def get_default():
    return canonical(_default[0])


def canonical(d):
    """The device a tensor really gets: ``cuda`` means ``cuda:0``; none given, the
    default device (cpu unless torch.set_default_device said otherwise)."""
    if d is None:
        d = _default[0]
        if d is CPU:
            return CPU
    d = device(d) if not isinstance(d, device) else d
    if d.type == "cuda":
        if not _simulating[0]:
            raise AssertionError(NO_CUDA)     # what torch's CPU build says
        if d.index is None:
            return CUDA0
    return d
