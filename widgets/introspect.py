"""The one module that reads tensors and autograd nodes.

Everything else in ``widgets`` asks these functions, never a tensor's internals, so
the widgets work on minitensor tensors (the kit's engine) and, for comparison and
for tests written before the engine existed, on real torch tensors.

Nothing here may raise for an odd tensor: every reader falls back to a neutral value.
"""
import itertools
import sys
import warnings

import numpy as np

MAX_VALUES = 64     # values copied out of one tensor or storage into a snapshot


def _tensor_types():
    types = []
    mt = sys.modules.get("minitensor")
    if mt is not None and isinstance(getattr(mt, "Tensor", None), type):
        types.append(mt.Tensor)
    th = sys.modules.get("torch")
    if th is not None and isinstance(getattr(th, "Tensor", None), type):
        types.append(th.Tensor)
    return tuple(types)


def is_tensor(obj):
    types = _tensor_types()
    return bool(types) and isinstance(obj, types)


def _is_torch(t):
    th = sys.modules.get("torch")
    mt = sys.modules.get("minitensor")
    if th is None or th is mt or not isinstance(getattr(th, "Tensor", None), type):
        return False
    if mt is not None and isinstance(getattr(mt, "Tensor", None), type) and isinstance(t, mt.Tensor):
        return False
    return isinstance(t, th.Tensor)


# ---------------------------------------------------------------- plain attributes

def shape(t):
    try:
        return tuple(int(s) for s in t.shape)
    except Exception:
        return ()


def stride(t):
    try:
        return tuple(int(s) for s in t.stride())
    except Exception:
        return ()


def storage_offset(t):
    try:
        return int(t.storage_offset())
    except Exception:
        return 0


def version(t):
    try:
        return int(t._version)
    except Exception:
        return 0


def dtype_name(t):
    """'torch.float32' (torch's repr)."""
    try:
        return str(t.dtype)
    except Exception:
        return "?"


def requires_grad(t):
    try:
        return bool(t.requires_grad)
    except Exception:
        return False


def is_leaf(t):
    try:
        return bool(t.is_leaf)
    except Exception:
        return True


def grad(t):
    """``t.grad`` without the non-leaf warning."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return t._grad
    except Exception:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return t.grad
        except Exception:
            return None


def grad_fn(t):
    try:
        return t.grad_fn
    except Exception:
        return None


def base(t):
    try:
        return t._base
    except Exception:
        return None


def numel(t):
    n = 1
    for s in shape(t):
        n *= s
    return n


# ---------------------------------------------------------------- memory

def storage_key(t):
    """An opaque key equal for tensors sharing a storage. Never shown: it is an address."""
    try:
        s = t.untyped_storage()
        return (int(s.data_ptr()), int(s.nbytes()))
    except Exception:
        return ("none", id(t))


def storage_nbytes(t):
    try:
        return int(t.untyped_storage().nbytes())
    except Exception:
        return 0


def storage_buffer(t):
    """The whole storage as a flat numpy uint8 array (shares memory), or None."""
    try:
        st = t.untyped_storage()
    except Exception:
        return None
    buf = getattr(st, "_buf", None)
    if isinstance(buf, np.ndarray):
        return buf
    if _is_torch(t):
        try:
            th = sys.modules["torch"]
            return th.empty(0, dtype=th.uint8).set_(st).numpy()
        except Exception:
            return None
    return None


def np_dtype(t):
    d = getattr(t, "dtype", None)
    nd = getattr(d, "np", None)
    if isinstance(nd, np.dtype):
        return nd
    data = getattr(t, "_data", None)
    if isinstance(data, np.ndarray) and not _is_torch(t):
        return data.dtype
    try:
        name = str(d).replace("torch.", "")
        return np.dtype({"bool": "bool"}.get(name, name))
    except Exception:
        return None


def values_array(t):
    """The tensor's values as a numpy array that shares memory where possible."""
    if not _is_torch(t):
        data = getattr(t, "_data", None)
        if isinstance(data, np.ndarray):
            return data
    try:
        return t.detach().numpy()
    except Exception:
        try:
            return np.asarray(t.tolist())
        except Exception:
            return None


