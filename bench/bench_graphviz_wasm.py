"""Layout speed of Graphviz in the browser (viz.js, WebAssembly) against the native `dot`.

For the kit's own graph picture of about 20, 100 and 500 nodes (the chain bench_widgets.py
uses), it times DOT -> SVG text:

* native: the `dot` program run once per picture (`dot -Tsvg`, what graphviz.pipe does);
* wasm:   viz.js in headless Chromium (widgets/static/graphviz/viz.js, served on
          127.0.0.1), timed inside the page; "load" is the first instance() (compiling
          the WebAssembly), once per page.

Other browser builds can be compared in the same run: ``--also NAME=PATH.js``, where
PATH.js is an ES module exporting ``Graphviz`` (@hpcc-js/wasm-graphviz's dist/index.js).
Samples alternate between the engines, so a burst of load on this shared machine hits
all of them; each figure is a median (p95 beside it) of --samples runs.

    python bench/bench_graphviz_wasm.py [--samples 15] [--also hpcc=/path/to/index.js]
"""
import argparse
import functools
import http.server
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import minitensor as torch      # noqa: E402
import widgets                  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SIZES = (20, 100, 500)

PAGE = """<!doctype html><meta charset="utf-8"><script type="module">
const loaders = {viz: async () => { const m = await import("./viz.js"); const v = await m.instance();
                                    return s => v.renderString(s, {format: "svg"}); }};
%s
window.loaders = loaders; window.ready = true;
</script>"""
HPCC_LOADER = """loaders[%r] = async () => { const m = await import(%r); const g = await m.Graphviz.load();
                                     return s => g.dot(s, "svg"); };"""

TIME_JS = """async ([name, dots, samples]) => {
  const t0 = performance.now(); const render = await window.loaders[name]();
  const out = {load: performance.now() - t0};
  for (const [n, src] of Object.entries(dots)) {
    render(src);                               // warm: the first layout pays for allocation
    const ts = [];
    for (let i = 0; i < samples; i++) { const t = performance.now(); render(src); ts.push(performance.now() - t); }
    out[n] = ts;
  }
  return out;
}"""


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def chain_dot(nodes):
    x = torch.ones(4, requires_grad=True)
    y = x
    for i in range(nodes - 2):
        y = y * 1.0 if i % 2 else y + 1
    return widgets.draw_graph(y).source


def native_times(src, samples):
    ts = []
    for _ in range(samples):
        t = time.perf_counter()
        subprocess.run(["dot", "-Tsvg"], input=src.encode(), capture_output=True, check=True)
        ts.append((time.perf_counter() - t) * 1000)
    return ts


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=3, help="fresh pages per engine")
    ap.add_argument("--also", action="append", default=[], metavar="NAME=PATH.js")
    args = ap.parse_args()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench_graphviz_wasm: playwright is not installed; skipped")
        return
    if not Path(CHROMIUM).exists() or shutil.which("dot") is None:
        print("bench_graphviz_wasm: needs /usr/bin/chromium and `dot`; skipped")
        return

    dots = {str(n): chain_dot(n) for n in SIZES}
    site = Path(tempfile.mkdtemp(prefix="bench-gv-"))
    shutil.copy(ROOT / "widgets/static/graphviz/viz.js", site / "viz.js")
    extra = []
    for spec in args.also:
        name, path = spec.split("=", 1)
        shutil.copy(path, site / f"{name}.js")
        extra.append(HPCC_LOADER % (name, f"./{name}.js"))
    (site / "index.html").write_text(PAGE % "\n".join(extra))
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"

    engines = ["viz"] + [s.split("=", 1)[0] for s in args.also]
    times = {e: {n: [] for n in dots} for e in ["native"] + engines}
    loads = {e: [] for e in engines}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for _ in range(args.rounds):          # engines take turns, round after round
            for n, src in dots.items():
                times["native"][n] += native_times(src, args.samples)
            for e in engines:
                page = browser.new_page()
                page.route("**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
                page.goto(url)
                page.wait_for_function("window.ready")
                r = page.evaluate(TIME_JS, [e, dots, args.samples])
                loads[e].append(r.pop("load"))
                for n in dots:
                    times[e][n] += r[n]
                page.close()
        browser.close()
    server.shutdown()

    sizes = {e: (site / f"{e}.js").stat().st_size for e in engines}
    print(f"DOT -> SVG, ms (median / p95 of {args.samples * args.rounds}); "
          f"graph picture, chain of N nodes")
    print(f"{'engine':<10} {'bundle':>9} {'load':>7} " + " ".join(f"{'N=' + n:>15}" for n in dots))
    for e in ["native"] + engines:
        size = f"{sizes[e] / 1e6:.2f} MB" if e in sizes else "-"
        load = f"{statistics.median(loads[e]):.0f}" if e in loads else "-"
        cells = " ".join(f"{statistics.median(times[e][n]):7.1f} /{pct(times[e][n], 95):6.1f}"
                         for n in dots)
        print(f"{e:<10} {size:>9} {load:>7} {cells}")
    print("ratio to native (medians):")
    for e in engines:
        print(f"{e:<10} " + " ".join(
            f"N={n}: {statistics.median(times[e][n]) / statistics.median(times['native'][n]):.2f}x"
            for n in dots))
    shutil.rmtree(site, ignore_errors=True)


if __name__ == "__main__":
    main()
