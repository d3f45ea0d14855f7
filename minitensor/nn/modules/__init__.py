from .module import Module
from .linear import Identity, Linear
from .activation import ReLU, Sigmoid, Tanh, Softmax, LogSoftmax, LeakyReLU
from .flatten import Flatten
from .container import Sequential, ModuleList
from .loss import MSELoss, NLLLoss, CrossEntropyLoss

__all__ = ["Module", "Identity", "Linear", "ReLU", "Sigmoid", "Tanh", "Softmax", "LogSoftmax", "LeakyReLU",
           "Flatten", "Sequential", "ModuleList", "MSELoss", "NLLLoss", "CrossEntropyLoss"]
