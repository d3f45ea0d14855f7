"""The live pictures' cost, measured in one run (issue 16's targets in brackets).

1. redraw: from an op in the learner's code to both new SVGs in the kernel (the engine
   event, the snapshot, DOT for both pictures, the persistent ``dot``, the panel's
   traits), on a fresh graph of about N nodes each sample (nothing from the SVG cache):
   N = 20, 100, 500, 5,000 (500 are drawn; the rest are counted into one box).
2. watched / unwatched: the same learner's loop with a lab watching and without, in
   turns, best of the repeats each: a 10,000-step MLP training loop [<= 1.5x] and the
   100 x 50 wide graph (5,000 ops in 100 columns) [<= 2x]. The end-of-cell picture
   that follows the loop is shown on its own.
3. cell to picture, in the browser: JupyterLab and headless Chromium; the time from
   running a cell to its new tensor's name in the panel's SVG, over 30 lesson-like
   cells [p50 <= 100 ms, p95 <= 150 ms on 2 cores]. Skipped (and said so) without
   Chromium or Playwright, or with --no-browser.

    python bench/bench_widgets.py [--samples 15] [--mlp-steps 10000] [--repeats 3] [--no-browser]

Timings on a shared machine are noisy: compare the ratios, measured in turns in one run.
"""
import argparse
import gc
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import minitensor as torch                      # noqa: E402
from minitensor import nn                       # noqa: E402
import minitensor.nn.functional as F            # noqa: E402
from widgets import dot                         # noqa: E402
from widgets.lab import Lab                     # noqa: E402


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def verdict(ok):
    return "ok" if ok else "MISSED"


# ---------------------------------------------------------------- 1. redraw

def chain(nodes):
    """A graph of `nodes` grad_fn nodes (plus AccumulateGrad) hanging off one leaf."""
    x = torch.ones(4, requires_grad=True)
    y = x
    for i in range(nodes - 2):
        y = y * 1.0 if i % 2 else y + 1
    return x, y


def bench_redraw(nodes, samples):
    ns = {}
    lab = Lab(namespace=ns, display=False, throttle=0.0)
    lab.start()
    times, drawn = [], 0
    try:
        for _ in range(samples + 2):
            lab._running = False                # build the graph unwatched
            ns.clear()
            ns["x"], ns["y"] = chain(nodes)
            lab._running = True
            lab.post_run_cell()                 # the cell that built it ends
            t = time.perf_counter()
            ns["z"] = ns["y"] * 2               # the op: event -> snapshot -> both SVGs
            times.append(time.perf_counter() - t)
            drawn = len(lab.current["nodes"])
            assert lab.panel.graph_svg and lab.panel.memory_svg
            lab.post_run_cell()
    finally:
        lab.stop()
    return times[2:], drawn                     # warm-up: dot start, imports


# ---------------------------------------------------------------- 2. watched / unwatched

def wide(ns):
    x = torch.ones(3, requires_grad=True)
    cols = []
    for j in range(100):
        c = x * float(j)
        for i in range(49):
            c = c + 1.0
        cols.append(c)
    ns.update(x=x, cols=cols, total=torch.stack(cols).sum())


def mlp(ns, steps):
    torch.manual_seed(0)
    X, Y = torch.randn(32, 8), torch.randint(0, 3, (32,))
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    ns.update(X=X, Y=Y, model=model)
    for step in range(steps):
        opt.zero_grad()
        loss = F.cross_entropy(model(X), Y)
        loss.backward()
        opt.step()
    ns["loss"] = loss


def bench_watched(loop, repeats):
    """(best unwatched s, best watched s, median end-of-cell picture s), in turns."""
    plain, watched, ends = [], [], []
    for _ in range(repeats):
        for watching in (False, True):
            ns = {}
            lab = None
            if watching:
                lab = Lab(namespace=ns, display=False)
                lab.start()
                lab.post_run_cell()             # the `lab = watch()` cell ends
            gc.collect()                        # the previous turn's garbage is not ours
            t = time.perf_counter()
            loop(ns)                            # the learner's cell
            dt = time.perf_counter() - t
            if lab is not None:
                t = time.perf_counter()
                lab.post_run_cell()             # its end: the final picture
                ends.append(time.perf_counter() - t)
                lab.stop()
                watched.append(dt)
            else:
                plain.append(dt)
    return min(plain), min(watched), statistics.median(ends)


# ---------------------------------------------------------------- 3. in the browser

CELL_JS = """
async (i) => {
  const app = window.jupyterapp, nb = app.shell.currentWidget.content;
  nb.activeCellIndex = i;
  const t0 = performance.now();
  app.commands.execute('notebook:run-cell');
  const want = nb.widgets[i].model.sharedModel.getSource().split('=')[0].trim();
  const panel = () => nb.widgets[1].node.querySelector('.mtw-memory svg');
  while (performance.now() - t0 < 10000) {
    const svg = panel();
    if (svg && [...svg.querySelectorAll('text')].some(
        t => t.textContent.replace(/\\u00a0/g, ' ').trim() === want))
      return performance.now() - t0;
    await new Promise(r => requestAnimationFrame(r));
  }
  return -1;
}
"""


