"""The cross product of 3-vectors along one dim: ``torch.linalg.cross`` and ``torch.cross``.

(a x b) is perpendicular to both; its gradient is a cross product too:
d/da <g, a x b> = b x g and d/db <g, a x b> = g x a."""
import numpy as np

from ..compat.arg_parser import wrong_type
from ..compat.warn_once import warn_once
from ..core.dispatch import record
from ..core.graph import Node
from ..core.tensor import Tensor, wrap_dim
from .operands import _device_of, broadcast_error


class LinalgCrossBackward0(Node):
    saves = (("self", 0), ("other", 1))
    save_for = {"self": (1,), "other": (0,)}

    def backward(self, g):
        a, b = self.saved()
        return (None if b is None else np.ascontiguousarray(np.cross(b, g, axis=self.dim)),
                None if a is None else np.ascontiguousarray(np.cross(g, a, axis=self.dim)))


def linalg_cross(input, other, *, dim=-1):
    for name, pos, x in (("input", 1, input), ("other", 2, other)):
        if not isinstance(x, Tensor):
            raise wrong_type("linalg_cross", name, "Tensor", x, pos)
    a, b = input._data, other._data
    if a.ndim != b.ndim:
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    if a.dtype != b.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype._scalar_type} but found "
                           f"{other.dtype._scalar_type}")
    d = wrap_dim(dim, a.ndim)
    if a.shape[d] != 3 or b.shape[d] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. "
                           f"Got {a.shape[d]} and {b.shape[d]}")
    try:
        np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise broadcast_error(input, other) from None
    out = np.ascontiguousarray(np.cross(a, b, axis=d), dtype=a.dtype)
    return record("linalg_cross", out, _device_of("linalg_cross", (input, other)),
                  (input, other), LinalgCrossBackward0, {"dim": d})


def cross(input, other, dim=None):
    """torch.cross: linalg.cross, but without ``dim`` the first dim of length 3 (deprecated)."""
    if dim is None and isinstance(input, Tensor):
        warn_once("Using torch.cross without specifying the dim arg is deprecated.\nPlease "
                  "either pass the dim explicitly or simply use torch.linalg.cross.\nThe "
                  "default value of dim will change to agree with that of linalg.cross in a "
                  "future release.")
        dim = next((i for i, n in enumerate(input._data.shape) if n == 3), None)
        if dim is None:
            raise RuntimeError("no dimension of size 3 in input")
    return linalg_cross(input, other, dim=dim)
