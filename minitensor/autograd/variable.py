"""``torch.autograd.Variable``: the wrapper tensors needed before PyTorch 0.4.

Since 0.4 every tensor carries its own autograd state, so ``Variable(t)`` only
returns ``t.detach()`` (the same memory and version counter, no history), made to
require grad if asked. Old tutorials still call it; ``isinstance(t, Variable)`` is
True for every tensor."""
import operator

from ..core.dtypes import type_name
from ..core.tensor import Tensor
from ..ops.create import empty
from ..compat.warn_once import warn


class VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, Tensor)


_ARGS = ("data", "requires_grad", "volatile", "_grad_fn", "name")


class Variable(metaclass=VariableMeta):
    def __new__(cls, *args, **kwargs):
        data, requires_grad, volatile, _grad_fn, name = _parse(args, kwargs)
        if volatile:
            warn("volatile was removed and now has no effect. Use `with "
                          "torch.no_grad():` instead.", UserWarning)
            if requires_grad:
                raise ValueError("Variable can't be volatile and require_grad at the same time!")
        if _grad_fn is not None:
            raise TypeError("_grad_fn has to be a Function object or None, but got "
                            f"{type(_grad_fn).__name__}")
        if data is None:            # legacy serialization: an empty tensor
            var = empty(0)
        elif isinstance(data, Tensor):
            var = data.detach()
        else:
            raise TypeError(f"Variable data has to be a tensor, but got {type_name(data)}")
        if requires_grad:
            if not var.is_floating_point():
                raise RuntimeError("Only Tensors of floating point and complex dtype can "
                                   "require gradients")
            var.requires_grad_(True)
        return var


def _parse(args, kwargs):
    """The arguments as torch's C constructor reads them ("|ObbOz"): flags are integers."""
    if len(args) + len(kwargs) > len(_ARGS):
        raise TypeError(f"function takes at most {len(_ARGS)} arguments "
                        f"({len(args) + len(kwargs)} given)")
    values = dict(zip(_ARGS, args))
    for k, v in kwargs.items():
        if k not in _ARGS:
            raise TypeError(f"'{k}' is an invalid keyword argument for this function")
        if k in values:
            raise TypeError(f"argument for function given by name ('{k}') and position "
                            f"({_ARGS.index(k) + 1})")
        values[k] = v
    flags = [_byte(values.get(k, False)) for k in ("requires_grad", "volatile")]
    return (values.get("data"), *flags, values.get("_grad_fn"), values.get("name"))


def _byte(v):
    v = operator.index(v)
    if not 0 <= v <= 255:
        raise OverflowError("unsigned byte integer is "
                            f"{'less than minimum' if v < 0 else 'greater than maximum'}")
    return v

