"""torch.linalg's errors: ``torch.linalg.LinAlgError`` (a RuntimeError, named
``torch._C._LinAlgError``) and the checks every linalg function makes first."""


class LinAlgError(RuntimeError):
    pass


LinAlgError.__name__ = LinAlgError.__qualname__ = "_LinAlgError"
LinAlgError.__module__ = "torch._C"


def check_matrices(op, t, square=True):
    """A floating tensor of (batches of) matrices, square ones if ``square``."""
    a = t._data
    if a.dtype.kind not in "fc":
        raise RuntimeError(f"{op}: Expected a floating point or complex tensor as input. "
                           f"Got {t.dtype._scalar_type}")
    if a.ndim < 2:
        if square:
            raise RuntimeError(f"{op}: The input tensor A must have at least 2 dimensions.")
        raise RuntimeError(f"{op}: input should have at least 2 dimensions, but has {a.ndim} "
                           "dimensions instead")
    if square and a.shape[-1] != a.shape[-2]:
        raise RuntimeError(f"{op}: A must be batches of square matrices, but they are "
                           f"{a.shape[-2]} by {a.shape[-1]} matrices")


def first_zero_pivot(a):
    """LAPACK getrf's ``info``: the 1-based index of the first zero on U's diagonal in
    an LU factorisation with partial pivoting (0: none), as torch reports a singular A."""
    u = a.astype(float, copy=True)
    n = u.shape[0]
    first = 0
    for k in range(n):
        p = k + int(abs(u[k:, k]).argmax())
        if u[p, k] == 0:
            first = first or k + 1
            continue
        u[[k, p]] = u[[p, k]]
        u[k + 1:, k:] -= (u[k + 1:, k] / u[k, k])[:, None] * u[k, k:]
    return first
