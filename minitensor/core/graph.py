"""Graph nodes: what ``t.grad_fn`` is.

A Node is one recorded op. It knows where the gradient goes next
(``next_functions``: a ``(node, input_nr)`` pair per input, ``None`` for inputs
that need no gradient) and keeps what its backward formula needs as
``SavedTensor``s, which remember the version they were saved at.

Nodes never hold their own outputs (a saved output keeps only its values), so a
graph has no reference cycles and is freed by reference counting alone.
"""
import itertools
import re

import numpy as np

from .dtypes import FROM_NP as _FROM_NP

_sequence = itertools.count()
_new = object.__new__
_BACKWARD_N = re.compile(r"Backward\d+$")

# nodes torch writes by hand in C++: their name() is "torch::autograd::<class name>"
CPP_NODES = frozenset({"AccumulateGrad", "CopySlices", "CopyBackwards", "GraphRoot", "Error",
                       "DelayedError", "NotImplemented", "UndefinedGradBackward"})

# set by tensor.py once Tensor exists (the two modules need each other)
Tensor = None
_vc_of = None
_VersionCounter = None
_wrap = None


def saved(name, t):
    """What to keep of one thing a node saves: a tensor, a number, or None."""
    if isinstance(t, Tensor):
        return save_tensor(name, t, name == "result")
    return SavedConst(name, t) if t is None else SavedNumber(name, t)


def save_tensor(name, t, is_output=False):
    """``SavedTensor(name, t, is_output)``, built without a call through the type (whose
    ``__init__`` frame costs as much again: every differentiable op saves one or two)."""
    s = _new(SavedTensor)
    vc = t._vc
    if vc is None:
        vc = t._vc = _VersionCounter()
    s.name = name
    s.data = t._data
    s.vc = vc
    s.version = vc.value
    s.output_nr = t._output_nr
    fn = t._grad_fn
    s.had_fn = fn is not None
    if is_output:
        # an output is kept as its array plus the class of the node that made it
        # (torch's saved_for; holding the node itself would be a cycle)
        s.tensor = None
        s.made_by = None if fn is None else type(fn)
    else:
        # an input names whatever its grad_fn is when unpacked
        s.tensor = t
        s.made_by = None
    return s


class SavedTensorInfo:
    """What the widgets show about one saved tensor."""
    __slots__ = ("name", "saved_version", "current_version", "tensor", "shape", "dtype", "is_output")

    def __init__(self, name, saved_version, current_version, tensor, shape, dtype, is_output):
        self.name = name
        self.saved_version = saved_version
        self.current_version = current_version
        self.tensor = tensor
        self.shape = shape
        self.dtype = dtype
        self.is_output = is_output

    def __repr__(self):
        return (f"SavedTensorInfo({self.name}, saved at version {self.saved_version}, "
                f"now {self.current_version})")


class SavedTensor:
    """A tensor saved for backward: its values, its version counter, the version it had.

    Inputs are saved as the Tensor itself (no cycle: an input's grad_fn is upstream);
    outputs only as their array plus the name of the node that made them.
    """
    __slots__ = ("name", "data", "vc", "version", "tensor", "made_by", "had_fn", "output_nr",
                 "_dtype", "__weakref__")

    def __new__(cls, name, t, is_output=False):
        return save_tensor(name, t, is_output)

    @property
    def dtype(self):
        """NumPy's dtype of the saved values (kept when the graph frees them)."""
        return self.data.dtype if self.data is not None else self._dtype

    def _release(self):
        self._dtype = self.data.dtype if self.data is not None else self._dtype
        self.data = None
        self.tensor = None

    def unpack(self):
        if self.data is None:
            raise RuntimeError(FREED_MESSAGE)
        t = self.tensor
        if self.had_fn and t is not None and t._grad_fn is None:
            # it had a history when saved, and .detach_() took it away since
            raise RuntimeError(
                "Trying to use a saved tensor that has been detached in-place, i.e. with "
                ".detach_().This is not supported, please use out-of-place `.detach()` instead")
        if self.vc.value != self.version:
            shape = ", ".join(str(n) for n in self.data.shape)
            made = (node_name(self.made_by) if self.made_by is not None else None) if t is None \
                else (t._grad_fn and t._grad_fn.name())
            which = ""
            if made:
                # torch prints generated nodes without their "Backward<N>" suffix
                which = f", which is output {self.output_nr} of {_BACKWARD_N.sub('', made)},"
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an "
                f"inplace operation: [torch.{_FROM_NP[self.dtype]._legacy} [{shape}]]{which} is at version "
                f"{self.vc.value}; expected version {self.version} instead. Hint: enable anomaly "
                "detection to find the operation that failed to compute its gradient, with "
                "torch.autograd.set_detect_anomaly(True, check_nan=False).")
        return self.data


class SavedConst:
    """Nothing saved: torch's default-constructed SavedVariable (unpacks as None, even
    after the graph is freed)."""
    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name, self.value = name, value

    def unpack(self):
        return self.value


class SavedNumber(SavedConst):
    """A Python number used as a tensor operand (``a * 2``): torch wraps it as a 0-dim
    tensor and saves that, so it is freed by backward like any saved tensor."""
    __slots__ = ("freed",)

    def __init__(self, name, value):
        self.name, self.value, self.freed = name, value, False

    def unpack(self):
        if self.freed:
            raise RuntimeError(FREED_MESSAGE)
        return self.value


FREED_MESSAGE = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward.")


def node_name(cls):
    # torch's hand-written C++ nodes report their namespace; generated ones don't
    n = cls.__name__
    return "torch::autograd::" + n if n in CPP_NODES else n


