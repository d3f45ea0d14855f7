"""A SIMULATED cuda device: tensors on it live in host memory like cpu tensors,
but carry the device tag, so lessons about device rules (moving with ``.to``,
``copy_`` keeping the destination's device, errors when ops mix devices) run
on any laptop. Nothing here touches a GPU."""
from .ops import random as _random


def is_available():
    return True


def device_count():
    return 1


def current_device():
    return 0


def get_device_name(device=None):
    return "minitensor simulated cuda"


def manual_seed(seed):
    return _random.manual_seed(seed)


manual_seed_all = manual_seed


def synchronize(device=None):
    pass


