"""The one place every op goes through.

``record`` wraps an op's output array as a Tensor, builds its grad node when
autograd needs one, and emits the event the widgets listen to. ``inplace`` does the
same for an op that changes a tensor: torch's checks, the write, the version bump,
the history rewrite (``CopySlices`` when the tensor is a view) and the event.
Ops (in ``functions/``) only compute NumPy arrays and say which node class they use.
"""
import numpy as np

from . import events
from . import grad_mode
from .graph import saved as _saved, save_plan, save_tensor as _save_tensor, _sequence
from .tensor import Tensor, _vc_of, _storage_of, grad_accumulator, _VersionCounter, _laid_out

ndarray = np.ndarray
_new = object.__new__

listeners = events.listeners


def refresh_view(t):
    """A view whose base changed in place after the view was made gets a new history,
    as in torch: its part of the base's (new) history, ``AsStridedBackward0``."""
    base = t._base
    t._view_version = t._vc.value
    # torch keeps no history only for a view that had none of a base that needs none;
    # a view with a history gets a new one even when its base was detach_()ed
    if t._multi_view or (t._grad_fn is None and base._grad_fn is None and not base._requires_grad):
        return
    from ..ops.views import AsStridedBackward0, geometry
    node = AsStridedBackward0()
    node.base_geometry = geometry(base)
    node.view_geometry = geometry(t)
    node.next_functions = (edge(base),)
    node._input_meta = (_meta(base),)
    t._grad_fn = node
    t._output_nr = 0


def edge(t):
    """Where the gradient for input ``t`` goes: ``(node, input_nr)`` or ``(None, 0)``."""
    if isinstance(t, Tensor):
        if t._base is not None and t._vc.value != t._view_version:
            refresh_view(t)
        fn = t._grad_fn
        if fn is not None:
            return (fn, t._output_nr)
        if t._requires_grad:
            return (grad_accumulator(t), 0)
    return (None, 0)


def wants_grad(t):
    """torch's ``requires_grad()``: its own flag, a history, or, for a view, a base that
    requires grad (a view taken before its base was made to require grad reports True;
    ops on it record nodes, though no gradient reaches it)."""
    if t._grad_fn is not None or t._requires_grad:
        return True
    b = t._base
    return b is not None and (b._grad_fn is not None or b._requires_grad)


def needs_grad(inputs):
    if not grad_mode.enabled:
        return False
    for t in inputs:
        if isinstance(t, Tensor) and (t._grad_fn is not None or t._requires_grad or (
                t._base is not None and wants_grad(t._base))):     # wants_grad, inlined
            return True
    return False


def _meta(t):
    if isinstance(t, Tensor):
        return (t._data.shape, t._data.dtype)
    return None


_NO_EDGE = (None, 0)
def link(out, node_cls, inputs, attrs=None, saves=None):
    """Make ``node_cls`` the grad_fn of ``out``, with edges to ``inputs``.
    Runs for every differentiable op: everything is inlined (edge(), _meta(), saved())."""
    node = _new(node_cls)
    node._seq = next(_sequence)   # newer nodes run first in backward, as in torch
    if len(inputs) == 1 and saves is None and not node_cls._no_edge:
        return _link1(out, node, node_cls, inputs, attrs)
    edges, meta = [], []
    for t in inputs:
        if isinstance(t, Tensor):
            if t._base is not None and t._vc.value != t._view_version:
                refresh_view(t)   # its base was changed in place since the view was made
            fn = t._grad_fn
            if fn is not None:
                edges.append((fn, t._output_nr))
            elif t._requires_grad:
                edges.append((grad_accumulator(t), 0))
            else:
                edges.append(_NO_EDGE)
            a = t._data
            meta.append((a.shape, a.dtype))
        else:
            edges.append(_NO_EDGE)
            meta.append(None)
    edges = tuple(edges)
    skip = node_cls._no_edge
    if skip:
        node.next_functions = tuple(e for k, e in enumerate(edges) if k not in skip)
        node._input_meta = tuple(m for k, m in enumerate(meta) if k not in skip)
    else:
        node.next_functions = edges
        node._input_meta = tuple(meta)
    if attrs:
        node.__dict__.update(attrs)
    out._grad_fn = node        # before saving: a saved result names its maker
    out._output_nr = 0
    plan = node_cls._save_plan if saves is None else save_plan(saves, node_cls.save_for)
    if plan:
        kept = []
        for name, i, users, empty in plan:
            if users is not None:
                # torch saves a tensor only if the gradient of an input that needs one
                # reads it; an in-place change to an unsaved one is then no error
                for j in users:
                    if edges[j][0] is not None:
                        break
                else:
                    kept.append(empty)
                    continue
            v = out if i == -1 else inputs[i]
            kept.append(_save_tensor(name, v, i == -1) if isinstance(v, Tensor) else _saved(name, v))
        node._saved = tuple(kept)
    return node


