from .module import Module
from .linear import Identity, Linear
from .activation import ReLU, Sigmoid, Tanh, Softmax, LogSoftmax, LeakyReLU
from .dropout import Dropout
from .flatten import Flatten
from .container import Sequential, ModuleList, ModuleDict
from .loss import MSELoss, L1Loss, NLLLoss, CrossEntropyLoss, BCELoss, BCEWithLogitsLoss

__all__ = ["Module", "Identity", "Linear", "ReLU", "Sigmoid", "Tanh", "Softmax", "LogSoftmax", "LeakyReLU",
           "Dropout", "Flatten", "Sequential", "ModuleList", "ModuleDict", "MSELoss", "L1Loss",
           "NLLLoss", "CrossEntropyLoss", "BCELoss", "BCEWithLogitsLoss"]
