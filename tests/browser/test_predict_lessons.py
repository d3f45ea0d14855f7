"""The lessons' prediction moments in a real JupyterLab, as a learner meets them.

For every lesson, at its first picture question (or its first question):

* opened from disk, before anything runs (an untrusted notebook, as a learner gets it): the
  question shows its choices with the answer folded in a <details>, and the cells that show the
  result are folded away under "Check prediction N";
* run up to the question: the live question renders; the verdict is hidden until a choice;
  a wrong choice gets "Not quite", the misconception's feedback and the explanation, and the
  question locks;
* Shift+Enter on "Check prediction N", as a learner does, unfolds the answer and runs it:
  the output is what the notebook stores.

Screenshots of that moment at 1366x768 and 1024x768 go to artifacts/screenshots/.
Also: opening the folded answer of a stored question without a kernel, and Run All running
the folded cells too.
"""
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import build_lessons  # noqa: E402

LESSONS = [p.stem for p in build_lessons.lesson_files()]
SIZES = [(1366, 768), (1024, 768)]

CELLS_JS = """() => window.jupyterapp.shell.currentWidget.content.widgets.map(w => ({
  id: w.model.id, type: w.model.type, hidden: w.isHidden,
  folded: w.headingCollapsed === undefined ? null : w.headingCollapsed,
  count: w.model.type === 'code' ? w.model.executionCount : null}))"""

SELECT_JS = """(i) => { const nb = window.jupyterapp.shell.currentWidget.content;
  nb.activeCellIndex = i; nb.mode = 'command'; nb.node.focus(); return nb.activeCellIndex; }"""
ACTIVE_JS = "() => window.jupyterapp.shell.currentWidget.content.activeCellIndex"


@pytest.fixture(scope="session")
def lab_server(lab_server_factory):
    return lab_server_factory(ROOT / "notebooks")


def moment(stem):
    """(predict cell id, question dict, reveal heading id, [cell ids folded under it])."""
    src = build_lessons.LESSONS / (stem + ".md")
    cells = build_lessons.parse(src.read_text(encoding="utf-8"))
    nb = json.loads((ROOT / "notebooks" / (stem + ".ipynb")).read_text(encoding="utf-8"))
    ids = [c["id"] for c in nb["cells"]]

    def answered(c):            # followed at once by its folded answer
        k = ids.index(c.marker)
        return "reveal" in nb["cells"][k + 1]["metadata"].get("tags", [])
    predicts = [c for c in cells if c.kind == "predict" and answered(c)]
    chosen = next((c for c in predicts if build_lessons.prediction(c.source)["pictures"]),
                  predicts[0])
    i = ids.index(chosen.marker)
    block = []
    for c in nb["cells"][i + 2:]:
        source = "".join(c["source"])
        if c["cell_type"] == "markdown" and any(l.startswith("#") for l in source.splitlines()):
            break                   # JupyterLab folds up to the next heading
        block.append(c)
    return nb, i, build_lessons.prediction(chosen.source), block


def stored_text(cell):
    for o in cell.get("outputs", []):
        if o["output_type"] == "error":
            return o["ename"]
        if o["output_type"] == "stream":
            return "".join(o["text"]).strip().splitlines()[0]
        plain = "".join(o.get("data", {}).get("text/plain", ""))
        if "image/png" in o.get("data", {}) or "image/svg+xml" in o.get("data", {}):
            return "<img>"
        if plain:
            return plain.strip().splitlines()[0]
    return None


def cells_state(lab):
    return lab.evaluate(CELLS_JS)


