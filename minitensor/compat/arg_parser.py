"""torch's argument parser (PythonArgParser), so that a method called with bad arguments
fails as torch's does, with torch's words.

torch binds each Tensor method from signature strings such as
``"add(Tensor other, *, Scalar alpha=1)"`` (listed in ``_signatures.py``). A call is
tried against each signature in turn; when none binds, the message either names the one
argument that is wrong (one plausible signature) or lists every signature with why it
did not match ("received an invalid combination of arguments"). Both texts follow
torch/csrc/utils/python_arg_parser.cpp and invalid_arguments.cpp, quirks included (the
second one re-parses the printed signatures, so "*" and defaults count as arguments).

Only validation happens here: the op itself still reads its own arguments.
"""
import inspect
import operator
import types

import numpy as np

from ._generated import signatures as _signatures
from .layouts import layout as _layout, memory_format as _memory_format
from ..core import dispatch
from ..core.device import device as _device
from ..core.dtypes import bool_ as _bool_dtype, dtype as _dtype, type_name as tp_name
from ..core.storage import UntypedStorage as _Storage
from ..core.size import Size
from ..core.tensor import Tensor as _tensor_cls
from ..core.tensor import Tensor
from .warn_once import warn


# ----------------------------------------------------------------- int lists
_ARGNAME = {"view": "size", "reshape": "shape", "expand": "size", "permute": "dims",
            "repeat": "repeats", "resize_": "size"}


def is_int_arg(a):
    return isinstance(a, (int, np.integer)) and not isinstance(a, bool) or \
        isinstance(a, Tensor) and a._data.ndim == 0 and a._data.dtype.kind in "iu"


def int_list(args, name="view"):
    """torch's int-list parser (``x.view(2, 3)`` or ``x.view((2, 3))``), with its messages."""
    arg = _ARGNAME.get(name, "size")
    if len(args) == 1 and isinstance(args[0], (tuple, list, Size)):
        args = tuple(args[0])
    elif len(args) == 1 and not is_int_arg(args[0]):
        raise TypeError(f"{name}(): argument '{arg}' (position 1) must be tuple of ints, not "
                        f"{tp_name(args[0])}")
    for i, a in enumerate(args):
        if not is_int_arg(a):
            raise TypeError(f"{name}(): argument '{arg}' failed to unpack the object at pos {i + 1} "
                            f"with error \"type must be tuple of ints,but got {tp_name(a)}\"")
        check_int_list_item(name, arg, i, a)
    return tuple(int(a) for a in args)


# ----------------------------------------------------------------- what each type accepts
def _is_numpy_int(obj):
    return isinstance(obj, np.integer)


def _check_long(obj):       # THPUtils_checkLong: an int that is not a bool
    return (isinstance(obj, int) and not isinstance(obj, bool)) or _is_numpy_int(obj)


def _check_index(obj):      # THPUtils_checkIndex: anything with __index__, except bool
    if isinstance(obj, (bool, np.bool_)):
        return False
    if _check_long(obj):
        return True
    try:
        operator.index(obj)
    except Exception:
        return False
    return True


def _is_numpy_scalar(obj):
    return isinstance(obj, (np.integer, np.floating, np.complexfloating, np.bool_))


def _check_scalar(obj):     # THPUtils_checkScalar
    return isinstance(obj, (int, float, complex)) or _is_numpy_scalar(obj)


def _check_double(obj):
    return isinstance(obj, (int, float)) or _is_numpy_scalar(obj)


def _is_tensor(obj):
    return isinstance(obj, _tensor_cls)


def _zero_dim_no_grad(obj):
    return obj._data.ndim == 0 and not obj._requires_grad


class _State:
    """What one parse learnt: ``by_value`` is set when a check looked past the argument's
    type (a tensor standing for a number, a list's first element), so the verdict cannot
    be cached by type."""
    __slots__ = ("by_value", "failed_idx", "varargs", "bound", "packed")

    def __init__(self):
        self.packed = False     # the positional arguments were bound as one int list
        self.bound = []         # (parameter, argument) pairs of the last signature tried
        self.by_value = False
        self.failed_idx = -1
        self.varargs = None     # view(2, 3)'s arguments, read as one int list


def _check_tensor(p, obj, st):
    if _is_tensor(obj):
        return True
    return p.numbers_as_tensors and _check_scalar(obj)


def _check_number(p, obj, st):           # Scalar, complex and double fall through in torch
    if p.kind == "Scalar" and _check_scalar(obj):
        return True
    if p.kind in ("Scalar", "complex") and isinstance(obj, complex):
        return True
    if _check_double(obj):
        return True
    if _is_tensor(obj):
        st.by_value = True
        return _zero_dim_no_grad(obj)
    return False


