"""torch.cuda. minitensor is torch's CPU build unless told otherwise: ``is_available()``
is False and a tensor on ``cuda`` fails as it does there ("Torch not compiled with CUDA
enabled"), so lesson code that picks ``"cuda" if torch.cuda.is_available() else "cpu"``
runs on the CPU.

``minitensor.cuda.simulate(True)`` (or the environment variable
MINITENSOR_SIMULATE_CUDA=1) switches on a SIMULATED cuda device: its tensors live in host
memory like cpu tensors but carry the device tag, so lessons about device rules (moving
with ``.to``, ``copy_`` keeping the destination's device, errors when ops mix devices) run
on any laptop. Nothing here touches a GPU."""
from .core.device import NO_CUDA, cuda_simulated, simulate_cuda
from .ops import random as _random


def simulate(on=True):
    """Switch the simulated cuda device on (or off again). Not in torch: minitensor's own."""
    simulate_cuda(on)


def is_available():
    return cuda_simulated()


def device_count():
    return 1 if cuda_simulated() else 0


def _lazy_init():
    if not cuda_simulated():
        raise AssertionError(NO_CUDA)


def is_initialized():
    return cuda_simulated()


def current_device():
    _lazy_init()
    return 0


def get_device_name(device=None):
    _lazy_init()
    return "minitensor simulated cuda"


def manual_seed(seed):
    # torch's CPU build accepts (and queues) a cuda seed; the simulated device shares the
    # CPU generator
    if cuda_simulated():
        _random.manual_seed(seed)


def manual_seed_all(seed):
    return manual_seed(seed)


def synchronize(device=None):
    _lazy_init()
