"""Matrix products: matmul (with torch's 1-d and batch rules), mm, bmm, dot."""
import numpy as np

from ..autograd.node import Node
from ..dispatch import record
from ..tensor import Tensor
from .pointwise import operands


def _shape_str(a):
    return "x".join(str(n) for n in a.shape)


def _column_major(shape, strides):
    return strides[0] == 1 and strides[1] == shape[0]


class MmBackward0(Node):
    saves = (("self", 0), ("mat2", 1))

    def backward(self, g):
        a, b = self.saved()
        # torch returns a column-major gradient for a column-major input (e.g. w.t())
        ga = (b @ g.T).T if _column_major(a.shape, self.self_strides) else g @ b.T
        gb = (g.T @ a).T if _column_major(b.shape, self.mat2_strides) else a.T @ g
        return ga, gb


class BmmBackward0(Node):
    saves = (("self", 0), ("mat2", 1))

    def backward(self, g):
        a, b = self.saved()
        return g @ np.swapaxes(b, -1, -2), np.swapaxes(a, -1, -2) @ g


class DotBackward0(Node):
    saves = (("self", 0), ("tensor", 1))

    def backward(self, g):
        a, b = self.saved()
        return g * b, g * a


class MvBackward0(Node):
    saves = (("self", 0), ("vec", 1))

    def backward(self, g):
        a, v = self.saved()
        return np.outer(g, v), a.T @ g


class UnsafeViewBackward0(Node):
    """matmul of batched operands: a bmm over flattened batches, viewed back."""
    saves = (("self", 0), ("other", 1))

    def backward(self, g):
        a, b = self.saved()
        # gradient of np.matmul with broadcasting; the engine sums broadcast dims back
        a2 = a if a.ndim > 1 else a[None, :]
        b2 = b if b.ndim > 1 else b[:, None]
        g2 = g
        if a.ndim == 1:
            g2 = np.expand_dims(g2, -2)
        if b.ndim == 1:
            g2 = np.expand_dims(g2, -1)
        ga = g2 @ np.swapaxes(b2, -1, -2)
        gb = np.swapaxes(a2, -1, -2) @ g2
        if a.ndim == 1:
            ga = ga.reshape(ga.shape[:-2] + ga.shape[-1:]) if ga.ndim > 2 else ga.reshape(-1)
            ga = ga.sum(axis=tuple(range(ga.ndim - 1))) if ga.ndim > 1 else ga
        if b.ndim == 1:
            gb = gb[..., 0]
            gb = gb.sum(axis=tuple(range(gb.ndim - 1))) if gb.ndim > 1 else gb
        return ga, gb


def _check(op, a, b):
    for name, x in (("input", a), ("other", b)):
        if not isinstance(x, Tensor):
            raise TypeError(f"{op}(): argument '{name}' (position {1 if name == 'input' else 2}) must be Tensor, not {type(x).__name__}")
    if a._data.dtype != b._data.dtype:
        from ..dispatch import SCALAR_NAMES
        raise RuntimeError(
            f"expected m1 and m2 to have the same dtype, but got: {a.dtype.name.replace('float32', 'float')} != {b.dtype.name.replace('float32', 'float')}")


def mm(input, mat2):
    _check("mm", input, mat2)
    a, b = input._data, mat2._data
    if a.ndim != 2:
        raise RuntimeError(f"self must be a matrix")
    if b.ndim != 2:
        raise RuntimeError(f"mat2 must be a matrix")
    if a.shape[1] != b.shape[0]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({_shape_str(a)} and {_shape_str(b)})")
    _, _, dev, _ = operands("mm", input, mat2)
    return record("mm", a @ b, dev, (input, mat2), MmBackward0,
                  {"self_strides": input.stride(), "mat2_strides": mat2.stride()})


def bmm(input, mat2):
    _check("bmm", input, mat2)
    a, b = input._data, mat2._data
    if a.ndim != 3:
        raise RuntimeError(f"batch1 must be a 3D tensor")
    if b.ndim != 3:
        raise RuntimeError(f"batch2 must be a 3D tensor")
    if a.shape[0] != b.shape[0] or a.shape[2] != b.shape[1]:
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: [{a.shape[0]}, {a.shape[2]}] "
            f"but got: [{b.shape[0]}, {b.shape[1]}].")
    return record("bmm", a @ b, input._device, (input, mat2), BmmBackward0)


def dot(input, other):
    _check("dot", input, other)
    a, b = input._data, other._data
    if a.ndim != 1 or b.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {a.ndim}D and {b.ndim}D tensors")
    if a.shape != b.shape:
        raise RuntimeError(
            f"inconsistent tensor size, expected tensor [{a.shape[0]}] and src [{b.shape[0]}] to have "
            "the same number of elements, but got {} and {} elements respectively".format(a.shape[0], b.shape[0]))
    return record("dot", np.asarray(np.dot(a, b)), input._device, (input, other), DotBackward0)


def mv(input, vec):
    _check("mv", input, vec)
    return record("mv", input._data @ vec._data, input._device, (input, vec), MvBackward0)


def matmul(input, other):
    _check("matmul", input, other)
    a, b = input._data, other._data
    if a.ndim == 0 or b.ndim == 0:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {a.ndim}D and {b.ndim}D")
    if a.ndim == 1 and b.ndim == 1:
        return dot(input, other)
    if a.ndim == 2 and b.ndim == 2:
        return mm(input, other)
    if a.ndim == 2 and b.ndim == 1:
        if a.shape[1] != b.shape[0]:
            raise RuntimeError(f"size mismatch, got input ({a.shape[0]}), mat ({_shape_str(a)}), vec ({b.shape[0]})")
        return mv(input, other)
    k_a = a.shape[-1]
    k_b = b.shape[-2] if b.ndim > 1 else b.shape[0]
    if k_a != k_b:
        sa = _shape_str(a.reshape(-1, a.shape[-1])) if a.ndim > 1 else f"1x{a.shape[0]}"
        sb = _shape_str(b) if b.ndim == 2 else _shape_str(b.reshape(-1, b.shape[-1]) if b.ndim > 2 else b[:, None])
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({sa} and {sb})")
    try:
        arr = np.matmul(a, b)
    except ValueError:
        raise RuntimeError(
            "The size of tensors must match at non-singleton dimensions for matmul batches") from None
    return record("matmul", arr, input._device, (input, other), UnsafeViewBackward0)
