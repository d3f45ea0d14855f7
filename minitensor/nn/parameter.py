"""``nn.Parameter``: a Tensor that a Module registers as one of its parameters.

Like torch, a Parameter is a detach() of the tensor it is made from: the same
storage and the same version counter, no history, ``requires_grad=True``.
"""
from ..compat.tensor_str import parameter_repr
from ..core.dtypes import type_name as tp_name
from ..core.dispatch import composite
from ..core.tensor import Tensor
from ..ops.copy import clone, detach, get_data, pickle_args, rebuild
from ..ops.create import empty


class Parameter(Tensor):
    def __new__(cls, data=None, requires_grad=True):
        if data is None:
            data = empty(0)
        if not isinstance(data, Tensor):
            raise TypeError(f"Parameter(): argument 'data' must be Tensor, not {tp_name(data)}")
        t = detach(data)
        t.__class__ = cls
        if requires_grad and not t.is_floating_point():
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        t._requires_grad = bool(requires_grad)
        return t

    def __init__(self, data=None, requires_grad=True):
        pass

    @composite("deepcopy")
    def __deepcopy__(self, memo):
        # torch: a new Parameter over a clone of the data; .grad is not copied
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(clone(get_data(self)), self.requires_grad)
        memo[id(self)] = result
        return result

    def __repr__(self, *, tensor_contents=None):
        return parameter_repr(self, tensor_contents=tensor_contents)

    def __reduce_ex__(self, proto):
        return (_rebuild_parameter, pickle_args(self))


def _rebuild_parameter(*args):
    *geometry, requires_grad = args
    return Parameter(rebuild(*geometry, False), requires_grad)
