"""The inverse and the determinant of square matrices (``torch.linalg.inv``, ``det``).

Their gradients: for B = inv(A), gA = -B^T g B^T; for d = det(A), gA = g d inv(A)^T."""
import numpy as np

from ..compat.linalg_errors import LinAlgError, check_matrices, first_zero_pivot
from ..core.dispatch import record
from ..core.graph import Node


def _mT(x):
    return np.swapaxes(x, -1, -2)


class LinalgInvExBackward0(Node):
    saves = (("inverse", -1),)

    def backward(self, g):
        (inv,) = self.saved()
        return (-(_mT(inv) @ g @ _mT(inv)),)


class LinalgDetBackward0(Node):
    saves = (("A", 0), ("result", -1))

    def backward(self, g):
        a, det = self.saved()
        d = (g * det)[..., None, None] * np.eye(a.shape[-1], dtype=a.dtype)
        # torch solves A^T X = d I with A's LU; a singular A has det 0, so d = 0, and the
        # triangular solves leave zeros alone: the gradient is 0 there (not the cofactors)
        self._grad_versions = (1,)      # torch's solve writes its result in place
        singular = np.asarray(det == 0)
        safe = np.where(singular[..., None, None], np.eye(a.shape[-1], dtype=a.dtype), a)
        return (np.where(singular[..., None, None], 0, np.linalg.solve(_mT(safe), d)),)


def linalg_inv(A):
    check_matrices("linalg.inv", A)
    a = A._data
    for i, b in enumerate(np.ndindex(a.shape[:-2])):
        k = first_zero_pivot(a[b])
        if k:
            where = f"(Batch element {i}): " if b else ""
            raise LinAlgError(
                f"linalg.inv: {where}The diagonal element {k} is zero, the inversion could not "
                "be completed because the input matrix is singular.")
    inv = _mT(np.ascontiguousarray(_mT(np.linalg.inv(a)), dtype=a.dtype))   # column-major, as LAPACK's
    return record("linalg_inv", inv, A._device, (A,), LinalgInvExBackward0)


def linalg_det(A):
    check_matrices("linalg.det", A)
    d = np.asarray(np.linalg.det(A._data)).astype(A._data.dtype, copy=False)
    return record("linalg_det", d, A._device, (A,), LinalgDetBackward0)
