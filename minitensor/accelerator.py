"""torch.accelerator: the device-agnostic way lesson code asks for a GPU
(``torch.accelerator.current_accelerator()``). minitensor's only accelerator is the
simulated cuda device, there only when switched on (see ``cuda.py``)."""
from .core.device import NO_ACCELERATOR, cuda_simulated, device as _device


def is_available():
    return cuda_simulated()


def current_accelerator(check_available=False):
    return _device("cuda") if cuda_simulated() else None


def device_count():
    return 1 if cuda_simulated() else 0


def current_device_index():
    if not cuda_simulated():
        raise RuntimeError(NO_ACCELERATOR)
    return 0


def synchronize(device=None):
    if not cuda_simulated():
        raise RuntimeError(NO_ACCELERATOR)


current_device_idx = current_device_index
