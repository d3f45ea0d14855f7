from .module import Module
from .linear import Identity, Linear
from .activation import ReLU, Sigmoid, Tanh, Softmax, LogSoftmax, LeakyReLU
from .dropout import Dropout
from .flatten import Flatten
from .container import Sequential, ModuleList, ModuleDict
from .sparse import Embedding
from .normalization import LayerNorm
from .batchnorm import BatchNorm1d, BatchNorm2d
from .conv import Conv1d, Conv2d
from .pooling import MaxPool2d, AvgPool2d, AdaptiveAvgPool2d
from .rnn import RNNBase, RNN, LSTM, GRU
from .loss import MSELoss, L1Loss, NLLLoss, CrossEntropyLoss, BCELoss, BCEWithLogitsLoss

__all__ = ["Module", "Identity", "Linear", "ReLU", "Sigmoid", "Tanh", "Softmax", "LogSoftmax", "LeakyReLU",
           "Dropout", "Flatten", "Sequential", "ModuleList", "ModuleDict", "MSELoss", "L1Loss",
           "NLLLoss", "CrossEntropyLoss", "BCELoss", "BCEWithLogitsLoss",
           "Embedding", "LayerNorm", "BatchNorm1d", "BatchNorm2d", "Conv1d", "Conv2d", "MaxPool2d",
           "AvgPool2d", "AdaptiveAvgPool2d", "RNNBase", "RNN", "LSTM", "GRU"]
