"""``torch.optim``: the Optimizer base, SGD, Adam and AdamW."""
from .optimizer import Optimizer
from .sgd import SGD
from .adam import Adam
from .adamw import AdamW

__all__ = ["Optimizer", "SGD", "Adam", "AdamW"]
