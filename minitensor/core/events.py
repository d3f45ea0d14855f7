"""The engine's observer API: the one place it tells the widgets what happened.

Every tensor created by an op, every in-place change, every ``backward`` and every
``.grad`` update calls :func:`emit`. Call sites guard with ``if listeners:``, so when
nobody listens the cost is one truthiness check.

Events hold tensors by weak reference only: watching must never keep memory alive.
"""
import itertools
import weakref

listeners = []          # callables taking one Event; mutated in place, never rebound
_seq = itertools.count(1)

# kinds of event
CREATE = "create"       # an op (or a creation function) produced new tensors
INPLACE = "inplace"     # an op changed tensors in place (their _version went up)
BACKWARD = "backward"   # backward() / autograd.grad() ran
GRAD = "grad"           # a leaf's (or retained) .grad was set or accumulated


class Event:
    __slots__ = ("seq", "kind", "op", "inputs", "outputs")

    def __init__(self, kind, op, inputs, outputs):
        self.seq = next(_seq)
        self.kind = kind
        self.op = op
        self.inputs = tuple(_ref(t) for t in inputs)
        self.outputs = tuple(_ref(t) for t in outputs)

    def __repr__(self):
        return f"Event(seq={self.seq}, kind={self.kind!r}, op={self.op!r})"


def _ref(t):
    try:
        return weakref.ref(t)
    except TypeError:       # a Python number taking part in an op
        return lambda: None


def emit(kind, op, inputs=(), outputs=()):
    event = Event(kind, op, inputs, outputs)
    for fn in tuple(listeners):
        try:
            fn(event)
        except Exception:   # an observer's bug must never break the learner's code
            pass
    return event


class Subscription:
    def __init__(self, fn):
        self.fn = fn
        listeners.append(fn)

    def close(self):
        try:
            listeners.remove(self.fn)
        except ValueError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def subscribe(fn):
    """Call ``fn(event)`` after every engine event until ``.close()`` is called."""
    return Subscription(fn)