def _py(v):
    if isinstance(v, (np.bool_, bool)):
        return bool(v)
    if isinstance(v, (np.integer, int)):
        return int(v)
    try:
        f = float(v)
    except Exception:
        return str(v)
    if f != f:
        return "nan"
    if f in (float("inf"), float("-inf")):
        return "inf" if f > 0 else "-inf"
    return f


def first_values(t, limit=MAX_VALUES):
    """Up to ``limit`` values in row-major order as plain Python numbers."""
    arr = values_array(t)
    if arr is None:
        return []
    return [_py(v) for v in itertools.islice(arr.flat, limit)]


def storage_values(t, limit=MAX_VALUES):
    """(values, element_count, itemsize) of the whole storage read with ``t``'s dtype."""
    buf = storage_buffer(t)
    dt = np_dtype(t)
    if buf is None or dt is None:
        return [], 0, 0
    try:
        size = buf.nbytes // dt.itemsize
        flat = buf[: size * dt.itemsize].view(dt)
        return [_py(v) for v in flat[:limit]], int(size), int(dt.itemsize)
    except Exception:
        return [], 0, 0


def array_in_storage(arr, t):
    """(offset, strides) of numpy ``arr`` inside ``t``'s storage, in elements, or None."""
    buf = storage_buffer(t)
    if buf is None or not isinstance(arr, np.ndarray):
        return None
    try:
        if not np.shares_memory(arr, buf):
            return None
        start = arr.__array_interface__["data"][0] - buf.__array_interface__["data"][0]
        size = arr.itemsize or 1
        return int(start // size), tuple(int(s // size) for s in arr.strides)
    except Exception:
        return None


# ---------------------------------------------------------------- autograd nodes

def node_name(node):
    try:
        name = node.name()
    except Exception:
        name = type(node).__name__
    # torch names some nodes with their C++ namespace ('torch::autograd::AccumulateGrad');
    # its reprs show the short name (grad_fn=<CopyBackwards>)
    return str(name).rsplit("::", 1)[-1]


def is_accumulate(node):
    return node_name(node) == "AccumulateGrad"


def node_variable(node):
    try:
        return node.variable
    except Exception:
        return None


def next_functions(node):
    """[(node or None, input_nr)]"""
    try:
        return [(n, int(i)) for n, i in node.next_functions]
    except Exception:
        return []


def saved_tensors(node):
    """[dict(name, saved_version, current_version, tensor, shape, dtype)] for a grad_fn."""
    info = getattr(node, "saved_tensors_info", None)
    if callable(info):
        out = []
        try:
            items = info()
        except Exception:
            return []
        for s in items:
            try:
                out.append({
                    "name": str(s.name),
                    "saved_version": None if s.saved_version is None else int(s.saved_version),
                    "current_version": None if s.current_version is None else int(s.current_version),
                    "tensor": s.tensor,
                    "shape": tuple(int(x) for x in (s.shape or ())),
                    "dtype": str(s.dtype),
                    "is_output": bool(getattr(s, "is_output", False)),
                })
            except Exception:
                continue
        return out
    return _torch_saved(node)


def _torch_saved(node):
    """Real torch hides versions; report a stale tensor as saved_version=None."""
    out = []
    try:
        attrs = sorted(a for a in dir(node) if a.startswith("_saved_"))
    except Exception:
        return out
    th = sys.modules.get("torch")
    for attr in attrs:
        name = attr[len("_saved_"):]
        try:
            val = getattr(node, attr)
        except RuntimeError as e:
            msg = str(e)
            if "modified by an inplace" in msg:
                out.append({"name": name, "saved_version": None, "current_version": None,
                            "tensor": None, "shape": (), "dtype": "?",
                            "is_output": name == "result"})
            continue
        except Exception:
            continue
        if th is None or not isinstance(val, th.Tensor):
            continue
        v = version(val)
        out.append({"name": name, "saved_version": v, "current_version": v,
                    "tensor": val, "shape": shape(val), "dtype": dtype_name(val),
                    "is_output": name == "result"})
    return out
