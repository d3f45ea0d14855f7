"""Creation functions: tensor, as_tensor, from_numpy, zeros, ones, rand...

``torch.tensor`` always copies; ``from_numpy`` never does (the tensor and the array
share memory both ways); ``as_tensor`` copies only when it must.
"""
import builtins as _builtins
import math

import numpy as np

from ..compat import numerics as _cpu_kernel
from ..compat.allocation import allocate
from ..compat.arg_parser import (PythonArgParser, check_int_list_item, check_scalar,
                                 invalid_combination, is_int_arg, wrong_type)
from ..compat.numpy_interop import from_numpy_dtype, writable_alias
from ..compat.quiet import quiet
from ..compat.tensor_iterator import broadcast_error, empty_like_strided, empty_preserving
from ..compat.warn_once import warn_once
from ..core.dispatch import composite
from ..core import dispatch, dtypes as D
from ..core.device import canonical, CPU
from ..core.dtypes import FROM_NP, dtype as _dtype_cls, type_name as tp_name
from ..core.size import Size
from ..core.tensor import Tensor, wrap
from ..compat.warn_once import warn

_MISSING = object()


_PY_DTYPES = {float: "float64", int: "int64", bool: "bool"}


def _check_dtype(dtype, op="tensor"):
    """torch accepts a torch.dtype or the Python types float/int/bool."""
    if dtype is None or isinstance(dtype, _dtype_cls):
        return dtype
    if isinstance(dtype, type) and dtype in _PY_DTYPES:
        return D.by_name(_PY_DTYPES[dtype])
    raise wrong_type(op, "dtype", "torch.dtype", dtype)


# torch's signatures for the factories whose arguments are read by hand below: parsed
# first, so a wrong call fails with the parser's words and in its order
_FACTORY_KW = ("*, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
         "bool? pin_memory=False, bool? requires_grad=False)")
_EYE = PythonArgParser(["eye(SymInt n, " + _FACTORY_KW, "eye(SymInt n, SymInt m, " + _FACTORY_KW])
_FULL = PythonArgParser(["full(SymIntArrayRef size, Scalar fill_value, " + _FACTORY_KW])


def keywords_given(**kw):
    """The keyword arguments a call passed (those not at their defaults), for the parser."""
    return {k: v for k, v in kw.items()
            if v is not None and not (v is False and k in ("requires_grad", "pin_memory"))}


def _finish(op, arr, device, requires_grad, source=()):
    if requires_grad and arr.dtype.kind != "f":     # a factory's message, not requires_grad_()'s
        raise RuntimeError("Only Tensors of floating point and complex dtype can require "
                           "gradients")
    return dispatch.leaf(op, arr, canonical(device), source, requires_grad)


# ------------------------------------------------------------ data inference
def _check_sizes(data):
    # torch sizes the tensor along the first elements: a str there is one more "dim",
    # and a 0-d NumPy array is a sequence without a length
    x = data
    while isinstance(x, (list, tuple)) and x:
        x = x[0]
        if isinstance(x, str):
            raise ValueError("too many dimensions 'str'")
        if isinstance(x, np.ndarray) and x.ndim == 0:
            raise TypeError("len() of unsized object")


_NUMBERS = (bool, int, float, np.bool_, np.integer, np.floating, np.ndarray, Tensor)


def _unpack_error(x, dt):
    """What torch's store_scalar says for an element it cannot read as ``dt``."""
    name = tp_name(x)
    if dt.is_floating_point:
        return TypeError(f"must be real number, not {name}")
    return TypeError(f"'{name}' object cannot be interpreted as an integer")


def _check_storable(data, dt):
    """torch reads each element as ``dt`` (given, or inferred): an integer from a
    NumPy bool it refuses, as Python's int() of one would not be an index."""
    _check_sizes(data)
    integral = not dt.is_floating_point and dt is not D.bool_
    for x in (_flat(data) if isinstance(data, (list, tuple)) else (data,)):
        if not isinstance(x, _NUMBERS) or (integral and isinstance(x, np.bool_)):
            raise _unpack_error(x, dt)


