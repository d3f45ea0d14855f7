"""The torch surface of the engine: ops become Tensor methods, operators and ``torch.*``
functions, each checked by torch's argument parser first (compat/arg_parser.py), the
way torch exposes ``torch.add(a, b)``, ``a.add(b)`` and ``a + b`` as one op. The Python
side of Tensor (``_tensor.py``) and of graph nodes (``autograd/graph.py``) is bound onto
core's classes here too: this is the one module that adds to another's classes."""
import functools

import numpy as np

from . import _tensor
from .autograd import graph as _graph
from .compat import arg_parser as _arg_parser
from .compat._generated import signatures as _signatures
from .core import dtypes as _D
from .core.dispatch import record
from .core.graph import Node
from .core.tensor import Tensor
from .ops import pointwise as P, reduction as R, views as V, copying as C
from .ops import linalg as L, join as J, activation as A, indexing as I

_NUMBER = (int, float, bool)


# torch's operators take a tensor or a number, never a NumPy array: they return
# NotImplemented for one, and Python then asks the array. So `t + arr` is NumPy's sum of
# np.asarray(t) and arr, made a tensor again by __array_wrap__ (NumPy's dtype rules, no
# graph; an error if t requires grad), while `arr + t`, `t < arr` and `arr ** t` are
# TypeErrors: NumPy defers to the tensor's __array_priority__, and the tensor declines.
def _operand_ok(x):
    return isinstance(x, (Tensor, int, float, bool, np.generic))


def _binop(fn, reverse=False):
    if reverse:
        def op(self, other):
            if not _operand_ok(other):
                return NotImplemented
            return fn(other, self)
        return op

    def op(self, other):
        if type(other) is not Tensor and isinstance(other, np.ndarray):
            return NotImplemented
        try:
            return fn(self, other)
        except P.ForeignOperand:     # e.g. tensor + "a": let Python raise its TypeError
            return NotImplemented
    return op


_iop = _binop


def _arith(fn, name, ufunc, node_cls, bool_ok=True):
    """The operator for ``fn`` (add, sub, mul). Its commonest case, two tensors of one dtype
    on one device, needs none of ``fn``'s promotion or argument handling: the ufunc's
    result goes straight to ``record``, as ``fn`` would send it. Anything else takes
    ``fn``'s own path."""
    slow = _binop(fn)

    def op(self, other):
        if isinstance(other, Tensor):
            x = self._data
            y = other._data
            if x.dtype is y.dtype and self._device is other._device and (
                    bool_ok or x.dtype is not _BOOL):
                try:
                    arr = ufunc(x, y)
                except ValueError:
                    raise P.broadcast_error(self, other) from None
                return record(name, arr, self._device, (self, other), node_cls)
        return slow(self, other)
    return op


_BOOL = np.dtype(bool)


def _rtruediv(self, other):
    if isinstance(other, np.ndarray):
        return P.reciprocal(self) * other     # torch's own __rdiv__: NumPy then multiplies
    if not _operand_ok(other):
        return NotImplemented
    if isinstance(other, Tensor):
        return P.div(other, self)
    return P.mul(P.reciprocal(self), other)


def _rsub(self, other):
    if not _operand_ok(other):
        return NotImplemented
    if isinstance(other, Tensor):
        return P.sub(other, self)
    return P.rsub(self, other)


def _rpow(self, other):
    if not _operand_ok(other):
        return NotImplemented
    return P.pow(other, self)


def _matmul_op(self, other):
    if not isinstance(other, Tensor):       # Python then raises "unsupported operand"
        return NotImplemented
    return L.matmul(self, other)


_NO_DIM = object()


def _softmax_method(fn, name):
    def method(self, dim=_NO_DIM, dtype=None):
        if dim is _NO_DIM:
            raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')
        return fn(self, dim, dtype=dtype)
    method.__name__ = name
    return method


def _rmatmul(self, other):
    if not isinstance(other, Tensor):
        return NotImplemented
    return L.matmul(other, self)


def _invert(self):
    if self._data.dtype == np.bool_:
        return P.logical_not(self)
    if self._data.dtype.kind == "f":     # Python's operator refuses before any kernel runs
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return P.bitwise_not(self)


def _eq(self, other):
    if not _operand_ok(other) and not isinstance(other, np.ndarray):
        return False
    return P.eq(self, other)    # (torch's == alone compares with an array itself)


def _ne(self, other):
    if isinstance(other, np.ndarray):
        return NotImplemented   # as torch: Python then compares identities (True)
    if not _operand_ok(other):
        return True
    return P.ne(self, other)


