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
from .core.dispatch import composite
from .core.graph import Node, SavedConst, SavedTensor
from .core.tensor import Tensor
from .ops import (activation as A, binary as B, compare as Cm, copy as C, gather as G, index as X,
                  join as J, linalg as L, operands as O, pointwise as P, pow as Pw, reduce as R,
                  random as Rn, slice as S, sort as So, statistics as St, unary as U, view as V)
from .ops import cross as Cr, inverse as Inv, svd as Svd


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
        if type(other) is Tensor:
            return fn(self, other)
        if isinstance(other, np.ndarray):
            return NotImplemented
        try:
            return fn(self, other)
        except O.ForeignOperand:     # e.g. tensor + "a": let Python raise its TypeError
            return NotImplemented
    return op


_iop = _binop


def _not_my_operand(op):
    """torch/_tensor.py wraps these operators so that a TypeError means "not my operand":
    Python then tries the other side and raises its own 'unsupported operand type(s)'."""
    def wrapped(self, other):
        try:
            return op(self, other)
        except TypeError:
            return NotImplemented
    return wrapped


@composite("__rtruediv__")
def _rtruediv(self, other):
    if isinstance(other, np.ndarray):
        return U.reciprocal(self) * other     # torch's own __rdiv__: NumPy then multiplies
    if not _operand_ok(other):
        return NotImplemented
    if isinstance(other, Tensor):
        return B.div(other, self)
    return B.mul(U.reciprocal(self), other)


def _rsub(self, other):
    if not _operand_ok(other):
        return NotImplemented
    if isinstance(other, Tensor):
        return B.sub(other, self)
    return B.rsub(self, other)


def _rpow(self, other):
    if not _operand_ok(other):
        return NotImplemented
    return Pw.pow(other, self)


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
        return Cm.logical_not(self)
    if self._data.dtype.kind == "f":     # Python's operator refuses before any kernel runs
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return Cm.bitwise_not(self)


def _eq(self, other):
    if not _operand_ok(other) and not isinstance(other, np.ndarray):
        return False
    return Cm.eq(self, other)    # (torch's == alone compares with an array itself)


def _ne(self, other):
    if isinstance(other, np.ndarray):
        return NotImplemented   # as torch: Python then compares identities (True)
    if not _operand_ok(other):
        return True
    return Cm.ne(self, other)


