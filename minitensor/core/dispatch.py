"""The door: every tensor an op makes or changes passes through here.

An op (in ``ops/``) only computes a NumPy array and names its grad node class; the door
does the rest, the same way for every op:

- ``record``: a new tensor from an op. Wrap the array, link its grad node to the
  inputs' nodes when autograd needs one (``link``), tell the widgets (one event).
- ``make_view`` / ``make_views``: a new tensor over another's storage and version counter.
- ``inplace``: an op changed a tensor: torch's checks, the write, the version bump, the
  history rewrite (``CopySlices`` when the tensor is a view), the event.
- the aliasing steps that are no op at all (``detach``, ``.data``, ``set_``, ``resize_``,
  ``.grad =``, making a leaf), and ``composite``: an op made of other ops is one event.

Only this module and the backward pass (``backward.py``) bump versions or emit events.
"""
import functools

import numpy as np

from . import events, grad_mode
from .dtypes import FROM_NP, can_cast
from .graph import (NO_EDGE, CopySlices, AsStridedBackward0, SavedConst, SavedNumber,
                    _BACKWARD_N, _sequence, edge as _tensor_edge, geometry, save_plan,
                    save_tensor, version_counter)
from .tensor import Tensor, tensor_over, wrap, storage_of, laid_out

ndarray = np.ndarray
_new = object.__new__
listeners = events.listeners


# ---------------------------------------------------------------- events
_steps = None   # inside a composite op: the events of its steps, held back; else None


def _emit(kind, op, inputs, outputs):
    if _steps is not None:          # a step of a composite op: held back
        _steps.append((kind, op, inputs, outputs))
    else:
        events.emit(kind, op, inputs, outputs)


def _tensors(x):
    """The tensors in an op's argument or result (one level of tuple, list or dict)."""
    if isinstance(x, Tensor):
        yield x
    elif isinstance(x, (tuple, list, dict)):
        for y in (x.values() if isinstance(x, dict) else x):
            if isinstance(y, Tensor):
                yield y


COMPOSITES = {}     # name -> function: the ops made of other ops


def composite(op, register=True):
    """Decorate an op made of other ops (``outer`` is a reshape and a mul, ``max(dim)``
    makes values and indices): the learner wrote one op, so the widgets get one event.
    An op that took one step shows that step; one of several shows as ``op``: a create of
    the new tensors it returns, or else its last step (the write) under its name."""
    def decorate(fn):
        @functools.wraps(fn)
        def run(*args, **kwargs):
            global _steps
            if not listeners or _steps is not None:     # nobody watching, or inside one
                return fn(*args, **kwargs)
            _steps = steps = []
            try:
                out = fn(*args, **kwargs)
            finally:
                _steps = None
            if len(steps) == 1:
                events.emit(*steps[0])
            elif steps:
                ins = [t for a in (*args, *kwargs.values()) for t in _tensors(a)]
                new = tuple(t for t in _tensors(out) if not any(t is i for i in ins))
                if new:
                    events.emit(events.CREATE, op, ins, new)
                else:               # it changed a tensor: its last step, under its name
                    kind, _, inputs, outputs = steps[-1]
                    events.emit(kind, op, inputs, outputs)
            return out
        run.composite = op
        if register:
            COMPOSITES[op] = run
        return run
    return decorate


# ---------------------------------------------------------------- the graph
def wants_grad(t):
    """torch's ``requires_grad()``: its own flag, a history, or, for a view, a base that
    requires grad (a view taken before its base was made to require grad reports True;
    ops on it record nodes, though no gradient reaches it)."""
    return t._grad_fn is not None or t._requires_grad or (
        t._base is not None and wants_grad(t._base))


def needs_grad(inputs):
    """Will an op over ``inputs`` be recorded? (``wants_grad`` spelled out for a tensor
    that is no view: every op asks.)"""
    if grad_mode.enabled:
        for t in inputs:
            if isinstance(t, Tensor) and (t._grad_fn is not None or t._requires_grad or (
                    t._base is not None and wants_grad(t._base))):
                return True
    return False


def edge(x):
    """Where the gradient for input ``x`` goes (nowhere for a number)."""
    return _tensor_edge(x) if isinstance(x, Tensor) else NO_EDGE


def _meta(x):
    return (x._data.shape, x._data.dtype) if isinstance(x, Tensor) else None


