"""Which stored picture formats survive where a lesson is read without being run.

Measured, for issue 18's phase 2 (pictures in untrusted notebooks), on a notebook that
stores the kit's memory picture in each candidate form:

    svg            image/svg+xml (what the lessons store today)
    png            image/png
    svg+png        both in one output (the reader picks)
    png@2x         image/png at twice the pixels, with metadata width (sharp on HiDPI)
    html-img-png   text/html: <img src="data:image/png;base64,...">
    html-img-svg   text/html: <img src="data:image/svg+xml;base64,...">
    html-svg       text/html: the <svg> markup inline
    svg+html-img-svg  image/svg+xml and the html-img-svg form in one output

The notebook is opened in JupyterLab 4 without running it (so, untrusted: it was never
signed on this server), and converted with `jupyter nbconvert --to html` (the default
template). For each form the test records what was drawn (artifacts/untrusted-formats.json,
and screenshots) and asserts the facts phase 2 builds on. If a JupyterLab or nbconvert
upgrade changes one, this test says which.
"""
import base64
import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]

FORMS = ["svg", "png", "svg+png", "png@2x", "html-img-png", "html-img-svg", "html-svg",
         "svg+html-img-svg"]


def _picture():
    import minitensor as torch
    import widgets
    from widgets import dot
    if not dot.available():
        pytest.skip("the probe pictures are made with the native `dot`")
    a = torch.tensor([1., 2., 3.], requires_grad=True)
    d = a.detach()
    pic = widgets.draw_memory(a, d)

    def png(dpi):
        return subprocess.run(["dot", "-Tpng", f"-Gdpi={dpi}"], input=pic.source.encode(),
                              capture_output=True, check=True).stdout
    return pic.svg, png(96), png(192), pic.text


def _probe_notebook(path):
    svg, png, png2, text = _picture()
    b64 = lambda data: base64.b64encode(data).decode()     # noqa: E731
    svg_b64 = b64(svg.encode())
    bundles = {
        "svg": ({"image/svg+xml": svg}, {}),
        "png": ({"image/png": b64(png)}, {}),
        "svg+png": ({"image/svg+xml": svg, "image/png": b64(png)}, {}),
        "png@2x": ({"image/png": b64(png2)}, {"image/png": {"width": _png_width(png)}}),
        "html-img-png": ({"text/html": f'<img src="data:image/png;base64,{b64(png)}" alt="memory">'}, {}),
        "html-img-svg": ({"text/html": f'<img src="data:image/svg+xml;base64,{svg_b64}" alt="memory">'}, {}),
        "html-svg": ({"text/html": svg.split("?>", 1)[-1]}, {}),
        "svg+html-img-svg": ({"image/svg+xml": svg, "text/html":
                              f'<img src="data:image/svg+xml;base64,{svg_b64}" alt="memory">'}, {}),
    }
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    for form in FORMS:
        data, meta = bundles[form]
        cell = nbformat.v4.new_code_cell(f"# form: {form}")
        cell.outputs = [nbformat.v4.new_output("display_data", data={**data, "text/plain": text},
                                               metadata=meta)]
        nb.cells.append(cell)
    nbformat.write(nb, path)
    return nb


def _png_width(png):
    return int.from_bytes(png[16:20], "big")


@pytest.fixture(scope="module")
def probe_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("untrusted")
    _probe_notebook(d / "probe.ipynb")
    return d


@pytest.fixture(scope="module")
def lab_server(lab_server_factory, probe_dir):
    return lab_server_factory(probe_dir)


# what one output area shows: its mime type, and the size of the picture in it
_MEASURE_JS = """(area) => {
  const out = area.querySelector('.jp-OutputArea-output') || area;
  const pic = out.querySelector('img, svg');
  const r = pic ? pic.getBoundingClientRect() : null;
  return {mime: out.getAttribute('data-mime-type'),
          picture: pic ? pic.tagName.toLowerCase() : null,
          size: r ? [Math.round(r.width), Math.round(r.height)] : [0, 0],
          loaded: pic && pic.tagName === 'IMG' ? pic.complete && pic.naturalWidth > 0 : !!pic,
          text: out.textContent.trim().slice(0, 40)};
}"""


def _shown(measure):
    return bool(measure["picture"]) and measure["loaded"] and min(measure["size"]) > 0


def _record(name, results, screenshot_dir):
    path = screenshot_dir.parent / "untrusted-formats.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[name] = results
    path.write_text(json.dumps(data, indent=1))


def test_jupyterlab_untrusted(lab, screenshot_dir):
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open("probe.ipynb")
    trusted = lab.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
                              .every(c => c.model.trusted)""")
    assert trusted is False, "the probe notebook must open untrusted"
    results = {}
    for i, form in enumerate(FORMS):
        area = lab.output(i)
        area.scroll_into_view_if_needed()
        lab.page.wait_for_timeout(100)
        results[form] = area.evaluate(_MEASURE_JS)
        lab.screenshot(f"untrusted-jupyterlab-{form}", target=lab.cell(i))
    _record("jupyterlab-4-untrusted", results, screenshot_dir)
    shown = {form for form, m in results.items() if _shown(m)}
    # today's lessons: SVG alone falls back to text when untrusted
    assert results["svg"]["mime"] == "text/plain" and "svg" not in shown
    # PNG is a safe renderer: drawn untrusted, alone or chosen from an svg+png bundle
    assert {"png", "png@2x", "svg+png"} <= shown
    assert results["svg+png"]["mime"] == "image/png"
    # the 2x PNG is drawn at its metadata width (half its pixels): sharp on HiDPI screens
    assert results["png@2x"]["size"][0] == results["png"]["size"][0]
    # untrusted HTML is sanitized: an <img> with a data: URL survives, inline <svg> does not
    assert {"html-img-png", "html-img-svg"} <= shown
    assert "html-svg" not in shown
    # and JupyterLab prefers text/html to image/svg+xml, so the SVG itself, kept vector in
    # an <img>, is drawn untrusted from a bundle that also keeps image/svg+xml
    assert results["svg+html-img-svg"]["mime"] == "text/html" and "svg+html-img-svg" in shown


def test_nbconvert_html(probe_dir, page, screenshot_dir):
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html",
                    str(probe_dir / "probe.ipynb"), "--output-dir", str(probe_dir / "html")],
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
    page.goto((probe_dir / "html" / "probe.html").as_uri(), wait_until="load")
    areas = page.locator(".jp-Cell-outputArea")
    assert areas.count() == len(FORMS)
    results = {form: areas.nth(i).evaluate(_MEASURE_JS) for i, form in enumerate(FORMS)}
    page.screenshot(path=str(screenshot_dir / "untrusted-nbconvert.png"), full_page=True)
    _record("nbconvert-html", {**results, "blocked_requests": blocked}, screenshot_dir)
    # nbconvert draws every form (SVG as an <img> with a data: URL), offline too
    assert {form for form, m in results.items() if _shown(m)} == set(FORMS)