def _check_int(p, obj, st):
    if _check_long(obj):
        return True
    if p.kind == "SymInt":
        return _check_index(obj)
    if _is_tensor(obj):
        st.by_value = True
        return (obj._data.dtype.kind in "iu" and obj._data.ndim == 0
                and not obj._requires_grad)
    return False


def _check_int_list(p, obj, st):
    """Only the first element is checked, as torch does; the op's own unpacking reports a
    bad later element ("failed to unpack the object at pos 2")."""
    if isinstance(obj, (tuple, list)):
        st.by_value = True
        if len(obj) == 0:
            return True
        first_ok = _check_index(obj[0])
        if not first_ok and obj is not st.varargs:
            st.failed_idx = 0
        return first_ok
    if p.size > 0:              # int[1] dim also takes a bare int
        return _check_long(obj) if p.kind == "IntArrayRef" else _check_index(obj)
    return False


def _check_varargs(p, args, st):
    # view(2, 3): every positional argument read as one int list (a bad first one is
    # then reported as the argument itself: "must be tuple of ints, not str")
    st.varargs = args
    before = st.by_value
    ok = _check_int_list(p, args, st)
    # plain ints are judged by their types alone, which the cache key holds
    st.by_value = before or not all(type(a) is int for a in args)
    return ok


def _check_tensor_list(p, obj, st):
    if not isinstance(obj, (tuple, list)):
        return False
    st.by_value = True
    for i, item in enumerate(obj):
        if not _is_tensor(item):   # torch raises here even while trying other overloads
            raise TypeError(f"expected Tensor as element {i} in argument {p.index}, "
                            f"but got {tp_name(item)}")
    return True


def _check_float_list(p, obj, st):
    if not isinstance(obj, (tuple, list)):
        return False
    st.by_value = True
    return len(obj) == 0 or _check_double(obj[0]) or isinstance(obj[0], complex)


def _check_scalar_list(p, obj, st):
    if not isinstance(obj, (tuple, list)):
        return False
    st.by_value = True
    return all(_check_scalar(x) or (_is_tensor(x) and x._data.ndim == 0) for x in obj)


def _check_dimname(p, obj, st):
    return obj is None or isinstance(obj, str)


def _check_dimname_list(p, obj, st):
    if isinstance(obj, (tuple, list)):
        st.by_value = True
        return all(x is None or isinstance(x, str) for x in obj)
    return p.size == 1 and _check_dimname(p, obj, st)


_CHECKS = {
    "Tensor": _check_tensor, "Scalar": _check_number, "complex": _check_number,
    "double": _check_number, "int64_t": _check_int, "SymInt": _check_int,
    "IntArrayRef": _check_int_list, "SymIntArrayRef": _check_int_list,
    "TensorList": _check_tensor_list, "c10::List<::std::optional<Tensor>>": _check_tensor_list,
    "c10::List<c10::optional<Tensor>>": _check_tensor_list,
    "ArrayRef<double>": _check_float_list, "ScalarList": _check_scalar_list,
    "Dimname": _check_dimname, "DimnameList": _check_dimname_list,
    "bool": lambda p, o, st: isinstance(o, bool),
    "ScalarType": lambda p, o, st: isinstance(o, _dtype) or isinstance(o, type) and o in (int, float, bool, complex),
    "Layout": lambda p, o, st: isinstance(o, _layout),
    "MemoryFormat": lambda p, o, st: isinstance(o, _memory_format),
    "QScheme": lambda p, o, st: False,
    "Device": lambda p, o, st: _check_long(o) or isinstance(o, (str, _device)),
    "Stream": lambda p, o, st: False,
    "Generator": lambda p, o, st: tp_name(o) == "torch._C.Generator",
    "Storage": lambda p, o, st: isinstance(o, _Storage),
    "PyObject*": lambda p, o, st: True,
    "std::string": lambda p, o, st: isinstance(o, str),
    "c10::string_view": lambda p, o, st: isinstance(o, str),
}

_TYPE_NAMES = {
    "Tensor": "Tensor", "Scalar": "Number", "int64_t": "int", "SymInt": "int",
    "double": "float", "complex": "complex", "TensorList": "tuple of Tensors",
    "c10::List<::std::optional<Tensor>>": "tuple of Tensors",
    "c10::List<c10::optional<Tensor>>": "tuple of Tensors",
    "IntArrayRef": "tuple of ints", "SymIntArrayRef": "tuple of ints",
    "ArrayRef<double>": "tuple of floats", "Generator": "torch.Generator", "bool": "bool",
    "Storage": "torch.Storage", "PyObject*": "object", "ScalarType": "torch.dtype",
    "Layout": "torch.layout", "MemoryFormat": "torch.memory_format", "QScheme": "torch.qscheme",
    "Device": "torch.device", "std::string": "str", "c10::string_view": "str",
    "Dimname": "name", "DimnameList": "tuple of names", "ScalarList": "tuple of Scalars",
    "Stream": "torch.Stream",
}

