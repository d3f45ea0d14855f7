"""The docked panel (``watch(dock=True)``, a sidecar tab beside the notebook) stays in view
while the learner scrolls, at 1366x768 and 1024x768; after a kernel restart every panel
says it is disconnected and how to start a new one; ``watch()`` again replaces the lab.
"""
import pytest

from lessons import (assert_visible, code_cells, find_cell, panel_state, visibility,
                     wait_panel)

DOCK = ".jupyterlab-sidecar"
SIZES = [(1366, 768), (1024, 768)]


def run_to(lab, snippet):
    """Run the code cells in order up to and including the one containing ``snippet``."""
    for i, src, _ in code_cells(lab):
        lab.run_cell(i)
        if snippet in src:
            return i
    raise AssertionError("no cell contains %r" % snippet)


def scroll_notebook_to_bottom(lab):
    lab.evaluate("""() => {
      const nb = window.jupyterapp.shell.currentWidget.content;
      nb.activeCellIndex = nb.widgets.length - 1;
      nb.scrollToItem(nb.widgets.length - 1);
      const outer = nb.node.closest('.jp-WindowedPanel-outer') || nb.node;
      outer.scrollTop = outer.scrollHeight;
    }""")
    lab.page.wait_for_timeout(300)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
def test_docked_panel_stays_in_view_while_scrolling(lab, size):
    w, h = size
    lab.page.set_viewport_size({"width": w, "height": h})
    lab.open("dock_lesson.ipynb")
    run_to(lab, "lab = watch(dock=True)")
    lab.wait_for_selector(DOCK + " .mtw")
    # the cell itself shows no second panel: the panel lives in the dock
    cell = find_cell(lab, "lab = watch(dock=True)")
    assert lab.evaluate("(i) => !window.jupyterapp.shell.currentWidget.content"
                        ".widgets[i].node.querySelector('.mtw')", cell)
    run_to(lab, "y.detach().mul_(2)")
    wait_panel(lab, DOCK, lambda s: "ExpBackward0" in s["graph"] and "z" in s["memory"])
    scroll_notebook_to_bottom(lab)
    tag = "dock-%dx%d" % size
    lab.screenshot(tag)
    # in view with no scrolling of the dock: the stale node the lessons point at
    assert_visible(lab, DOCK, "graph", ["ExpBackward0", "saved result: y  v0 ≠ now v1", "z"],
                   shot=tag)
    assert_visible(lab, DOCK, "memory", ["x", "y"], shot=tag)
    assert panel_state(lab, DOCK)["message"] == ""


def test_kernel_restart_says_the_panel_is_disconnected(lab):
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open("dock_lesson.ipynb")
    run_to(lab, "d = a.detach()")
    wait_panel(lab, DOCK, lambda s: "d" in s["memory"])
    assert not panel_state(lab, DOCK)["dead"]
    lab.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.restart()")
    lab.wait_kernel_idle()
    state = wait_panel(lab, DOCK, lambda s: s["dead"], timeout=20)
    lab.screenshot("dock-after-restart")
    note = lab.page.locator(DOCK + " .mtw-dead-msg")
    assert note.is_visible()
    text = note.text_content()
    assert "Disconnected" in text and "lab = watch()" in text, text
    assert state["dead"]


def test_watch_again_replaces_the_docked_lab(lab):
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open("dock_lesson.ipynb")
    run_to(lab, "d = a.detach()")
    wait_panel(lab, DOCK, lambda s: "d" in s["memory"])
    # the last cell: `lab = watch()` again (in the notebook this time)
    last = [i for i, src, _ in code_cells(lab) if src.strip() == "lab = watch()"][0]
    lab.run_cell(last)
    lab.page.wait_for_selector(DOCK, state="detached", timeout=20_000)   # the old tab closed
    wait_panel(lab, last, lambda s: "d" in s["memory"] and s["message"] == "")
    lab.screenshot("replaced-dock")
    v = visibility(lab, last, "memory", ["d"])
    assert v["labels"]["d"]["found"]
