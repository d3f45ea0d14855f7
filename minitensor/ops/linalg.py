"""Matrix products: matmul (with torch's 1-d and batch rules), mm, bmm, dot."""
import numpy as np

from ..compat.messages import CPP_NAMES
from ..compat.arg_parser import wrong_type
from ..core.dispatch import composite, record
from ..core.graph import Node
from ..core.tensor import Tensor
from . import view as V
from .copy import contiguous
from .operands import operands


def _shape_str(a):
    return "x".join(str(n) for n in a.shape)


def _column_major(shape, strides, item=1):
    """``strides`` in elements, or in bytes with ``item`` the element size."""
    return strides[0] == item and strides[1] == shape[0] * item


class MmBackward0(Node):
    saves = (("self", 0), ("mat2", 1))
    # as torch: each is saved only if the other input needs a gradient (for x @ w with
    # a constant x, w is not saved and x's gradient is not computed)
    save_for = {"self": (1,), "mat2": (0,)}

    def backward(self, g):
        a, b = self.saved()
        (sa, da), (sb, db) = self._input_meta
        # torch returns a column-major gradient for a column-major input (e.g. w.t())
        ga = gb = None
        if b is not None:
            ga = (b @ g.T).T if _column_major(sa, self.self_strides, da.itemsize) else g @ b.T
        if a is not None:
            gb = (g.T @ a).T if _column_major(sb, self.mat2_strides, db.itemsize) else a.T @ g
        return ga, gb


# as mm: each operand is saved only if the other needs a gradient (torch's formulas
# read it only for that), so changing the unsaved one in place is no error


class BmmBackward0(Node):
    saves = (("self", 0), ("mat2", 1))
    save_for = {"self": (1,), "mat2": (0,)}

    def backward(self, g):
        a, b = self.saved()
        return (None if b is None else g @ np.swapaxes(b, -1, -2),
                None if a is None else np.swapaxes(a, -1, -2) @ g)


class DotBackward0(Node):
    saves = (("self", 0), ("tensor", 1))
    save_for = {"self": (1,), "tensor": (0,)}

    def backward(self, g):
        a, b = self.saved()
        return None if b is None else g * b, None if a is None else g * a


class MvBackward0(Node):
    saves = (("self", 0), ("vec", 1))
    save_for = {"self": (1,), "vec": (0,)}

    def backward(self, g):
        a, v = self.saved()
        return None if v is None else np.outer(g, v), None if a is None else a.T @ g


def _check(op, a, b):
    for name, x in (("input", a), ("other", b)):
        if not isinstance(x, Tensor):
            raise wrong_type(op, name, "Tensor", x, 1 if name == "input" else 2)
    if a._data.dtype != b._data.dtype:
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: "
                           f"{CPP_NAMES[a.dtype.name]} != {CPP_NAMES[b.dtype.name]}")


def _types(op, a, b):
    second = "tensor" if op == "dot" else "other"      # torch's dot names it 'tensor'
    for name, x in (("input", a), (second, b)):
        if not isinstance(x, Tensor):
            raise wrong_type(op, name, "Tensor", x, 1 if name == "input" else 2)


def mm(input, mat2):
    if not (type(input) is Tensor and type(mat2) is Tensor):
        _types("mm", input, mat2)
    a, b = input._data, mat2._data
    if a.ndim != 2:
        raise RuntimeError(f"self must be a matrix")
    if b.ndim != 2:
        raise RuntimeError(f"mat2 must be a matrix")
    if a.shape[1] != b.shape[0]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({_shape_str(a)} and {_shape_str(b)})")
    if a.dtype is not b.dtype:
        _check("mm", input, mat2)            # (torch checks the dtypes after the shapes)
    if a.dtype == np.bool_:
        raise NotImplementedError("\"addmm_impl_cpu_\" not implemented for 'Bool'")
    dev = input._device if input._device is mat2._device else operands("mm", input, mat2)[2]
    # NumPy's byte strides: cheap to keep; backward only asks "column-major?"
    return record("mm", a @ b, dev, (input, mat2), MmBackward0,
                  {"self_strides": a.strides, "mat2_strides": b.strides})


def bmm(input, mat2):
    _types("bmm", input, mat2)
    # torch's order: dims, sizes, the kernel for the input's dtype, then the other's dtype
    a, b = input._data, mat2._data
    if a.ndim != 3:
        raise RuntimeError(f"batch1 must be a 3D tensor")
    if b.ndim != 3:
        raise RuntimeError(f"batch2 must be a 3D tensor")
    if a.shape[0] != b.shape[0] or a.shape[2] != b.shape[1]:
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: [{a.shape[0]}, {a.shape[2]}] "
            f"but got: [{b.shape[0]}, {b.shape[1]}].")
    if a.dtype == np.bool_:
        raise NotImplementedError("\"bmm\" not implemented for 'Bool'")
    if input._data.dtype != mat2._data.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype._scalar_type} but found "
                           f"{mat2.dtype._scalar_type}")
    return record("bmm", a @ b, input._device, (input, mat2), BmmBackward0)


