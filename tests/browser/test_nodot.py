"""Pictures without Graphviz's `dot`: laid out in the browser, by Graphviz in WebAssembly.

JupyterLab runs with `dot` removed from PATH (so its kernels have none). The live panel
and a draw_graph / draw_memory output must still show SVG pictures, laid out in the page
by the viz.js the kit installs beside JupyterLab's extensions, with every request for
another host than 127.0.0.1 blocked. The pictures must be those native `dot` draws (same
nodes, edges and texts) with every text inside its box (the fonts are ones viz.js knows).
Screenshots at 1366x768 and 1024x768 in artifacts/screenshots/nodot-*.png.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest

CELLS = [
    "import minitensor as torch\nimport widgets\nfrom widgets import watch, dot\n"
    "print('dot available:', dot.available())",
    "lab = watch()",
    "a = torch.tensor([1., 2., 3.], requires_grad=True)\nd = a.detach()\n"
    "y = (a * 2).exp()\nd[0] = 10.\nz = y.sum()",
    "widgets.draw_graph(z)",
    "widgets.draw_memory(a, d, y)",
]
VIZ_URL = "/lab/extensions/minitensor-kit/static/viz.js"


def _path_without_dot():
    """PATH with only this Python's bin directory: no `dot` (nor anything else)."""
    keep = os.path.dirname(sys.executable)
    assert not os.path.exists(os.path.join(keep, "dot"))
    return keep


@pytest.fixture(scope="module")
def lab_server(lab_server_factory, tmp_path_factory):
    src = tmp_path_factory.mktemp("nodot-src")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(c) for c in CELLS]
    nbformat.write(nb, src / "nodot.ipynb")
    old = os.environ["PATH"]
    os.environ["PATH"] = _path_without_dot()        # inherited by the server and its kernels
    try:
        return lab_server_factory(src)
    finally:
        os.environ["PATH"] = old


@pytest.fixture
def offline(lab):
    """Block every request that leaves 127.0.0.1; remember the requests for viz.js."""
    seen = {"blocked": [], "viz": []}

    def route(r):
        url = urlsplit(r.request.url)
        if url.hostname != "127.0.0.1":
            seen["blocked"].append(r.request.url)
            return r.abort()
        if url.path.endswith(VIZ_URL):
            seen["viz"].append(r.request.url)
        return r.continue_()
    lab.page.route("**/*", route)
    lab.page.on("response", lambda resp: seen.setdefault("status", []).append(
        resp.status) if resp.url.split("?")[0].endswith(VIZ_URL) else None)
    yield seen
    assert seen["blocked"] == [], f"requests left the machine: {seen['blocked']}"


# For each node of an SVG: its title, its texts, and whether every text lies inside the
# node's outline (the first path/polygon/ellipse of the node).
FIT_JS = r"""(svgText) => {
  const box = document.createElement('div');
  box.style.position = 'absolute'; box.style.left = '0'; box.style.top = '0';
  box.innerHTML = svgText;
  document.body.appendChild(box);
  const out = {nodes: [], edges: [], texts: [], overflow: []};
  for (const g of box.querySelectorAll('g.node')) {
    const title = g.querySelector('title').textContent;
    out.nodes.push(title);
    const shape = g.querySelector('path, polygon, ellipse');
    const texts = [...g.querySelectorAll('text')];
    for (const t of texts) out.texts.push(t.textContent.replace(/\u00a0/g, ' ').trim());
    if (!shape || title === 'legend') continue;
    const s = shape.getBoundingClientRect();
    for (const t of texts) {
      const r = t.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1)
        out.overflow.push([title, t.textContent, Math.round(r.right - s.right), Math.round(s.left - r.left)]);
    }
  }
  for (const g of box.querySelectorAll('g.edge')) out.edges.push(g.querySelector('title').textContent);
  box.remove();
  for (const k of ['nodes', 'edges', 'texts']) out[k].sort();
  return out;
}"""

# The panel's two pictures as SVG text, and how they were laid out.
PANEL_SVGS_JS = r"""() => {
  const panel = document.querySelector('.mtw');
  const svg = sel => { const s = panel.querySelector(sel + ' svg'); return s ? s.outerHTML : ''; };
  return {graph: svg('.mtw-graph'), memory: svg('.mtw-memory'), how: panel.dataset.laidOut || '',
          message: panel.querySelector('.mtw-msg').textContent};
}"""

# A static picture's output: the SVG its <img> shows, the DOT the notebook stored.
STATIC_JS = r"""(i) => {
  const cell = window.jupyterapp.shell.currentWidget.content.widgets[i];
  const box = cell.node.querySelector('.minitensor-picture');
  if (!box || box.dataset.layout !== 'browser') return null;
  const img = box.querySelector('img');
  const r = img.getBoundingClientRect();
  return {svg: decodeURIComponent(img.src.split(',', 2)[1]), loaded: img.complete && img.naturalWidth > 0,
          size: [r.width, r.height], dot: cell.model.outputs.get(0).data['text/vnd.graphviz']};
}"""


