"""The lessons as a static site (`make site`), read in Chromium as a reader would.

The site is built from the lessons into a temporary folder and served on 127.0.0.1.
Every request a page makes is intercepted: one for any other host is blocked and
recorded, so a page that would load something from the network (a CDN script, a font)
fails here rather than quietly working on a connected laptop. Every stored picture must
render as an image of nonzero size, and there must be as many as the lesson stores.
"""
import functools
import http.server
import json
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402

from minitensor_kit.catalog import set_root, student_files  # noqa: E402

LESSONS = [rel for rel in student_files(set_root("en")) if "/" not in rel]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    build_site.build(out)
    handler = functools.partial(_QuietHandler, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", out
    server.shutdown()
    server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _stored_pictures(nb_path):
    """Pictures stored in a lesson: image outputs (one per output, whatever mime it
    prefers), and the pictures inside an HTML output (a "which picture?" prediction)."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    n = 0
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if any(k.startswith("image/") for k in data):
                n += 1
            elif "text/html" in data:
                n += "".join(data["text/html"]).count("<img ")
    return n


def _watch_requests(page):
    seen, blocked = [], []

    def route(r):
        url = r.request.url
        seen.append(url)
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:", "about:")) or host == "127.0.0.1":
            r.continue_()
        else:
            blocked.append(url)
            r.abort()
    page.route("**/*", route)
    return seen, blocked


_IMAGES_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output img')].map(img => {
  const r = img.getBoundingClientRect();
  return {complete: img.complete, natural: [img.naturalWidth, img.naturalHeight],
          box: [r.width, r.height]};
})"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_page_loads_offline_and_its_pictures_render(site, page, lesson, screenshot_dir):
    url, out = site
    page.set_viewport_size({"width": 1366, "height": 768})
    seen, blocked = _watch_requests(page)
    href = Path(lesson).with_suffix(".html").name
    response = page.goto(url + href, wait_until="load")
    assert response.ok
    page.wait_for_load_state("networkidle")
    assert blocked == [], f"{href} tried to load from the network: {blocked}"
    assert seen and all(urlsplit(u).hostname == "127.0.0.1" for u in seen if u.startswith("http"))

    images = page.evaluate(_IMAGES_JS)
    # (lesson 11, on the old blog posts, has no picture)
    assert len(images) == _stored_pictures(set_root("en") / lesson)
    assert images or lesson.startswith("11_")
    bad = [img for img in images
           if not img["complete"] or min(img["natural"]) <= 0 or min(img["box"]) <= 0]
    assert bad == []
    # the page is the lesson: its title, and the way on
    assert page.locator("h1").first.text_content().strip()
    assert page.locator("nav.mk-nav a", has_text="All lessons").count() == 2
    if lesson == "04_detach.ipynb":
        page.screenshot(path=str(screenshot_dir / "site-04_detach-1366.png"))


def test_index_links_every_lesson(site, page):
    url, _ = site
    _, blocked = _watch_requests(page)
    page.goto(url + "index.html")
    hrefs = page.locator("ol a").evaluate_all("as => as.map(a => a.getAttribute('href'))")
    assert hrefs == [Path(rel).with_suffix(".html").name for rel in LESSONS]
    page.locator("ol a").nth(2).click()
    page.wait_for_load_state("load")
    assert page.url.endswith(hrefs[2])
    page.locator("nav.mk-nav.top a[rel=next]").click()
    page.wait_for_load_state("load")
    assert page.url.endswith(hrefs[3])
    assert blocked == []


def test_a_page_that_loads_from_a_cdn_is_caught(site, page):
    """The interception above does see remote loads (so its silence means something)."""
    url, out = site
    (out / "remote.html").write_text(
        '<html><head><script src="https://cdn.example.invalid/x.js"></script></head>'
        '<body><img src="https://cdn.example.invalid/y.png"></body></html>')
    _, blocked = _watch_requests(page)
    page.goto(url + "remote.html", wait_until="load")
    assert sorted(urlsplit(u).hostname for u in blocked) == ["cdn.example.invalid"] * 2
    # and the build's own guard tells a remote load from a link the reader may click
    assert build_site.REMOTE_LOAD.search('<script src="https://cdn.example.invalid/x.js">')
    assert build_site.REMOTE_LOAD.search("<link rel=stylesheet href=//fonts.example.invalid/c>")
    assert not build_site.REMOTE_LOAD.search('<a href="https://pytorch.org/docs">docs</a>')


def _panel_outputs(nb_path):
    """The live panel's stored outputs in a lesson: [(cell index, PNG base64 or None)]."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    out = []
    for i, cell in enumerate(nb["cells"]):
        for o in cell.get("outputs", []):
            data = o.get("data", {})
            if build_site.WIDGET_VIEW in data:
                png = data.get("image/png")
                if "text/html" not in data:             # not a prediction widget
                    out.append((i, "".join(png) if isinstance(png, list) else png))
    return out


@pytest.mark.parametrize("lesson", ["03_clone.ipynb", "04_detach.ipynb", "09_freezing.ipynb"])
def test_the_panel_shows_the_labs_last_state(site, page, lesson, screenshot_dir):
    """The panel's stored state: the picture of the lab after the lesson's last cell, once,
    where the panel was displayed last (an earlier display keeps its text, no picture)."""
    url, _ = site
    panels = _panel_outputs(set_root("en") / lesson)
    assert panels and panels[-1][1], f"{lesson}: the panel's last display stores no picture"
    assert all(png is None for _, png in panels[:-1])
    page.set_viewport_size({"width": 1366, "height": 768})
    _, blocked = _watch_requests(page)
    page.goto(url + Path(lesson).with_suffix(".html").name, wait_until="load")
    shown = page.evaluate("""(png) => [...document.querySelectorAll('.jp-OutputArea-output img')]
        .filter(img => img.src === 'data:image/png;base64,' + png).map(img => {
          img.scrollIntoView(); const r = img.getBoundingClientRect();
          return [img.complete && img.naturalWidth > 0, r.width, r.height]; })""", panels[-1][1])
    assert len(shown) == 1 and shown[0][0] and min(shown[0][1:]) > 100, shown
    page.screenshot(path=str(screenshot_dir / f"site-panel-{lesson[:2]}-1366.png"))
    assert blocked == []