def _save(name, v, is_output=False):
    if isinstance(v, Tensor):
        return save_tensor(name, v, is_output)
    return SavedConst(name, v) if v is None else SavedNumber(name, v)


def link(out, node_cls, inputs, attrs=None, saves=None):
    """Make a new ``node_cls`` the grad_fn of ``out``, with an edge to each input, and
    save what its formula reads."""
    node = _new(node_cls)
    node._seq = next(_sequence)
    edges, meta = [], []
    for x in inputs:
        if isinstance(x, Tensor):
            edges.append(_tensor_edge(x))
            meta.append((x._data.shape, x._data.dtype))
        else:
            edges.append(NO_EDGE)
            meta.append(None)
    skip = node_cls._no_edge        # inputs torch leaves out of the graph (where's mask)
    if skip:
        node.next_functions = tuple(e for k, e in enumerate(edges) if k not in skip)
        node._input_meta = tuple(m for k, m in enumerate(meta) if k not in skip)
    else:
        node.next_functions = tuple(edges)
        node._input_meta = tuple(meta)
    if attrs:
        node.__dict__.update(attrs)
    out._grad_fn = node        # before saving: a saved result names its maker
    out._output_nr = 0
    plan = node_cls._save_plan if saves is None else save_plan(saves, node_cls.save_for)
    if plan:
        kept = []
        for name, i, users, empty in plan:
            # torch saves a tensor only if the gradient of an input that needs one reads
            # it; an in-place change to an unsaved one is then no error
            if users is not None and _no_edge_among(edges, users):
                kept.append(empty)
            else:
                kept.append(_save(name, out if i == -1 else inputs[i], i == -1))
        node._saved = tuple(kept)
    return node


def _no_edge_among(edges, which):
    for j in which:
        if edges[j][0] is not None:
            return False
    return True


# ---------------------------------------------------------------- new tensors
def record(op, arr, device, inputs, node_cls=None, attrs=None, saves=None):
    """Wrap ``arr`` (the result of op ``op`` over ``inputs``) as a new Tensor.

    Every op passes here, so this is the door's one fast path: the new tensor's fields
    are set here rather than by ``tensor_over``, and ``needs_grad`` is spelled out."""
    if type(arr) is not ndarray:
        arr = np.asarray(arr)          # NumPy returns scalars for 0-d results
    elif not arr.size:
        arr = laid_out(arr)            # torch's strides for an empty result
    out = _new(Tensor)                 # tensor_over(arr, device)
    out._data = arr
    out._device = device
    out._requires_grad = False
    out._grad_fn = None
    out._output_nr = 0
    out._base = None
    out._vc = None
    out._storage = None
    if grad_mode.inference:
        out._inference = True          # and nothing is recorded, even under enable_grad()
    elif node_cls is not None and grad_mode.enabled:
        for t in inputs:               # needs_grad(inputs)
            if isinstance(t, Tensor) and (t._grad_fn is not None or t._requires_grad or (
                    t._base is not None and wants_grad(t._base))):
                # integer and bool results are never differentiable (argmax, comparisons)
                if arr.dtype.kind in "fc":
                    link(out, node_cls, inputs, attrs, saves)
                break
    if listeners:
        _emit(events.CREATE, op, inputs, (out,))
    return out


def make_view(op, base, arr, node_cls=None, attrs=None, inputs=None):
    """A tensor over ``base``'s storage: shares its storage and version counter."""
    out = _view(base, arr)
    if inputs is None:
        inputs = (base,)
        grad = grad_mode.enabled and wants_grad(base)
    else:
        grad = needs_grad(inputs)
    if node_cls is not None and grad:
        link(out, node_cls, inputs, attrs)
    if listeners:
        _emit(events.CREATE, op, inputs, (out,))
    return out


def _view(base, arr):
    out = tensor_over(arr, base._device)
    out._base = base if base._base is None else base._base      # a view's base is a root
    out._vc = vc = base._vc or version_counter(base)    # a write to either bumps both
    if vc.value:
        out._view_version = vc.value     # a later in-place change makes its history stale
    out._storage = base._storage if base._storage is not None else storage_of(base)
    if not arr.size:
        # NumPy gives an empty view no pointer to carry its offset: it starts where its
        # base does (the views that move it, like narrow and select, set their own)
        out._empty_offset = base.storage_offset()
    return out