# torch also takes NumPy's names for these keywords: t.sum(axis=0, keepdims=True)
_NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"),
                "other": ("x2",)}

# the ops whose Tensor parameters also take a Python number (should_allow_numbers_as_tensors)
_NUMBERS_AS_TENSORS = frozenset(
    f"{op}{suffix}" for op in ("add", "div", "divide", "mul", "multiply", "sub", "subtract",
                               "true_divide", "floor_divide") for suffix in ("", "_", "_out")
) | {"to", "_to_copy", "copy_"}


class FunctionParameter:
    __slots__ = ("kind", "name", "size", "optional", "default", "allow_none", "keyword_only",
                 "names", "numbers_as_tensors", "index", "check")

    def __init__(self, fmt, keyword_only, index, numbers_as_tensors):
        type_str, name = fmt.split(" ", 1)
        self.allow_none = "?" in type_str
        type_str = type_str.replace("?", "")
        self.size = 0
        if "[" in type_str:
            type_str, size = type_str[:-1].split("[")
            self.size = int(size)
        self.kind = type_str
        self.optional = "=" in name
        self.default = None
        if self.optional:
            name, default = name.split("=", 1)
            self.default = default
            if default == "None":
                self.allow_none = True
        self.name = name
        self.names = (name,) + _NUMPY_NAMES.get(name, ())
        self.keyword_only = keyword_only
        self.index = index
        self.numbers_as_tensors = numbers_as_tensors
        self.check = _CHECKS[type_str]

    def type_name(self):
        return _TYPE_NAMES[self.kind]


class FunctionSignature:
    def __init__(self, fmt):
        open_paren = fmt.index("(")
        self.name = fmt[:open_paren]
        body, _, tag = fmt[open_paren + 1:].rpartition(")")
        self.deprecated = tag == "|deprecated"
        self.hidden = tag in ("|deprecated", "|hidden")
        numbers = self.name in _NUMBERS_AS_TENSORS
        self.params = []
        keyword_only = False
        for part in (body.split(", ") if body else ()):
            if part == "*":
                keyword_only = True
            else:
                self.params.append(FunctionParameter(part, keyword_only, len(self.params), numbers))
        self.max_args = len(self.params)
        self.min_args = sum(not p.optional for p in self.params)
        self.max_pos_args = sum(not p.keyword_only for p in self.params)
        first = self.params[0] if self.params else None
        self.varargs_intlist = (self.max_pos_args == 1 and first.kind in ("IntArrayRef", "SymIntArrayRef"))

    def to_string(self):
        out, keyword_already = [], False
        for p in self.params:
            s = f"{p.type_name()} {p.name}"
            if p.optional:
                s += f" = {p.default}"
            if p.keyword_only and not keyword_already:
                s, keyword_already = "*, " + s, True
            out.append(s)
        return "(" + ", ".join(out) + ")"

    # ------------------------------------------------------------------ parse
    def parse(self, args, kwargs, st, raise_exception):
        nargs = len(args)
        # view(2, 3) reads its arguments as one int list only when the first is an int
        if nargs > self.max_pos_args and not (self.varargs_intlist and is_int_arg(args[0])):
            if raise_exception:
                raise self._extra_args(nargs)
            return False
        remaining = len(kwargs)
        arg_pos = 0
        st.bound = []
        st.packed = False
        for p in self.params:
            is_kwd = False
            obj = _MISSING
            if arg_pos < nargs:
                if p.keyword_only:      # extra positional arguments after an int list
                    if raise_exception:
                        raise self._extra_args(nargs)
                    return False
                obj = args[arg_pos]
            elif kwargs:
                for key in p.names:
                    if key in kwargs:
                        obj = kwargs[key]
                        break
                is_kwd = True
            st.failed_idx = -1
            varargs_eligible = self.varargs_intlist and arg_pos == 0 and not is_kwd
            if (obj is _MISSING and p.optional) or (obj is None and p.allow_none):
                pass
            elif obj is _MISSING:
                if raise_exception:
                    raise self._missing_args(p.index)
                return False
            elif p.check(p, obj, st):
                st.bound.append((p, obj))
            elif varargs_eligible and _check_varargs(p, args, st):
                st.bound.append((p, args))
                st.packed = True
                arg_pos = nargs         # view(2, 3) took every positional argument
                continue
            elif raise_exception:
                raise self._wrong_type(p, obj, is_kwd, arg_pos, args, st.failed_idx)
            else:
                return False
            if not is_kwd:
                arg_pos += 1
            elif obj is not _MISSING:
                remaining -= 1
        if remaining > 0:
            if raise_exception:
                raise self._extra_kwargs(kwargs, nargs)
            return False
        return True

    # ------------------------------------------------------------------ messages
    def _extra_args(self, nargs):
        if self.min_args != self.max_pos_args:
            return TypeError(f"{self.name}() takes from {self.min_args} to {self.max_pos_args} "
                             f"positional arguments but {nargs} were given")
        s = "" if self.max_pos_args == 1 else "s"
        return TypeError(f"{self.name}() takes {self.max_pos_args} positional argument{s} but "
                         f"{nargs} {'was' if nargs == 1 else 'were'} given")

    def _missing_args(self, idx):
        names = [f'"{p.name}"' for p in self.params[idx:] if not p.optional]
        # torch's own plural: "missing 1 required positional arguments"
        s = "s" if len(names) == 1 else ""
        return TypeError(f"{self.name}() missing {len(names)} required positional argument{s}: "
                         + ", ".join(names))

    def _extra_kwargs(self, kwargs, num_pos_args):
        for key in kwargs:
            if not isinstance(key, str):
                return TypeError("keywords must be strings")
            idx = next((i for i, p in enumerate(self.params) if p.name == key), -1)
            if idx < 0:
                return TypeError(f"{self.name}() got an unexpected keyword argument '{key}'")
            if idx < num_pos_args:
                return TypeError(f"{self.name}() got multiple values for argument '{key}'")
        return TypeError("invalid keyword arguments")

    def _wrong_type(self, p, obj, is_kwd, arg_pos, args, failed_idx):
        if is_kwd:
            return TypeError(f"{self.name}(): argument '{p.name}' must be {p.type_name()}, "
                             f"not {tp_name(obj)}")
        if failed_idx != -1:
            seq = obj if isinstance(obj, (tuple, list)) else args
            return TypeError(
                f"{self.name}(): argument '{p.name}' (position {arg_pos + 1}) must be "
                f"{p.type_name()}, but found element of type {tp_name(seq[failed_idx])} at pos "
                f"{failed_idx}")
        return TypeError(f"{self.name}(): argument '{p.name}' (position {arg_pos + 1}) must be "
                         f"{p.type_name()}, not {tp_name(obj)}")


