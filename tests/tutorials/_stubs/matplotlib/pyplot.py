"""matplotlib.pyplot stand-in: accepts every call, draws nothing."""
from matplotlib import _Anything

rcParams = {}


def subplots(*args, **kwargs):
    return _Anything(), _Anything()


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _Anything()
