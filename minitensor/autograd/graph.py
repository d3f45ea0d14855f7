"""``torch.autograd.graph``: the graph's Python face. Nodes themselves are in
``core/graph.py``; what torch lets Python do with one is here (``api.py`` binds it):
call it on gradients, read what it saved as ``grad_fn._saved_<name>``, and choose how
saved tensors are kept (``saved_tensors_hooks``, ``SavedTensor.register_hooks``)."""
import numpy as np

from ..core.dtypes import FROM_NP
from ..core.graph import Node, SavedConst, SavedNumber, SavedTensor, saved_hooks  # noqa: F401
from ..core.tensor import wrap


def node_call(node, *grads):
    """``grad_fn(g)``: the node's formula on tensors."""
    out = node.backward(*[g._data if hasattr(g, "_data") else g for g in grads])
    return tuple(None if g is None else wrap(np.asarray(g)) for g in out)


# torch's names for what minitensor's nodes keep under other names
_ATTR_OF = {"self_sym_sizes": "self_sizes", "dim": "dims", "self": "base_value"}
_NOT_SAVED = frozenset({"saves", "save_for", "variable", "next_functions", "metadata"})


def saved_attribute(node, key):
    """torch exposes what a node saved as ``_saved_<name>``: an input as the very tensor
    (``x.pow(2).grad_fn._saved_self is x``), the output as a new tensor over the same
    memory and history, a number as the number, an attribute (dim, self_sym_sizes) as
    its value; ``_raw_saved_<name>`` is the SavedTensor itself."""
    if key.startswith("_saved_"):
        name = key[7:]
        for s in object.__getattribute__(node, "_saved"):
            if s.name == name:
                return _public(node, s)
        for attr in (name, _ATTR_OF.get(name)):
            if attr is None or attr.startswith("_") or attr in _NOT_SAVED:
                continue
            try:
                v = object.__getattribute__(node, attr)
            except AttributeError:
                continue
            if not callable(v):
                return tuple(v) if isinstance(v, (tuple, list)) else v
    elif key.startswith("_raw_saved_"):
        for s in object.__getattribute__(node, "_saved"):
            if s.name == key[11:] and (isinstance(s, SavedTensor) or type(s) is SavedConst):
                return s
    raise AttributeError(f"'{type(node).__name__}' object has no attribute '{key}'")


def node_dir(node):
    names = [n for n in object.__dir__(node) if n != "_saved"]     # (internal)
    for s in node._saved:
        names.append("_saved_" + s.name)
        if isinstance(s, SavedTensor):
            names.append("_raw_saved_" + s.name)
    return names


def _public(node, s):
    """``_saved_<name>`` of one saved thing, as torch hands it out."""
    v = s.unpack()          # torch's errors: freed by backward, modified in place
    if isinstance(s, SavedNumber):
        return wrap(np.asarray(v))      # torch saved it as a wrapped 0-d tensor
    if not isinstance(s, SavedTensor):
        return v
    if s.tensor is not None:
        return s.tensor
    t = wrap(v)
    t._vc = s.vc
    if s.input_meta is not None:      # an input kept by hooks: a new tensor, same history
        t._requires_grad, t._grad_fn = s.input_meta
    if s.made_by is not None:
        t._grad_fn = node if type(node) is s.made_by else None
        t._output_nr = s.output_nr
    return t


# ------------------------------------------------------------------ saved-tensor hooks
class saved_tensors_hooks:
    """``with saved_tensors_hooks(pack, unpack):`` every tensor an op saves for backward
    inside is passed to ``pack(tensor)``, which returns what to keep instead (a copy, a
    file name...); backward calls ``unpack(kept)`` for a tensor with the same values."""

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook

    def __enter__(self):
        saved_hooks.append((self.pack_hook, self.unpack_hook))

    def __exit__(self, *exc):
        saved_hooks.pop()


def register_hooks(saved, *hooks):
    """``grad_fn._raw_saved_<name>.register_hooks(pack, unpack)``: the same for one
    tensor already saved; ``pack`` runs now, on a detached alias of it."""
    if len(hooks) != 2 or not all(callable(h) for h in hooks):
        raise TypeError("register_hooks(): incompatible function arguments. The following "
                        "argument types are supported:\n    1. (self: torch._C._autograd."
                        "SavedTensor, arg0: collections.abc.Callable, arg1: collections.abc."
                        "Callable) -> None\n\nInvoked with: "
                        + ", ".join(map(repr, (saved,) + hooks)))
    pack_hook, unpack_hook = hooks
    if type(saved) is SavedConst:
        raise RuntimeError("Calling register_hooks on a saved tensor with value None is forbidden")
    if saved.hooks is not None:
        raise RuntimeError("Calling register_hooks on a saved tensor whose hooks have already "
                           "been set. Hint: only one pair of hooks is allowed at a time.")
    if saved.data is None:
        raise RuntimeError(
            "Calling register_hooks on a saved tensor after it has been freed. Saved "
            "intermediate values of the graph are freed when you call .backward() or "
            "autograd.grad(). Specify retain_graph=True if you need to backward through the "
            "graph a second time or if you need to access saved variables after calling backward.")
    if saved.tensor is not None:
        t = saved.tensor.detach()
    else:                             # an output: its values and version counter only
        t = wrap(saved.data)
        t._vc = saved.vc
    saved._pack(pack_hook, unpack_hook, t)


def saved_repr(saved):
    return f"<torch._C._autograd.SavedTensor object at {id(saved):#x}>"


class SavedTensorInfo:
    """What the widgets show about one saved tensor."""
    __slots__ = ("name", "saved_version", "current_version", "tensor", "shape", "dtype",
                 "is_output")

    def __init__(self, name, saved_version, current_version, tensor, shape, dtype, is_output):
        self.name, self.saved_version, self.current_version = name, saved_version, current_version
        self.tensor, self.shape, self.dtype, self.is_output = tensor, shape, dtype, is_output

    def __repr__(self):
        return (f"SavedTensorInfo({self.name}, saved at version {self.saved_version}, "
                f"now {self.current_version})")


def saved_tensors_info(node):
    """What the widgets show about the tensors a node saved."""
    return tuple(
        SavedTensorInfo(s.name, s.version, s.vc.value, s.tensor,
                        tuple(s.data.shape) if s.data is not None else s._shape,
                        FROM_NP[s.dtype], s.tensor is None and s.input_meta is None)
        for s in node._saved if isinstance(s, SavedTensor))
