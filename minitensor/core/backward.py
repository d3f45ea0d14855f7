"""The backward pass: walk the graph from the roots, newest node first, adding up
the gradient arriving at each node before running it (micrograd's engine, with
torch's rules for hooks, freeing saved tensors and ``autograd.grad``).

Gradients in flight are NumPy arrays. Each buffer slot is ``[array, version]``: torch
reuses a gradient tensor nobody else holds (adding into it in place, or making it
the leaf's ``.grad`` as is) and copies one that is shared, and the ``_version`` of
the ``.grad`` that results shows which happened (see ``_Pass``). A node whose formula
writes into its result in place says so with ``_grad_versions``.
"""
import heapq
import itertools
from heapq import heappop, heappush

import numpy as np

from . import events
from .storage import UntypedStorage
from . import grad_mode
from .graph import AccumulateGrad

# Tensor helpers, set by tensor.py once Tensor exists (tensor.py imports this package
# first, so they cannot be imported here; an import inside a function costs ~1 us a call)
_wrap = _bump = _vc_of = None

ndarray = np.ndarray
_FIRST = float("-inf")   # heap key of AccumulateGrad: torch gives it the top sequence number


def sum_to(g, shape):
    """Undo broadcasting: sum ``g`` down to ``shape`` (broadcasting it up first where
    it is smaller than ``shape`` in some dim)."""
    gs = g.shape
    if gs == shape:
        return g
    lead = len(gs) - len(shape)
    if lead > 0 and shape and gs[lead:] == shape:   # common: only new leading dims (a bias;
        # not shape (): a full sum gives a NumPy scalar, the path below keeps a 0-d array)
        return g.sum(axis=tuple(range(lead)))
    if lead < 0 or any(n != m and m == 1 for n, m in zip(shape, g.shape[lead:])):
        g = np.broadcast_to(g, np.broadcast_shapes(g.shape, shape))
        lead = g.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(
        i + lead for i, n in enumerate(shape) if n == 1 and g.shape[i + lead] != 1)
    if axes:
        g = g.sum(axis=axes, keepdims=True)
    if lead:
        g = g.reshape(shape)
    return g


def _graph(roots, targets):
    """Dependency counts of the nodes to run. With ``targets`` (autograd.grad, or
    backward(inputs=)), only nodes from which a target can be reached run, as in torch."""
    if targets is None:
        # the common case, in one walk: every reachable node runs
        stack = list(dict.fromkeys(roots))
        seen = set(stack)
        deps = {}
        get = deps.get
        while stack:
            for nxt, _ in stack.pop().next_functions:
                if nxt is not None:
                    deps[nxt] = get(nxt, 0) + 1
                    if nxt not in seen:
                        seen.add(nxt)
                        stack.append(nxt)
        return deps, seen, seen
    seen = set()
    order = []
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        order.append(node)
        for nxt, _ in node.next_functions:
            if nxt is not None and nxt not in seen:
                stack.append(nxt)
    needed = set(targets) & seen
    changed = True
    while changed:          # graphs are small: iterate to a fixed point
        changed = False
        for node in order:
            if node not in needed and any(n in needed for n, _ in node.next_functions):
                needed.add(node)
                changed = True
    deps = {}
    for node in needed:
        for nxt, _ in node.next_functions:
            if nxt is not None and nxt in needed:
                deps[nxt] = deps.get(nxt, 0) + 1
    return deps, seen, needed


def _dense(a):
    """torch's is_non_overlapping_and_dense: some order of the dims is contiguous."""
    if a.flags.c_contiguous or a.flags.f_contiguous:
        return True
    expected = a.itemsize
    for s, n in sorted((s, n) for s, n in zip(a.strides, a.shape) if n != 1):
        if s != expected:
            return False
        expected *= n
    return True


def _owner(a):
    """The array owning ``a``'s memory: arrays with one owner share a storage."""
    while isinstance(a.base, np.ndarray):
        a = a.base
    return a


