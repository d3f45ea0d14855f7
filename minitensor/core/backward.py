"""The backward pass: walk the graph from the roots, newest node first, adding up the
gradient arriving at each node before running it (micrograd's engine, with torch's rules
for hooks, freeing saved tensors and ``autograd.grad``).

One walker. Gradients in flight are NumPy arrays, or, with ``create_graph=True``,
Tensors, so the backward pass is itself recorded and can be differentiated again.

With arrays, each buffer slot is ``[array, version]``: torch reuses a gradient tensor
nobody else holds (adding into it in place, or making it the leaf's ``.grad`` as is) and
copies one that is shared, and the ``_version`` of the ``.grad`` that results shows
which happened (``_Buffers``). A node whose formula writes into its result in place says
so with ``_grad_versions``.
"""
import heapq
import itertools

import numpy as np

from . import events, grad_mode
from .dtypes import FROM_NP, type_name
from .graph import AccumulateGrad, SavedTensor, sum_to, version_counter
from .storage import UntypedStorage
from .tensor import Tensor, wrap

ndarray = np.ndarray
_FIRST = float("-inf")   # heap key of AccumulateGrad: torch gives it the top sequence number


def run_backward(roots, grads, retain_graph, capture=None, op="backward", targets=None,
                 accumulate=None, create_graph=False):
    """``roots``: (node, output_nr) pairs; ``grads``: arrays, one per root.
    ``capture`` (autograd.grad, backward(inputs=)): a dict {(node, output_nr): None}
    filled with the gradients flowing into those edges. ``targets``: run only the nodes
    from which one of these can be reached. ``accumulate``: None to let every
    AccumulateGrad run, or the set of the ones allowed to."""
    deps, seen, needed = _graph([n for n, _ in roots], targets)
    p = _Buffers(grads, create_graph)
    for (node, nr), g in zip(roots, grads):
        p.add(node, nr, wrap(g) if create_graph else g)
    tie = itertools.count()   # equal keys run in the order they became ready

    def key(n):
        return _FIRST if type(n) is AccumulateGrad else -n._seq

    ready = [(key(n), next(tie), n) for n in dict.fromkeys(n for n, _ in roots)
             if deps.get(n, 0) == 0]
    heapq.heapify(ready)
    try:
        with grad_mode.mode(create_graph):
            while ready:
                node = heapq.heappop(ready)[2]
                slots = p.buffers.pop(node)
                if not create_graph and (node._tensor_hooks or node._retained):
                    _tensor_hooks(node, slots)
                if not create_graph and node._pre_hooks:
                    _node_prehooks(node, slots)
                if capture is not None:
                    for nr, e in enumerate(slots):
                        k = (node, nr)
                        if e is not None and k in capture:
                            capture[k] = e[0] if capture[k] is None else capture[k] + e[0]
                if type(node) is AccumulateGrad:
                    if not create_graph and (accumulate is None or node in accumulate) \
                            and slots[0] is not None:
                        _accumulate(node.variable, slots[0], p)
                    continue
                in_grads = _apply(node, slots, create_graph)
                for i, ((nxt, nr), ig, meta) in enumerate(
                        zip(node.next_functions, in_grads, node._input_meta)):
                    if nxt is None or ig is None or (targets is not None and nxt not in needed):
                        continue
                    if create_graph:
                        p.add(nxt, nr, _fit_tensor(ig, *meta))
                    else:
                        p.add(nxt, nr, *_fit(ig, *meta, node, i, slots[0]))
                    deps[nxt] -= 1
                    if deps[nxt] == 0:
                        heapq.heappush(ready, (key(nxt), next(tie), nxt))
                if node._hooks and not create_graph:
                    for hook in node._hooks:
                        hook(tuple(wrap(np.asarray(x)) if x is not None else None
                                   for x in in_grads),
                             tuple(None if e is None else wrap(e[0]) for e in slots))
    finally:
        if not retain_graph:
            for node in seen:
                node._free()
    if events.listeners:
        events.emit(events.BACKWARD, op, (), ())


