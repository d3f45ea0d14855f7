"""The graph: what ``t.grad_fn`` is.

A Node is one recorded op. It knows where the gradient goes next (``next_functions``: a
``(node, input_nr)`` pair per input, ``(None, 0)`` for an input that needs no gradient)
and keeps what its backward formula needs as ``SavedTensor``s, which remember the
version they were saved at: an in-place change since then is torch's famous error.

Nodes never hold their own outputs (a saved output keeps only its values), so a graph
has no reference cycles and is freed by reference counting alone.

Two nodes belong to views: ``CopySlices`` (a base after one of its views was changed in
place) and ``AsStridedBackward0`` (a view whose base was changed in place).
"""
import itertools
import re
import weakref

import numpy as np

from . import grad_mode
from .dtypes import FROM_NP

_sequence = itertools.count()   # newer nodes run first in backward, as in torch
_new = object.__new__
_BACKWARD_N = re.compile(r"Backward\d+$")

# nodes torch writes by hand in C++: their name() is "torch::autograd::<class name>"
CPP_NODES = frozenset({"AccumulateGrad", "CopySlices", "CopyBackwards", "GraphRoot", "Error",
                       "DelayedError", "NotImplemented", "UndefinedGradBackward"})


class VersionCounter:
    """Shared by a tensor, its views and its detach()es; every in-place op adds one."""
    __slots__ = ("value",)

    def __init__(self):
        self.value = 0


def version_counter(t):
    vc = t._vc
    if vc is None:
        vc = t._vc = VersionCounter()
    return vc


def node_name(cls):
    n = cls.__name__
    return "torch::autograd::" + n if n in CPP_NODES else n


# ------------------------------------------------------------------ saved tensors
FREED = ("Trying to backward through the graph a second time (or directly access saved "
         "tensors after they have already been freed). Saved intermediate values of the graph "
         "are freed when you call .backward() or autograd.grad(). Specify retain_graph=True if "
         "you need to backward through the graph a second time or if you need to access saved "
         "tensors after calling backward.")


# torch.autograd.graph.saved_tensors_hooks(pack, unpack): while one is active, every tensor
# an op saves is handed to its pack hook, and backward gets it back from the unpack hook
saved_hooks = []        # a stack of (pack_hook, unpack_hook): the innermost applies

PACK_INPLACE = ("A saved tensor pack hook is modifying its input in place. Tensors provided as "
                "input to pack hook cannot be modified by in-place operations as this can lead "
                "to unexpected side-effects. Please open an issue if you need to perform "
                "in-place operations on the input to a pack hook.")


