"""``torch.nn.parallel``: DataParallel, which on a machine without a GPU runs the module."""
from .data_parallel import DataParallel

__all__ = ["DataParallel"]