def make_views(op, base, arrs, node_cls=None, attrs=None):
    """Several views of ``base`` made by one op (split, chunk, unbind): one event. As in
    torch they share ONE grad node, each output with its own ``output_nr``; the node's
    ``backward`` gets one gradient per output (None for the unused ones)."""
    outs = []
    for arr in arrs:
        out = _view(base, arr)
        out._multi_view = True
        outs.append(out)
    if node_cls is not None and needs_grad((base,)):
        node = link(outs[0], node_cls, (base,), attrs)
        node._n_outputs = len(outs)
        for i, out in enumerate(outs):
            out._grad_fn = node
            out._output_nr = i
    if listeners:
        _emit(events.CREATE, op, (base,), tuple(outs))
    return tuple(outs)


def record_many(op, arrs, device, inputs, node_cls=None, attrs=None):
    """Several new tensors from one op (svd's U, S and Vh): ONE grad node for all of them,
    each output with its own ``output_nr``, as ``make_views`` does. (The op is a
    ``composite``, so the widgets see one event.)"""
    outs = tuple(record(op, arr, device, inputs) for arr in arrs)
    if node_cls is not None and needs_grad(inputs) and not grad_mode.inference:
        node = link(outs[0], node_cls, inputs, attrs)
        node._n_outputs = len(outs)
        for i, out in enumerate(outs):
            out._grad_fn = node
            out._output_nr = i
    return outs


def leaf(op, arr, device, inputs=(), requires_grad=False, resizable=True):
    """A new tensor that no op made (a factory, ``from_numpy``): a leaf."""
    t = wrap(arr, device)
    if not resizable:
        t._resizable = False
    if requires_grad:
        t.requires_grad_(True)
    if listeners:
        _emit(events.CREATE, op, inputs, (t,))
    return t


def rebuilt(op, src, storage, arr, device, requires_grad=False):
    """A new leaf over ``storage``, built as torch builds one with ``set_`` (copy.copy,
    deepcopy, unpickling), so its version starts at 1. ``op`` None: no event."""
    t = wrap(arr, device)
    t._storage = storage
    version_counter(t).value += 1
    t._requires_grad = requires_grad
    if listeners and op is not None:
        _emit(events.CREATE, op, _tensors(src), (t,))
    return t


# ---------------------------------------------------------------- aliasing, no op
def detach(t):
    """The same memory, version counter and storage; no history."""
    out = tensor_over(t._data.view(), t._device)
    out._vc = t._vc or version_counter(t)
    out._storage = t._storage if t._storage is not None else storage_of(t)
    if listeners:
        _emit(events.CREATE, "detach", (t,), (out,))
    return out


def data(t):
    """``.data``: the same memory and storage, but a NEW version counter and no history
    (why changing it silently breaks autograd)."""
    out = wrap(t._data.view(), t._device)
    out._storage = storage_of(t)
    if listeners:
        _emit(events.CREATE, "data", (t,), (out,))
    return out


def detach_(t):
    """``t`` itself loses its history and becomes a leaf."""
    t._grad_fn = None
    t._output_nr = 0
    t._requires_grad = False
    if listeners:
        _emit(events.INPLACE, "detach_", (t,), (t,))
    return t


def rebind(op, t, arr, storage=None, device=None, inputs=None, bump=True):
    """``t`` itself now views other memory or another shape (``set_``, ``resize_``,
    ``.data = ``): a write to its metadata, so its version goes up unless ``bump`` is off."""
    t._data = arr
    if storage is not None:
        t._storage = storage
    if device is not None:
        t._device = device
    if bump:
        version_counter(t).value += 1
    if listeners:
        _emit(events.INPLACE, op, inputs or (t,), (t,))
    return t


def set_grad(t, value):
    """``t.grad = value`` (checked by the caller): every .grad update is an event."""
    t._grad = value
    if listeners:
        _emit(events.GRAD, "grad=", (t,), () if value is None else (value,))