class SavedTensor:
    """A tensor saved for backward: its values, its version counter, the version it had.

    An input is kept as the Tensor itself (no cycle: its grad_fn is upstream); an output
    only as its array plus the class of the node that made it. With hooks (``_pack``) it
    keeps only what the pack hook returned.
    """
    __slots__ = ("name", "data", "vc", "version", "tensor", "made_by", "had_fn", "output_nr",
                 "_dtype", "_shape", "hooks", "input_meta", "__weakref__")

    def __new__(cls, name, t, is_output=False):
        return save_tensor(name, t, is_output)

    @property
    def dtype(self):
        """NumPy's dtype of the saved values (kept when the graph frees them)."""
        return self.data.dtype if self.data is not None else self._dtype

    def _release(self):
        self._dtype = self.dtype
        self.data = None
        self.tensor = None
        self.hooks = self._shape = None

    def _pack(self, pack_hook, unpack_hook, t):
        """Hand ``t`` (the saved tensor) to ``pack_hook`` and keep only what it returns:
        the hook may have put the values on disk. Versions can no longer be checked."""
        version = self.vc.value
        with grad_mode.mode(False):         # torch packs without recording
            packed = pack_hook(t)
        if self.vc.value != version:
            raise RuntimeError(PACK_INPLACE)
        self._dtype, self._shape = self.dtype, self.data.shape    # (for the widgets)
        if self.tensor is not None:         # an input: what _saved_<name> comes back as
            self.input_meta = (self.tensor._requires_grad, self.tensor._grad_fn)
        self.hooks = (packed, unpack_hook)
        self.data = self.tensor = None

    def unpack_hooked(self):
        packed, unpack_hook = self.hooks
        t = unpack_hook(packed)
        if not isinstance(getattr(t, "_data", None), np.ndarray):
            raise TypeError("Output of saved tensor unpack_hook expected to be a Tensor but got "
                            f"result of type {type(t).__name__}")
        return t

    def unpack(self):
        if self.hooks is not None:
            return self.unpack_hooked()._data
        if self.data is None:
            raise RuntimeError(FREED)
        t = self.tensor
        if self.had_fn and t is not None and t._grad_fn is None:
            raise RuntimeError(      # it had a history when saved; .detach_() took it away
                "Trying to use a saved tensor that has been detached in-place, i.e. with "
                ".detach_().This is not supported, please use out-of-place `.detach()` instead")
        if self.vc.value != self.version:
            if t is None:
                made = node_name(self.made_by) if self.made_by is not None else None
            else:
                made = t._grad_fn and t._grad_fn.name()
            # torch names a generated node without its "Backward<N>" suffix
            which = f", which is output {self.output_nr} of {_BACKWARD_N.sub('', made)}," \
                if made else ""
            shape = ", ".join(str(n) for n in self.data.shape)
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an "
                f"inplace operation: [torch.{FROM_NP[self.dtype]._legacy} [{shape}]]{which} is "
                f"at version {self.vc.value}; expected version {self.version} instead. Hint: "
                "enable anomaly detection to find the operation that failed to compute its "
                "gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).")
        return self.data


def save_tensor(name, t, is_output=False):
    """``SavedTensor(name, t, is_output)``; an output is kept as its array plus the class
    of the node that made it (torch's saved_for; the node itself would be a cycle)."""
    s = _new(SavedTensor)
    s.name = name
    s.data = t._data
    s.vc = version_counter(t)
    s.version = s.vc.value
    s.output_nr = t._output_nr
    fn = t._grad_fn
    s.had_fn = fn is not None
    s.tensor = None if is_output else t
    s.made_by = type(fn) if is_output and fn is not None else None
    s.hooks = s.input_meta = s._shape = None
    if saved_hooks:
        s._pack(*saved_hooks[-1], t)
    return s


class SavedConst:
    """Nothing saved: unpacks as None (or as the constant), even after backward."""
    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name, self.value = name, value

    def unpack(self):
        return self.value


class SavedNumber(SavedConst):
    """A Python number used as an operand (``a * 2``): torch saves it as a 0-d tensor,
    which backward frees like any saved tensor."""
    __slots__ = ("freed",)

    def __init__(self, name, value):
        self.name, self.value, self.freed = name, value, False

    def unpack(self):
        if self.freed:
            raise RuntimeError(FREED)
        return self.value


def save_plan(saves, save_for):
    """What a node class saves, worked out once: (name, input index or -1 for the result,
    the inputs whose gradient reads it or None for all, the empty slot saved instead when
    none of those needs a gradient)."""
    return tuple((name, i, None if save_for is None else save_for.get(name),
                  SavedConst(name, None)) for name, i in saves)


def input_sizes(node):
    """The shape input 0 had when the op ran (torch's ``self_sizes``)."""
    return node._input_meta[0][0]


