"""The live lab in a real JupyterLab: one cell at a time, the pictures follow.

After each cell we read the SVG text in the page: the names drawn, the storage boxes,
and which tensor's arrow goes into which storage box (from the edge titles dot writes,
``T1->s1:c0``). Then one click on a node shows its details, the timeline steps back,
and screenshots go to artifacts/screenshots/.
"""
import time

PANEL = ".mtw"

STATE_JS = r"""
() => {
  const panel = document.querySelector('.mtw');
  if (!panel) return null;
  function read(pane) {
    const nodes = {}, names = [];
    for (const g of pane.querySelectorAll('g.node')) {
      const id = g.querySelector('title').textContent;
      const texts = [...g.querySelectorAll('text')].map(t => t.textContent.replace(/\u00a0/g, ' ').trim());
      nodes[id] = texts;
      if (texts.length) names.push(texts[0]);
    }
    const arrows = {};
    for (const g of pane.querySelectorAll('g.edge')) {
      const [src, dst] = g.querySelector('title').textContent.split('->');
      const from = (nodes[src] || [src])[0], to = dst.split(':')[0];
      (arrows[from] = arrows[from] || []).push(to);
    }
    return {nodes, names, arrows};
  }
  const graph = read(panel.querySelector('.mtw-graph'));
  const memory = read(panel.querySelector('.mtw-memory'));
  const storages = Object.keys(memory.nodes).filter(k => /^s\d+$/.test(k));
  return {graph, memory, storages,
          step: panel.querySelector('.mtw-stepinfo').textContent,
          line: panel.querySelector('.mtw-line').textContent,
          message: panel.querySelector('.mtw-msg').textContent,
          details: panel.querySelector('.mtw-details').textContent};
}
"""


def wait_state(lab, check, timeout=20):
    """Poll the panel until ``check(state)`` holds; fail with the last state seen."""
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = lab.evaluate(STATE_JS)
        if state is not None:
            try:
                if check(state):
                    return state
            except (KeyError, TypeError, IndexError):
                pass
        lab.page.wait_for_timeout(50)
    raise AssertionError("panel never reached the expected state; last seen: %r" % (state,))


def storage_of(state, name):
    targets = state["memory"]["arrows"][name]
    return [t for t in targets if t.startswith("s")][0]