def _apply(node, slots, create_graph):
    """The node's formula: the gradients for its inputs."""
    if not create_graph:
        return node.backward(*[None if e is None else e[0] for e in slots])
    # A node whose inputs to its formula are all constants runs its NumPy formula;
    # otherwise it needs a ``backward_graph`` (tensor ops), which only some nodes have.
    live = any(e is not None and e[0].requires_grad for e in slots) or any(
        isinstance(s, SavedTensor) and (s.tensor is None or s.tensor.requires_grad)
        for s in node._saved)
    if not live:
        out = node.backward(*[None if e is None else e[0]._data for e in slots])
        return [None if x is None else wrap(np.asarray(x)) for x in out]
    if hasattr(node, "backward_graph"):
        return node.backward_graph(*[None if e is None else e[0] for e in slots])
    raise NotImplementedError(f"minitensor cannot differentiate the backward of {node.name()} "
                              "(create_graph=True)")


def _fit(ig, shape, dt, node, i, g0):
    """(gradient, its version) for an input of ``shape`` and ``dt`` (summing what
    broadcasting spread, casting what promotion widened)."""
    if type(ig) is not ndarray:
        ig = np.asarray(ig)
    # a formula that passes its gradient through (add, clone) keeps its version ... and
    # so does a view of it (reshape, narrow: torch's views share it)
    if node._grad_versions:
        version = node._grad_versions[i]
    elif g0 is not None and (ig is g0[0] or (ig.base is not None and _owner(ig) is _owner(g0[0]))):
        version = g0[1]
    else:
        version = 0
    if ig.shape != shape:
        ig, version = sum_to(ig, shape), 0
    if ig.dtype is not dt and ig.dtype != dt:
        ig, version = ig.astype(dt), 0
    return ig, version


def _fit_tensor(ig, shape, dt):
    """``_fit`` in tensor ops (recorded, for create_graph)."""
    if tuple(ig.shape) != shape:
        ig = ig.expand(*np.broadcast_shapes(tuple(ig.shape), shape))
        lead = ig.dim() - len(shape)
        dims = list(range(lead)) + [i + lead for i, n in enumerate(shape)
                                    if n == 1 and ig.shape[i + lead] != 1]
        if dims:
            ig = ig.sum(dims, keepdim=True)
        if lead:
            ig = ig.reshape(shape)
    if ig._data.dtype != dt:
        ig = ig.to(FROM_NP[dt])
    return ig


def _graph(roots, targets):
    """Dependency counts of the nodes to run. With ``targets`` (autograd.grad, or
    backward(inputs=)), only nodes from which a target can be reached run, as in torch."""
    seen, order, stack = set(), [], list(roots)
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        order.append(node)
        stack.extend(n for n, _ in node.next_functions if n is not None and n not in seen)
    needed = seen
    if targets is not None:
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


# ---------------------------------------------------------------- gradient buffers
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


class _Buffers:
    """The gradients in flight, ``{node: [[gradient, version] or None per output]}``.

    torch decides whether it may add into a gradient in place by reference counts; here
    an ndarray object stands for a gradient tensor: the same object in two places is a
    tensor used twice, and arrays with one owner are tensors sharing a storage. Only
    what is in flight (and the root gradients, which the caller holds) is considered.
    """

    def __init__(self, roots, tensors=False):
        self.buffers = {}
        self.held = roots
        self.tensors = tensors

    def _others(self, skip):
        yield from self.held
        for slots in self.buffers.values():
            for e in slots:
                if e is not None and e is not skip:
                    yield e[0]

    def used_elsewhere(self, arr, skip=None):
        """Is this very gradient tensor also held somewhere else (use_count > 1)?"""
        return any(x is arr for x in self._others(skip))

    def _reusable(self, a, other, skip):
        own = _owner(a)
        return (a.flags.writeable and _dense(a) and own is not _owner(other)
                and not any(_owner(x) is own for x in self._others(skip)))

    def add(self, node, nr, g, version=0):
        slots = self.buffers.get(node)
        if slots is None:
            slots = self.buffers[node] = [None] * node._n_outputs
        old = slots[nr]
        if old is None:
            slots[nr] = [g, version]
            return
        o = old[0]
        if self.tensors:
            slots[nr] = [o + g, 0]
        # torch's InputBuffer::accumulate: add in place into a buffer that no other
        # tensor or storage uses; otherwise make a new sum
        elif self._reusable(o, g, old):
            o += g
            old[1] += 1
        elif self._reusable(g, o, old):
            g += o
            slots[nr] = [g, version + 1]
        else:
            slots[nr] = [o + g, 0]