METHODS = {
    # arithmetic
    "add": P.add, "sub": P.sub, "subtract": P.sub, "mul": P.mul, "multiply": P.mul,
    "div": P.div, "divide": P.div, "true_divide": P.div, "floor_divide": P.floor_divide,
    "remainder": P.remainder, "fmod": P.fmod, "pow": P.pow, "neg": P.neg, "negative": P.neg,
    "abs": P.abs, "absolute": P.abs, "exp": P.exp, "log": P.log, "sqrt": P.sqrt, "sin": P.sin,
    "cos": P.cos, "tanh": P.tanh, "sigmoid": P.sigmoid, "relu": P.relu, "sign": P.sign,
    "clamp": P.clamp, "clip": P.clamp, "clamp_min": P.clamp_min, "clamp_max": P.clamp_max,
    "maximum": P.maximum, "minimum": P.minimum, "where": lambda self, cond, other: P.where(cond, self, other),
    "reciprocal": P.reciprocal,
    "eq": P.eq, "ne": P.ne, "lt": P.lt, "le": P.le, "gt": P.gt, "ge": P.ge,
    "greater": P.gt, "greater_equal": P.ge, "less": P.lt, "less_equal": P.le, "not_equal": P.ne,
    "equal": P.equal, "allclose": P.allclose, "isclose": P.isclose,
    "logical_not": P.logical_not, "logical_and": P.logical_and, "logical_or": P.logical_or,
    "lt_": P.lt_, "le_": P.le_, "gt_": P.gt_, "ge_": P.ge_, "eq_": P.eq_, "ne_": P.ne_,
    "nan_to_num": P.nan_to_num, "nan_to_num_": P.nan_to_num_,
    "bitwise_not": P.bitwise_not, "bitwise_not_": P.bitwise_not_, "logical_not_": P.logical_not_,
    "isnan": P.isnan, "isinf": P.isinf, "isfinite": P.isfinite,
    "logical_xor": P.logical_xor, "bitwise_and": P.bitwise_and, "bitwise_or": P.bitwise_or,
    "bitwise_xor": P.bitwise_xor, "bitwise_left_shift": P.bitwise_left_shift,
    "bitwise_right_shift": P.bitwise_right_shift,
    "square": P.square, "log2": P.log2, "log10": P.log10, "log1p": P.log1p, "expm1": P.expm1,
    "exp2": P.exp2, "rsqrt": P.rsqrt, "tan": P.tan, "erf": P.erf, "erfc": P.erfc, "sinh": P.sinh, "cosh": P.cosh,
    "asin": P.asin, "acos": P.acos, "atan": P.atan, "arcsin": P.asin, "arccos": P.acos,
    "arctan": P.atan, "floor": P.floor, "ceil": P.ceil, "round": P.round, "trunc": P.trunc,
    "fix": P.trunc, "frac": P.frac, "fmax": P.fmax, "fmin": P.fmin, "atan2": P.atan2, "arctan2": P.atan2,
    "atan2_": P.atan2_, "arctan2_": P.atan2_, "outer": P.outer, "ger": P.outer,
    "lerp": P.lerp, "lerp_": P.lerp_, "xlogy": P.xlogy,
    "square_": P.square_, "log2_": P.log2_, "log10_": P.log10_, "log1p_": P.log1p_,
    "expm1_": P.expm1_, "rsqrt_": P.rsqrt_, "tan_": P.tan_, "erf_": P.erf_, "erfc_": P.erfc_, "frac_": P.frac_, "floor_": P.floor_,
    "ceil_": P.ceil_, "round_": P.round_, "trunc_": P.trunc_, "fix_": P.trunc_,
    "reciprocal_": P.reciprocal_,
    # indexing and more views
    "flip": I.flip, "roll": I.roll, "index_select": I.index_select, "gather": I.gather,
    "take": I.take, "take_along_dim": I.take_along_dim, "masked_fill": I.masked_fill,
    "masked_fill_": I.masked_fill_, "masked_select": I.masked_select, "nonzero": I.nonzero,
    "argwhere": I.argwhere, "repeat": I.repeat, "tile": I.tile, "narrow_copy": V.narrow_copy, "split": lambda self, split_size, dim=0: I.split(self, split_size, dim), "chunk": I.chunk,
    "tensor_split": I.tensor_split, "diagonal": I.diagonal, "as_strided": I.as_strided,
    "movedim": I.movedim, "moveaxis": I.movedim, "unfold": I.unfold, "sort": I.sort,
    "argsort": I.argsort, "topk": I.topk, "cumsum": I.cumsum, "cumprod": I.cumprod,
    # in place
    "add_": P.add_, "sub_": P.sub_, "mul_": P.mul_, "div_": P.div_, "pow_": P.pow_,
    "neg_": P.neg_, "abs_": P.abs_, "exp_": P.exp_, "log_": P.log_, "sqrt_": P.sqrt_,
    "sin_": P.sin_, "cos_": P.cos_, "tanh_": P.tanh_, "sigmoid_": P.sigmoid_, "relu_": P.relu_,
    "clamp_": P.clamp_, "clip_": P.clamp_, "clamp_min_": P.clamp_min_, "clamp_max_": P.clamp_max_, "fill_": P.fill_, "zero_": P.zero_,
    # reductions
    "sum": R.sum, "mean": R.mean, "amax": R.amax, "amin": R.amin, "all": R.all, "any": R.any,
    "norm": R.norm, "var": R.var, "std": R.std, "median": R.median,
    "kthvalue": R.kthvalue, "count_nonzero": R.count_nonzero, "nansum": R.nansum,
    "unique": I.unique,
    **R.METHOD_VARIANTS,    # max, min, argmax, argmin, prod, logsumexp: method-style arg errors
    # views
    "view": V.view, "view_as": V.view_as, "reshape": V.reshape, "reshape_as": V.reshape_as,
    "flatten": V.flatten, "unflatten": V.unflatten, "squeeze": V.squeeze, "unsqueeze": V.unsqueeze,
    "t": V.t, "transpose": V.transpose, "swapaxes": V.transpose, "swapdims": V.transpose,
    "permute": V.permute, "expand": V.expand, "expand_as": V.expand_as, "broadcast_to": V.broadcast_to,
    "narrow": V.narrow, "select": V.select, "unbind": I.unbind, "ravel": V.ravel,
    "__getitem__": V.getitem, "__setitem__": V.setitem,
    # copying
    "clone": C.clone, "contiguous": C.contiguous, "detach": C.detach, "detach_": C.detach_,
    "copy_": C.copy_, "new_tensor": C.new_tensor, "new_zeros": C.new_zeros, "new_ones": C.new_ones,
    "new_empty": C.new_empty, "new_full": C.new_full, "resize_": C.resize_,
    "resize_as_": C.resize_as_, "set_": C.set_, "transpose_": C.transpose_, "t_": C.t_,
    "unsqueeze_": C.unsqueeze_, "squeeze_": C.squeeze_, "swapaxes_": C.transpose_,
    "swapdims_": C.transpose_, "type_as": C.type_as, "uniform_": C.uniform_, "normal_": C.normal_,
    "random_": C.random_, "bernoulli_": C.bernoulli_, "exponential_": C.exponential_,
    "to": C.to, "type": C.type_, "cpu": C.cpu, "cuda": C.cuda,
    "float": C._cast(None), "double": None, "half": None, "long": None, "int": None,
    "short": None, "char": None, "byte": None, "bool": None,
    # linear algebra, joining, activations
    "matmul": L.matmul, "mm": L.mm, "bmm": L.bmm, "dot": L.dot, "mv": L.mv,
    "softmax": _softmax_method(A.softmax, "softmax"),
    "log_softmax": _softmax_method(A.log_softmax, "log_softmax"),
    # operators
    "__add__": _arith(P.add, "add", np.add, P.AddBackward0), "__radd__": _binop(P.add),
    "__sub__": _arith(P.sub, "sub", np.subtract, P.SubBackward0, bool_ok=False),
    "__rsub__": _rsub, "__mul__": _arith(P.mul, "mul", np.multiply, P.MulBackward0),
    "__rmul__": _binop(P.mul),
    "__truediv__": _binop(P.div), "__rtruediv__": _rtruediv, "__floordiv__": _binop(P.floor_divide),
    "__rfloordiv__": _binop(P.floor_divide, reverse=True), "__mod__": _binop(P.remainder),
    "__pow__": _binop(P.pow), "__rpow__": _rpow, "__matmul__": _matmul_op,
    "__rmatmul__": _rmatmul, "__neg__": P.neg, "__pos__": lambda self: self, "__abs__": P.abs,
    "__invert__": _invert, "__and__": _binop(P.bitwise_and), "__or__": _binop(P.bitwise_or),
    "__xor__": _binop(P.bitwise_xor), "__rand__": _binop(P.bitwise_and),
    "__ror__": _binop(P.bitwise_or), "__rxor__": _binop(P.bitwise_xor),
    "__lshift__": _binop(P.bitwise_left_shift), "__rshift__": _binop(P.bitwise_right_shift),
    "__rlshift__": _binop(P.bitwise_left_shift, reverse=True),
    "__rrshift__": _binop(P.bitwise_right_shift, reverse=True),
    "__rmod__": _binop(P.remainder, reverse=True),
    "__eq__": _eq, "__ne__": _ne, "__lt__": _binop(P.lt), "__le__": _binop(P.le),
    "__gt__": _binop(P.gt), "__ge__": _binop(P.ge),
    "__iadd__": _iop(P.add_), "__isub__": _iop(P.sub_), "__imul__": _iop(P.mul_),
    "__itruediv__": _iop(P.div_), "__ipow__": _iop(P.pow_),
    "__ifloordiv__": _iop(P.floor_divide_), "__imod__": _iop(P.remainder_),
    "__iand__": _iop(P.bitwise_and_), "__ior__": _iop(P.bitwise_or_),
    "__ixor__": _iop(P.bitwise_xor_), "__ilshift__": _iop(P.bitwise_left_shift_),
    "__irshift__": _iop(P.bitwise_right_shift_),
    "sign_": P.sign_, "floor_divide_": P.floor_divide_, "remainder_": P.remainder_, "fmod_": P.fmod_,
    "bitwise_and_": P.bitwise_and_, "bitwise_or_": P.bitwise_or_, "bitwise_xor_": P.bitwise_xor_,
}