def _infer_dtype(data):
    """torch's infer_scalar_type: every element has a dtype (a Python int is int64, a
    float the default dtype, a bool bool; a NumPy scalar or array, or a tensor, its
    own), and the elements' dtypes are promoted (torch.promote_types) into one."""
    _check_sizes(data)
    out = None
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, (list, tuple)):
            stack.extend(x)
            continue
        if isinstance(x, Tensor):
            d = x.dtype
        elif isinstance(x, (np.ndarray, np.generic)):
            d = FROM_NP.get(x.dtype)
            if d is None:
                if isinstance(x, np.ndarray):
                    raise TypeError(f"can't convert np.ndarray of type numpy.{x.dtype.name}.")
                raise RuntimeError(f"Could not infer dtype of {tp_name(x)}")
        elif isinstance(x, bool):
            d = D.bool_
        elif isinstance(x, int):
            d = D.int64
        elif isinstance(x, float):
            d = D.get_default_dtype()
        elif isinstance(x, str):
            raise TypeError("new(): invalid data type 'str'")
        else:
            raise RuntimeError(f"Could not infer dtype of {tp_name(x)}")
        out = d if out is None else D.promote_types(out, d)
    return D.get_default_dtype() if out is None else out


def _check_ragged(data, depth=0):
    """torch's error for nested lists of unequal lengths."""
    if isinstance(data, (list, tuple)) and data:
        lens = None
        for x in data:
            if isinstance(x, (list, tuple)):
                n = len(x)
                if lens is None:
                    lens = n
                elif n != lens:
                    raise ValueError(
                        f"expected sequence of length {lens} at dim {depth + 1} (got {n})")
                _check_ragged(x, depth + 1)
            elif lens is not None:
                raise TypeError(f"not a sequence")


def _to_array(data, dtype):
    if isinstance(data, Tensor):
        # torch.tensor(t) / t.new_tensor(t) are t.detach().to(dtype, copy=True): clone's layout
        return empty_like_strided(data._data, dtype.np)
    if isinstance(data, np.ndarray):
        return np.array(data, dtype=dtype.np, copy=True)
    _check_ragged(data)
    if isinstance(data, (list, tuple)) and any(isinstance(x, Tensor) for x in _flat(data)):
        data = _untensor(data)
    try:
        with quiet:     # torch rounds to inf in float16 without a warning
            return np.array(data, dtype=dtype.np)
    except OverflowError:
        if _has_huge_int(data):
            raise ValueError("Overflow when unpacking long long") from None
        raise RuntimeError(f"value cannot be converted to type {dtype.name} without overflow") from None
    except ValueError as e:
        if dtype.np.kind in "iu" and "NaN" in str(e):
            raise RuntimeError(
                f"value cannot be converted to type {dtype.name} without overflow") from None
        raise ValueError(str(e)) from None


builtins_any = _builtins.any


def _has_huge_int(data):
    """A Python int outside int64: torch's parser fails to unpack it as a long long."""
    items = _flat(data) if isinstance(data, (list, tuple)) else (data,)
    return builtins_any(isinstance(x, int) and not isinstance(x, bool) and not
                        -2**63 <= x < 2**63 for x in items)


def _flat(data):
    for x in data:
        if isinstance(x, (list, tuple)):
            yield from _flat(x)
        else:
            yield x


def _unarray(data):
    """NumPy arrays inside a list are nested lists to torch (each a sequence of numbers)."""
    if isinstance(data, np.ndarray) and data.ndim:
        return [_unarray(x) for x in data]
    if isinstance(data, (list, tuple)):
        return [_unarray(x) for x in data]
    return data


def _warn_list_of_arrays():
    warn_once("Creating a tensor from a list of numpy.ndarrays is extremely slow. Please consider "
              "converting the list to a single numpy.ndarray with numpy.array() before "
              "converting to a tensor.")


def _untensor(data):
    """Tensors inside a list are numbers to torch: one element each (any shape)."""
    if isinstance(data, Tensor):
        if data._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return data._data.reshape(()).item()
    if isinstance(data, (list, tuple)):
        return [_untensor(x) for x in data]
    return data