_MISSING = object()
_deprecated_warned = False


_I64 = 1 << 63
OVERFLOW = "Overflow when unpacking long long"


def overflows(x):
    """A Python int that a C++ int64_t cannot hold (torch then fails to unpack it)."""
    return type(x) is int and not -_I64 <= x < _I64


def _any_overflow(args, kwargs):
    for a in args:
        if type(a) is int and not -_I64 <= a < _I64:
            return True
    for a in kwargs.values():
        if type(a) is int and not -_I64 <= a < _I64:
            return True
    return False


def check_scalar(x):
    """torch's Scalar from a Python int: int64, else uint64, else CPython's OverflowError."""
    if type(x) is int and not -_I64 <= x < _I64:
        if x < 0:
            raise OverflowError("can't convert negative int to unsigned")
        if x >= 1 << 64:
            raise OverflowError("int too big to convert")


def check_uint64_operand(x, other):
    """A Python int in [2**63, 2**64) is a UInt64 Scalar in torch, which no Bool tensor
    promotes with; other tensors take it (an int one wraps it, as C++ casts)."""
    check_scalar(x)
    if x >= _I64 and getattr(other, "dtype", None) is _bool_dtype:
        raise RuntimeError("Promotion for uint16, uint32, uint64 types is not supported, "
                           "attempted to promote Bool and UInt64")


def check_int_list_item(name, arg, i, x):
    """An int list's element past int64 (``t.view((2, 2**63))``), as torch's unpacking says."""
    if overflows(x):
        raise TypeError(f"{name}(): argument '{arg}' failed to unpack the object at pos {i + 1} "
                        f"with error \"{OVERFLOW}")


def _unpack(sig, bound):
    """Binding checked only an int list's first element and only the types; reading the
    arguments checks the rest (torch's message counts elements from 1 here) and the
    ranges: an int past int64 fails to unpack, a Scalar past uint64 overflows."""
    for p, obj in bound:
        kind = p.kind
        if kind in ("IntArrayRef", "SymIntArrayRef"):
            if isinstance(obj, (tuple, list)):
                for i, x in enumerate(obj):
                    if not _check_index(x):
                        raise TypeError(
                            f"{sig.name}(): argument '{p.name}' failed to unpack the object at pos "
                            f"{i + 1} with error \"type must be tuple of ints,but got {tp_name(x)}\"")
                    check_int_list_item(sig.name, p.name, i, x)
            elif overflows(obj):
                raise ValueError(OVERFLOW)
        elif kind in ("int64_t", "SymInt"):
            if overflows(obj):
                raise ValueError(OVERFLOW)
        elif kind == "Scalar" or kind == "Tensor" and p.numbers_as_tensors:
            check_scalar(obj)


