"""How fast can an eager Python autograd op be? The floor under minitensor's with-grad ratios.

The engine issue asks for tiny ops with grad at 0.8x torch. This script times the least
any eager engine written in Python can do for ``a * b`` when ``a`` requires grad: one
NumPy multiply, one output object, one grad node with its edges (AccumulateGrad for the
leaf), input metadata and two saved tensors with their versions. No checks, no dtype
promotion, no events, no hooks: less than minitensor does and less than torch does.
If even this is not under 0.8x torch, no faithful Python engine is.

    .venv/bin/python bench/python_floor.py
"""
import itertools
import statistics
import timeit
import weakref

import numpy as np
import torch

torch.set_num_threads(1)
_new = object.__new__
_seq = itertools.count()


class Tensor:
    pass


class Node:
    pass


class Saved:
    __slots__ = ("tensor", "data", "vc", "version")


class VersionCounter:
    __slots__ = ("value",)


def leaf(requires_grad):
    t = _new(Tensor)
    t._data = np.random.rand(3, 4).astype(np.float32)
    t._requires_grad, t._grad_fn, t._grad_acc, t._vc = requires_grad, None, None, None
    return t


def mul(x, y):
    out = _new(Tensor)
    out._data = x._data * y._data
    node = _new(Node)
    node._seq = next(_seq)
    edges = []
    for t in (x, y):
        if t._grad_fn is not None:
            edges.append((t._grad_fn, 0))
        elif t._requires_grad:
            acc = t._grad_acc() if t._grad_acc is not None else None
            if acc is None:
                acc = _new(Node)
                acc._seq, acc.variable = next(_seq), t
                t._grad_acc = weakref.ref(acc)
            edges.append((acc, 0))
        else:
            edges.append((None, 0))
    node.next_functions = tuple(edges)
    node._input_meta = ((x._data.shape, x._data.dtype), (y._data.shape, y._data.dtype))
    saved = []
    for t in (x, y):
        s = _new(Saved)
        vc = t._vc
        if vc is None:
            vc = t._vc = _new(VersionCounter)
            vc.value = 0
        s.tensor, s.data, s.vc, s.version = t, t._data, vc, vc.value
        saved.append(s)
    node._saved = tuple(saved)
    out._grad_fn = node
    return out


def main():
    import minitensor as mt
    env = {"mul": mul, "a": leaf(True), "b": leaf(False),
           "ta": torch.rand(3, 4, requires_grad=True), "tb": torch.rand(3, 4),
           "ma": mt.rand(3, 4, requires_grad=True), "mb": mt.rand(3, 4),
           "x": np.random.rand(3, 4).astype(np.float32), "y": np.random.rand(3, 4).astype(np.float32)}
    cases = {"torch": "ta * tb", "minitensor": "ma * mb", "python floor": "mul(a, b)",
             "numpy": "x * y"}
    runs = {k: [] for k in cases}
    for _ in range(15):                       # interleaved: machine load hits all alike
        for k, stmt in cases.items():
            runs[k].append(min(timeit.repeat(stmt, globals=env, number=2000, repeat=3)) / 2000)
    med = {k: statistics.median(v) for k, v in runs.items()}
    print("a * b with a.requires_grad, (3, 4) float32, median of 15 interleaved runs\n")
    print("| engine | time | / torch |\n|---|---|---|")
    for k, v in med.items():
        print(f"| {k} | {v * 1e6:.2f} us | {v / med['torch']:.2f}x |")


if __name__ == "__main__":
    main()