def dot(input, other):
    _types("dot", input, other)
    a, b = input._data, other._data
    # torch's order: ranks, dtypes, sizes, then the kernel
    if a.ndim != 1 or b.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {a.ndim}D and {b.ndim}D tensors")
    if input._data.dtype != other._data.dtype:
        raise RuntimeError(f"dot : expected both vectors to have same dtype, but found "
                           f"{input.dtype._scalar_type} and {other.dtype._scalar_type}")
    if a.shape != b.shape:
        raise RuntimeError(
            f"inconsistent tensor size, expected tensor [{a.shape[0]}] and src [{b.shape[0]}] to have "
            "the same number of elements, but got {} and {} elements respectively".format(a.shape[0], b.shape[0]))
    if a.dtype == np.bool_:
        raise NotImplementedError("\"dot\" not implemented for 'Bool'")
    return record("dot", np.asarray(np.dot(a, b)), input._device, (input, other), DotBackward0)


def mv(input, vec):
    _types("mv", input, vec)
    a, v = input._data, vec._data
    if a.ndim != 2 or v.ndim != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {a.ndim}, {v.ndim}")
    if a.shape[1] != v.shape[0]:
        raise RuntimeError(f"size mismatch, got input ({a.shape[0]}), mat ({_shape_str(a)}), vec ({v.shape[0]})")
    if a.dtype != v.dtype:
        raise RuntimeError(f"addmv input tensors must have the same dtype, but got "
                           f"{vec.dtype._scalar_type}, {input.dtype._scalar_type}, and {vec.dtype._scalar_type}")
    if a.dtype == np.bool_:
        raise NotImplementedError("\"addmv_impl_cpu\" not implemented for 'Bool'")
    return record("mv", a @ v, input._device, (input, vec), MvBackward0)


@composite("matmul")
def matmul(input, other):
    """torch's _matmul_impl, composed from the same ops so the graph has torch's nodes:
    dot / mv / mm, 'folding' a batch into mm or mv, or expand + reshape + bmm."""
    if isinstance(input, Tensor) and isinstance(other, Tensor) and \
            input._data.ndim == 2 and other._data.ndim == 2:
        return mm(input, other)              # the common case first
    _types("matmul", input, other)
    d1, d2 = input._data.ndim, other._data.ndim
    if d1 == 0 or d2 == 0:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {d1}D and {d2}D")
    if d1 == 1 and d2 == 1:
        return dot(input, other)
    if d1 == 2 and d2 == 1:
        return mv(input, other)
    if d1 == 1 and d2 == 2:
        return mm(V.unsqueeze(input, 0), other).squeeze_(0)
    if d1 == 2 and d2 == 2:
        return mm(input, other)
    if d1 >= 3 and d2 >= 3 and all(n == 1 for n in other._data.shape[:-2]) and d2 == 3:
        other = V.squeeze(other, 0)          # a batch of one matrix: fold into mm
        d2 = 2
    if _should_fold(input, other):
        transpose = d2 > d1
        t1 = V.mT(other) if transpose else input
        t2 = (V.t(input) if d1 == 2 else input) if transpose else other
        sizes = t1._data.shape
        out_shape = sizes[:-1]
        folded = 1
        for n in out_shape:
            folded *= n
        t1f = V.reshape(t1, folded, sizes[-1])
        if t2._data.ndim == 2:
            out = V.unsafe_view(mm(t1f, t2), out_shape + (t2._data.shape[1],))
            if transpose:
                out = contiguous(V.mT(out))
            return out
        return V.unsafe_view(mv(t1f, t2), out_shape)
    # the batched case: broadcast the batch dims, flatten them, bmm
    a, b = input._data, other._data
    n = a.shape[-2] if d1 > 1 else 1
    m1 = a.shape[-1]
    m2 = b.shape[-2] if d2 > 1 else b.shape[0]
    p = b.shape[-1] if d2 > 1 else 1
    batch1, batch2 = a.shape[:max(d1 - 2, 0)], b.shape[:max(d2 - 2, 0)]
    batch = _broadcast_batch(batch1, batch2)
    prod = 1
    for k in batch:
        prod *= k
    t1 = V.reshape(V.expand(input, batch + (n, m1)), prod, n, m1)
    t2 = other if d2 > 1 else V.unsqueeze(other, -1)
    t2 = V.reshape(V.expand(t2, batch + (m2, p)), prod, m2, p)
    out_shape = batch + ((n,) if d1 > 1 else ()) + ((p,) if d2 > 1 else ())
    return V.unsafe_view(bmm(t1, t2), out_shape)


def _broadcast_batch(s1, s2):
    n = max(len(s1), len(s2))
    a = (1,) * (n - len(s1)) + tuple(s1)
    b = (1,) * (n - len(s2)) + tuple(s2)
    for i in range(n - 1, -1, -1):
        if a[i] != b[i] and a[i] != 1 and b[i] != 1:
            raise RuntimeError(f"The size of tensor a ({a[i]}) must match the size of tensor b "
                               f"({b[i]}) at non-singleton dimension {i}")
    return tuple(y if x == 1 else x for x, y in zip(a, b))


def _should_fold(t1, t2):
    """torch's should_fold: fold the bigger operand's batch into one matrix dim?"""
    larger = t1._data.ndim >= t2._data.ndim
    big = t1 if larger else t2
    dim_big = big._data.ndim
    dim_small = t2._data.ndim if larger else t1._data.ndim
    if not (dim_big >= 3 and dim_small <= 2):
        return False
    small = t2 if larger else t1
    if small.requires_grad:
        return True
    if t1._data.ndim == 2:
        return False
    if big._data.size == 0:
        return True
    shape = big._data.shape
    st = big.stride()
    if not larger:          # the transposed big operand: swap its last two dims
        shape = shape[:-2] + (shape[-1], shape[-2])
        st = st[:-2] + (st[-1], st[-2])
    return all(st[i] == st[i + 1] * shape[i + 1] for i in range(dim_big - 2))
