"""torch.autograd: backward(), grad(), grad modes."""
import numpy as np

from .grad_mode import no_grad, enable_grad, set_grad_enabled, is_grad_enabled, inference_mode
from .node import Node, AccumulateGrad, SavedTensorInfo
from .engine import run_backward
from . import grad_mode


def _roots(tensors, grad_tensors, what):
    from ..tensor import Tensor, grad_accumulator
    if isinstance(tensors, Tensor):
        tensors = (tensors,)
    tensors = tuple(tensors)
    if grad_tensors is None:
        grad_tensors = (None,) * len(tensors)
    elif isinstance(grad_tensors, Tensor):
        grad_tensors = (grad_tensors,)
    grad_tensors = tuple(grad_tensors)
    if len(grad_tensors) != len(tensors):
        raise RuntimeError(
            f"got {len(grad_tensors)} tensors and {len(tensors)} gradients")
    nodes, grads = [], []
    for i, (t, g) in enumerate(zip(tensors, grad_tensors)):
        if not isinstance(t, Tensor):
            raise TypeError(f"{what}(): argument 'tensors' must be tuple of Tensors, not {type(t).__name__}")
        if t._grad_fn is None and not t._requires_grad:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a grad_fn")
        if g is None:
            if t._data.size != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            if t._data.dtype.kind != "f":
                raise RuntimeError(
                    f"grad can be implicitly created only for real scalar outputs but got {t.dtype}")
            g = np.ones(t._data.shape, t._data.dtype)
        else:
            if not isinstance(g, Tensor):
                from ..creation import tensor
                g = tensor(g, dtype=t.dtype)
            if g._data.shape != t._data.shape:
                raise RuntimeError(
                    f"Mismatch in shape: grad_output[{i}] has a shape of torch.Size([{', '.join(map(str, g._data.shape))}]) "
                    f"and output[{i}] has a shape of torch.Size([{', '.join(map(str, t._data.shape))}]).")
            g = g._data.astype(t._data.dtype, copy=False)
        nodes.append(t._grad_fn if t._grad_fn is not None else grad_accumulator(t))
        grads.append(g)
    return nodes, grads


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None,
             inputs=None):
    if create_graph:
        raise NotImplementedError("minitensor does not build graphs of backward passes (create_graph=True)")
    nodes, grads = _roots(tensors, grad_tensors, "backward")
    if retain_graph is None:
        retain_graph = create_graph
    capture = None
    if inputs is not None:
        raise NotImplementedError("backward(inputs=...) is not supported by minitensor")
    run_backward(nodes, grads, retain_graph, capture)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False):
    from ..tensor import Tensor, grad_accumulator, _wrap
    if create_graph:
        raise NotImplementedError("minitensor does not build graphs of backward passes (create_graph=True)")
    single = isinstance(inputs, Tensor)
    inputs = (inputs,) if single else tuple(inputs)
    nodes, grads = _roots(outputs, grad_outputs, "grad")
    keys = []
    for t in inputs:
        if not t.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
        keys.append(t._grad_fn if t._grad_fn is not None else grad_accumulator(t))
    capture = {k: None for k in keys}
    run_backward(nodes, grads, bool(retain_graph), capture, op="autograd.grad")
    out = []
    for t, k in zip(inputs, keys):
        g = capture[k]
        if g is None:
            if not allow_unused and not materialize_grads:
                raise RuntimeError(
                    "One of the differentiated Tensors appears to not have been used in the graph. "
                    "Set allow_unused=True if this is the desired behavior.")
            out.append(_wrap(np.zeros_like(t._data), t._device) if materialize_grads else None)
        else:
            out.append(_wrap(np.array(g, dtype=t._data.dtype), t._device))
    return tuple(out)


def set_detect_anomaly(mode, check_nan=True):
    return _Noop()


class detect_anomaly:
    def __init__(self, check_nan=True):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class _Noop(detect_anomaly):
    pass