def save_plan(saves, save_for):
    """What ``dispatch.link`` saves, worked out once per node class: (name, input index
    or -1 for the result, indices of the inputs whose gradient reads it, or None, and the
    empty slot saved instead when none of those needs a gradient; it is never mutated,
    so one serves every node)."""
    return tuple((name, i, None if save_for is None else save_for.get(name), SavedConst(name, None))
                 for name, i in saves)


def input_sizes(node):
    """The shape input 0 had when the op ran (what torch saves as ``self_sizes``): a node
    whose formula needs only that reads it from its input metadata, so the op passes
    no attributes (a dict per call, even when no graph is recorded)."""
    return node._input_meta[0][0]


class Node:
    """Base of every ``grad_fn``. Subclasses are named as torch names them
    (``MulBackward0``) and implement ``backward(grad) -> tuple of input grads``,
    NumPy arrays in, NumPy arrays (or None) out."""

    # defaults as class attributes: a new node only pays for its sequence number
    next_functions = ()
    _input_meta = ()
    _saved = ()
    _hooks = None
    _pre_hooks = None        # register_prehook: fn(grad_outputs) -> new grad_outputs
    _tensor_hooks = None     # {output_nr: [fn(grad)]}: register_hook on an output
    _retained = None         # {output_nr: weakref to the output}: retain_grad()
    _n_outputs = 1           # split/unbind nodes have one per piece
    _grad_versions = None    # per input: _version of the gradient the formula returns
                             # (torch's formula wrote into it in place that many times)
    saves = ()
    save_for = None     # {saved name: inputs whose gradient reads it}; None: save all
    _no_edge = ()       # inputs that get no edge (where's condition, masked_fill's mask):
                        # torch leaves them out of next_functions; they can still be saved

    _save_plan = ()
    _saves_self = False

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls._save_plan = save_plan(cls.saves, cls.save_for)
        # an in-place op whose formula reads self's old value saves a copy of it first
        cls._saves_self = any(i == 0 for _, i in cls.saves)

    def __init__(self):
        self._seq = next(_sequence)   # newer nodes run first in backward, as in torch

    def name(self):
        return node_name(type(self))

    def save(node, /, **tensors):
        """Save tensors (inputs, or ``result=`` the output) for backward."""
        node._saved = tuple(saved(k, t) for k, t in tensors.items())

    def saved(self):
        """The saved arrays, checked against their versions (raises torch's errors)."""
        return [s.unpack() for s in self._saved]

    def saved_tensors_info(self):
        return tuple(
            SavedTensorInfo(s.name, s.version, s.vc.value, s.tensor,
                            tuple(s.data.shape) if s.data is not None else None,
                            _FROM_NP[s.dtype], s.tensor is None)
            for s in self._saved if isinstance(s, SavedTensor))

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
        return _RemovableHandle(self._hooks, fn)

    def register_prehook(self, fn):
        if self._pre_hooks is None:
            self._pre_hooks = []
        self._pre_hooks.append(fn)
        return _RemovableHandle(self._pre_hooks, fn)

    def __call__(self, *grads):
        out = self.backward(*[g._data if hasattr(g, "_data") else g for g in grads])
        return tuple(None if g is None else _wrap(np.asarray(g)) for g in out)

    def __repr__(self):
        return f"<{type(self).__name__} object at {id(self):#x}>"

    @property
    def metadata(self):
        """torch's free-form dict on every node (for hooks and tools to annotate)."""
        m = self.__dict__.get("_metadata")
        if m is None:
            m = self.__dict__["_metadata"] = {}
        return m

    # torch exposes what a node saved as _saved_<name>: an input as the very tensor
    # (x.pow(2).grad_fn._saved_self is x), the output as a new tensor over the same
    # memory and history, a number as the number, an attribute (dim, self_sym_sizes) as
    # its value; _raw_saved_<name> is the SavedTensor itself
    def __getattr__(self, key):
        if key.startswith("_saved_"):
            name = key[7:]
            for s in object.__getattribute__(self, "_saved"):
                if s.name == name:
                    return _public(self, s)
            for attr in (name, _ATTR_OF.get(name)):
                if attr is None or attr.startswith("_") or attr in _NOT_SAVED:
                    continue
                try:
                    v = object.__getattribute__(self, attr)
                except AttributeError:
                    continue
                if not callable(v):
                    return tuple(v) if isinstance(v, (tuple, list)) else v
        elif key.startswith("_raw_saved_"):
            for s in object.__getattribute__(self, "_saved"):
                if s.name == key[11:] and isinstance(s, SavedTensor):
                    return s
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{key}'")

    def __dir__(self):
        names = [n for n in super().__dir__() if n != "_saved"]     # (internal)
        for s in self._saved:
            names.append("_saved_" + s.name)
            if isinstance(s, SavedTensor):
                names.append("_raw_saved_" + s.name)
        return names


# torch's names for what minitensor's nodes keep under other names
_ATTR_OF = {"self_sym_sizes": "self_sizes", "dim": "dims", "self": "base_value"}
_NOT_SAVED = frozenset({"saves", "save_for", "variable", "next_functions", "metadata"})


def _public(node, s):
    """``_saved_<name>`` of one saved thing, as torch hands it out."""
    v = s.unpack()          # torch's errors: freed by backward, modified in place
    if isinstance(s, SavedNumber):
        return _wrap(np.asarray(v))     # torch saved it as a wrapped 0-d tensor
    if not isinstance(s, SavedTensor):
        return v
    if s.tensor is not None:
        return s.tensor
    t = _wrap(v)
    t._vc = s.vc
    if s.made_by is not None:
        t._grad_fn = node if type(node) is s.made_by else None
        t._output_nr = s.output_nr
    return t


class _RemovableHandle:
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
