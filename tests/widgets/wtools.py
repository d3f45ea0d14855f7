"""Shared helpers for the widgets tests."""
from widgets import snapshot as S


def snap_of(ns, *names, **kw):
    """A snapshot of the named tensors in ``ns`` with fresh registries."""
    from widgets import names as N
    found, arrays = N.scan(ns)
    if names:
        found = [(n, t) for n, t in found if n in names]
    return S.build(found, arrays, regs=S.Registries(), **kw)


def tensor(snap, name):
    for t in snap["tensors"]:
        if t["name"] == name:
            return t
    raise KeyError(name)


def storage(snap, sid):
    return next(s for s in snap["storages"] if s["id"] == sid)


def node(snap, nid):
    return next(n for n in snap["nodes"] if n["id"] == nid)