class _Pass:
    """State of one backward pass: the buffers and the arrays the caller holds.

    torch decides by reference counts; here an ndarray object stands for a gradient
    tensor: the same object in two places is a tensor used twice, and arrays with
    one owner are tensors sharing a storage. Only what is in flight (and the root
    gradients, which the caller holds) is considered.
    """

    def __init__(self, roots):
        self.buffers = {}
        self.held = roots

    def _others(self, skip):
        for r in self.held:
            yield r
        for slots in self.buffers.values():
            for e in slots:
                if e is not None and e is not skip:
                    yield e[0]

    def used_elsewhere(self, arr, skip=None):
        """Is this very gradient tensor also held somewhere else (use_count > 1)?
        (_others() spelled out: this runs for every leaf's first gradient)"""
        for r in self.held:
            if r is arr:
                return True
        for slots in self.buffers.values():
            for e in slots:
                if e is not None and e is not skip and e[0] is arr:
                    return True
        return False

    def storage_shared(self, arr, skip=None):
        own = _owner(arr)
        return any(_owner(x) is own for x in self._others(skip))

    def _reusable(self, a, other, skip):
        return (a.flags.writeable and _dense(a) and _owner(a) is not _owner(other)
                and not self.storage_shared(a, skip))

    def add(self, node, nr, g, version=0):
        slots = self.buffers.get(node)
        if slots is None:
            slots = self.buffers[node] = [None] * node._n_outputs
        old = slots[nr]
        if old is None:
            slots[nr] = [g, version]
            return
        # torch's InputBuffer::accumulate: add in place into a buffer that no other
        # tensor or storage uses; otherwise make a new sum
        o = old[0]
        if self._reusable(o, g, old):
            o += g
            old[1] += 1
        elif self._reusable(g, o, old):
            g += o
            slots[nr] = [g, version + 1]
        else:
            slots[nr] = [o + g, 0]


def run_backward(roots, grads, retain_graph, capture=None, op="backward", targets=None,
                 accumulate=None):
    """``roots``: (node, output_nr) pairs; ``grads``: arrays, one per root.
    ``capture`` (autograd.grad, backward(inputs=)): a dict {(node, output_nr): None}
    filled with the gradients flowing into those edges. ``accumulate``: None to let
    every AccumulateGrad run, or the set of the ones allowed to."""
    deps, seen, needed = _graph([n for n, _ in roots], targets)
    p = _Pass(grads)
    for (node, nr), g in zip(roots, grads):
        p.add(node, nr, g)
    tie = itertools.count()   # equal keys run in the order they became ready

    def key(n):
        return _FIRST if type(n) is AccumulateGrad else -n._seq

    ready = [(key(n), next(tie), n) for n in dict.fromkeys(n for n, _ in roots)
             if deps.get(n, 0) == 0]
    heapq.heapify(ready)
    buffers = p.buffers
    prev_mode = grad_mode.enabled
    grad_mode.enabled = False
    try:
        while ready:
            node = heappop(ready)[2]
            slots = buffers.pop(node)
            if node._tensor_hooks or node._retained:
                _tensor_hooks(node, slots)
            if node._pre_hooks:
                _node_prehooks(node, slots)
            if capture is not None:
                for nr, e in enumerate(slots):
                    k = (node, nr)
                    if e is not None and k in capture:
                        capture[k] = e[0] if capture[k] is None else capture[k] + e[0]
            if type(node) is AccumulateGrad:
                if (accumulate is None or node in accumulate) and slots[0] is not None:
                    _accumulate(node.variable, slots[0], p)
                continue
            if node._n_outputs == 1:
                in_grads = node.backward(slots[0][0])
            else:
                in_grads = node.backward(*[None if e is None else e[0] for e in slots])
            versions = node._grad_versions
            g0 = slots[0]
            g0 = None if g0 is None else g0[0]
            for i, ((nxt, nr), ig, meta) in enumerate(
                    zip(node.next_functions, in_grads, node._input_meta)):
                if nxt is None or ig is None or (targets is not None and nxt not in needed):
                    continue
                shape, dt = meta
                if type(ig) is not ndarray:
                    ig = np.asarray(ig)
                # a formula that passes its gradient through (add, clone) keeps its version
                # ... and so does a view of it (reshape, narrow: torch's views share it)
                if versions:
                    version = versions[i]
                elif g0 is not None and (ig is g0 or (
                        ig.base is not None and _owner(ig) is _owner(g0))):
                    version = slots[0][1]
                else:
                    version = 0
                if ig.shape != shape:
                    ig = sum_to(ig, shape)
                    version = 0
                if ig.dtype is not dt and ig.dtype != dt:
                    ig = ig.astype(dt)
                    version = 0
                into = buffers.get(nxt)     # p.add, inlined for its common case
                if into is None:
                    into = buffers[nxt] = [None] * nxt._n_outputs
                    into[nr] = [ig, version]
                elif into[nr] is None:
                    into[nr] = [ig, version]
                else:
                    p.add(nxt, nr, ig, version)
                left = deps[nxt] - 1
                deps[nxt] = left
                if left == 0:
                    heappush(ready, (_FIRST if type(nxt) is AccumulateGrad else -nxt._seq,
                                     next(tie), nxt))
            if node._hooks:
                for hook in node._hooks:
                    hook(tuple(_wrap(np.asarray(x)) if x is not None else None for x in in_grads),
                         tuple(None if e is None else _wrap(e[0]) for e in slots))
    finally:
        grad_mode.enabled = prev_mode
        if not retain_graph:
            for node in seen:
                node._free()
    if events.listeners:
        events.emit(events.BACKWARD, op, (), ())


