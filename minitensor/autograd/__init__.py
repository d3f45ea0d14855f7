"""torch.autograd: backward(), grad(), grad modes."""
import numpy as np

from .grad_mode import (no_grad, enable_grad, set_grad_enabled, is_grad_enabled, inference_mode,
                        is_inference_mode_enabled)
from ..core.dtypes import type_name as tp_name
from ..core.backward import run_backward, retain
from ..core.graph import Node, AccumulateGrad, grad_accumulator
from ..core.tensor import Tensor, wrap
from . import function, grad_mode, graph, profiler
from .graph import SavedTensorInfo
from .function import Function, FunctionCtx, once_differentiable
from .variable import Variable


def _roots(tensors, grad_tensors, what):
    if isinstance(tensors, Tensor):
        tensors = (tensors,)
    tensors = tuple(tensors)
    if grad_tensors is None:
        grad_tensors = (None,) * len(tensors)
    elif isinstance(grad_tensors, Tensor):
        grad_tensors = (grad_tensors,)
    grad_tensors = tuple(grad_tensors)
    for g in grad_tensors[:len(tensors)]:       # _make_grads checks each before the count
        if g is not None and not isinstance(g, Tensor):
            raise TypeError(f"gradients can be either Tensors or None, but got {type(g).__name__}")
    n = min(len(grad_tensors), len(tensors))        # torch's _make_grads zips the two
    if n != len(tensors):
        raise RuntimeError(f"got {len(tensors)} tensors and {n} gradients")
    grad_tensors = grad_tensors[:n]
    # torch's order: first _make_grads (Python) checks and fills in every gradient, then
    # the engine refuses a root that has no history and does not require grad
    grads = []
    for i, (t, g) in enumerate(zip(tensors, grad_tensors)):
        if not isinstance(t, Tensor):
            raise TypeError(f"{what}(): argument 'tensors' must be tuple of Tensors, not {tp_name(t)}")
        if g is None:
            if t.requires_grad:     # the property: a view of a base made to require grad counts
                if t._data.size != 1:
                    raise RuntimeError("grad can be implicitly created only for scalar outputs")
                if t._data.dtype.kind != "f":
                    raise RuntimeError(
                        f"grad can be implicitly created only for real scalar outputs but got {t.dtype}")
            g = np.ones(t._data.shape, t._data.dtype)
        else:
            if g._data.shape != t._data.shape:
                raise RuntimeError(
                    f"Mismatch in shape: grad_output[{i}] has a shape of torch.Size([{', '.join(map(str, g._data.shape))}]) "
                    f"and output[{i}] has a shape of torch.Size([{', '.join(map(str, t._data.shape))}]).")
            g = g._data.astype(t._data.dtype, copy=False)
        grads.append(g)
    nodes = []
    for i, t in enumerate(tensors):
        # grad_fn, the property: a view whose base changed in place since it was taken
        # gets its history now (torch regenerates it when the view is used)
        if t.grad_fn is None and not t._requires_grad:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not have a grad_fn")
        nodes.append(_edge_of(t))
    return nodes, grads


def _edge_of(t):
    """Where gradient for ``t`` arrives: (its grad_fn, output_nr), or its AccumulateGrad."""
    fn = t.grad_fn        # the property: a stale view's history is refreshed first
    if fn is not None:
        return (fn, t._output_nr)
    return (grad_accumulator(t), 0)


CREATE_GRAPH = "minitensor does not build graphs of backward passes (create_graph=True)"


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, grad_variables=None,
             inputs=None):
    if create_graph:
        raise NotImplementedError(CREATE_GRAPH)
    nodes, grads = _roots(tensors, grad_tensors, "backward")
    if retain_graph is None:
        retain_graph = create_graph
    if inputs is None:
        run_backward(nodes, grads, retain_graph)
        return
    # backward(inputs=...): only these tensors get .grad, and only the part of the
    # graph leading to them runs
    inputs = (inputs,) if isinstance(inputs, Tensor) else tuple(inputs)
    if not inputs:
        raise RuntimeError("'inputs' argument to backward() cannot be empty.")
    leaves, nonleaves = set(), {}
    for t in inputs:
        e = _edge_of(t)
        if t._grad_fn is None:
            if not t._requires_grad:
                raise RuntimeError("One of the differentiated Tensors does not require grad")
            leaves.add(e[0])
        else:
            nonleaves[e] = t
    capture = {e: None for e in nonleaves}
    run_backward(nodes, grads, retain_graph, capture, targets=leaves | {n for n, _ in nonleaves},
                 accumulate=leaves)
    for e, t in nonleaves.items():
        if capture[e] is not None:
            retain(t, capture[e])


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False):
    single = isinstance(inputs, Tensor)
    outputs = outputs if isinstance(outputs, Tensor) else tuple(outputs)
    inputs = (inputs,) if single else tuple(inputs)
    _grad_args(outputs, inputs)
    nodes, grads = _roots(outputs, grad_outputs, "grad")
    keys = []
    for t in inputs:
        if not t.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
        keys.append(_edge_of(t))
    capture = {k: None for k in keys}
    if retain_graph is None:
        retain_graph = create_graph
    run_backward(nodes, grads, retain_graph, capture, op="autograd.grad",
                 targets={n for n, _ in keys}, accumulate=(), create_graph=create_graph)
    out = []
    for i, (t, k) in enumerate(zip(inputs, keys)):
        g = capture[k]
        if g is None:
            if not allow_unused and not materialize_grads:
                raise RuntimeError(
                    f"The differentiated Tensor at index {i} appears to not have been used in the "
                    "graph. Set allow_unused=True if this is the desired behavior.")
            out.append(wrap(np.zeros_like(t._data), t._device) if materialize_grads else None)
        elif create_graph:
            out.append(g)                 # a Tensor with its own history
        else:
            out.append(wrap(np.array(g, dtype=t._data.dtype), t._device))
    return tuple(out)


def _grad_args(outputs, inputs):
    """What torch.autograd.grad checks in Python before it reads the graph."""
    if not inputs:
        raise RuntimeError("`inputs` argument to `grad()` cannot be empty.")
    for out in (outputs,) if isinstance(outputs, Tensor) else outputs:
        if not isinstance(out, Tensor):
            raise AssertionError("Expected output to be a torch.Tensor")


# Anomaly mode is only a flag here: minitensor keeps no forward traces to report.
_anomaly = [False, True]     # enabled, check_nan


def is_anomaly_enabled():
    return _anomaly[0]


def is_anomaly_check_nan_enabled():
    return _anomaly[1]


class detect_anomaly:
    def __init__(self, check_nan=True):
        self._set = (True, check_nan)

    def __enter__(self):
        self._prev = tuple(_anomaly)
        _anomaly[:] = self._set
        return self

    def __exit__(self, *exc):
        _anomaly[:] = self._prev
        return False


class set_detect_anomaly(detect_anomaly):
    """Takes effect at once, like torch; restores on exit when used with ``with``."""

    def __init__(self, mode, check_nan=True):
        self._prev = tuple(_anomaly)
        _anomaly[:] = (bool(mode), check_nan)

    def __enter__(self):
        return self
