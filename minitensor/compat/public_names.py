"""The names classes print. torch sets ``__module__`` on its public classes, so
``type(t)`` prints ``<class 'torch.Tensor'>`` rather than the file that defines the class;
minitensor does the same with its own name: ``<class 'minitensor.Tensor'>``.

Only the classes torch exposes at its top level get the short name (Tensor, Size, dtype,
device, finfo, iinfo). The rest already print their file's path, which mirrors torch's
(``minitensor.nn.modules.linear.Linear`` for ``torch.nn.modules.linear.Linear``), and grad
nodes keep theirs (``minitensor.ops.binary.MulBackward0``: where to read the formula;
torch's are C++ classes that print as ``<class 'MulBackward0'>``)."""
from ..core.device import device
from ..core.dtypes import dtype
from ..core.size import Size
from ..core.tensor import Tensor
from .finfo import finfo, iinfo

TOP_LEVEL = (Tensor, Size, dtype, device, finfo, iinfo)


def publish(package):
    for cls in TOP_LEVEL:
        cls.__module__ = package