def _tensor_hooks(node, slots):
    """Hooks registered on the outputs of ``node`` (non-leaf ``register_hook``), then
    the ``.grad`` of outputs that ``retain_grad()``: torch's tensor pre-hooks."""
    hooks = node._tensor_hooks or {}
    for nr, e in enumerate(slots):
        if e is None:
            continue
        for hook in hooks.get(nr, ()):
            r = hook(_wrap(e[0]))
            if r is not None:
                slots[nr] = e = [_hook_result(hook, e[0], r), 0]
        ref = node._retained.get(nr) if node._retained else None
        t = ref() if ref is not None else None
        if t is not None:
            _retain(t, e[0])


def _node_prehooks(node, slots):
    for hook in node._pre_hooks:
        r = hook(tuple(None if e is None else _wrap(e[0]) for e in slots))
        if r is not None:
            if not isinstance(r, tuple):
                raise TypeError(f"expected tuple, but hook returned '{_tp_name(r)}'")
            for nr, x in enumerate(r):
                if x is not None:
                    e = slots[nr]
                    slots[nr] = [x._data if e is None else _hook_result(hook, e[0], x), 0]


def _hook_result(hook, original, r):
    """What a gradient hook returned, checked as torch's check_single_result does: a
    tensor of the gradient's type and size."""
    from .tensor import Tensor
    if not isinstance(r, Tensor):
        raise TypeError(f"expected Variable, but hook returned '{_tp_name(r)}'")
    name = getattr(hook, "__name__", "<unknown>")
    if r._data.dtype != original.dtype:
        from .dtypes import FROM_NP
        raise RuntimeError(
            f"hook '{name}' has changed the type of value (was torch.{FROM_NP[original.dtype]._legacy} "
            f"got torch.{FROM_NP[r._data.dtype]._legacy})")
    if r._data.shape != original.shape:
        raise RuntimeError(f"hook '{name}' has changed the size of value")
    return r._data


def _tp_name(x):
    from ..compat.arg_parser import tp_name
    return tp_name(x)


def _accumulate(t, g, p):
    """torch's AccumulateGrad: leaf hooks, then steal, copy or add into ``t.grad``."""
    arr, version = g
    hooked = False
    for hook in t._leaf_hooks or ():
        r = hook(_wrap(arr, t._device))
        if r is not None:
            arr, version, hooked = _hook_result(hook, arr, r), 0, True
    if not t._requires_grad:
        return      # detach_()ed since the graph was built: torch's AccumulateGrad stops here
    cur = t._grad
    data = t._data
    if cur is None:
        if arr.dtype != data.dtype:
            arr, version = arr.astype(data.dtype), 0
        if (hooked or not p.used_elsewhere(arr)) and _obeys_layout(arr, data):
            if not arr.flags.writeable:   # a NumPy read-only view; torch's would be writable
                arr = arr.copy()
            t._grad = new = _wrap(arr, t._device)        # nobody else holds it: reuse it
            if arr.base is not None:
                _over_owner(new, arr)       # a view of a bigger gradient keeps its offset
            if version:
                new._vc = vc = _vc_for(new)
                vc.value = version
        elif _dense(data):
            out = np.empty_like(data)                    # torch: empty_strided + copy_
            np.copyto(out, arr)
            t._grad = new = _wrap(out, t._device)
            _bump(new)
        else:
            t._grad = _wrap(np.array(arr, dtype=data.dtype, order="C"), t._device)
    else:
        cur._data += arr
        _bump(cur)
    if events.listeners:
        events.emit(events.GRAD, "AccumulateGrad", (t,), (t._grad,))
    for hook in t._post_acc_hooks or ():      # register_post_accumulate_grad_hook
        hook(t)


def _over_owner(t, arr):
    """Give ``t`` (over the view ``arr``) the storage of the array owning the memory,
    as torch's stolen gradient view keeps its storage and offset (cat's backward)."""
    own = _owner(arr)
    if own is arr or not own.size or builtins_min(own.strides, default=0) < 0:
        return
    if own.size == arr.size and arr.flags.c_contiguous and own.flags.c_contiguous:
        return      # a reshape of the whole block (sum_to's): its own storage is the same
    st = t._storage = UntypedStorage._over(own)


builtins_min = min


