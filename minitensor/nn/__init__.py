"""``torch.nn``: Parameter, Module and a few layers and losses, on minitensor's engine."""
from .parameter import Parameter
from .modules import *          # noqa: F401,F403
from .modules import __all__ as _modules_all
from . import functional, init, parallel
from .parallel import DataParallel

__all__ = ["Parameter", "functional", "init", "parallel", "DataParallel"] + list(_modules_all)
