"""``torch.linalg``: the linear algebra a tutorial meets. Norms are reductions
(``vector_norm`` of the entries, or a matrix norm made of ``svdvals`` and sums); the
rest are ops in ``ops/``: ``cross``, ``svd``, ``inv``, ``det``."""
from .compat.linalg_errors import LinAlgError  # noqa: F401  (torch.linalg.LinAlgError)
from .ops.cross import linalg_cross as cross  # noqa: F401
from .ops.inverse import linalg_det as det, linalg_inv as inv  # noqa: F401
from .ops.linalg import matmul  # noqa: F401
from .ops.reduce import _dims, amax, amin, sum
from .ops.statistics import _vector_norm
from .ops.svd import linalg_svd as svd, svdvals
from .ops.unary import abs

__all__ = ["cross", "det", "inv", "matmul", "matrix_norm", "norm", "svd", "svdvals",
           "vector_norm"]


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """(sum |x_i|^ord)^(1/ord) over ``dim`` (every entry when None)."""
    if dtype is not None:
        x = x.to(dtype)
    return _vector_norm(x, ord, _dims(x, dim), keepdim)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """A norm of the matrices in the two dims ``dim``: 'fro' (the entries' 2-norm),
    'nuc' (sum of singular values), 2 / -2 (largest / smallest singular value), 1 / -1
    (largest / smallest column sum of |A|), inf / -inf (the same for rows)."""
    if dtype is not None:
        A = A.to(dtype)
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 "
                           "dimensions.")
    row, col = _dims(A, tuple(dim))
    if ord == "fro":
        return _vector_norm(A, 2, (row, col), keepdim)
    if ord in ("nuc", 2, -2):
        last = A.movedim((row, col), (-2, -1))
        sv = svdvals(last)
        out = sum(sv, -1) if ord == "nuc" else (amax if ord == 2 else amin)(sv, -1)
        return out.unsqueeze(-1).unsqueeze(-1).movedim((-2, -1), (row, col)) if keepdim else out
    if ord in (1, -1, float("inf"), float("-inf")):
        pick = amax if ord > 0 else amin
        over, then = (row, col) if ord in (1, -1) else (col, row)
        if not keepdim and then > over:
            then -= 1                   # the summed dim is gone
        return pick(sum(abs(A), over, keepdim=keepdim), then, keepdim=keepdim)
    raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """``vector_norm`` for one dim (or, without ``ord``, all entries); ``matrix_norm``
    for two dims (or a 2-D ``A`` with an ``ord``)."""
    if dim is not None and not isinstance(dim, (tuple, list)):
        dim = (dim,)
    if ord is None:
        return vector_norm(A, 2, dim, keepdim, dtype=dtype)
    if dim is None:
        if A.dim() not in (1, 2):
            raise RuntimeError("linalg.norm: If dim is not specified but ord is, the input "
                               f"must be 1D or 2D. Got {A.dim()}D.")
        dim = tuple(range(A.dim()))
    if len(dim) == 2:
        return matrix_norm(A, ord, dim, keepdim, dtype=dtype)
    return vector_norm(A, ord, dim, keepdim, dtype=dtype)