def _obeys_layout(g, var):
    """torch's gradient layout contract (obeys_layout_contract): the same strides as a
    dense variable, except in size-1 dims, where any stride will do but 0 (torch takes
    a 0-stride size-1 dim for a view, e.g. sum's expanded gradient of a (1,) leaf)."""
    if g.shape != var.shape:
        return False
    gst = g.strides
    if g.flags.c_contiguous and var.flags.c_contiguous and 0 not in gst:
        return True                 # the common case, without walking the strides
    if _dense(var):
        for gs, vs, n in zip(gst, var.strides, var.shape):
            if (n != 1 and gs != vs) or (n == 1 and gs == 0):
                return False
        return True
    return g.flags.c_contiguous


def _vc_for(t):
    return _vc_of(t)


def _retain(t, g):
    """A retained non-leaf grad: a contiguous clone first, then out-of-place sums
    (torch's retain_grad hook), so its _version stays 0."""
    cur = t._grad
    if cur is None:
        t._grad = _wrap(np.array(g, dtype=t._data.dtype, order="C"), t._device)
    else:
        t._grad = _wrap(cur._data + g, t._device)
    if events.listeners:
        events.emit(events.GRAD, "AccumulateGrad", (t,), (t._grad,))
    for hook in t._post_acc_hooks or ():      # register_post_accumulate_grad_hook
        hook(t)


def run_backward_graph(roots, grads, retain_graph, capture, targets):
    """``autograd.grad(create_graph=True)``: the same walk, with gradients as Tensors
    and grad mode on, so the backward pass is itself recorded. A node whose inputs to
    its formula are all constants runs its NumPy formula; otherwise it needs a
    ``backward_graph`` (tensor ops), which only some nodes have."""
    from .graph import SavedTensor
    deps, seen, needed = _graph([n for n, _ in roots], targets)
    buffers = {}

    def add(node, nr, g):
        slots = buffers.get(node)
        if slots is None:
            slots = buffers[node] = [None] * node._n_outputs
        slots[nr] = g if slots[nr] is None else slots[nr] + g

    for (node, nr), g in zip(roots, grads):
        add(node, nr, _wrap(g))
    tie = itertools.count()

    def key(n):
        return _FIRST if type(n) is AccumulateGrad else -n._seq

    ready = [(key(n), next(tie), n) for n in dict.fromkeys(n for n, _ in roots)
             if deps.get(n, 0) == 0]
    heapq.heapify(ready)
    prev_mode = grad_mode.enabled
    grad_mode.enabled = True
    try:
        while ready:
            _, _, node = heapq.heappop(ready)
            slots = buffers.pop(node)
            for nr, g in enumerate(slots):
                k = (node, nr)
                if g is not None and k in capture:
                    capture[k] = g if capture[k] is None else capture[k] + g
            if type(node) is AccumulateGrad:
                continue
            live = any(g is not None and g.requires_grad for g in slots) or any(
                isinstance(s, SavedTensor) and (s.tensor is None or s.tensor.requires_grad)
                for s in node._saved)
            if not live:
                out = node.backward(*[None if g is None else g._data for g in slots])
                in_grads = [None if x is None else _wrap(np.asarray(x)) for x in out]
            elif hasattr(node, "backward_graph"):
                in_grads = node.backward_graph(*slots)
            else:
                raise NotImplementedError(
                    f"minitensor cannot differentiate the backward of {node.name()} "
                    "(create_graph=True)")
            for (nxt, nr), ig, meta in zip(node.next_functions, in_grads, node._input_meta):
                if nxt is None or ig is None or nxt not in needed:
                    continue
                shape, dt = meta
                if tuple(ig.shape) != shape:
                    ig = _sum_to_tensor(ig.expand(*np.broadcast_shapes(tuple(ig.shape), shape)),
                                        shape)
                if ig._data.dtype != dt:
                    ig = ig.to(_dtype(dt))
                add(nxt, nr, ig)
                deps[nxt] -= 1
                if deps[nxt] == 0:
                    heapq.heappush(ready, (key(nxt), next(tie), nxt))
    finally:
        grad_mode.enabled = prev_mode
        if not retain_graph:
            for node in seen:
                node._free()
    if events.listeners:
        events.emit(events.BACKWARD, "autograd.grad", (), ())


def _dtype(np_dtype):
    from .dtypes import FROM_NP
    return FROM_NP[np_dtype]


def _sum_to_tensor(t, shape):
    """``sum_to`` in tensor ops (recorded when create_graph=True)."""
    lead = t.dim() - len(shape)
    dims = list(range(lead)) + [i + lead for i, n in enumerate(shape)
                                if n == 1 and t.shape[i + lead] != 1]
    if dims:
        t = t.sum(dims, keepdim=True)
    if lead:
        t = t.reshape(shape)
    return t