for _name, _dt in (("float", _D.float32), ("double", _D.float64), ("half", _D.float16),
                   ("long", _D.int64), ("int", _D.int32), ("short", _D.int16), ("char", _D.int8),
                   ("byte", _D.uint8), ("bool", _D.bool_)):
    METHODS[_name] = C._cast(_dt)

# the Python protocol first (repr, len, item, .grad, backward, ...), then the ops
for _name, _fn in _tensor.PROTOCOL.items():
    if callable(_fn) and hasattr(_fn, "__qualname__"):
        _fn.__qualname__ = f"Tensor.{_name}"      # as Python names a method (in messages)
    setattr(Tensor, _name, _fn)
for _name, _fn in METHODS.items():
    setattr(Tensor, _name, _arg_parser.checked_method(_name, _fn))

# the methods core/tensor.py and _tensor.py define (size, stride, item, ...) get the same checks
for _name in sorted(_signatures.NOARGS | set(_signatures.TENSOR_METHODS)):
    if _name not in METHODS and callable(Tensor.__dict__.get(_name)):
        setattr(Tensor, _name, _arg_parser.checked_method(_name, Tensor.__dict__[_name]))

Tensor.T = property(V.T)
Tensor.mT = property(V.mT)
Tensor.H = property(V.H)
Tensor.mH = property(V.mH)
Tensor.data = property(C.get_data, C.set_data)


