"""Shared helpers for the widgets tests: a fake notebook, snapshot lookups."""
import linecache

import minitensor as torch
from widgets import snapshot as S
from widgets.lab import Lab


class Notebook:
    """Runs code strings as cells into one namespace and calls the lab's cell hook."""

    def __init__(self):
        self.ns = {"torch": torch, "np": __import__("numpy")}
        self.count = 0
        self.labs = []

    def watch(self, *tensors, **kw):
        lab = Lab(tensors=tensors, namespace=self.ns, display=False, **kw)
        lab.start()
        self.labs.append(lab)
        return lab

    def run(self, code):
        self.count += 1
        name = "<cell-%d>" % self.count
        linecache.cache[name] = (len(code), None, code.splitlines(True), name)
        exec(compile(code, name, "exec"), self.ns)
        for lab in self.labs:
            lab.post_run_cell()
        return self

    def close(self):
        for lab in self.labs:
            lab.stop()


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