def _no_ranges(data):
    """torch reads a range like a list (also inside lists)."""
    if isinstance(data, range):
        return list(data)
    if isinstance(data, (list, tuple)) and builtins_any(isinstance(x, (range, list, tuple)) for x in data):
        return type(data)(_no_ranges(x) for x in data)
    return data


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False,
           _warn=True, _op="tensor"):
    dtype = _check_dtype(dtype)
    if type(requires_grad) is not bool:
        raise TypeError(f"{_op}(): argument 'requires_grad' must be bool, not {tp_name(requires_grad)}")
    if isinstance(data, Tensor):
        if _warn:
            warn(
                "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() "
                "or sourceTensor.detach().clone().requires_grad_(True), rather than "
                "torch.tensor(sourceTensor).", UserWarning)
        dt = dtype or data.dtype
        if device is None:
            device = data._device
    elif isinstance(data, np.ndarray):
        dt = dtype or from_numpy_dtype(data.dtype)
    elif isinstance(data, (np.generic,)):
        dt = dtype or from_numpy_dtype(data.dtype)
        data = np.asarray(data)
    elif isinstance(data, (bool, int, float, list, tuple, range)):
        data = _no_ranges(data)
        # (before the tensors and arrays inside are unpacked: their dtypes count)
        dt = _infer_dtype(data) if dtype is None else None
        if isinstance(data, list) and data and isinstance(data[0], np.ndarray):
            _warn_list_of_arrays()
        if isinstance(data, (list, tuple)) and builtins_any(
                isinstance(x, (Tensor, np.ndarray)) for x in _flat(data)):
            _check_ragged(_unarray(data))
            data = _untensor(_unarray(data))
        if dtype is not None:
            dt = dtype
        _check_storable(data, dt)
    elif isinstance(data, complex):
        raise TypeError("complex tensors are not supported by minitensor")
    elif isinstance(data, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{tp_name(data)}'")
    elif dtype is not None:
        raise _unpack_error(data, dtype)
    else:
        raise RuntimeError(
            f"Could not infer dtype of {tp_name(data)}")
    if requires_grad and not dt.is_floating_point:
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    arr = _to_array(data, dt)
    src = (data,) if isinstance(data, Tensor) else ()
    return _finish(_op, arr, device, requires_grad, src)


def as_tensor(data, dtype=None, device=None):
    dtype = _check_dtype(dtype, "as_tensor")
    if isinstance(data, Tensor):
        out = data
        if dtype is not None or device is not None:
            out = data.to(device=device, dtype=dtype)
        return out
    if isinstance(data, np.ndarray) and (dtype is None or dtype.np == data.dtype) \
            and canonical(device) is CPU and data.dtype in FROM_NP:
        return from_numpy(data)
    return tensor(data, dtype=dtype, device=device)


asarray = as_tensor


def from_numpy(ndarray):
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {tp_name(ndarray)})")
    from_numpy_dtype(ndarray.dtype)
    if any(s < 0 for s in ndarray.strides):
        raise ValueError(
            "At least one stride in the given numpy array is negative, and tensors with negative "
            "strides are not currently supported. (You can probably work around this by making a "
            "copy of your array  with array.copy().) ")
    if any(s % ndarray.itemsize for s in ndarray.strides):
        raise ValueError(
            "given numpy array strides not a multiple of the element byte size. Copy the numpy "
            "array to reallocate the memory.")
    arr = ndarray.view()
    if not ndarray.flags.writeable:
        warn_once("The given NumPy array is not writable, and PyTorch does not support "
                  "non-writable tensors. This means writing to this tensor will result in "
                  "undefined behavior. You may want to copy the array to protect its data or "
                  "make it writable before converting it to a tensor. This type of warning will "
                  "be suppressed for the rest of this program.")
        arr = writable_alias(ndarray)     # torch writes through it all the same
    # (torch cannot resize memory that NumPy owns)
    return dispatch.leaf("from_numpy", arr, CPU, resizable=False)


