"""What storing pictures for readers without a kernel costs: time and bytes, in one run.

A static picture (draw_graph / draw_memory) stores a PNG and its DOT text; the live panel
stores a PNG of its newest work when a program runs the notebook (widgets/panel.py).
For the kit's graph picture (a chain of N nodes) and the memory picture of N tensors:

* time: the SVG (the long-running `dot`, what the live panel pays), the PNG (a one-shot
  `dot -Tpng`, what a static picture adds), and the panel's stored picture (both pictures
  side by side); ratios to the SVG measured in the same run, medians of --samples;
* size: SVG, PNG and DOT bytes (a notebook stores the PNG in base64, 4/3 larger).

    python bench/bench_stored_pictures.py [--samples 9]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import minitensor as torch                  # noqa: E402
from widgets import dot, render            # noqa: E402
from widgets import snapshot as S          # noqa: E402
from widgets.lab import Lab                 # noqa: E402

SIZES = (5, 20, 100)


def namespace(n):
    x = torch.ones(4, requires_grad=True)
    ns, y = {"x": x}, x
    for i in range(n - 1):
        y = y * 1.0 if i % 2 else y + 1
        if i % 5 == 0:
            ns["t%d" % i] = y
    ns["y"] = y
    return ns


def timed(fn, samples):
    ts = []
    for _ in range(samples):
        dot.clear_cache()               # every sample lays the picture out again
        t = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t) * 1000)
    return statistics.median(ts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=9)
    args = ap.parse_args()
    if not dot.available():
        print("bench_stored_pictures: needs Graphviz's `dot`; skipped")
        return
    print("per picture, ms (median of %d) and bytes; N = nodes in the chain" % args.samples)
    print("| N | graph SVG | graph PNG | PNG/SVG time | panel PNG | panel/SVG time "
          "| SVG bytes | PNG bytes | DOT bytes |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n in SIZES:
        ns = namespace(n)
        lab = Lab(namespace=ns, display=False)
        lab.start()
        snap = S.build(*__import__("widgets.names", fromlist=["scan"]).scan(ns),
                       regs=S.Registries())
        g, m = render.graph_dot(snap), render.memory_dot(snap)
        svg_ms = timed(lambda: dot.render(g), args.samples)
        png_ms = timed(lambda: dot.png(g), args.samples)
        panel_ms = timed(lambda: lab.panel.fallback_png(), args.samples)
        lab.stop()
        svg, png = dot.render(g), dot.png(g)
        print("| %d | %.1f | %.1f | %.1fx | %.1f | %.1fx | %d | %d | %d |"
              % (n, svg_ms, png_ms, png_ms / svg_ms, panel_ms, panel_ms / svg_ms,
                 len(svg), len(png), len(g)))
        del m


if __name__ == "__main__":
    main()
