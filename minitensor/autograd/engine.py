"""The backward pass: walk the graph from the roots, newest node first, adding up
the gradient arriving at each node before running it (micrograd's engine, with
torch's rules for hooks, freeing saved tensors and ``autograd.grad``)."""
import heapq

import numpy as np

from .. import events
from . import grad_mode
from .node import AccumulateGrad


def sum_to(g, shape):
    """Undo broadcasting: sum ``g`` down to ``shape``."""
    if g.shape == shape:
        return g
    lead = g.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(
        i + lead for i, n in enumerate(shape) if n == 1 and g.shape[i + lead] != 1)
    if axes:
        g = g.sum(axis=axes, keepdims=True)
    if lead:
        g = g.reshape(shape)
    return g


def _dependencies(roots):
    deps = {}
    seen = set()
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        for nxt, _ in node.next_functions:
            if nxt is not None:
                deps[nxt] = deps.get(nxt, 0) + 1
                stack.append(nxt)
    return deps, seen


def _tensor_hooks(node, g):
    """Run tensor hooks registered on the output of ``node`` (non-leaf ``register_hook``)."""
    from ..tensor import _wrap
    for hook in node._pre_hooks or ():
        r = hook(_wrap(g))
        if r is not None:
            g = r._data
    return g


def run_backward(roots, grads, retain_graph, capture=None, op="backward"):
    """``roots``: nodes; ``grads``: arrays, one per root. ``capture`` (autograd.grad):
    a dict {node: None} whose incoming gradients are returned instead of accumulated."""
    from ..tensor import _wrap
    deps, seen = _dependencies(roots)
    buffers = {}
    for node, g in zip(roots, grads):
        buffers[node] = buffers[node] + g if node in buffers else g
    ready = [(-n._seq, id(n), n) for n in dict.fromkeys(roots) if deps.get(n, 0) == 0]
    heapq.heapify(ready)
    prev_mode = grad_mode.enabled
    grad_mode.enabled = False
    try:
        while ready:
            _, _, node = heapq.heappop(ready)
            g = buffers.pop(node)
            if node._pre_hooks:
                g = _tensor_hooks(node, g)
            retained = getattr(node, "_retained", None)
            if retained is not None:
                t = retained()
                if t is not None:
                    _set_grad(t, g, accumulate=True)
            if capture is not None and node in capture:
                capture[node] = g if capture[node] is None else capture[node] + g
                if isinstance(node, AccumulateGrad):
                    continue
            if isinstance(node, AccumulateGrad):
                if capture is None:
                    _accumulate(node.variable, g)
                continue
            in_grads = node.backward(g)
            for (nxt, _), ig, meta in zip(node.next_functions, in_grads, node._input_meta):
                if nxt is None or ig is None:
                    continue
                shape, dt = meta
                ig = np.asarray(ig)
                if ig.shape != shape:
                    ig = sum_to(np.broadcast_to(ig, np.broadcast_shapes(ig.shape, shape)), shape)
                if ig.dtype != dt:
                    ig = ig.astype(dt)
                buffers[nxt] = buffers[nxt] + ig if nxt in buffers else ig
                deps[nxt] -= 1
                if deps[nxt] == 0:
                    heapq.heappush(ready, (-nxt._seq, id(nxt), nxt))
            if node._hooks:
                for hook in node._hooks:
                    hook(tuple(_wrap(np.asarray(x)) if x is not None else None for x in in_grads),
                         (_wrap(g),))
    finally:
        grad_mode.enabled = prev_mode
        if not retain_graph:
            for node in seen:
                node._free()
    if events.listeners:
        events.emit(events.BACKWARD, op, (), ())


def _accumulate(t, g):
    from ..tensor import _wrap
    for hook in t._leaf_hooks or ():
        r = hook(_wrap(g))
        if r is not None:
            g = r._data
    _set_grad(t, g, accumulate=True)


def _set_grad(t, g, accumulate):
    from ..tensor import _wrap, _bump
    cur = t._grad
    if cur is None or not accumulate:
        arr = np.array(g, dtype=t._data.dtype, copy=True, order="C")
        t._grad = _wrap(arr, t._device)
    else:
        cur._data += g
        _bump(cur)
    if events.listeners:
        events.emit(events.GRAD, "AccumulateGrad", (t,), (t._grad,))