# ----------------------------------------------------------------- filled
def _size(size, op, zeros_msg=False, negative_ok=False):
    """torch's int-list argument parser for ``size``, with its messages."""
    if not size:        # torch.zeros() is an error; a 0-dim tensor is torch.zeros(())
        raise TypeError(f'{op}() missing 1 required positional arguments: "size"')
    one_list = len(size) == 1 and isinstance(size[0], (list, tuple))
    if one_list:
        size = tuple(size[0])
    elif len(size) > 1 and not is_int_arg(size[0]):    # zeros(2, 3) packs ints only
        raise TypeError(f"{op}() takes 1 positional argument but {len(size)} were given")
    out = []
    for i, n in enumerate(size):
        if isinstance(n, Tensor) and n._data.ndim == 0 and n._data.dtype.kind in "iu":
            n = int(n)
        if not isinstance(n, (int, np.integer)) or isinstance(n, bool) and i == 0:
            if i == 0 and one_list:     # the parser checks a list's first element
                raise TypeError(f"{op}(): argument 'size' (position 1) must be tuple of ints, but "
                                f"found element of type {tp_name(n)} at pos 0")
            if len(size) == 1:
                raise TypeError(f"{op}(): argument 'size' (position 1) must be tuple of ints, not "
                                f"{tp_name(n)}")
            raise TypeError(f"{op}(): argument 'size' failed to unpack the object at pos {i + 1} "
                            f"with error \"type must be tuple of ints,but got {tp_name(n)}\"")
        check_int_list_item(op, "size", i, n)
        out.append(int(n))
    if not negative_ok:
        _no_negative(out, op, zeros_msg)
    return tuple(out)


def _no_negative(size, op, zeros_msg=False):
    for n in size:
        if n < 0:
            if zeros_msg:
                raise RuntimeError(f"{op}: Dimension size must be non-negative.")
            raise RuntimeError(
                f"Trying to create tensor with negative dimension {n}: [{', '.join(map(str, size))}]")


def _filled(op, size, fill, dtype, device, requires_grad):
    try:        # torch parses the size, then the dtype, then unpacks the size's items ...
        size = _size(size, op, negative_ok=True)
    except TypeError as e:
        err = e
    else:
        err = None
    if err is not None:     # (outside the except: a dtype error chains to nothing)
        if "failed to unpack" in str(err):
            _check_dtype(dtype, op)
        raise err
    dtype = _check_dtype(dtype, op)
    _no_negative(size, op, zeros_msg=(op == "zeros"))   # ... then checks the dims
    dt = dtype or D.get_default_dtype()
    if requires_grad and not dt.is_floating_point:
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    if fill is None or fill == 0:
        arr = allocate(lambda: np.zeros(size, dt.np), size, dt.np)
    else:
        arr = allocate(lambda: np.full(size, fill, dt.np), size, dt.np)
    return _finish(op, arr, device, requires_grad)


def zeros(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
          pin_memory=False, names=None, **kw):
    return _filled("zeros", _size_kw("zeros", size, kw), 0, dtype, device, requires_grad)


def ones(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
         pin_memory=False, names=None, **kw):
    return _filled("ones", _size_kw("ones", size, kw), 1, dtype, device, requires_grad)


def empty(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
          pin_memory=False, memory_format=None, names=None, **kw):
    # torch leaves memory uninitialised; zeros keep lessons deterministic
    return _filled("empty", _size_kw("empty", size, kw), 0, dtype, device, requires_grad)


def _size_kw(op, size, kw):
    """``size=`` given by keyword (torch.zeros(size=(2,)))."""
    if kw:
        if "size" not in kw or size or len(kw) > 1:
            bad = next(k for k in kw if k != "size" or size)
            raise TypeError(f"{op}() got an unexpected keyword argument '{bad}'")
        size = (kw["size"],)
    return size


def full(size, fill_value, *, out=None, dtype=None, layout=None, device=None, requires_grad=False,
         pin_memory=False, names=None):
    if names is None:
        _FULL.parse((size, fill_value), keywords_given(
            out=out, dtype=dtype, layout=layout, device=device, requires_grad=requires_grad,
            pin_memory=pin_memory))
    dtype = _check_dtype(dtype, "full")
    if isinstance(fill_value, Tensor) and fill_value._data.ndim == 0:
        fill_value = fill_value.item()
    if not isinstance(fill_value, (bool, int, float, np.generic)):
        raise TypeError(f"full(): argument 'fill_value' (position 2) must be Number, not "
                        f"{tp_name(fill_value)}")
    check_scalar(fill_value)
    if not isinstance(size, (list, tuple)):
        raise TypeError(f"full(): argument 'size' (position 1) must be tuple of ints, not "
                        f"{tp_name(size)}")
    if dtype is None:
        dtype = D.scalar_dtype(fill_value) if isinstance(fill_value, (bool, int, float)) else D.get_default_dtype()
    size = _size((size,), "full")
    if requires_grad and not dtype.is_floating_point:
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    if dtype.np.kind != "b":
        fill_value = _cpu_kernel.scalar_to(fill_value, dtype.np)   # torch's range check
    arr = allocate(lambda: np.full(size, fill_value, dtype.np), size, dtype.np)
    return _finish("full", arr, device, requires_grad)


