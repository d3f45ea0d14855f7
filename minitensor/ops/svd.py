"""The singular value decomposition A = U diag(S) Vh (``torch.linalg.svd``, ``torch.svd``).

U's columns and Vh's rows are orthonormal, S is sorted largest first. NumPy (LAPACK's
gesdd, as torch on a CPU) computes it; the gradient is torch's ``svd_backward``."""
import numpy as np

from ..compat.linalg_errors import check_matrices
from ..compat.return_types import named_return
from ..core.dispatch import composite, record_many
from ..core.graph import Node
from .view import mH


def _mT(x):
    return np.swapaxes(x, -1, -2)


class LinalgSvdBackward0(Node):
    """One node for U, S and Vh; backward gets a gradient per output (None if unused)."""

    def backward(self, gU, gS, gVh):
        U, S, Vh = self._U, self._S, self._Vh
        if self.full_matrices and (gU is not None or gVh is not None):
            k = S.shape[-1]         # only the first k columns of U (rows of Vh) matter
            U, Vh = U[..., :k], Vh[..., :k, :]
            gU = None if gU is None else gU[..., :k]
            gVh = None if gVh is None else gVh[..., :k, :]
        m, n = U.shape[-2], Vh.shape[-1]
        if gU is None and gVh is None:          # only S: gA = U diag(gS) Vh
            return (U @ (gS[..., :, None] * Vh),)
        E = S[..., None, :] ** 2 - S[..., :, None] ** 2
        idx = np.arange(S.shape[-1])
        E[..., idx, idx] = 1
        UhgU = None if gU is None else _skew(_mT(U) @ gU)
        VhgV = None if gVh is None else _skew(Vh @ _mT(gVh))
        if UhgU is not None and VhgV is not None:
            gA = (UhgU * S[..., None, :] + S[..., :, None] * VhgV) / E
        elif UhgU is not None:
            gA = (UhgU / E) * S[..., None, :]
        else:
            gA = S[..., :, None] * (VhgV / E)
        if gS is not None:
            gA = gA + gS[..., :, None] * np.eye(S.shape[-1], dtype=gA.dtype)
        if m > n and gU is not None:
            gUSinv = gU / S[..., None, :]
            gA = (U @ gA + gUSinv - U @ (_mT(U) @ gUSinv)) @ Vh
        elif m < n and gVh is not None:
            SinvgVh = gVh / S[..., :, None]
            gA = U @ (gA @ Vh + SinvgVh - (SinvgVh @ _mT(Vh)) @ Vh)
        else:
            gA = U @ (gA @ Vh)
        return (gA,)


def _column_major(x):
    return _mT(np.ascontiguousarray(_mT(x)))


def _skew(a):
    return a - _mT(a)


@composite("linalg_svd")
def linalg_svd(A, full_matrices=True, *, driver=None):
    check_matrices("linalg.svd", A, square=False)
    U, S, Vh = np.linalg.svd(A._data, full_matrices=full_matrices)
    dt = A._data.dtype
    U, S, Vh = (x.astype(dt, copy=False) for x in (U, S, Vh))
    U, Vh = _column_major(U), _column_major(Vh)     # LAPACK's layout, as torch returns them
    outs = record_many("linalg_svd", (U, S, Vh), A._device, (A,), LinalgSvdBackward0,
                       {"_U": U, "_S": S, "_Vh": Vh, "full_matrices": full_matrices})
    return named_return("linalg_svd", ("U", "S", "Vh"), *outs)


@composite("svdvals")
def svdvals(A, *, driver=None):
    return linalg_svd(A, full_matrices=False).S


@composite("svd")
def svd(input, some=True, compute_uv=True):
    """torch.svd, the older spelling: V instead of Vh (a view: V = Vh.mH)."""
    U, S, Vh = linalg_svd(input, full_matrices=not some)
    if not compute_uv:      # torch: only S, with U and V zero-filled at full size
        *batch, m, n = input._data.shape
        return named_return("svd", ("U", "S", "V"), input.new_zeros((*batch, m, m)).zero_(), S,
                            mH(input.new_zeros((*batch, n, n)).zero_()))
    return named_return("svd", ("U", "S", "V"), U, S, mH(Vh))
