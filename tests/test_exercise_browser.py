"""An exercise as a learner does it, in JupyterLab under headless Chromium at 1366x768:
an odd answer, a wrong answer (message and picture), the same cell run again, then the right
answer, which reveals the picture. Screenshots go to artifacts/screenshots/exercise-*.png.

It reuses the browser harness of tests/browser/conftest.py (LabServer, LabPage), loaded as a
plain module, and serves a temporary copy of notebooks/exercises/ (the students' copies with
check.py beside them), so it tests exactly what students are handed.
"""
import html
import importlib.util
import re
import urllib.parse
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "_browser_harness", ROOT / "tests" / "browser" / "conftest.py")
H = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(H)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

_SET_SOURCE_JS = """
(args) => {
  const cells = window.jupyterapp.shell.currentWidget.content.widgets;
  const i = cells.findIndex(c => c.model.sharedModel.getSource().includes(args.marker));
  if (i < 0) throw new Error('no cell contains ' + args.marker);
  if (args.source !== null) cells[i].model.sharedModel.setSource(args.source);
  return i;
}
"""
_SOURCE_JS = """
(marker) => window.jupyterapp.shell.currentWidget.content.widgets
  .map(c => c.model.sharedModel.getSource()).find(s => s.includes(marker))
"""

if H.HAVE_PLAYWRIGHT:
    @pytest.fixture(scope="session")
    def browser_type_launch_args(browser_type_launch_args):
        import os
        if not os.access(H.CHROMIUM, os.X_OK):
            H.unavailable("Chromium not found at %s" % H.CHROMIUM)
        return {**browser_type_launch_args, "executable_path": H.CHROMIUM,
                "args": H.CHROMIUM_ARGS, "headless": True}
else:
    @pytest.fixture
    def page():
        H.unavailable("playwright / pytest-playwright not installed (pip install -e '.[test]')")


@pytest.fixture(scope="module")
def exercises_server(tmp_path_factory):
    if importlib.util.find_spec("jupyterlab") is None:
        H.unavailable("JupyterLab not installed (pip install -e '.[lab]')")
    server = H.LabServer(ROOT / "notebooks" / "exercises",
                         tmp_path_factory.mktemp("lab-exercises")).start()
    yield server
    server.stop()


@pytest.fixture
def lab(page, exercises_server, pytestconfig):
    shots = pytestconfig.rootpath / "artifacts" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    yield H.LabPage(page, exercises_server, shots)
    try:
        page.close()
    finally:
        exercises_server.delete_sessions()


def answer(lab, qid, text):
    """Put ``text`` in place of the students' ``# YOUR CODE HERE`` of question ``qid``, run it."""
    marker = 'check("%s"' % qid
    source = lab.evaluate(_SOURCE_JS, marker)
    i = lab.evaluate(_SET_SOURCE_JS, {"marker": marker,
                                      "source": source.replace("# YOUR CODE HERE", text)})
    return run(lab, i)


def run(lab, i):
    before = lab.evaluate("(i) => window.jupyterapp.shell.currentWidget.content.widgets[i]"
                          ".model.executionCount", i)
    lab.run_cell(i)
    lab.page.wait_for_function(
        "([i, n]) => window.jupyterapp.shell.currentWidget.content.widgets[i].model"
        ".executionCount !== n", arg=[i, before], timeout=30_000)
    lab.cell(i).scroll_into_view_if_needed()
    return i


def feedback(lab, i):
    lines = [l for l in lab.output(i).inner_text().splitlines() if l.startswith(("✓", "✗"))]
    assert len(lines) == 1, lines
    return lines[0]


def picture_labels(lab, i):
    """The text labels of the one picture in cell i's output. JupyterLab shows the stored
    picture (image/png) as a loaded <img>; its labels are read from the DOT stored beside it
    (text/vnd.graphviz), which is what the PNG was drawn from."""
    imgs = lab.output(i).locator(".jp-RenderedImage img")
    assert imgs.count() == 1, "expected one picture in the output"
    assert imgs.first.get_attribute("src").startswith("data:image/png")
    assert imgs.first.evaluate("img => img.complete && img.naturalWidth > 0"), "the PNG did not load"
    dots = lab.evaluate(_OUTPUT_DOT_JS, i)
    assert len(dots) == 1, dots
    return [html.unescape(t).strip() for t in re.findall(r">([^<>]+)<", dots[0]) if t.strip()]


_OUTPUT_DOT_JS = """(i) => {
  const outs = window.jupyterapp.shell.currentWidget.content.widgets[i].model.outputs.toJSON();
  return outs.filter(o => o.data && o.data['text/vnd.graphviz'])
             .map(o => [].concat(o.data['text/vnd.graphviz']).join(''));
}"""


def test_odd_then_wrong_then_retry_then_right(lab):
    lab.open("04_detach.ipynb")
    run(lab, lab.evaluate(_SET_SOURCE_JS, {"marker": "from check import check", "source": None}))

    i = answer(lab, "4.1", 'answer = "ten"')
    assert feedback(lab, i) == "✗ 4.1 not answered yet: answer a number (you gave 'ten')."

    i = answer(lab, "4.4", 'answer = "MulBackward0"')
    first = feedback(lab, i)
    assert first == "✗ 4.4 not quite: y * 2 saves only the constant 2, not y."
    labels = " ".join(picture_labels(lab, i))
    assert "SigmoidBackward0" in labels and re.search(r"\bx\b", labels)
    assert not re.search(r"\bt\d+\b", labels), "every tensor is drawn with its name: %s" % labels
    lab.screenshot("exercise-4.4-wrong-1366", full_page=False)

    run(lab, i)                                        # the same cell again: same verdict
    assert feedback(lab, i) == first

    lab.evaluate(_SET_SOURCE_JS, {"marker": 'check("4.4"', "source": lab.evaluate(
        _SOURCE_JS, 'check("4.4"').replace('"MulBackward0"', '"SigmoidBackward0"')})
    run(lab, i)
    assert feedback(lab, i).startswith("✓ 4.4 right: sigmoid saves its output y")
    assert "SigmoidBackward0" in " ".join(picture_labels(lab, i)), "the right answer reveals the picture"
    lab.screenshot("exercise-4.4-right-1366", full_page=False)
    run(lab, i)
    assert feedback(lab, i).startswith("✓ 4.4 right")
    assert not [m for m in lab.console if m.startswith("error")], lab.console