def test_lab_follows_clone_detach_copy(lab):
    lab.page.set_viewport_size({"width": 1600, "height": 1300})      # a projector-sized screen
    lab.open("widgets_lesson.ipynb")
    assert lab.run_cell(1) is True
    lab.wait_for_selector(PANEL)

    assert lab.run_cell(2) is True                       # a = ones(2, 3, requires_grad)
    s = wait_state(lab, lambda s: "a" in s["memory"]["names"])
    assert len(s["storages"]) == 1
    assert "a" in s["graph"]["names"] and "AccumulateGrad" not in s["graph"]["names"]

    assert lab.run_cell(3) is True                       # b = a.clone(): a new box
    s = wait_state(lab, lambda s: "b" in s["memory"]["names"])
    assert len(s["storages"]) == 2
    assert storage_of(s, "a") != storage_of(s, "b")
    assert {"CloneBackward0", "AccumulateGrad"} <= set(s["graph"]["names"])
    assert s["line"] == "b = a.clone()"

    assert lab.run_cell(4) is True                       # c = a.detach(): same box as a
    s = wait_state(lab, lambda s: "c" in s["memory"]["names"])
    assert len(s["storages"]) == 2
    assert storage_of(s, "c") == storage_of(s, "a")
    # the compute graph draws autograd only: c (no autograd) and sharing edges are not in it
    assert "c" not in s["graph"]["names"]
    assert lab.page.locator(".mtw-graph g.edge text").count() == 0

    assert lab.run_cell(5) is True                       # d.copy_(a): d keeps its own box
    s = wait_state(lab, lambda s: "d" in s["memory"]["names"] and "copy_() in place" in s["step"])
    assert len(s["storages"]) == 3
    d_box = storage_of(s, "d")
    assert d_box not in (storage_of(s, "a"), storage_of(s, "b"))
    d_node = [k for k, v in s["memory"]["nodes"].items() if v and v[0] == "d"][0]
    assert "_version 1" in s["memory"]["nodes"][d_node]
    assert "CopyBackwards" in s["graph"]["names"]
    lab.screenshot("widgets_after_copy")

    assert lab.run_cell(6) is True                       # b.mul_(2) after b was saved
    s = wait_state(lab, lambda s: "y" in s["graph"]["names"])
    mul = [v for v in s["graph"]["nodes"].values() if v and v[0] == "MulBackward0"][0]
    assert any("v0 ≠ now v1" in t for t in mul)        # stale, before backward() fails
    assert s["message"] == ""

    # click the tensor `a` in the compute graph: its details, next to the click
    a_id = [k for k, v in s["graph"]["nodes"].items() if v and v[0] == "a"][0]
    node = lab.page.locator(".mtw-graph g.node", has=lab.page.locator("title", has_text=a_id)).first
    node.click()
    s = wait_state(lab, lambda s: "tensor a" in s["details"])
    assert "shares memory with: c" in s["details"]
    assert "values: [1., 1., 1., 1., 1., 1.]" in s["details"]
    box, at = lab.page.locator(".mtw-details").first.bounding_box(), node.bounding_box()
    assert abs(box["y"] - at["y"]) < 5, (box, at)                # level with the box clicked
    assert box["x"] >= at["x"] + at["width"] or box["x"] + box["width"] <= at["x"], (box, at)
    assert min(abs(box["x"] - at["x"] - at["width"]), abs(at["x"] - box["x"] - box["width"])) < 20
    # a grad_fn node names the tensor it saved
    mul = [k for k, v in s["graph"]["nodes"].items() if v and v[0] == "MulBackward0"][0]
    lab.page.locator(".mtw-graph g.node", has=lab.page.locator("title", has_text=mul)).first.click()
    s = wait_state(lab, lambda s: "MulBackward0" in s["details"])
    assert "saved self: b, saved at version 0, now 1  -> STALE" in s["details"], s["details"]
    panel = lab.page.locator(PANEL).first
    shot = lab.screenshot("widgets_panel", target=panel)
    assert shot.stat().st_size > 10_000
    lab.screenshot("widgets_page", full_page=True)

    # the timeline: step back to before the in-place change, then live again
    lab.page.locator(".mtw-back").first.click()
    def mul_node(s):
        return [v for v in s["graph"]["nodes"].values() if v and v[0] == "MulBackward0"][0]
    # the step label changes at once in the browser; the SVG comes back from the kernel
    s = wait_state(lab, lambda s: "sum()" in s["step"] and not any("≠" in t for t in mul_node(s)))
    assert s["line"] == "y = (b * b).sum()"
    lab.screenshot("widgets_timeline_back", target=panel)
    lab.page.locator(".mtw-live").first.click()
    wait_state(lab, lambda s: "mul_() in place" in s["step"] and any("≠" in t for t in mul_node(s)))


def test_static_picture_is_png_with_its_dot(lab):
    """A static picture is stored as PNG (drawn by every reader, trusted or not) beside the
    DOT it was drawn from; JupyterLab shows the PNG as a loaded <img>."""
    import re
    lab.open("widgets_lesson.ipynb")
    for i in (1, 2, 4, 7):
        assert lab.run_cell(i) is True
    img = lab.output(7).locator(".jp-RenderedImage img").first
    img.wait_for(timeout=30_000)
    assert img.get_attribute("src").startswith("data:image/png")
    assert img.evaluate("i => i.complete && i.naturalWidth > 100 && i.naturalHeight > 20")
    dot = lab.evaluate("""() => [].concat(window.jupyterapp.shell.currentWidget.content
        .widgets[7].model.outputs.toJSON()[0].data['text/vnd.graphviz']).join('')""")
    texts = [t.strip() for t in re.findall(r">([^<>]+)<", dot) if t.strip()]
    assert "a" in texts and "c" in texts
    assert sum(1 for t in texts if t.startswith("storage ")) == 1
    lab.screenshot("widgets_static_memory", target=lab.output(7))