class PythonArgParser:
    def __init__(self, fmts):
        sigs = [FunctionSignature(f) for f in fmts]
        # torch tries deprecated signatures last
        self.signatures = [s for s in sigs if not s.deprecated] + [s for s in sigs if s.deprecated]
        self.name = sigs[0].name
        # argument types already seen to bind -> whether they bind as one int list
        self._accepted = {}

    def parse(self, args, kwargs):
        """The signature the call binds to; torch's TypeError when it binds to none."""
        st = _State()
        if len(self.signatures) == 1:
            sig = self.signatures[0]
            sig.parse(args, kwargs, st, True)
        else:
            for sig in self.signatures:
                if sig.parse(args, kwargs, st, False):
                    break
            else:
                raise self._error(args, kwargs, st)
        _unpack(sig, st.bound)
        if sig.deprecated:
            self._warn_deprecated(sig)
        return sig, st

    def _warn_deprecated(self, sig):
        visible = [s.to_string() for s in self.signatures if not s.hidden]
        msg = f"This overload of {sig.name} is deprecated:\n\t{sig.name}{sig.to_string()}"
        if visible:
            msg += "\nConsider using one of the following signatures instead:"
            msg += "".join(f"\n\t{sig.name}{v}" for v in visible)
        global _deprecated_warned
        if not _deprecated_warned:    # one TORCH_WARN_ONCE for every deprecated overload
            _deprecated_warned = True
            warn(msg, UserWarning)

    def _error(self, args, kwargs, st):
        n = len(args) + len(kwargs)
        plausible = [s for s in self.signatures if s.min_args <= n <= s.max_args and not s.hidden]
        if len(plausible) == 1:
            plausible[0].parse(args, kwargs, st, True)
        options = [s.to_string() for s in self.signatures if not s.hidden]
        return TypeError(format_invalid_args(args, kwargs, self.name + "()", options))


# ---------------------------------------------------------- invalid_arguments.cpp
class _Option:
    """A signature as invalid_arguments.cpp re-reads it from its printed form."""

    def __init__(self, printed):
        self.arguments = []
        for arg in printed[1:-1].split(", "):
            space = arg.rfind(" ")
            if space < 0:
                type_name, name = arg, arg
            else:
                type_name, name = arg[:space], arg[space + 1:]
            self.arguments.append((name, _MATCHES.get(type_name, (type_name,))))


_MATCHES = {"float": ("float", "int", "long"), "int": ("int", "long")}


def _kwargs_in_map_order(kwargs):
    # torch copies the keywords into a std::unordered_map, which iterates newest first
    return list(reversed(list(kwargs.items())))


def _desc(obj):
    if isinstance(obj, (tuple, list)):
        inner = ", ".join(tp_name(x) for x in obj)
        if isinstance(obj, tuple):
            return f"{tp_name(obj)} of ({inner}{',' if len(obj) == 1 else ''})"
        return f"{tp_name(obj)} of [{inner}]"
    return tp_name(obj)


def _arg_desc(args, kwargs):
    parts = [tp_name(a) + ", " for a in args]
    parts += [f"{k}={tp_name(v)}, " for k, v in _kwargs_in_map_order(kwargs)]
    out = "".join(parts)
    if args:
        out = out[:-2]
    return f"({out})"


def _formatted_arg_desc(option, args, kwargs):
    out = ""
    for i in range(len(args) + len(kwargs)):
        is_kwarg = i >= len(args)
        name, accepted = option.arguments[i] if i < len(option.arguments) else (None, ())
        # torch looks the keyword up by the option's i-th name; it only gets here when
        # every keyword was found among the option's names
        arg = kwargs.get(name) if is_kwarg else args[i]
        mark = "" if tp_name(arg) in accepted else "!"
        out += mark + (f"{name}=" if is_kwarg else "") + _desc(arg) + mark + ", "
    if args:
        out = out[:-2]
    return f"({out})"


def _unmatched_kwargs(option, kwargs):
    start = max(len(option.arguments) - len(kwargs), 0)
    names = {n for n, _ in option.arguments[start:]}
    return [k for k, _ in _kwargs_in_map_order(kwargs) if k not in names]


