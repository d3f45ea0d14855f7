"""A torchvision stand-in for the tutorial scripts (see ../README.md): synthetic datasets,
transforms and make_grid written with the bound ``torch``, and models built from torch.nn."""
from . import datasets, models, transforms, utils  # noqa: F401

__version__ = "0.0-stand-in"
