"""The live panel in the real lessons, at laptop (1366x768) and projector (1024x768) size.

Lessons 1, 4 and 9 run cell by cell in JupyterLab (file browser open, as a learner has
it). After the cells whose text points at something in the pictures, the learner
scrolls up to the panel; the labels the text names must then be visible: inside the
viewport and every clipping ancestor, at least 9 CSS px, with no pane scrolling. Each
checkpoint leaves a screenshot in artifacts/screenshots/.

Cells are found by their source text (lessons gain cells; indices move).
"""
from pathlib import Path

import pytest

from lessons import (assert_visible, code_cells, panel_state, scroll_panel_into_view,
                     wait_panel)

ROOT = Path(__file__).resolve().parents[2]
SIZES = [(1366, 768), (1024, 768)]

# lesson -> [(snippet of the cell, {pane: labels that must be visible after it})]
CHECKPOINTS = {
    "01_start_here.ipynb": [
        ("a = torch.tensor([1., 2., 3., 4., 5., 6.])", {"memory": ["a"]}),
        # every cell of the storage, the last one too (it was cut at the pane's edge)
        ("m = a.view(2, 3)", {"memory": ["a", "v", "m", "100.", "6."]}),
        ("y = (w * 2).sum()", {"graph": ["w", "AccumulateGrad", "MulBackward0",
                                         "SumBackward0", "y"],
                               "memory": ["w", "y"]}),
        ("y.backward()", {"graph": ["w", ".grad [2., 2., 2.]", "SumBackward0"],
                          "memory": ["w.grad"]}),
    ],
    "04_detach.ipynb": [
        ("b = a.detach()", {"graph": ["a"], "memory": ["a", "b"]}),
        ("b[0][0] = 1", {"memory": ["a", "b", "1."]}),
        # the stale saved tensor the text points at, in red
        ("c.zero_()", {"graph": ["SigmoidBackward0", "saved result: out  v0 ≠ now v1", "a"],
                       "memory": ["a", "out", "c"]}),
        ("y.detach().zero_()", {"graph": ["MulBackward0", "x", "y"],
                                "memory": ["x", "y"]}),
    ],
    "09_freezing.ipynb": [
        # the frozen body is not in the graph: autograd did not record it
        ("body.requires_grad_(False)", {"graph": ["loss", "MeanBackward0", "head.weight",
                                                  "head.bias"],
                                        "not in graph": ["body.weight", "body.bias"]}),
        ("d_loss = D(fake.detach()).mean()", {"graph": ["d_loss", "MeanBackward0"]}),
        # G learns through the frozen D: G's leaves (with their .grad) are in view. (This
        # graph is twelve ranks tall: its result, g_loss, is further down the page. D's
        # weights require grad again by the end of the cell, so they are in the earlier
        # d_loss piece below.)
        ("g_loss = -D(fake).mean()", {"graph": ["G.0.weight", "G.0.bias", "G.2.weight"]}),
    ],
}


@pytest.fixture(scope="session")
def lab_server(lab_server_factory):
    return lab_server_factory(ROOT / "notebooks")


def run_lesson(lab, lesson, size, sidebar=True):
    w, h = size
    lab.page.set_viewport_size({"width": w, "height": h})
    lab.open(lesson)
    if not sidebar:
        lab.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    checks = list(CHECKPOINTS[lesson])
    tag = "%s-%dx%d%s" % (lesson.split("_")[0], w, h, "" if sidebar else "-nosidebar")
    where = None                                # the cell whose output is the live panel
    checks = [(snippet, dict(wanted)) for snippet, wanted in checks]
    for i, src, tags in code_cells(lab):
        if where is None and src.strip() == "lab = watch()":
            where = i
        if not checks:
            break
        lab.run_cell(i)
        snippet, wanted = checks[0]
        # a line of code that starts with the snippet: a prediction cell quotes code in its
        # question text, and must not count as the cell that runs it
        if not any(line.strip().startswith(snippet) for line in src.splitlines()):
            continue
        checks.pop(0)
        absent = wanted.pop("not in graph", [])
        every = [l for labels in wanted.values() for l in labels]
        want = dict(wanted)
        wait_panel(lab, where, lambda s: all(l in s[p] for p, ls in want.items() for l in ls))
        graph = panel_state(lab, where)["graph"]
        assert not [l for l in absent if l in graph], (absent, graph)
        scroll_panel_into_view(lab, where)
        shot = "%s-%s" % (tag, snippet.split("=")[0].strip().replace(".", "_")[:24])
        lab.screenshot(shot)
        for pane, labels in wanted.items():
            assert_visible(lab, where, pane, labels, shot=shot)
        assert panel_state(lab, where)["message"] == "", every
    assert not checks, "cells not found: %r" % checks


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
@pytest.mark.parametrize("lesson", sorted(CHECKPOINTS))
def test_the_last_cells_work_is_in_view(lab, lesson, size):
    run_lesson(lab, lesson, size)


def test_projector_without_file_browser(lab):
    run_lesson(lab, "04_detach.ipynb", (1024, 768), sidebar=False)