# ------------------------------------------------------------------- in place
def check_inplace(t):
    """torch's refusal to modify (a view of) a leaf that requires grad."""
    if not grad_mode.enabled:
        return
    b = t._base
    # a view of a leaf, the view itself a leaf given requires_grad_() (x = arange(4.)
    # .reshape(2, 2).requires_grad_()) included: torch names the view first
    if b is not None and b._grad_fn is None and (
            b._requires_grad or t._requires_grad or t._grad_fn is not None):
        raise RuntimeError("a view of a leaf Variable that requires grad is being used in an "
                           "in-place operation.")
    if t._grad_fn is None and t._requires_grad:
        raise RuntimeError("a leaf Variable that requires grad is being used in an in-place "
                           "operation.")
    if t._grad_fn is not None and t._multi_view:
        raise RuntimeError(
            f"Output {t._output_nr} of {_BACKWARD_N.sub('', t._grad_fn.name())} is a view and is "
            "being modified inplace. This view is the output of a function that returns multiple "
            "views. Such functions do not allow the output views to be modified inplace. You "
            "should replace the inplace operation by an out-of-place one.")


def write(t, values):
    """Store ``values`` into ``t``'s memory (through all its views). NumPy's assignment
    casts, broadcasts, and buffers a source that overlaps the destination."""
    dst = t._data
    if type(values) is not ndarray:
        values = np.asarray(values)
    if values.dtype is not dst.dtype and not can_cast(FROM_NP[values.dtype], FROM_NP[dst.dtype]):
        raise RuntimeError(f"result type {FROM_NP[values.dtype]._scalar_type} can't be cast to "
                           f"the desired output type {FROM_NP[dst.dtype]._scalar_type}")
    dst[...] = values


def inplace(op, t, values, inputs, node_cls=None, attrs=None, saves=None, check=True):
    """Op ``op`` changed ``t`` in place to ``values`` (None: it already wrote them).
    ``inputs[0]`` is ``t`` itself (its value before the op); the node's gradient for it
    flows to ``t``'s old history."""
    if check:
        check_inplace(t)
    # an integer or bool tensor never gets a history, even from a float source
    grad = node_cls is not None and needs_grad(inputs) and t._data.dtype.kind in "fc"
    if grad:
        old_edge = edge(t)
    if values is not None:
        write(t, values)
    (t._vc or version_counter(t)).value += 1
    if grad:
        _rebase_history(t, node_cls, inputs, old_edge, attrs, saves)
    if listeners:
        _emit(events.INPLACE, op, inputs, (t,))
    return t


def _rebase_history(t, node_cls, inputs, old_edge, attrs, saves):
    """After an in-place op, ``t``'s history is the new node (torch's rebase_history).
    For a view, the base's history becomes CopySlices(base history, node)."""
    node = node_cls()
    skip = node_cls._no_edge
    node.next_functions = (old_edge,) + tuple(edge(x) for k, x in enumerate(inputs)
                                              if k and k not in skip)
    node._input_meta = tuple(_meta(x) for k, x in enumerate(inputs) if k not in skip)
    if attrs:
        for k, v in attrs.items():
            setattr(node, k, v)
    spec = saves if saves is not None else node_cls.saves
    base = t._base
    if base is None:
        t._grad_fn = node
        t._output_nr = 0
    if spec:  # (after setting grad_fn: a saved result names its maker)
        node._saved = tuple(_save(k, v, k == "result")
                            for k, v in _saved_for_inplace(node_cls, node, spec, t, inputs))
    if base is None:
        return
    cs = CopySlices()
    # torch's CopySlices copies grad into a new buffer, then the slice's grad into that
    cs._grad_versions = (2,) + (0,) * (len(inputs) - 1)
    cs.fn = node
    cs.base_geometry = geometry(base)
    cs.view_geometry = geometry(t)
    cs.next_functions = (edge(base),) + node.next_functions[1:]
    cs._input_meta = (_meta(base),) + node._input_meta[1:]
    base._grad_fn = cs
    base._output_nr = 0
    v = AsStridedBackward0()
    v.base_geometry = cs.base_geometry
    v.view_geometry = cs.view_geometry
    v.next_functions = ((cs, 0),)
    v._input_meta = (_meta(base),)
    t._grad_fn = v
    t._output_nr = 0
    t._view_version = t._vc.value


def _saved_for_inplace(node_cls, node, spec, t, inputs):
    """(name, value) pairs to save: index -1 is the result (t after the op), -2 a copy of
    t from before it; torch saves what only an unneeded gradient reads as None."""
    need = node_cls.save_for
    for name, i in spec:
        users = need.get(name) if need is not None else None
        if users is not None and all(node.next_functions[j][0] is None for j in users):
            yield name, None
        else:
            yield name, (t if i == -1 else node._old_self if i == -2 else inputs[i])