def _like_input(op, input):
    if not isinstance(input, Tensor):
        raise TypeError(f"{op}(): argument 'input' (position 1) must be Tensor, not "
                        f"{tp_name(input)}")


def _like(op, fill):
    def fn(input, *, dtype=None, layout=None, device=None, requires_grad=False, memory_format=None):
        _like_input(op, input)
        dt = _check_dtype(dtype, op) or input.dtype
        dev = device or input._device
        if requires_grad and not dt.is_floating_point:
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        values = fill(input._data.shape, dt, dev) if callable(fill) else fill
        return _finish(op, _preserving(input, values, dt), dev, requires_grad)
    fn.__name__ = op
    return fn


def _preserving(input, values, dt):
    """A new array in ``input``'s preserved layout (torch's *_like keep a transpose's strides)."""
    arr = empty_preserving(input._data, dt.np)
    arr[...] = values
    return arr


zeros_like = _like("zeros_like", 0)


ones_like = _like("ones_like", 1)


empty_like = _like("empty_like", 0)


def full_like(input, fill_value, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    _like_input("full_like", input)
    dt = _check_dtype(dtype, "full_like") or input.dtype
    if isinstance(fill_value, Tensor) and fill_value._data.ndim == 0 and not fill_value._requires_grad:
        fill_value = fill_value.item()      # a Number parameter takes a 0-dim tensor
    if not isinstance(fill_value, (bool, int, float, np.generic)):
        raise TypeError(f"full_like(): argument 'fill_value' (position 2) must be Number, not "
                        f"{tp_name(fill_value)}")
    check_scalar(fill_value)
    if requires_grad and not dt.is_floating_point:
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    if dt.np.kind != "b":
        fill_value = _cpu_kernel.scalar_to(fill_value, dt.np)   # torch's range check, as full's
    with np.errstate(all="ignore"):
        return _finish("full_like", _preserving(input, fill_value, dt), device or input._device,
                       requires_grad)


def eye(n, m=None, *more, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    _EYE.parse((n,) if m is None else (n, m, *more), keywords_given(
        out=out, dtype=dtype, layout=layout, device=device, requires_grad=requires_grad))
    n, m = int(n), None if m is None else int(m)
    dtype = _check_dtype(dtype, "eye")
    if n < 0:
        raise RuntimeError(f"n must be greater or equal to 0, got {n}")
    m = n if m is None else m
    if m < 0:
        raise RuntimeError(f"m must be greater or equal to 0, got {m}")
    return _finish("eye", np.eye(n, m, dtype=(dtype or D.get_default_dtype()).np), device, requires_grad)


# ---------------------------------------------------------------- ranges
def arange(start=0, end=None, step=_MISSING, *, out=None, dtype=None, layout=None, device=None,
           requires_grad=False):
    given = (start,) if end is None and step is _MISSING else (
        (start, end) if step is _MISSING else (start, end, step))
    step = 1 if step is _MISSING else step
    for v in given:
        if not isinstance(v, (bool, int, float, np.number)) and not _number_tensor(v):
            if len(given) == 1:
                raise TypeError(f"arange(): argument 'end' (position 1) must be Number, not "
                                f"{tp_name(v)}")
            raise invalid_combination("arange", given, {}, _ARANGE_OPTIONS)
    for v in given:
        check_scalar(v)
    dtype = _check_dtype(dtype, "arange")
    if end is None:
        start, end = 0, start
    vals = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    start, end, step = vals
    if not (math.isfinite(start) and math.isfinite(end)):
        raise RuntimeError(f"unsupported range: {start:g} -> {end:g}")
    if dtype is not None and dtype.np.kind == "b":
        raise NotImplementedError("\"arange_cpu\" not implemented for 'Bool'")
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if not (step > 0 and end >= start or step < 0 and end <= start):
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    if dtype is None:
        dtype = D.int64 if all(isinstance(v, int) for v in vals) else D.get_default_dtype()
    n = math.ceil((end - start) / step)
    arr = (start + np.arange(n, dtype=np.float64) * step) if dtype.is_floating_point else \
        np.arange(start, end, step, dtype=np.int64)
    return _finish("arange", arr.astype(dtype.np), device, requires_grad)


_TAIL = ("torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
         "bool pin_memory = False, bool requires_grad = False)")
_ARANGE_OPTIONS = ["(Number end, *, Tensor out = None, " + _TAIL,
                   "(Number start, Number end, *, " + _TAIL,
                   "(Number start, Number end, Number step = 1, *, Tensor out = None, " + _TAIL]
_RANGE_OPTIONS = [f"({a} start, {b} end, int steps, *, Tensor out = None, " + _TAIL
                  for a, b in (("Tensor", "Tensor"), ("Number", "Tensor"), ("Tensor", "Number"),
                               ("Number", "Number"))]


def _number_tensor(v):
    """A Number argument also takes a 0-dim tensor that needs no grad (torch's parser)."""
    return isinstance(v, Tensor) and v._data.ndim == 0 and not v._requires_grad


def linspace(start, end, steps=_MISSING, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    if steps is _MISSING:
        raise invalid_combination("linspace", (start, end), {}, _RANGE_OPTIONS)
    if not isinstance(steps, (int, np.integer)) or isinstance(steps, bool) or builtins_any(
            not isinstance(v, (Tensor, bool, int, float, np.number)) for v in (start, end)):
        raise invalid_combination("linspace", (start, end, steps), {}, _RANGE_OPTIONS)
    if type(steps) is int and not -2**63 <= steps < 2**63:     # (torch reads steps first)
        raise ValueError("Overflow when unpacking long long")
    for name, v in (("start", start), ("end", end)):
        check_scalar(v)
        if isinstance(v, Tensor) and v._data.ndim:
            raise RuntimeError(f"linspace only supports 0-dimensional start and end tensors, but "
                               f"got {name} with {v._data.ndim} dimension(s).")
    dtype = _check_dtype(dtype, "linspace")
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    dtype = dtype or D.get_default_dtype()
    arr = _cpu_kernel.linspace(start, end, steps, dtype.np)
    return _finish("linspace", arr, device, requires_grad)


def logspace(start, end, steps, base=10.0, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    dtype = _check_dtype(dtype, "logspace")
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    dtype = dtype or D.get_default_dtype()
    arr = np.logspace(start, end, steps, base=base, dtype=np.float64)
    return _finish("logspace", arr.astype(dtype.np), device, requires_grad)


def _scalar_tensor(value, like):
    return wrap(np.asarray(value), like._device)


def scalar_tensor(s, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False):
    dt = dtype or D.get_default_dtype()
    return _finish("scalar_tensor", np.asarray(s, dt.np), device, requires_grad)


def broadcast_shapes(*shapes):
    shapes = [(s,) if isinstance(s, int) else tuple(s) for s in shapes]
    n = max((len(s) for s in shapes), default=0)
    res = [1] * n
    for k, s in enumerate(shapes):
        for i, d in enumerate(reversed(s)):
            j = n - 1 - i
            if res[j] == 1:
                res[j] = d
            elif d != 1 and d != res[j]:
                raise RuntimeError(
                    f"Attempting to broadcast a dimension of length {d} at {-1 - i}! Mismatching "
                    f"argument at index {k} had {tuple(s)}; but expected shape should be "
                    f"broadcastable to [{', '.join(map(str, res))}]")
    return Size(res)


@composite("broadcast_tensors")
def broadcast_tensors(*tensors):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    for i, t in enumerate(tensors):     # torch reads them as one TensorList argument
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got {tp_name(t)}")
    try:
        shape = np.broadcast_shapes(*(t._data.shape for t in tensors))
    except ValueError:
        raise broadcast_error(*tensors) from None
    return tuple(t.expand(shape) for t in tensors)