# ------------------------------------------------------------------ nodes
class Node:
    """Base of every ``grad_fn``. Subclasses are named as torch names them
    (``MulBackward0``) and implement ``backward(grad) -> tuple of input grads``: NumPy
    arrays in, NumPy arrays (or None) out. ``saves`` says what the formula reads."""

    # defaults as class attributes: a new node only pays for its sequence number
    next_functions = ()
    _input_meta = ()         # (shape, dtype) of each input: backward sums grads to it
    _saved = ()
    _hooks = None
    _pre_hooks = None        # register_prehook: fn(grad_outputs) -> new grad_outputs
    _tensor_hooks = None     # {output_nr: [fn(grad)]}: register_hook on an output
    _retained = None         # {output_nr: weakref to the output}: retain_grad()
    _n_outputs = 1           # split/unbind nodes have one per piece
    _grad_versions = None    # per input: the _version of the gradient the formula returns
    saves = ()               # ((name, input index or -1 for the result), ...)
    save_for = None          # {saved name: inputs whose gradient reads it}; None: all
    _no_edge = ()            # inputs torch leaves out of next_functions (where's condition)
    _save_plan = ()
    _saves_self = False

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls._save_plan = save_plan(cls.saves, cls.save_for)
        # an in-place op whose formula reads self's old value saves a copy of it first
        cls._saves_self = any(i == 0 for _, i in cls.saves)

    def __init__(self):
        self._seq = next(_sequence)

    def name(self):
        return node_name(type(self))

    def saved(self):
        """The saved arrays, checked against their versions (raises torch's errors)."""
        return [s.unpack() for s in self._saved]

    def _free(self):
        for s in self._saved:
            if type(s) is SavedTensor:
                s._release()
            elif type(s) is SavedNumber:
                s.freed = True

    def register_hook(self, fn):
        if self._hooks is None:
            self._hooks = []
        self._hooks.append(fn)
        return RemovableHandle(self._hooks, fn)

    def register_prehook(self, fn):
        if self._pre_hooks is None:
            self._pre_hooks = []
        self._pre_hooks.append(fn)
        return RemovableHandle(self._pre_hooks, fn)

    def __repr__(self):
        return f"<{type(self).__name__} object at {id(self):#x}>"

    @property
    def metadata(self):
        """torch's free-form dict on every node (for hooks and tools to annotate)."""
        return self.__dict__.setdefault("_metadata", {})


class RemovableHandle:
    """What ``register_hook`` returns: ``.remove()`` takes the hook away again."""

    def __init__(self, lst, fn):
        self._lst, self._fn = lst, fn

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()

    def __repr__(self):
        return f"<torch.utils.hooks.RemovableHandle object at {id(self):#x}>"

    def remove(self):
        try:
            self._lst.remove(self._fn)
        except ValueError:
            pass


class AccumulateGrad(Node):
    """The sink for a leaf: adds the incoming gradient into ``variable.grad``."""

    def __init__(self, variable):
        self._seq = next(_sequence)
        self.variable = variable


class GraphRoot(Node):
    pass


def grad_accumulator(t):
    """The leaf's AccumulateGrad node: one per leaf while it is alive (held weakly)."""
    ref = t._grad_acc
    acc = ref() if ref is not None else None
    if acc is None:
        acc = AccumulateGrad(t)
        t._grad_acc = weakref.ref(acc)
    return acc


NO_EDGE = (None, 0)


def edge(t):
    """Where the gradient for tensor ``t`` goes: ``(its grad_fn, output_nr)``, its
    AccumulateGrad if it is a leaf that requires grad, else nowhere."""
    if t._base is not None and t._vc.value != t._view_version:
        refresh_view(t)
    fn = t._grad_fn
    if fn is not None:
        return (fn, t._output_nr)
    if t._requires_grad:
        return (grad_accumulator(t), 0)
    return NO_EDGE


# ------------------------------------------------------------------ views
def geometry(t):
    """(shape, strides, storage offset), all in elements."""
    return (t._data.shape, t.stride(), t.storage_offset())


def refresh_view(t):
    """A view whose base changed in place after the view was made gets a new history,
    as in torch: its part of the base's (new) history, ``AsStridedBackward0``."""
    base = t._base
    t._view_version = t._vc.value
    # torch keeps no history only for a view that had none of a base that needs none;
    # a view with a history gets a new one even when its base was detach_()ed
    if t._multi_view or (t._grad_fn is None and base._grad_fn is None and not base._requires_grad):
        return
    node = AsStridedBackward0()
    node.base_geometry = geometry(base)
    node.view_geometry = geometry(t)
    node.next_functions = (edge(base),)
    node._input_meta = ((base._data.shape, base._data.dtype),)
    t._grad_fn = node
    t._output_nr = 0


