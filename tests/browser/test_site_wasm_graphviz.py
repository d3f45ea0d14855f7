"""Graphviz in the browser (widgets/static/graphviz/viz.js), for when `dot` is missing.

The static folder is served on 127.0.0.1 and every request for another host is blocked:
the page must lay out DOT to SVG with nothing from the network. The kit's own pictures
(HTML-like labels, records, legends) are laid out there and compared with the native
`dot`'s: the same nodes and edges. And the committed file is what the pinned npm package
gives (rebuilt with npm, compared byte for byte).
"""
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "widgets" / "static" / "graphviz"
BUILD = ROOT / "scripts" / "graphviz_js"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def static_url():
    handler = functools.partial(_QuietHandler, directory=str(STATIC))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def offline_page(page, static_url):
    blocked = []

    def route(r):
        if urlsplit(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()
    page.route("**/*", route)
    page.goto(static_url + "check.html")
    page.wait_for_function("document.getElementById('status').dataset.state !== 'loading'",
                           timeout=30_000)
    yield page
    assert blocked == [], f"the page tried to load from the network: {blocked}"


_SHAPES_JS = """(svg) => {
  const box = document.createElement('div');
  box.innerHTML = svg.replace(/^<\\?xml[^>]*\\?>/, '');
  document.body.appendChild(box);
  const size = g => { const r = g.getBoundingClientRect(); return r.width * r.height; };
  const nodes = [...box.querySelectorAll('g.node')];
  const out = {nodes: nodes.map(g => g.querySelector('title').textContent).sort(),
               edges: [...box.querySelectorAll('g.edge')].map(g => g.querySelector('title').textContent).sort(),
               empty: nodes.filter(g => size(g) <= 0).length,
               texts: [...box.querySelectorAll('text')].map(t => t.textContent)};
  box.remove();
  return out;
}"""


def test_the_page_lays_out_dot_offline(offline_page):
    status = offline_page.locator("#status")
    assert status.get_attribute("data-state") == "ok", status.text_content()
    assert re.match(r"Graphviz \d+\.\d+\.\d+: loaded in \d+ ms", status.text_content())
    nodes = offline_page.locator("#picture svg g.node")
    assert nodes.count() == 3
    for i in range(3):
        box = nodes.nth(i).bounding_box()
        assert box and box["width"] > 0 and box["height"] > 0


def test_the_kits_pictures_lay_out_as_with_native_dot(offline_page):
    import minitensor as torch
    import widgets
    from widgets import dot
    if not dot.available():
        pytest.skip("no native `dot` to compare with")
    a = torch.tensor([1., 2., 3.], requires_grad=True)
    d = a.detach()
    v = a[1:]
    y = (a * 2).exp()
    d[0] = 10.
    for picture in (widgets.draw_memory(a, d, v, y), widgets.draw_graph(y)):
        wasm = offline_page.evaluate("(dot) => window.layout(dot)", picture.source)
        got = offline_page.evaluate(_SHAPES_JS, wasm)
        want = offline_page.evaluate(_SHAPES_JS, picture.svg)
        assert got["nodes"] == want["nodes"] and got["edges"] == want["edges"]
        assert got["empty"] == 0 and len(got["nodes"]) >= 4
        assert sorted(got["texts"]) == sorted(want["texts"])


def test_a_bad_graph_is_an_error_not_a_hang(offline_page):
    err = offline_page.evaluate("""() => { try { window.layout('digraph { a -> }'); return null; }
                                         catch (e) { return String(e); } }""")
    assert err and "syntax error" in err.lower()


def test_the_committed_bundle_matches_its_pinned_package(tmp_path):
    pin = json.loads((BUILD / "package.json").read_text())["devDependencies"]["@viz-js/viz"]
    head = (STATIC / "viz.js").read_bytes()[:200].decode()
    assert f"Viz.js {pin}\n" in head
    lock = json.loads((BUILD / "package-lock.json").read_text())["packages"]
    assert lock["node_modules/@viz-js/viz"]["version"] == pin
    assert "Graphviz" in (STATIC / "LICENSES.txt").read_text()
    if shutil.which("npm") is None:
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            pytest.fail("npm is needed to check the bundle (CI=true)")
        pytest.skip("npm not installed")
    r = subprocess.run(["bash", str(BUILD / "build.sh"), str(tmp_path)], capture_output=True,
                       text=True, timeout=300, env={**os.environ, "npm_config_update_notifier": "false"})
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "viz.js").read_bytes() == (STATIC / "viz.js").read_bytes()
