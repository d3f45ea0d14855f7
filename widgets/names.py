"""Names for tensors: the learner's own variable names, else a label that says what it is.

A tensor without a name right now is labelled, in this order of preference:
``x (earlier)`` (it was called ``x`` until ``x`` was reassigned; the lab remembers),
``a.grad``, ``base of v`` (see :mod:`widgets.snapshot`), else a stable ``t1``, ``t2``...
The panel's legend explains every such label it shows.

The registry holds tensors by weak reference only. Keys are ``id()`` values, used
internally and never shown; an entry is dropped by a weakref callback when its tensor
dies, so an id that Python reuses never inherits an old name.
"""
import weakref

import numpy as np

from . import introspect as I
from .i18n import _

HIDDEN = {"In", "Out", "exit", "quit", "get_ipython", "lab"}
MAX_CONTAINER = 32      # items looked at inside one list/tuple/dict in the namespace
MAX_MODULE_PARAMS = 64


class Registry:
    """Stable internal ids (``T1``...) and display ids (``t1``...) for tensors."""

    def __init__(self, prefix="T"):
        self.prefix = prefix
        self._entries = {}      # id(t) -> [weakref, internal id, display id or None,
                                #           the last name it had or None]
        self._serial = 0
        self._unnamed = 0

    def _entry(self, t):
        e = self._entries.get(id(t))
        if e is not None and e[0]() is t:
            return e
        key = id(t)
        entries = self._entries

        def gone(_ref, key=key, entries=entries):
            cur = entries.get(key)
            if cur is not None and cur[0] is _ref:
                del entries[key]
        ref = weakref.ref(t, gone)      # TypeError for objects that are not weak-referenceable
        self._serial += 1
        e = [ref, "%s%d" % (self.prefix, self._serial), None, None]
        self._entries[key] = e
        return e

    def tid(self, t):
        """Internal id, stable for the object's life: 'T7'. None if not weak-referenceable."""
        try:
            return self._entry(t)[1]
        except TypeError:
            return None

    def peek(self, t):
        e = self._entries.get(id(t))
        if e is not None and e[0]() is t:
            return e[1]
        return None

    def unnamed_label(self, t):
        """'t3': given the first time the tensor is shown without a name, then kept."""
        e = self._entry(t)
        if e[2] is None:
            self._unnamed += 1
            e[2] = "t%d" % self._unnamed
        return e[2]

    def remember(self, t, name):
        """``t`` is called ``name`` now; if it loses the name, it is "name (earlier)"."""
        try:
            self._entry(t)[3] = name
        except TypeError:
            pass

    def label(self, t):
        """(label, kind) for a tensor that has no name now: kind 'earlier' or 'generated'."""
        try:
            e = self._entry(t)
        except TypeError:
            return _("(temporary)"), "temporary"
        if e[3] is not None:
            return _("%s (earlier)") % e[3], "earlier"
        return self.unnamed_label(t), "generated"

    def __len__(self):
        return len(self._entries)


def printable(name):
    """``name`` as text that can be encoded (a lone surrogate becomes ``\\ud800``)."""
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        return name.encode("utf-8", "backslashreplace").decode("utf-8")


def _is_hidden(name):
    return name.startswith("_") or name in HIDDEN


def _module_params(obj):
    """(qualified name, tensor) pairs of an nn.Module-like object, bounded."""
    out = []
    for meth in ("named_parameters", "named_buffers"):
        fn = getattr(obj, meth, None)
        if not callable(fn):
            continue
        try:
            for i, (n, p) in enumerate(fn()):
                if i >= MAX_MODULE_PARAMS:
                    break
                if I.is_tensor(p):
                    out.append((printable(str(n)), p))
        except Exception:
            continue
    return out


def scan(namespace, only=None):
    """Walk a namespace for tensors and numpy arrays.

    Returns ``(tensors, arrays)``: lists of ``(name, obj)`` in a deterministic order
    (namespace order, then container order). A tensor may appear under several names.
    ``only``: an iterable of names to keep (exact top-level names).
    """
    tensors, arrays = [], []
    if not namespace:
        return tensors, arrays
    try:
        items = list(namespace.items())
    except Exception:
        return tensors, arrays
    keep = None if only is None else set(only)
    for name, obj in items:
        if not isinstance(name, str):
            continue
        if keep is not None:
            if name not in keep:
                continue
        elif _is_hidden(name):
            continue
        try:
            _scan_obj(printable(name), obj, tensors, arrays)
        except Exception:
            continue
    return tensors, arrays


def _scan_obj(name, obj, tensors, arrays):
    if I.is_tensor(obj):
        tensors.append((name, obj))
    elif isinstance(obj, np.ndarray):
        arrays.append((name, obj))
    elif isinstance(obj, (list, tuple)):
        for i, x in enumerate(obj[:MAX_CONTAINER]):
            if I.is_tensor(x):
                tensors.append(("%s[%d]" % (name, i), x))
            elif isinstance(x, np.ndarray):
                arrays.append(("%s[%d]" % (name, i), x))
    elif isinstance(obj, dict):
        for i, (k, x) in enumerate(obj.items()):
            if i >= MAX_CONTAINER:
                break
            if I.is_tensor(x):
                tensors.append((printable("%s[%r]" % (name, k)), x))
            elif isinstance(x, np.ndarray):
                arrays.append((printable("%s[%r]" % (name, k)), x))
    elif not isinstance(obj, type):
        for n, p in _module_params(obj):
            tensors.append(("%s.%s" % (name, n), p))