def _read_only(name):
    def setter(self, value):
        raise AttributeError(f"attribute '{name}' of 'torch._C.TensorBase' objects is not writable")
    return setter


# torch's C properties refuse assignment with this message
for _name in ("shape", "dtype", "is_leaf", "grad_fn", "device", "ndim"):
    _prop = Tensor.__dict__.get(_name)
    if isinstance(_prop, property) and _prop.fset is None:
        setattr(Tensor, _name, property(_prop.fget, _read_only(_name), None, _prop.__doc__))


# a node's Python face: grad_fn(g), grad_fn._saved_self, dir(grad_fn)
Node.__call__ = _graph.node_call
Node.__getattr__ = _graph.saved_attribute
Node.__dir__ = _graph.node_dir


# ---------------------------------------------------------------- torch.<op>
def torch_functions(namespace):
    """``namespace``'s functions as torch.<op>: torch's argument checks first (and its
    ``out=``), and its own TypeError for a factory called with no argument at all."""
    out = {n: _arg_parser.checked_function(n, namespace[n], out=(C.check_out, C.write_out))
           for n in _signatures.FUNCTIONS if n in namespace}
    for n, message in _signatures.NOARG_MESSAGES.items():
        if n in namespace:
            out[n] = _no_call_without_arguments(out.get(n, namespace[n]), message)
    return out


def _no_call_without_arguments(fn, message):
    @functools.wraps(fn)
    def factory(*args, **kwargs):
        if not args and not kwargs:
            raise TypeError(message)
        return fn(*args, **kwargs)
    return factory