def _link1(out, node, node_cls, inputs, attrs):
    """``link`` for the commonest node: one tensor input (views, unary ops, sum)."""
    (t,) = inputs
    if t._base is not None and t._vc.value != t._view_version:
        refresh_view(t)
    fn = t._grad_fn
    if fn is not None:
        e = (fn, t._output_nr)
    elif t._requires_grad:
        e = (grad_accumulator(t), 0)
    else:       # a view made before its base required grad: a node, but no edge
        e = _NO_EDGE
    node.next_functions = (e,)
    a = t._data
    node._input_meta = ((a.shape, a.dtype),)
    if attrs:
        node.__dict__.update(attrs)
    out._grad_fn = node
    out._output_nr = 0
    plan = node_cls._save_plan
    if plan:
        kept = []
        for name, i, users, empty in plan:
            if users is not None and e[0] is None:
                kept.append(empty)      # no gradient will read it (see link)
                continue
            v = out if i == -1 else t
            kept.append(_save_tensor(name, v, i == -1) if isinstance(v, Tensor) else _saved(name, v))
        node._saved = tuple(kept)
    return node


def _needed(spec, need, edges, out, inputs, pick=None):
    """torch saves a tensor only if the gradient of an input that needs one uses it
    (``need``: saved name -> indices of the inputs whose formula reads it); the rest
    are saved as None, so an in-place change to them later is no error."""
    saved = {}
    for name, i in spec:
        users = need.get(name)
        if users is not None and all(edges[j][0] is None for j in users):
            saved[name] = None
        else:
            saved[name] = pick(i) if pick is not None else (out if i == -1 else inputs[i])
    return saved


def record(op, arr, device, inputs, node_cls=None, attrs=None, saves=None):
    """Wrap ``arr`` (the result of op ``op`` over ``inputs``) as a new Tensor.
    The hottest function of the engine: keep it flat."""
    if type(arr) is not ndarray:
        arr = np.asarray(arr)          # NumPy returns scalars for 0-d results
    elif not arr.size:
        arr = _laid_out(arr)           # torch's strides for an empty result
    out = _new(Tensor)          # tensor_over(arr, device), inlined
    out._data = arr
    out._device = device
    out._requires_grad = False
    out._grad_fn = None
    out._output_nr = 0
    out._base = None
    out._vc = None
    out._storage = None
    if grad_mode.inference:
        out._inference = True       # and nothing is recorded, even under enable_grad()
    elif node_cls is not None and grad_mode.enabled:
        for t in inputs:
            if isinstance(t, Tensor) and (t._grad_fn is not None or t._requires_grad or (
                    t._base is not None and wants_grad(t._base))):     # wants_grad, inlined
                # integer and bool results are never differentiable (argmax, comparisons)
                if arr.dtype.kind in "fc":
                    link(out, node_cls, inputs, attrs, saves)
                break
    if listeners:
        events.emit(events.CREATE, op, inputs, (out,))
    return out


def make_view(op, base, arr, node_cls=None, attrs=None, inputs=None):
    """A tensor over ``base``'s storage: shares its storage and version counter.
    Hot (view, a[0], detach): the grad check is inlined."""
    out = _new(Tensor)          # tensor_over(arr, base._device), inlined
    out._data = arr
    out._device = base._device
    out._requires_grad = False
    out._grad_fn = None
    out._output_nr = 0
    root = base._base
    out._base = base if root is None else root
    vc = base._vc
    if vc is None:
        vc = base._vc = _VersionCounter()
    out._vc = vc
    if vc.value:
        out._view_version = vc.value     # a later in-place change makes its history stale
    st = base._storage      # not `or`: a storage's truth is its length, a call
    out._storage = st if st is not None else _storage_of(base)
    if not arr.size:
        # NumPy gives an empty view no pointer to carry its offset: it starts where its
        # base does (the views that move it, like narrow and select, set their own)
        out._empty_offset = base.storage_offset()
    if node_cls is not None and grad_mode.enabled:
        if inputs is None:
            inputs = (base,)
            if base._grad_fn is not None or base._requires_grad or (   # wants_grad, inlined
                    root is not None and (root._grad_fn is not None or root._requires_grad)):
                link(out, node_cls, inputs, attrs)
        elif needs_grad(inputs):
            link(out, node_cls, inputs, attrs)
    if listeners:
        events.emit(events.CREATE, op, inputs or (base,), (out,))
    return out