# ---------------------------------------------------------------- hooks
def _tensor_hooks(node, slots):
    """Hooks registered on the outputs of ``node`` (non-leaf ``register_hook``), then
    the ``.grad`` of outputs that ``retain_grad()``: torch's tensor pre-hooks."""
    hooks = node._tensor_hooks or {}
    for nr, e in enumerate(slots):
        if e is None:
            continue
        for hook in hooks.get(nr, ()):
            r = hook(wrap(e[0]))
            if r is not None:
                slots[nr] = e = [_hook_result(hook, e[0], r), 0]
        ref = node._retained.get(nr) if node._retained else None
        t = ref() if ref is not None else None
        if t is not None:
            retain(t, e[0])


def _node_prehooks(node, slots):
    for hook in node._pre_hooks:
        r = hook(tuple(None if e is None else wrap(e[0]) for e in slots))
        if r is not None:
            if not isinstance(r, tuple):
                raise TypeError(f"expected tuple, but hook returned '{type_name(r)}'")
            for nr, x in enumerate(r):
                if x is not None:
                    e = slots[nr]
                    slots[nr] = [x._data if e is None else _hook_result(hook, e[0], x), 0]


def _hook_result(hook, original, r):
    """What a gradient hook returned, checked as torch's check_single_result does: a
    tensor of the gradient's type and size."""
    if not isinstance(r, Tensor):
        raise TypeError(f"expected Variable, but hook returned '{type_name(r)}'")
    name = getattr(hook, "__name__", "<unknown>")
    if r._data.dtype != original.dtype:
        raise RuntimeError(
            f"hook '{name}' has changed the type of value (was "
            f"torch.{FROM_NP[original.dtype]._legacy} got torch.{FROM_NP[r._data.dtype]._legacy})")
    if r._data.shape != original.shape:
        raise RuntimeError(f"hook '{name}' has changed the size of value")
    return r._data


# ---------------------------------------------------------------- into .grad
def _accumulate(t, g, p):
    """torch's AccumulateGrad: leaf hooks, then steal, copy or add into ``t.grad``."""
    arr, version = g
    hooked = False
    for hook in t._leaf_hooks or ():
        r = hook(wrap(arr, t._device))
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
            t._grad = new = wrap(arr, t._device)        # nobody else holds it: reuse it
            if arr.base is not None:
                _over_owner(new, arr)       # a view of a bigger gradient keeps its offset
            if version:
                version_counter(new).value = version
        elif _dense(data):
            out = np.empty_like(data)                    # torch: empty_strided + copy_
            np.copyto(out, arr)
            t._grad = new = wrap(out, t._device)
            version_counter(new).value += 1
        else:
            t._grad = wrap(np.array(arr, dtype=data.dtype, order="C"), t._device)
    else:
        cur._data += arr
        version_counter(cur).value += 1
    if events.listeners:
        events.emit(events.GRAD, "AccumulateGrad", (t,), (t._grad,))
    for hook in t._post_acc_hooks or ():      # register_post_accumulate_grad_hook
        hook(t)


def _over_owner(t, arr):
    """Give ``t`` (over the view ``arr``) the storage of the array owning the memory,
    as torch's stolen gradient view keeps its storage and offset (cat's backward)."""
    own = _owner(arr)
    if own is arr or not own.size or min(own.strides, default=0) < 0:
        return
    if own.size == arr.size and arr.flags.c_contiguous and own.flags.c_contiguous:
        return      # a reshape of the whole block (sum_to's): its own storage is the same
    t._storage = UntypedStorage.over(own)


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


def retain(t, g):
    """A retained non-leaf grad: a contiguous clone first, then out-of-place sums
    (torch's retain_grad hook), so its _version stays 0."""
    cur = t._grad
    if cur is None:
        t._grad = wrap(np.array(g, dtype=t._data.dtype, order="C"), t._device)
    else:
        t._grad = wrap(cur._data + g, t._device)
    if events.listeners:
        events.emit(events.GRAD, "AccumulateGrad", (t,), (t._grad,))
    for hook in t._post_acc_hooks or ():      # register_post_accumulate_grad_hook
        hook(t)