@pytest.mark.parametrize("stem", LESSONS)
def test_a_prediction_moment_works(lab, stem):
    nb, i, q, block = moment(stem)
    lab.page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    lab.open(stem + ".ipynb")
    lab.page.wait_for_timeout(500)

    # --- opened from disk: question with choices, answer folded, result cells folded away
    state = cells_state(lab)
    assert state[i + 1]["folded"] is True
    assert all(state[j]["hidden"] for j in range(i + 2, i + 2 + len(block)))
    static = lab.output(i).locator(".mtp-static")
    assert static.count() == 1, "the stored question should show its HTML fallback"
    assert "Decide first" in static.text_content()
    assert not lab.output(i).locator("details").evaluate("d => d.open")

    # --- run up to the question: the live widget
    for j in range(i + 1):
        lab.run_cell(j)
    opts = lab.output(i).locator("button.mtp-opt")
    opts.first.wait_for(timeout=30_000)
    assert opts.count() == len(q["choices"])
    verdict = lab.output(i).locator(".mtp-verdict")
    assert not verdict.is_visible()
    assert lab.output(i).locator(".mtp-wait").is_visible()

    wrong = next(k for k in range(len(q["choices"])) if k != q["answer"])
    opts.nth(wrong).click()
    verdict.wait_for(state="visible", timeout=10_000)
    text = verdict.inner_text()
    assert "Not quite" in text and "the answer is %s" % "ABCDEFGH"[q["answer"]] in text
    if wrong in q["feedback"]:
        assert lab.output(i).locator(".mtp-fb").count() == 1
    assert lab.output(i).locator(".mtp-why").inner_text().strip()
    assert all(opts.nth(k).is_disabled() for k in range(opts.count())), "one answer per run"

    # --- Shift+Enter on "Check prediction N" unfolds and runs the answer. (The folded cells'
    # stored outputs are cleared first, so that seeing them again proves they ran.)
    lab.evaluate("""(r) => { const ws = window.jupyterapp.shell.currentWidget.content.widgets;
      for (let k = r[0]; k < r[1]; k++) if (ws[k].model.type === 'code') {
        ws[k].model.outputs.clear(); ws[k].model.executionCount = null; } }""",
                 [i + 2, i + 2 + len(block)])
    lab.evaluate(SELECT_JS, i + 1)
    for _ in range(1 + len(block)):
        lab.page.keyboard.press("Shift+Enter")
        lab.wait_kernel_idle()
        lab.page.wait_for_timeout(150)
    state = cells_state(lab)
    assert state[i + 1]["folded"] is False
    first_code = next(k for k, c in enumerate(block) if c["cell_type"] == "code")
    j = i + 2 + first_code
    assert not state[j]["hidden"] and state[j]["count"], "the answer's cell did not run"
    want = stored_text(block[first_code])
    out = lab.output(j)
    if want == "<img>":        # a stored picture (PNG): shown again as a loaded image
        img = out.locator(".jp-RenderedImage img").first
        img.wait_for(timeout=20_000)
        assert img.evaluate("i => i.complete && i.naturalWidth > 0")
    elif want is not None:
        lab.wait_for_text(want, out, timeout=20_000)

    # --- screenshots of the moment, at a laptop's and a projector's size
    for w, h in SIZES:
        lab.page.set_viewport_size({"width": w, "height": h})
        lab.page.wait_for_timeout(300)
        lab.cell(i).evaluate("e => e.scrollIntoView({block: 'start'})")
        lab.page.wait_for_timeout(300)
        lab.screenshot("predict-%s-%dx%d" % (stem, w, h))
    errors = [m for m in lab.console if m.startswith("error") and "mtp" in m]
    assert not errors, errors


def test_a_stored_answer_opens_without_a_kernel(lab):
    nb, i, q, block = moment("04_detach")
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open("04_detach.ipynb")
    details = lab.output(i).locator("details")
    answer = "Answer: %s." % "ABCDEFGH"[q["answer"]]
    assert not details.evaluate("d => d.open")
    lab.output(i).locator("summary").click()
    assert details.evaluate("d => d.open")
    lab.wait_for_text(answer, details)
    # the folded result opens with one click on "N cells hidden", no kernel needed
    lab.cell(i + 1).locator(".jp-showHiddenCellsButton").click()
    lab.page.wait_for_timeout(300)
    state = cells_state(lab)
    assert not state[i + 2]["hidden"]
    lab.cell(i).evaluate("e => e.scrollIntoView({block: 'start'})")
    lab.screenshot("predict-04_detach-stored-answer-opened")


def test_run_all_runs_the_folded_answers(lab):
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open("11_old_posts.ipynb")
    lab.evaluate("() => { const ws = window.jupyterapp.shell.currentWidget.content.widgets;"
                 " for (const w of ws) if (w.model.type === 'code') {"
                 " w.model.outputs.clear(); w.model.executionCount = null; } }")
    lab.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    lab.page.wait_for_timeout(500)
    lab.wait_kernel_idle(timeout=120_000)
    nb = json.loads((ROOT / "notebooks" / "11_old_posts.ipynb").read_text(encoding="utf-8"))
    state = cells_state(lab)
    code = [k for k, c in enumerate(nb["cells"]) if c["cell_type"] == "code"]
    folded_code = [k for k in code if state[k]["hidden"]]
    assert folded_code, "expected some code cells folded under 'Check prediction'"
    # every code cell ran in this session (their counts were cleared), folded or not
    lab.page.wait_for_function(
        """(ids) => { const ws = window.jupyterapp.shell.currentWidget.content.widgets;
           return ids.every(k => ws[k].model.executionCount > 0); }""", arg=code,
        timeout=60_000)
