"""``torch.autograd.Function``: an op the learner writes, forward and backward in tensors.

    class MyReLU(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x.clamp(min=0)

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return grad * (x > 0)

    y = MyReLU.apply(x)         # y.grad_fn is a MyReLUBackward node

As in torch, ``ctx`` is the graph node itself (a ``MyReLUBackward``): forward runs with
no graph recorded, then the node gets an edge per tensor argument, becomes the
``grad_fn`` of each differentiable output, and keeps the saved tensors with their
versions (so an in-place change to one raises torch's error at backward).
"""

import numpy as np

from ..core.dtypes import type_name as tp_name
from ..core import grad_mode
from ..core import dispatch
from ..core.dispatch import edge as _edge, wants_grad as _wants_grad
from ..core.graph import Node, SavedConst, save_tensor, _sequence
from ..core.tensor import Tensor, wrap
from .grad_mode import no_grad
from .graph import _public
from ..compat.warn_once import warn

_LEGACY = ("Legacy autograd function with non-static forward method is deprecated. Please use "
           "new-style autograd function with static forward method. (Example: "
           "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")


class BackwardCFunction(Node):
    """The node of one ``apply``, and the ``ctx`` its forward and backward receive."""

    _materialize = True
    _to_save = ()
    _non_differentiable = ()
    _dirty = ()

    # -- the ctx API
    def save_for_backward(self, *tensors):
        self._to_save = tensors

    @property
    def saved_tensors(self):
        return tuple(_public(self, s) for s in self._saved)

    def mark_non_differentiable(self, *tensors):
        self._non_differentiable = tensors

    def mark_dirty(self, *tensors):
        self._dirty = tensors

    def set_materialize_grads(self, value):
        self._materialize = bool(value)

    # -- what the engine calls: arrays in, arrays out
    def backward(self, *grads):
        grads = [self._grad_tensor(g, meta) for g, meta in zip(grads, self._out_meta)]
        out = self._forward_cls.backward(self, *grads)
        if not isinstance(out, tuple):
            out = (out,)
        name = type(self).__name__
        n = self._n_args
        if len(out) != n and not (len(out) > n and all(g is None for g in out[n:])):
            raise RuntimeError(f"function {name} returned an incorrect number of gradients "
                               f"(expected {n}, got {len(out)})")
        result = []
        for k, pos in enumerate(self._tensor_positions):
            g = out[pos]
            if g is None:
                result.append(None)
                continue
            if not isinstance(g, Tensor):
                raise RuntimeError(f"expected Variable or None (got {tp_name(g)})")
            shape = self._input_meta[k][0]
            if not _expandable(shape, g._data.shape):
                raise RuntimeError(
                    f"Function {name} returned an invalid gradient at index {k} - got "
                    f"[{', '.join(map(str, g._data.shape))}] but expected shape compatible "
                    f"with [{', '.join(map(str, shape))}]")
            result.append(g._data)
        return tuple(result)

    def _grad_tensor(self, g, meta):
        if g is None:
            if not self._materialize or meta is None:
                return None
            g = np.zeros(meta[0], meta[1])       # an unused output's gradient: zeros
        return wrap(np.asarray(g))

    def __repr__(self):
        return f"<torch.autograd.function.{type(self).__name__} object at {id(self):#x}>"


def _expandable(shape, to):
    """torch's is_expandable_to: ``shape`` broadcasts to ``to``."""
    if len(shape) > len(to):
        return False
    return all(a == b or a == 1 for a, b in zip(reversed(shape), reversed(to)))


class Function:
    """Subclass it with static ``forward(ctx, ...)`` and ``backward(ctx, *grads)``; call
    ``apply``."""

    def __init__(self, *args, **kwargs):
        warn(
            f"{type(self)} should not be instantiated. Methods on autograd functions are all "
            "static, so you should invoke them on the class itself. Instantiating an autograd "
            "function will raise an error in a future version of PyTorch.",
            DeprecationWarning)

    def __call__(self, *args, **kwargs):
        raise RuntimeError(_LEGACY)

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError(
            "You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError(
            "You must implement either the backward or vjp method for your custom "
            "autograd.Function to use it with backward mode AD.")

    @classmethod
    def _backward_cls(cls):
        node = cls.__dict__.get("_node_cls")
        if node is None:
            node = type(cls.__name__ + "Backward", (BackwardCFunction,),
                        {"_forward_cls": cls, "__module__": __name__})
            cls._node_cls = node
        return node

    @classmethod
    def apply(cls, *args, **kwargs):
        """Run the learner's op: its forward's steps show as one (named after the class)."""
        return dispatch.composite(cls.__name__, register=False)(cls._apply)(*args, **kwargs)

    @classmethod
    def _apply(cls, *args, **kwargs):
        ctx = object.__new__(cls._backward_cls())
        ctx._seq = next(_sequence)
        recording = grad_mode.enabled and not grad_mode.inference
        ctx.needs_input_grad = tuple(recording and isinstance(a, Tensor) and _wants_grad(a)
                                     for a in args)
        with no_grad():
            outputs = cls.forward(ctx, *args, **kwargs)
        if not any(ctx.needs_input_grad):
            return outputs
        single = not isinstance(outputs, tuple)
        outs = [outputs] if single else list(outputs)
        tensors = [(i, a) for i, a in enumerate(args) if isinstance(a, Tensor)]
        ctx._n_args = len(args)
        ctx._tensor_positions = tuple(i for i, _ in tensors)
        ctx.next_functions = tuple(_edge(a) for _, a in tensors)
        ctx._input_meta = tuple((a._data.shape, a._data.dtype) for _, a in tensors)
        ctx._n_outputs = len(outs)
        non_diff = {id(t) for t in ctx._non_differentiable}
        inputs = {id(a) for _, a in tensors}
        meta = []
        for k, o in enumerate(outs):
            if not isinstance(o, Tensor):
                meta.append(None)
                continue
            if id(o) in inputs:     # an input returned as it is comes back as a view of it
                with no_grad():
                    o = outs[k] = o.view_as(o)
            meta.append((o._data.shape, o._data.dtype))
            if id(o) not in non_diff and o._data.dtype.kind in "fc":
                o._grad_fn = ctx
                o._output_nr = k
        ctx._out_meta = tuple(meta)
        made = {id(o) for o in outs if isinstance(o, Tensor) and o._grad_fn is ctx}
        ctx._saved = tuple(
            SavedConst(f"saved_{k}", None) if t is None
            else save_tensor(f"saved_{k}", t, id(t) in made)
            for k, t in enumerate(ctx._to_save))
        return outs[0] if single else tuple(outs)


class FunctionCtx:
    """torch's ctx type for type hints (a ctx is a ``BackwardCFunction`` here, as there)."""


def once_differentiable(fn):
    """torch's decorator for a backward that is not differentiable itself: a no-op here
    (minitensor's backward never records a graph)."""
    return fn