def make_views(op, base, arrs, node_cls=None, attrs=None):
    """Several views of ``base`` made by one op (split, chunk, unbind). As in torch
    they share ONE grad node, each output with its own ``output_nr``; the node's
    ``backward`` gets one gradient per output (None for the unused ones)."""
    outs = []
    for arr in arrs:
        out = make_view(op, base, arr)      # no node yet: the one node is made below
        out._multi_view = True
        outs.append(out)
    if node_cls is not None and needs_grad((base,)):
        node = link(outs[0], node_cls, (base,), attrs)
        node._n_outputs = len(outs)
        for i, out in enumerate(outs):
            out._grad_fn = node
            out._output_nr = i
    return tuple(outs)


# ------------------------------------------------------------------- in place
LEAF_ERROR = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_OF_LEAF_ERROR = "a view of a leaf Variable that requires grad is being used in an in-place operation."


def check_inplace(t):
    """torch's refusal to modify (a view of) a leaf that requires grad."""
    if not grad_mode.enabled:
        return
    if t._grad_fn is None and t._requires_grad:
        raise RuntimeError(LEAF_ERROR)
    b = t._base
    if b is not None and b._grad_fn is None and b._requires_grad:
        raise RuntimeError(VIEW_OF_LEAF_ERROR)
    if t._grad_fn is not None and t._multi_view:
        from .graph import _BACKWARD_N
        raise RuntimeError(
            f"Output {t._output_nr} of {_BACKWARD_N.sub('', t._grad_fn.name())} is a view and is "
            "being modified inplace. This view is the output of a function that returns multiple "
            "views. Such functions do not allow the output views to be modified inplace. You "
            "should replace the inplace operation by an out-of-place one.")


SCALAR_NAMES = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
                "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}


def _cast_error(res, t):
    from .dtypes import FROM_NP
    return RuntimeError(f"result type {SCALAR_NAMES[FROM_NP[res].name]} can't be cast to the "
                        f"desired output type {SCALAR_NAMES[t.dtype.name]}")


def can_cast(src, dst):
    """torch's canCast: no float -> int, no non-bool -> bool."""
    from .dtypes import FROM_NP
    s, d = FROM_NP[src], FROM_NP[dst]
    if s._category > d._category:
        return False
    return True


def write(t, values):
    """Store ``values`` into ``t``'s memory (through all its views). NumPy's assignment
    casts unsafely, broadcasts, and buffers a source that overlaps the destination; it
    is 3x quicker than ``np.copyto`` on a small array."""
    dst = t._data
    if type(values) is not ndarray:
        values = np.asarray(values)
    if values.dtype is not dst.dtype and not can_cast(values.dtype, dst.dtype):
        raise _cast_error(values.dtype, t)
    dst[...] = values


def inplace(op, t, values, inputs, node_cls=None, attrs=None, saves=None, check=True):
    """Op ``op`` changed ``t`` in place to ``values``. ``inputs[0]`` is ``t`` itself
    (its value before the op); the node's gradient for it flows to ``t``'s old history."""
    if check:
        check_inplace(t)
    # an integer or bool tensor never gets a history, even from a float source
    grad = False
    if node_cls is not None and grad_mode.enabled:
        for x in inputs:        # needs_grad, inlined: copy_ and add_ are hot
            if isinstance(x, Tensor) and (x._grad_fn is not None or x._requires_grad or (
                    x._base is not None and wants_grad(x._base))):
                grad = t._data.dtype.kind in "fc"
                break
    if grad:
        old_edge = edge(t)
    if values is not None:
        write(t, values)
    (t._vc or _vc_of(t)).value += 1
    if grad:
        _rebase_history(t, node_cls, inputs, old_edge, attrs, saves)
    if listeners:
        events.emit(events.INPLACE, op, inputs, (t,))
    return t


def _rebase_history(t, node_cls, inputs, old_edge, attrs, saves):
    """After an in-place op, ``t``'s history is the new node (torch's rebase_history).
    For a view, the base's history becomes CopySlices(base history, node)."""
    node = node_cls()
    skip = getattr(node_cls, "_no_edge", ())
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
        if spec:  # after setting grad_fn: a saved result names its maker
            node.save(**_saved_for_inplace(node_cls, node, spec, t, inputs))
        return
    from ..ops.views import CopySlices, AsStridedBackward0, geometry
    if spec:
        node.save(**_saved_for_inplace(node_cls, node, spec, t, inputs))
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
    # index -1: the result (t after the op); -2: a copy of t from before the op
    def pick(i):
        return t if i == -1 else node._old_self if i == -2 else inputs[i]
    need = node_cls.save_for
    if need is None:
        return {name: pick(i) for name, i in spec}
    return _needed(spec, need, node.next_functions, t, inputs, pick)


from ..autograd import function as _function  # noqa: E402  (its apply links like link())
_function._edge, _function._wants_grad = edge, wants_grad