def latency_cells(n):
    """Lesson-like cells, each making one new named tensor (v0, v1, ...)."""
    ops = ["torch.ones(3, requires_grad=True)", "{0} * 2", "{1}.clone()", "{0}.detach()",
           "{2}.sum()", "torch.arange(6.).view(2, 3)", "{5}.t()", "{5}[:, 1:]"]
    cells = []
    for i in range(n):
        base = i - i % len(ops)
        names = ["v%d" % (base + k) for k in range(len(ops))]
        cells.append("v%d = %s" % (i, ops[i % len(ops)].format(*names)))
    return cells


def bench_browser(n):
    """p50, p95 (ms) from run-cell to the new name in the panel, or a reason for None."""
    chromium = os.environ.get("MINITENSOR_CHROMIUM", "/usr/bin/chromium")
    if not os.access(chromium, os.X_OK):
        return None, "no Chromium at %s" % chromium
    if importlib.util.find_spec("playwright") is None:
        return None, "Playwright not installed"
    import tempfile
    import nbformat
    from playwright.sync_api import sync_playwright
    spec = importlib.util.spec_from_file_location(
        "_browser_conftest", ROOT / "tests" / "browser" / "conftest.py")
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                     "language": "python"}
        nb.cells = [nbformat.v4.new_code_cell("import minitensor as torch\nfrom widgets import watch"),
                    nbformat.v4.new_code_cell("lab = watch()")]
        nb.cells += [nbformat.v4.new_code_cell(c) for c in latency_cells(n)]
        nbformat.write(nb, src / "latency.ipynb")
        server = harness.LabServer(src, Path(tmp) / "work").start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium, headless=True,
                                            args=harness.CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                lab = harness.LabPage(page, server, Path(tmp))
                lab.open("latency.ipynb")
                lab.run_cell(0)
                lab.run_cell(1)
                page.wait_for_selector(".mtw")
                times = []
                for i in range(2, 2 + n):
                    ms = page.evaluate(CELL_JS, i)
                    lab.wait_kernel_idle()
                    if ms < 0:
                        return None, "cell %d never showed its tensor" % i
                    times.append(ms)
                browser.close()
        finally:
            server.stop()
    return (statistics.median(times), pct(times, 95), max(times)), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=15)
    ap.add_argument("--mlp-steps", type=int, default=10000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--cells", type=int, default=30)
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--only", choices=["redraw", "watched", "browser"], default=None)
    args = ap.parse_args()
    if not dot.available():
        print("bench_widgets: graphviz `dot` not installed; nothing to measure")
        return 0
    print("machine: %d cores, load average %s" % (os.cpu_count() or 0,
                                                 " ".join("%.2f" % x for x in os.getloadavg())))
    ok = True

    print("\n1. redraw: op -> both SVGs ready in the kernel (%d samples each)" % args.samples)
    print("%8s %8s %9s %9s %9s" % ("nodes", "drawn", "median", "p95", "max"))
    for n in (20, 100, 500, 5000) if args.only in (None, "redraw") else ():
        times, drawn = bench_redraw(n, args.samples if n < 5000 else max(3, args.samples // 3))
        print("%8d %8d %7.1fms %7.1fms %7.1fms" % (n, drawn, statistics.median(times) * 1e3,
                                                  pct(times, 95) * 1e3, max(times) * 1e3))

    print("\n2. watched / unwatched, best of %d each, in turns" % args.repeats)
    print("%-28s %10s %10s %7s %8s  %s" % ("loop", "unwatched", "watched", "ratio", "target",
                                           "end-of-cell picture"))
    for name, loop, target in (
            ("MLP, %d steps" % args.mlp_steps, lambda ns: mlp(ns, args.mlp_steps), 1.5),
            ("wide graph 100 x 50", wide, 2.0)) if args.only in (None, "watched") else ():
        plain, watched, end = bench_watched(loop, args.repeats)
        ratio = watched / plain
        ok &= ratio <= target
        print("%-28s %9.3fs %9.3fs %6.2fx %7.1fx  %.0f ms  %s" % (
            name, plain, watched, ratio, target, end * 1e3, verdict(ratio <= target)))

    print("\n3. cell -> picture in the browser (JupyterLab + Chromium, %d cells)" % args.cells)
    if args.no_browser or args.only not in (None, "browser"):
        print("skipped (--no-browser or --only)")
    else:
        res, why = bench_browser(args.cells)
        if res is None:
            print("not measured: %s" % why)
            ok &= why.startswith("no ") or why.endswith("not installed")
        else:
            p50, p95, worst = res
            good = p50 <= 100 and p95 <= 150
            ok &= good
            print("p50 %.0f ms, p95 %.0f ms, max %.0f ms  (target p50 <= 100, p95 <= 150)  %s"
                  % (p50, p95, worst, verdict(good)))
    print("\nbench_widgets:", "all targets met" if ok else "some targets missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