def format_invalid_args(args, kwargs, function_name, options):
    msg = f"{function_name} received an invalid combination of arguments - "
    n = len(args) + len(kwargs)
    if len(options) == 1:
        option = _Option(options[0])
        unmatched = _unmatched_kwargs(option, kwargs) if kwargs else []
        if unmatched:
            return msg + "got unrecognized keyword arguments: " + ", ".join(unmatched)
        got = (_formatted_arg_desc(option, args, kwargs) if n == len(option.arguments)
               else _arg_desc(args, kwargs))
        return msg + f"got {got}, but expected {options[0]}"
    msg += f"got {_arg_desc(args, kwargs)}, but expected one of:\n"
    for printed in options:
        option = _Option(printed)
        msg += f" * {printed}\n"
        if n == len(option.arguments):
            unmatched = _unmatched_kwargs(option, kwargs) if kwargs else []
            if unmatched:
                msg += ("      didn't match because some of the keywords were incorrect: "
                        + ", ".join(unmatched) + "\n")
            else:
                msg += ("      didn't match because some of the arguments have invalid types: "
                        + _formatted_arg_desc(option, args, kwargs) + "\n")
    return msg


# ------------------------------------------------------------------ methods
def no_arguments_error(name, args, kwargs):
    """What CPython says for a METH_NOARGS method (torch's Tensor.exp and friends)."""
    if kwargs:
        return TypeError(f"TensorBase.{name}() takes no keyword arguments")
    return TypeError(f"TensorBase.{name}() takes no arguments ({len(args)} given)")


_PARSERS = {}


def parser_for(name):
    p = _PARSERS.get(name)
    if p is None:
        p = _PARSERS[name] = PythonArgParser(_signatures.TENSOR_METHODS[name])
    return p


def wrong_type(op, name, expected, obj, position=None):
    """torch's TypeError for one argument of the wrong type (as ``_wrong_type`` words it)."""
    where = f" (position {position})" if position else ""
    return TypeError(f"{op}(): argument '{name}'{where} must be {expected}, not {tp_name(obj)}")


def invalid_combination(name, args, kwargs, options):
    """torch's "received an invalid combination of arguments" TypeError for ``name``, whose
    overloads print as ``options`` (for factories whose signatures are not generated)."""
    return TypeError(format_invalid_args(tuple(args), dict(kwargs), name + "()", list(options)))


def check(name, args, kwargs=None, function=False):
    """Raise the TypeError torch's parser gives for ``name(*args, **kwargs)`` (a Tensor
    method, or with ``function`` torch.<name>) when no signature binds: for ops whose
    arguments reach them by another door (an operator: ``t ** "x"`` is pow's)."""
    parsers = _FUNCTION_PARSERS if function else _PARSERS
    parser = parsers.get(name)
    if parser is None:
        table = _signatures.FUNCTIONS if function else _signatures.TENSOR_METHODS
        parser = parsers[name] = PythonArgParser(table[name])
    parser.parse(tuple(args), kwargs or {})