def native_svg(source):
    path = shutil.which("dot")
    if path is None:
        pytest.skip("no native `dot` in the test process to compare with")
    out = subprocess.run([path, "-Tsvg"], input=source.encode(), capture_output=True,
                         check=True).stdout.decode()
    return out[out.index("<svg"):]


def assert_like_native(lab, browser_svg, source, what):
    got = lab.evaluate(FIT_JS, browser_svg)
    want = lab.evaluate(FIT_JS, native_svg(source))
    assert got["nodes"] == want["nodes"] and got["edges"] == want["edges"], what
    assert got["texts"] == want["texts"], what
    assert len(got["nodes"]) >= 3, what
    assert got["overflow"] == [], f"{what}: text outside its box: {got['overflow']}"


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
def test_pictures_are_laid_out_in_the_browser_without_dot(lab, offline, size):
    w, h = size
    lab.page.set_viewport_size({"width": w, "height": h})
    lab.open("nodot.ipynb")
    lab.run_cell(0)
    lab.wait_for_text("dot available: False", lab.output(0))

    lab.run_cell(1)
    lab.run_cell(2)
    lab.page.wait_for_function("""() => { const p = document.querySelector('.mtw');
        return p && p.dataset.laidOut === 'browser' &&
               [...p.querySelectorAll('.mtw-graph svg text')].some(
                   t => t.textContent.replace(/\u00a0/g, ' ').trim() === 'SumBackward0'); }""",
                               timeout=30_000)
    panel = lab.evaluate(PANEL_SVGS_JS)
    assert panel["how"] == "browser" and panel["message"] == ""
    assert panel["graph"].startswith("<svg") and panel["memory"].startswith("<svg")
    lab.cell(1).scroll_into_view_if_needed()
    lab.screenshot(f"nodot-panel-{w}x{h}", target=lab.cell(1))

    for i, kind in ((3, "graph"), (4, "memory")):
        lab.run_cell(i)
        lab.page.wait_for_function("(i) => { const c = window.jupyterapp.shell.currentWidget.content.widgets[i];"
                                   " const b = c.node.querySelector('.minitensor-picture');"
                                   " return b && b.dataset.layout; }", arg=i, timeout=30_000)
        pic = lab.evaluate(STATIC_JS, i)
        assert pic is not None, lab.evaluate(
            "(i) => window.jupyterapp.shell.currentWidget.content.widgets[i].node.innerText", i)
        assert pic["loaded"] and min(pic["size"]) > 0
        assert pic["dot"].startswith("digraph " + ("compute" if kind == "graph" else "memory"))
        assert_like_native(lab, pic["svg"], pic["dot"], f"draw_{kind}")
        lab.cell(i).scroll_into_view_if_needed()
        lab.screenshot(f"nodot-draw_{kind}-{w}x{h}", target=lab.cell(i))
    assert offline["viz"], "viz.js was not loaded from the Jupyter server"
    assert all(s == 200 for s in offline.get("status", [])), offline.get("status")
    assert all(VIZ_URL in u for u in offline["viz"])
    lab.screenshot(f"nodot-page-{w}x{h}")


def test_the_panel_draws_what_native_dot_draws(lab, offline):
    """The panel's pictures, laid out in the browser from the DOT the kernel sent, against
    the native dot's layout of the same DOT (read back from the kernel)."""
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open("nodot.ipynb")
    for i in range(3):
        lab.run_cell(i)
    lab.page.wait_for_function("() => (document.querySelector('.mtw') || {dataset: {}}).dataset.laidOut === 'browser'",
                               timeout=30_000)
    panel = lab.evaluate(PANEL_SVGS_JS)
    # the DOT the panel was sent, printed by the kernel (one line of JSON)
    lab.evaluate("""() => { const nb = window.jupyterapp.shell.currentWidget;
        nb.content.model.sharedModel.insertCell(nb.content.widgets.length, {cell_type: 'code',
          source: "import json; print('SOURCES' + json.dumps(lab.panel.layout))"}); }""")
    last = lab.cell_count() - 1
    lab.run_cell(last)
    lab.wait_for_text("SOURCES", lab.output(last))
    text = lab.output(last).text_content()
    layout = json.loads(text[text.index("SOURCES") + len("SOURCES"):].strip())
    # the panel shows the top-to-bottom graph unless it was too wide for the pane
    assert_like_native(lab, panel["graph"], layout["graph"], "panel graph")
    assert_like_native(lab, panel["memory"], layout["memory"], "panel memory")
    assert "SumBackward0" in panel["graph"] and "storage s1" in panel["memory"]
