"""``torch.optim``: the Optimizer base, SGD and Adam."""
from .optimizer import Optimizer
from .sgd import SGD
from .adam import Adam

__all__ = ["Optimizer", "SGD", "Adam"]
