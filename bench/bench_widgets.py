"""Latency of the live pictures: from an op in the learner's code to the new SVG in the kernel.

For each picture size we build a fresh graph of about N nodes (outside the timing), then
time one op, ``z = y * 2``, while a lab watches: the engine event, the snapshot, DOT for
both pictures, the persistent ``dot``, and the panel's traits set. Every sample is a new
graph, so nothing comes from the SVG cache. "unchanged" times a cell that changed
nothing (the picture is not re-rendered). Targets (the issue): median <= 25 ms and
p95 <= 40 ms up to 100 nodes, <= 100 ms at 500 nodes.

    python bench/bench_widgets.py [--samples 30]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import minitensor as torch                      # noqa: E402
from widgets import dot                         # noqa: E402
from widgets.lab import Lab                     # noqa: E402


def chain(nodes):
    """A graph of `nodes` grad_fn nodes (plus AccumulateGrad) hanging off one leaf."""
    x = torch.ones(4, requires_grad=True)
    y = x
    for i in range(nodes - 2):
        y = y * 1.0 if i % 2 else y + 1
    return x, y


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def bench(nodes, samples):
    ns = {}
    lab = Lab(namespace=ns, display=False, throttle=0.0)
    lab.start()
    times, graph_nodes = [], []
    try:
        for _ in range(samples + 3):
            lab._running = False                # build the graph unwatched
            ns.clear()
            ns["x"], ns["y"] = chain(nodes)
            lab._running = True
            lab.post_run_cell()                 # the cell that built it ends
            t = time.perf_counter()
            ns["z"] = ns["y"] * 2               # the op: event -> snapshot -> SVG
            times.append(time.perf_counter() - t)
            graph_nodes.append(len(lab.current["nodes"]))
            assert lab.panel.graph_svg and "z" not in lab.panel.graph_svg[:0]
            lab.post_run_cell()
    finally:
        lab.stop()
    times = times[3:]                           # warm-up: dot process start, imports
    return times, graph_nodes[-1], lab


def bench_unchanged(samples):
    ns = {}
    lab = Lab(namespace=ns, display=False, throttle=0.0)
    lab.start()
    ns["x"], ns["y"] = chain(100)
    lab.post_run_cell()
    lab.post_run_cell()                         # the highlights of the first cell go away
    renders = dot.stats["renders"]
    times = []
    for _ in range(samples):
        t = time.perf_counter()
        lab.post_run_cell()                     # a cell that changed nothing
        times.append(time.perf_counter() - t)
    lab.stop()
    return times, dot.stats["renders"] - renders


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=30)
    args = ap.parse_args()
    if not dot.available():
        print("bench_widgets: graphviz `dot` not installed; nothing to measure")
        return 0
    print("widgets latency, op -> new SVG ready in the kernel (%d samples each)" % args.samples)
    print("%-10s %6s %9s %9s %9s  %s" % ("picture", "nodes", "median", "p95", "max", "target"))
    ok = True
    for n, (med_t, p95_t) in ((20, (25, 40)), (100, (25, 40)), (500, (100, 100))):
        times, drawn, _ = bench(n, args.samples)
        med, p95 = statistics.median(times) * 1e3, pct(times, 95) * 1e3
        good = med <= med_t and p95 <= p95_t
        ok &= good
        print("%-10s %6d %7.1fms %7.1fms %7.1fms  median<=%d p95<=%d %s" % (
            "graph+mem", drawn, med, p95, max(times) * 1e3, med_t, p95_t,
            "ok" if good else "MISSED"))
    times, renders = bench_unchanged(args.samples)
    print("%-10s %6d %7.1fms %7.1fms %7.1fms  re-rendered %d times (want 0)" % (
        "unchanged", 100, statistics.median(times) * 1e3, pct(times, 95) * 1e3,
        max(times) * 1e3, renders))
    ok &= renders == 0
    print("bench_widgets:", "all targets met" if ok else "some targets missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