def strided(buf, geom):
    shape, strides, off = geom
    it = buf.itemsize
    return np.lib.stride_tricks.as_strided(buf[off:], shape=shape,
                                           strides=tuple(s * it for s in strides))


def extent(*geoms):
    """Elements of a buffer that holds every one of these geometries."""
    return max(off + sum((n - 1) * s for n, s in zip(shape, st)) + 1 if all(shape) else off + 1
               for shape, st, off in geoms)


def _may_overlap(shape, strides):
    """torch's _maybe_overlapping_memory: can two indices of this geometry reach one
    element? (size-1 dims never do; a 0 stride on a longer dim always does)"""
    reach = 0
    for s, n in sorted((s, n) for s, n in zip(strides, shape) if n != 1):
        if s <= reach:
            return True
        reach += s * (n - 1)
    return False


class AsStridedBackward0(Node):
    """The history of a view after an in-place op on its base: its part of the base's grad."""

    def backward(self, g):
        # torch's as_strided_backward: scatter the view's gradient into a zeroed buffer
        # laid out like the storage (summing where the view reads an element twice),
        # average where the base reads one twice, and hand back the base's window onto
        # that buffer: a view of a tensor written once (or twice), hence its _version
        (bshape, bstrides, boff), (vshape, vstrides, voff) = self.base_geometry, self.view_geometry
        if 0 in bshape or 0 in vshape:
            self._grad_versions = (0,)
            return (np.zeros(bshape, g.dtype),)
        shared = min(boff, voff)            # the buffer starts where either one does
        base = (bshape, bstrides, boff - shared)
        view = (vshape, vstrides, voff - shared)
        buf = np.zeros(extent(base, view), g.dtype)
        if _may_overlap(vshape, vstrides):
            index = strided(np.arange(buf.size), view)
            np.add.at(buf, index.reshape(-1), np.broadcast_to(g, vshape).reshape(-1))
        else:
            strided(buf, view)[...] = g
        self._grad_versions = (1,)
        if _may_overlap(bshape, bstrides):
            count = np.zeros(buf.size, g.dtype)
            np.add.at(count, strided(np.arange(buf.size), base).reshape(-1), 1)
            with np.errstate(all="ignore"):     # 0/0 outside the base's reach, as in torch
                buf /= count
            self._grad_versions = (2,)
        return (strided(buf, base),)


class CopySlices(Node):
    """The base's history after an in-place op on one of its views: the gradient of the
    untouched part passes through; the written part goes through ``fn``, the op's node."""

    def backward(self, g):
        buf = np.zeros(extent(self.base_geometry, self.view_geometry), g.dtype)
        base = strided(buf, self.base_geometry)
        base[...] = g
        view = strided(buf, self.view_geometry)
        grads = self.fn.backward(view.copy())
        first = grads[0]
        if first is None:
            view[...] = 0
        else:
            first = np.asarray(first)
            if first.shape != view.shape:
                first = sum_to(np.broadcast_to(first, np.broadcast_shapes(first.shape, view.shape)),
                               view.shape)
            view[...] = first
        return (base.copy(),) + tuple(grads[1:])


def sum_to(g, shape):
    """Undo broadcasting: sum ``g`` down to ``shape`` (broadcasting it up first where it
    is smaller than ``shape`` in some dim)."""
    gs = g.shape
    if gs == shape:
        return g
    lead = len(gs) - len(shape)
    if lead > 0 and shape and gs[lead:] == shape:   # only new leading dims (a bias); not
        return g.sum(axis=tuple(range(lead)))       # shape (): that sum gives a NumPy scalar
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
