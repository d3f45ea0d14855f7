"""Lessons read without being run: every stored picture draws, untrusted and converted.

Lessons 3 and 4 are opened in JupyterLab 4 as a learner gets them (never run, never
signed on this server, so untrusted) at 1366x768 and 1024x768; each output the lesson
stores a picture in (draw_graph / draw_memory, the live panel's last state) must show an
image of nonzero size, not text. The same lessons converted by `jupyter nbconvert --to
html` and opened with every request for another host blocked must draw them too.
Screenshots: artifacts/screenshots/untrusted-lesson-*.png.
"""
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ["03_clone.ipynb", "04_detach.ipynb"]
PANEL = "application/vnd.jupyter.widget-view+json"


def stored_pictures(lesson):
    """[(cell index, what)] of the outputs that store a picture, read from the file."""
    nb = nbformat.read(ROOT / "notebooks" / lesson, as_version=4)
    out = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            data = o.get("data", {})
            if "image/png" in data:
                out.append((i, "panel" if PANEL in data else "picture"))
    return out


@pytest.fixture(scope="session")
def lab_server(lab_server_factory):
    return lab_server_factory(ROOT / "notebooks")


# what the output area of a cell shows: its mime type and the picture in it
SHOWN_JS = """(i) => {
  const cell = window.jupyterapp.shell.currentWidget.content.widgets[i];
  const outs = [...cell.node.querySelectorAll('.jp-OutputArea-output')];
  return outs.map(out => {
    const img = out.querySelector('img');
    const r = img ? img.getBoundingClientRect() : null;
    return {mime: out.getAttribute('data-mime-type'),
            loaded: !!img && img.complete && img.naturalWidth > 0,
            size: r ? [Math.round(r.width), Math.round(r.height)] : [0, 0],
            text: out.textContent.trim().slice(0, 60)};
  });
}"""


@pytest.mark.parametrize("size", [(1366, 768), (1024, 768)])
@pytest.mark.parametrize("lesson", LESSONS)
def test_an_untrusted_lesson_shows_every_stored_picture(lab, lesson, size):
    expected = stored_pictures(lesson)
    kinds = {what for _, what in expected}
    assert kinds == {"panel", "picture"}, f"{lesson} stores no {kinds ^ {'panel', 'picture'}}"
    w, h = size
    lab.page.set_viewport_size({"width": w, "height": h})
    lab.open(lesson)
    trusted = lab.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
                              .every(c => c.model.trusted)""")
    assert trusted is False, "the lesson must open untrusted"
    counts = lab.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets"
                          ".map(c => c.model.executionCount)")
    # the answers are folded under "Check prediction N" headings: unfold, as a reader does
    lab.evaluate("() => window.jupyterapp.commands.execute('notebook:expand-all-headings')")
    for n, (i, what) in enumerate(expected):
        lab.evaluate("(i) => window.jupyterapp.shell.currentWidget.content.scrollToItem(i, 'start')", i)
        lab.cell(i).scroll_into_view_if_needed()
        lab.page.wait_for_function(
            "(i) => { const c = window.jupyterapp.shell.currentWidget.content.widgets[i];"
            " const img = c.node.querySelector('.jp-OutputArea-output img');"
            " return img && img.complete && img.naturalWidth > 0; }", arg=i, timeout=15_000)
        shown = [s for s in lab.evaluate(SHOWN_JS, i) if s["loaded"]]
        assert len(shown) == 1, (lesson, i, what, lab.evaluate(SHOWN_JS, i))
        assert shown[0]["mime"] == "image/png" and min(shown[0]["size"]) > 20, shown
        if n < 3 or what == "panel":
            lab.screenshot(f"untrusted-lesson-{lesson[:2]}-{i}-{what}-{w}x{h}", target=lab.cell(i))
    # nothing ran: the stored outputs are the lesson's own
    assert counts == lab.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets"
                                  ".map(c => c.model.executionCount)")
    # no picture shows as a text dump of SVG anywhere
    dumps = lab.evaluate("""() => [...document.querySelectorAll('.jp-OutputArea-output')]
        .filter(o => o.textContent.includes('<svg')).length""")
    assert dumps == 0


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_converted_to_html_shows_every_stored_picture_offline(lesson, page, tmp_path,
                                                                      screenshot_dir):
    expected = stored_pictures(lesson)
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html",
                    str(ROOT / "notebooks" / lesson), "--output-dir", str(tmp_path)],
                   check=True, capture_output=True)
    blocked = []

    def route(r):
        if urlsplit(r.request.url).scheme in ("file", "data"):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()
    page.route("**/*", route)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto((tmp_path / lesson.replace(".ipynb", ".html")).as_uri(), wait_until="load")
    imgs = page.evaluate("""() => [...document.querySelectorAll('.jp-OutputArea-output img')].map(img => {
        img.scrollIntoView(); const r = img.getBoundingClientRect();
        return {loaded: img.complete && img.naturalWidth > 0, size: [r.width, r.height],
                png: img.src.startsWith('data:image/png')}; })""")
    assert len(imgs) == len(expected), imgs
    assert all(i["loaded"] and min(i["size"]) > 20 and i["png"] for i in imgs), imgs
    page.screenshot(path=str(screenshot_dir / f"untrusted-nbconvert-{lesson[:2]}.png"), full_page=False)
    # (nbconvert's page asks a CDN for MathJax and require.js; the pictures need neither)
    assert all(urlsplit(u).scheme == "https" for u in blocked)
