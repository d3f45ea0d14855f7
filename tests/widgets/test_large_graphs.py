"""Large or runaway graphs never hang: a node budget, a summary, a bounded history."""
import time

import pytest

import minitensor as torch
from widgets import dot, render
from widgets import snapshot as S

from wtools import tensor


def chain(n):
    x = torch.ones(3, requires_grad=True)
    y = x
    for i in range(n):
        y = y * 1.0 if i % 2 else y + 1
    return x, y


def test_5000_node_graph_is_cut_to_the_budget_and_says_what_it_left_out():
    x, y = chain(5000)
    t = time.perf_counter()
    s = S.build([("x", x), ("y", y)], regs=S.Registries())
    assert time.perf_counter() - t < 5
    assert len(s["nodes"]) == S.MAX_NODES
    om = s["omitted"]
    assert om["nodes"] == 5001 - S.MAX_NODES and om["exact"]
    assert om["node_ops"] == {"AddBackward0": 2250, "MulBackward0": 2250, "AccumulateGrad": 1}
    src = render.graph_dot(s)
    assert "4501 more nodes not drawn" in src and "2250× AddBackward0" in src
    assert any(e["src"] == "more" for e in s["edges"])
    S.dumps(s)


def test_node_budget_is_a_parameter():
    x, y = chain(50)
    s = S.build([("y", y)], regs=S.Registries(), max_nodes=10)
    assert len(s["nodes"]) == 10 and s["omitted"]["nodes"] == 41


def test_counting_is_bounded_too():
    x, y = chain(3000)
    s = S.build([("y", y)], regs=S.Registries(), max_nodes=10)
    assert s["omitted"]["nodes"] > 0
    old = S.COUNT_LIMIT
    try:
        S.COUNT_LIMIT = 100
        s = S.build([("y", y)], regs=S.Registries(), max_nodes=10)
        assert s["omitted"]["nodes"] == 100 and not s["omitted"]["exact"]
        assert "at least 100 more nodes" in render.graph_dot(s)
    finally:
        S.COUNT_LIMIT = old


@pytest.mark.skipif(not dot.available(), reason="graphviz `dot` not installed")
def test_5000_node_graph_renders_in_bounded_time():
    x, y = chain(5000)
    s = S.build([("x", x), ("y", y)], regs=S.Registries())
    t = time.perf_counter()
    svg = dot.render(render.graph_dot(s))
    assert time.perf_counter() - t < 10
    assert "more nodes not drawn" in svg


def test_many_tensors_are_counted_not_drawn():
    ns = {"xs%d" % i: torch.ones(1) for i in range(200)}
    from widgets import names as N
    s = S.build(*N.scan(ns), regs=S.Registries())
    assert len(s["tensors"]) == S.MAX_TENSORS
    assert s["omitted"]["tensors"] == 200 - S.MAX_TENSORS


LOOP = """
w = torch.randn(3, requires_grad=True)
x = torch.ones(3)
for i in range(10000):
    loss = ((w * x).sum() - 1) ** 2
    loss.backward()
    with torch.no_grad():
        w -= 0.01 * w.grad
        w.grad.zero_()
"""


@pytest.mark.slow
def test_training_loop_of_10000_steps(nb):
    lab = nb.watch()
    t = time.perf_counter()
    nb.run(LOOP)
    elapsed = time.perf_counter() - t
    assert elapsed < 60
    assert len(lab.timeline) <= lab.timeline.maxlen
    assert lab.error is None
    s = lab.snapshot()
    assert tensor(s, "w")["version"] == 10000
    assert len(s["nodes"]) < 20           # each step builds a new graph; the old ones are gone


@pytest.mark.slow
def test_runaway_graph_in_a_loop(nb):
    lab = nb.watch()
    nb.run("w = torch.ones(2, requires_grad=True)\ntotal = torch.zeros(2)\n"
           "for i in range(3000):\n    total = total + w * i\n")
    s = lab.snapshot()
    assert len(s["nodes"]) == S.MAX_NODES and s["omitted"]["nodes"] > 5000
    assert lab.error is None
    assert lab.panel.graph_svg.count("more nodes not drawn") == 1