METHODS = {
    # arithmetic
    "add": B.add, "sub": B.sub, "subtract": B.sub, "mul": B.mul, "multiply": B.mul,
    "div": B.div, "divide": B.div, "true_divide": B.div, "floor_divide": B.floor_divide,
    "remainder": B.remainder, "fmod": B.fmod, "pow": Pw.pow, "neg": U.neg, "negative": U.neg,
    "abs": U.abs, "absolute": U.abs, "exp": U.exp, "log": U.log, "sqrt": U.sqrt, "sin": U.sin,
    "cos": U.cos, "tanh": U.tanh, "sigmoid": U.sigmoid, "relu": U.relu, "sign": U.sign,
    "clamp": P.clamp, "clip": P.clamp, "clamp_min": P.clamp_min, "clamp_max": P.clamp_max,
    "maximum": P.maximum, "minimum": P.minimum, "where": lambda self, cond, other: P.where(cond, self, other),
    "reciprocal": U.reciprocal,
    "eq": Cm.eq, "ne": Cm.ne, "lt": Cm.lt, "le": Cm.le, "gt": Cm.gt, "ge": Cm.ge,
    "greater": Cm.gt, "greater_equal": Cm.ge, "less": Cm.lt, "less_equal": Cm.le, "not_equal": Cm.ne,
    "equal": Cm.equal, "allclose": Cm.allclose, "isclose": Cm.isclose,
    "logical_not": Cm.logical_not, "logical_and": Cm.logical_and, "logical_or": Cm.logical_or,
    "lt_": Cm.lt_, "le_": Cm.le_, "gt_": Cm.gt_, "ge_": Cm.ge_, "eq_": Cm.eq_, "ne_": Cm.ne_,
    "nan_to_num": U.nan_to_num, "nan_to_num_": U.nan_to_num_,
    "bitwise_not": Cm.bitwise_not, "bitwise_not_": Cm.bitwise_not_, "logical_not_": Cm.logical_not_,
    "isnan": Cm.isnan, "isinf": Cm.isinf, "isfinite": Cm.isfinite,
    "logical_xor": Cm.logical_xor, "bitwise_and": Cm.bitwise_and, "bitwise_or": Cm.bitwise_or,
    "bitwise_xor": Cm.bitwise_xor, "bitwise_left_shift": Cm.bitwise_left_shift,
    "bitwise_right_shift": Cm.bitwise_right_shift,
    "square": U.square, "log2": U.log2, "log10": U.log10, "log1p": U.log1p, "expm1": U.expm1,
    "exp2": U.exp2, "rsqrt": U.rsqrt, "tan": U.tan, "erf": U.erf, "erfc": U.erfc, "sinh": U.sinh, "cosh": U.cosh,
    "asin": U.asin, "acos": U.acos, "atan": U.atan, "arcsin": U.asin, "arccos": U.acos,
    "arctan": U.atan, "floor": U.floor, "ceil": U.ceil, "round": U.round, "trunc": U.trunc,
    "fix": U.trunc, "frac": U.frac, "fmax": P.fmax, "fmin": P.fmin, "atan2": P.atan2, "arctan2": P.atan2,
    "atan2_": P.atan2_, "arctan2_": P.atan2_, "outer": P.outer, "ger": P.outer,
    "lerp": P.lerp, "lerp_": P.lerp_, "xlogy": P.xlogy,
    # indexing and more views
    "flip": So.flip, "roll": So.roll, "index_select": G.index_select, "gather": G.gather,
    "scatter": G.scatter, "scatter_": G.scatter_,
    "take": G.take, "take_along_dim": G.take_along_dim, "masked_fill": G.masked_fill,
    "masked_fill_": G.masked_fill_, "masked_select": G.masked_select, "nonzero": G.nonzero,
    "argwhere": G.argwhere, "repeat": J.repeat, "tile": J.tile, "narrow_copy": S.narrow_copy, "split": lambda self, split_size, dim=0: S.split(self, split_size, dim), "chunk": S.chunk,
    "tensor_split": S.tensor_split, "diagonal": S.diagonal, "as_strided": S.as_strided,
    "movedim": V.movedim, "moveaxis": V.movedim, "unfold": S.unfold, "sort": So.sort,
    "argsort": So.argsort, "topk": So.topk, "cumsum": So.cumsum, "cumprod": So.cumprod,
    # in place
    "add_": B.add_, "sub_": B.sub_, "mul_": B.mul_, "div_": B.div_, "pow_": Pw.pow_,
    **U.INPLACE,       # the unary ops' in-place twins: neg_, exp_, sin_, floor_, ...
    "clamp_": P.clamp_, "clip_": P.clamp_, "clamp_min_": P.clamp_min_, "clamp_max_": P.clamp_max_, "fill_": C.fill_, "zero_": C.zero_,
    # reductions
    "sum": R.sum, "mean": R.mean, "amax": R.amax, "amin": R.amin, "all": R.all, "any": R.any,
    "norm": St.norm, "var": St.var, "std": St.std, "median": St.median,
    "kthvalue": St.kthvalue, "count_nonzero": R.count_nonzero, "nansum": R.nansum,
    "unique": So.unique,
    "max": R.max, "min": R.min, "argmax": R.argmax, "argmin": R.argmin, "prod": R.prod,
    "logsumexp": St.logsumexp,
    # views
    "view": V.view, "view_as": V.view_as, "reshape": V.reshape, "reshape_as": V.reshape_as,
    "flatten": V.flatten, "unflatten": V.unflatten, "squeeze": V.squeeze, "unsqueeze": V.unsqueeze,
    "t": V.t, "transpose": V.transpose, "swapaxes": V.transpose, "swapdims": V.transpose,
    "permute": V.permute, "expand": V.expand, "expand_as": V.expand_as, "broadcast_to": V.broadcast_to,
    "narrow": S.narrow, "select": S.select, "unbind": S.unbind, "ravel": V.ravel,
    "__getitem__": X.getitem, "__setitem__": X.setitem,
    # copying
    "clone": C.clone, "contiguous": C.contiguous, "detach": C.detach, "detach_": C.detach_,
    "copy_": C.copy_, "new_tensor": C.new_tensor, "new_zeros": C.new_zeros, "new_ones": C.new_ones,
    "new_empty": C.new_empty, "new_full": C.new_full, "resize_": C.resize_,
    "resize_as_": C.resize_as_, "set_": C.set_, "transpose_": V.transpose_, "t_": V.t_,
    "unsqueeze_": V.unsqueeze_, "squeeze_": V.squeeze_, "swapaxes_": V.transpose_,
    "swapdims_": V.transpose_, "type_as": C.type_as, "uniform_": Rn.uniform_, "normal_": Rn.normal_,
    "random_": Rn.random_, "bernoulli_": Rn.bernoulli_, "exponential_": Rn.exponential_,
    "to": C.to, "type": C.type_, "cpu": C.cpu, "cuda": C.cuda,
    "float": C._cast(None), "double": None, "half": None, "long": None, "int": None,
    "short": None, "char": None, "byte": None, "bool": None,
    # linear algebra, joining, activations
    "matmul": L.matmul, "mm": L.mm, "bmm": L.bmm, "dot": L.dot, "mv": L.mv,
    "cross": Cr.cross, "svd": Svd.svd, "det": Inv.linalg_det, "inverse": Inv.linalg_inv,
    "softmax": _softmax_method(A.softmax, "softmax"),
    "log_softmax": _softmax_method(A.log_softmax, "log_softmax"),
    # operators
    "__add__": _binop(B.add), "__radd__": _binop(B.add),
    "__sub__": _binop(B.sub),
    "__rsub__": _not_my_operand(_rsub), "__mul__": _binop(B.mul),
    "__rmul__": _binop(B.mul),
    "__truediv__": _binop(B.div), "__rtruediv__": _not_my_operand(_rtruediv),
    "__floordiv__": _not_my_operand(_binop(B.floor_divide)),
    "__rfloordiv__": _not_my_operand(_binop(B.floor_divide, reverse=True)), "__mod__": _binop(B.remainder),
    "__pow__": _not_my_operand(_binop(Pw.pow)), "__rpow__": _not_my_operand(_rpow), "__matmul__": _matmul_op,
    "__rmatmul__": _not_my_operand(_rmatmul), "__neg__": U.neg, "__pos__": lambda self: self, "__abs__": U.abs,
    "__invert__": _invert, "__and__": _binop(Cm.bitwise_and), "__or__": _binop(Cm.bitwise_or),
    "__xor__": _binop(Cm.bitwise_xor), "__rand__": _binop(Cm.bitwise_and),
    "__ror__": _binop(Cm.bitwise_or), "__rxor__": _binop(Cm.bitwise_xor),
    "__lshift__": _binop(Cm.bitwise_left_shift), "__rshift__": _binop(Cm.bitwise_right_shift),
    "__rlshift__": _not_my_operand(_binop(Cm.bitwise_left_shift, reverse=True)),
    "__rrshift__": _not_my_operand(_binop(Cm.bitwise_right_shift, reverse=True)),
    "__rmod__": _not_my_operand(_binop(B.remainder, reverse=True)),
    "__eq__": _eq, "__ne__": _ne, "__lt__": _binop(Cm.lt), "__le__": _binop(Cm.le),
    "__gt__": _binop(Cm.gt), "__ge__": _binop(Cm.ge),
    "__iadd__": _iop(B.add_), "__isub__": _iop(B.sub_), "__imul__": _iop(B.mul_),
    "__itruediv__": _iop(B.div_), "__ipow__": _not_my_operand(_iop(Pw.pow_)),
    "__ifloordiv__": _iop(B.floor_divide_), "__imod__": _iop(B.remainder_),
    "__iand__": _iop(Cm.bitwise_and_), "__ior__": _iop(Cm.bitwise_or_),
    "__ixor__": _iop(Cm.bitwise_xor_), "__ilshift__": _iop(Cm.bitwise_left_shift_),
    "__irshift__": _iop(Cm.bitwise_right_shift_),
    "sign_": U.sign_, "floor_divide_": B.floor_divide_, "remainder_": B.remainder_, "fmod_": B.fmod_,
    "bitwise_and_": Cm.bitwise_and_, "bitwise_or_": Cm.bitwise_or_, "bitwise_xor_": Cm.bitwise_xor_,
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
Node.saved_tensors_info = _graph.saved_tensors_info
# a saved tensor's: grad_fn._raw_saved_self.register_hooks(pack, unpack)
SavedTensor.register_hooks = SavedConst.register_hooks = _graph.register_hooks
SavedTensor.__repr__ = SavedConst.__repr__ = _graph.saved_repr


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
