"""Helpers for the widgets tests: a fake notebook that runs cells into a namespace."""
import linecache

import pytest

import minitensor as torch
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


@pytest.fixture
def nb():
    n = Notebook()
    yield n
    n.close()