def checked_method(name, impl):
    """``impl`` as a Tensor method whose arguments are first checked as torch checks them."""
    if name in _signatures.NOARGS:
        def method(self, *args, **kwargs):
            if args or kwargs:
                raise no_arguments_error(name, args, kwargs)
            return impl(self)
    elif name in _signatures.TENSOR_METHODS:
        parser = parser_for(name)
        accepted = parser._accepted
        positional = _positional_only(impl, parser) | _ALIAS_NAMES
        takes_varargs = _takes_varargs(impl)
        try:                # a call with no argument at all: torch's parser or the op
            parser.parse((), {})
            no_args_ok = True
        except TypeError:
            no_args_ok = False

        def checked(self, args, kwargs, key):
            sig, pack, args, kwargs = _first_sight(parser, args, kwargs, key, takes_varargs)
            if sig.deprecated:
                return _call_deprecated(impl, self, sig, args, kwargs)
            return call(self, args, kwargs, pack)

        def call(self, args, kwargs, pack):
            if pack:            # squeeze(0, 1) is squeeze((0, 1))
                args = (args,)
            if kwargs and not positional.isdisjoint(kwargs):
                args, kwargs = _as_impl_takes(parser, args, kwargs)
            return impl(self, *args, **kwargs)

        def general(self, args, kwargs):
            # with keywords, or three or more arguments (never keyed like the fast paths');
            # the key and call() are spelled out: each frame costs ~700 instructions here
            key = [len(args)]
            for a in args:
                key.append(type(a))
            for k, v in kwargs.items():
                key.append(k)
                key.append(type(v))
            key = tuple(key)
            pack = accepted.get(key)
            if pack is None or _any_overflow(args, kwargs):     # (the type int binds any int)
                return checked(self, args, kwargs, key)
            if pack:
                args = (args,)
            if kwargs and not positional.isdisjoint(kwargs):
                args, kwargs = _as_impl_takes(parser, args, kwargs)
            return impl(self, *args, **kwargs)

        # The verdict for argument types already seen is cached. The common calls (none,
        # one or two positional arguments) bind to fixed parameters: a *args, **kwargs
        # wrapper that passes them on costs about 250 ns more per call on this machine.
        def method(self, a0=_MISSING, a1=_MISSING, /, *more, **kwargs):
            if a1 is _MISSING:
                if kwargs:
                    return general(self, () if a0 is _MISSING else (a0,), kwargs)
                if a0 is _MISSING:
                    if no_args_ok:
                        return impl(self)
                    return checked(self, (), kwargs, ())   # raises torch's TypeError
                key = type(a0)
                pack = accepted.get(key)
                if pack is None or key is int and not -_I64 <= a0 < _I64:
                    return checked(self, (a0,), kwargs, key)
                if pack:
                    return impl(self, (a0,))
                return impl(self, a0)
            if more or kwargs:
                return general(self, (a0, a1, *more), kwargs)
            key = (type(a0), type(a1))
            pack = accepted.get(key)
            if pack is None or int in key and (overflows(a0) or overflows(a1)):
                return checked(self, (a0, a1), kwargs, key)
            if pack:
                return impl(self, (a0, a1))
            return impl(self, a0, a1)
    elif name in _signatures.PYTHON and isinstance(impl, types.FunctionType):
        return _python_method(name, impl)
    else:
        return impl
    method.__name__ = name
    method.__qualname__ = f"Tensor.{name}"
    method.__doc__ = getattr(impl, "__doc__", None)
    method.__wrapped__ = impl
    return method


def _first_sight(parser, args, kwargs, key, takes_varargs):
    """A call whose argument types were not seen before (or never bind by type alone):
    parse it, remember the verdict when types alone decide it, and return (signature,
    pack, args, kwargs): ``pack`` when an int list bound to the positional arguments
    (squeeze(0, 1)) and the op does not take them as *args."""
    sig, st = parser.parse(args, kwargs)
    pack = st.packed and not takes_varargs
    if sig.deprecated:
        return sig, pack, args, kwargs
    if not st.by_value:
        parser._accepted[key] = pack
    elif kwargs or any(isinstance(a, _tensor_cls) for a in args):
        args, kwargs = _numbers_from_tensors(sig, args, kwargs)
    return sig, pack, args, kwargs


_ALIASES = {alias: name for name, aliases in _NUMPY_NAMES.items() for alias in aliases}
_ALIAS_NAMES = frozenset(_ALIASES)


def _numbers_from_tensors(sig, args, kwargs):
    """A 0-d tensor bound to an int or float parameter (t.squeeze(torch.tensor(0))) is read
    as the number it holds, as torch's PythonArgs does, so the op sees a Python number."""
    args = list(args)
    for i, (p, x) in enumerate(zip(sig.params, args)):
        if isinstance(x, _tensor_cls) and p.kind in _UNWRAP:
            args[i] = _UNWRAP[p.kind](x)
    for p in sig.params:
        for k in p.names:
            x = kwargs.get(k)
            if isinstance(x, _tensor_cls) and p.kind in _UNWRAP:
                kwargs = {**kwargs, k: _UNWRAP[p.kind](x)}
    return tuple(args), kwargs


_UNWRAP = {"int64_t": int, "SymInt": int, "double": float}


_FUNCTION_PARSERS = {}


