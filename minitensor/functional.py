"""``torch.functional``: the torch functions torch writes in Python (``torch/functional.py``).

torch re-exports them at the top level, so ``torch.functional.norm is torch.norm``; an old
tutorial's ``import torch.functional as F`` also works, though ``F`` there is not
``torch.nn.functional`` (only ``torch.functional.F`` is). minitensor models the ones below;
torch's others (einsum, meshgrid, stft, lu, ...) are missing, as at its top level."""
from .nn import functional as F  # noqa: F401  (torch.functional.F is torch.nn.functional)
from .ops.create import broadcast_shapes, broadcast_tensors
from .ops.slice import split
from .ops.sort import unique
from .ops.statistics import norm

__all__ = ["broadcast_shapes", "broadcast_tensors", "norm", "split", "unique"]