def checked_function(name, impl, signatures=None, out=None):
    """``impl`` as torch.<name>, its arguments first checked against torch's function
    signatures ("add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)";
    by default the generated ones). ``out``: (check_out, write_out), how ``out=`` is
    refused before the op and written after it (see ops/copying.py)."""
    if signatures is not None:
        parser = PythonArgParser(signatures)
    else:
        parser = _FUNCTION_PARSERS.get(name)
        if parser is None:
            parser = _FUNCTION_PARSERS[name] = PythonArgParser(_signatures.FUNCTIONS[name])
    accepted = parser._accepted
    positional = _positional_only(impl, parser) | _ALIAS_NAMES

    def general(args, kwargs, key=None):
        if key is None:
            key = _kwargs_key(args, kwargs) if kwargs else _types(args)
        if key not in accepted or _any_overflow(args, kwargs):
            sig, _, args, kwargs = _first_sight(parser, args, kwargs, key, True)
            if sig.deprecated:
                return _call_deprecated(impl, None, sig, args, kwargs)
        dst = None
        if kwargs:
            if "out" in kwargs:
                kwargs = dict(kwargs)
                dst = kwargs.pop("out")
            if not positional.isdisjoint(kwargs):
                args, kwargs = _as_impl_takes(parser, args, kwargs)
        if dst is None:
            return impl(*args, **kwargs)
        return _into(name, dst, args, kwargs)

    def _into(name, dst, args, kwargs):
        check_out, write_out = out
        check_out(name, dst, args)
        return write_out(name, dst, impl(*args, **kwargs), args)
    _into = dispatch.composite(name, register=False)(_into)     # the op and the write into out: one step

    # torch.add(a, b), torch.exp(a): one or two positional arguments bind to fixed
    # parameters and skip the *args repacking (see checked_method)
    def function(a0=_MISSING, a1=_MISSING, /, *more, **kwargs):
        if kwargs or more or a0 is _MISSING:
            args = () if a0 is _MISSING else (a0,) if a1 is _MISSING else (a0, a1, *more)
            return general(args, kwargs)
        if a1 is _MISSING:
            key = type(a0)
            if key not in accepted or key is int and not -_I64 <= a0 < _I64:
                return general((a0,), kwargs, key)
            return impl(a0)
        key = (type(a0), type(a1))
        if key not in accepted or int in key and (overflows(a0) or overflows(a1)):
            return general((a0, a1), kwargs, key)
        return impl(a0, a1)

    function.__name__ = name
    function.__qualname__ = name
    function.__doc__ = getattr(impl, "__doc__", None)
    function.__wrapped__ = impl
    return function


def _parameters(impl):
    """``impl``'s parameters, or None when Python cannot tell them."""
    try:
        return inspect.signature(impl).parameters
    except (TypeError, ValueError):
        return None


def _kwargs_key(args, kwargs):
    # (n, types..., name, type, ...): a loop, as comprehensions cost twice as much here
    key = [len(args)]
    for a in args:
        key.append(type(a))
    for k, v in kwargs.items():
        key.append(k)
        key.append(type(v))
    return tuple(key)


def _types(args):
    return tuple([type(a) for a in args])


def _takes_varargs(impl):
    params = _parameters(impl)
    return params is None or any(p.kind is p.VAR_POSITIONAL for p in params.values())


def _positional_only(impl, parser):
    """torch's keyword names that ``impl`` cannot take as keywords (view(*size) has no
    ``size``; copy_(src) calls torch's ``other`` src): the wrapper passes them by position."""
    params = _parameters(impl)
    if params is None or any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return frozenset()
    names = {p.name for s in parser.signatures for p in s.params} - {"out"}
    return frozenset(n for n in names if n not in params
                     or params[n].kind in (params[n].VAR_POSITIONAL, params[n].POSITIONAL_ONLY))


def _as_impl_takes(parser, args, kwargs):
    """The call with numpy names renamed (axis -> dim) and the keywords that precede no gap
    moved to their positions, in the order of the signature the call binds to."""
    kwargs = {_ALIASES.get(k, k): v for k, v in kwargs.items()}
    sig, st = parser.parse(args, kwargs)
    if st.packed:
        return args, kwargs
    args = list(args)
    for p in sig.params[len(args):]:
        if p.keyword_only or p.name not in kwargs:
            break
        args.append(kwargs.pop(p.name))
    return tuple(args), kwargs


def _python_method(name, impl):
    """torch writes these methods in Python, so Python itself reports a bad call, naming
    the method by its qualified name ("Tensor.split() missing 1 required positional
    argument: 'split_size'"); a copy of the op whose code carries that name does the same."""
    if hasattr(impl, "composite"):      # the op, renamed, inside its one-event wrapper again
        inner = _python_method(name, impl.__wrapped__)
        return dispatch.composite(impl.composite, register=False)(inner)
    code = impl.__code__.replace(co_name=name, co_qualname=f"Tensor.{name}")
    fn = types.FunctionType(code, impl.__globals__, name, impl.__defaults__, impl.__closure__)
    fn.__kwdefaults__ = impl.__kwdefaults__
    fn.__qualname__ = f"Tensor.{name}"
    fn.__doc__ = impl.__doc__
    return fn


def _call_deprecated(impl, self, sig, args, kwargs):
    """A deprecated overload (add(Scalar alpha, Tensor other)) reorders the arguments; the
    op gets them by name (and ``async`` under its new name, non_blocking)."""
    bound = dict(kwargs)
    for p, value in zip(sig.params, args):
        bound[p.name] = value
    if "async" in bound:
        bound["non_blocking"] = bound.pop("async")
    return impl(**bound) if self is None else impl(self, **bound)
