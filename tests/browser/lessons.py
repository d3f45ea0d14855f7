"""Helpers for driving the real lessons (notebooks/) in JupyterLab and reading the panel.

Cells are found by their source text, never by index: lessons gain cells over time.
"""
import time

# The panel: names drawn in each picture.
# ``where``: a cell index (the panel in that cell's output) or a CSS selector.
FIND_PANEL = r"""
function findPanel(where) {
  if (typeof where === 'number') {
    const nb = window.jupyterapp.shell.currentWidget.content;
    const cell = nb.widgets[where];
    return cell ? cell.node.querySelector('.mtw') : null;
  }
  return document.querySelector(where + ' .mtw');
}
"""

PANEL_JS = r"""
(where) => {
  """ + FIND_PANEL + r"""
  const panel = findPanel(where);
  if (!panel) return null;
  function read(pane) {
    if (!pane) return [];
    return [...pane.querySelectorAll('svg text')].map(t => t.textContent.replace(/\u00a0/g, ' ').trim());
  }
  return {graph: read(panel.querySelector('.mtw-graph')),
          memory: read(panel.querySelector('.mtw-memory')),
          step: panel.querySelector('.mtw-stepinfo').textContent,
          message: panel.querySelector('.mtw-msg').textContent,
          dead: panel.classList.contains('mtw-dead'),
          details: panel.querySelector('.mtw-details').textContent};
}
"""

# Is each label visible where a learner looks? For every <text> whose content is the label:
# its box inside the viewport and inside every ancestor that clips (overflow not visible),
# its font at least 9 CSS px, and no pane of the panel scrolls.
VISIBLE_JS = r"""
([where, pane, labels]) => {
  """ + FIND_PANEL + r"""
  const panel = findPanel(where);
  const out = {};
  const vw = window.innerWidth, vh = window.innerHeight;
  const scrolling = [...panel.querySelectorAll('.mtw-pane')].filter(
      p => p.scrollWidth > p.clientWidth + 1 || p.scrollHeight > p.clientHeight + 1).length;
  for (const label of labels) {
    const texts = [...panel.querySelectorAll('.mtw-' + pane + ' svg text')].filter(
        t => t.textContent.replace(/\u00a0/g, ' ').trim() === label);
    if (!texts.length) { out[label] = {found: false}; continue; }
    const results = texts.map(t => {
      const r = t.getBoundingClientRect();
      const why = [];
      if (r.width <= 0 || r.height <= 0) why.push('empty box');
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
        why.push('outside the viewport ' + JSON.stringify([r.left, r.top, r.right, r.bottom]));
      for (let a = t.parentElement; a && a !== document.body; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
          const c = a.getBoundingClientRect();
          if (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 ||
              r.bottom > c.bottom + 0.5)
            why.push('clipped by ' + a.tagName + '.' + String(a.className).slice(0, 40));
        }
      }
      const svg = t.ownerSVGElement;
      const vb = svg.viewBox.baseVal;
      const scale = svg.getBoundingClientRect().width / (vb && vb.width ? vb.width : 1);
      const px = parseFloat(t.getAttribute('font-size') || '14') * scale;
      if (px < 9) why.push('font ' + px.toFixed(1) + ' px');
      return {ok: why.length === 0, why, px};
    });
    const good = results.find(x => x.ok);
    out[label] = good ? {found: true, ok: true, px: good.px}
                      : {found: true, ok: false, why: results[0].why};
  }
  return {labels: out, scrolling, layout: panel.dataset.layout};
}
"""

FIND_CELL_JS = r"""
(snippet) => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  const hits = [];
  nb.widgets.forEach((c, i) => {
    if (c.model.type === 'code' && c.model.sharedModel.getSource().includes(snippet)) hits.push(i);
  });
  return hits;
}
"""

CODE_CELLS_JS = r"""
() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  return nb.widgets.map((c, i) => [i, c.model.type, c.model.sharedModel.getSource(),
                                   (c.model.getMetadata('tags') || [])]);
}
"""


def find_cell(lab, snippet):
    hits = lab.evaluate(FIND_CELL_JS, snippet)
    assert len(hits) == 1, "expected one code cell containing %r, found %s" % (snippet, hits)
    return hits[0]


def code_cells(lab):
    return [(i, src, tags) for i, kind, src, tags in lab.evaluate(CODE_CELLS_JS) if kind == "code"]


def panel_state(lab, where):
    return lab.evaluate(PANEL_JS, where)


def wait_panel(lab, where, check, timeout=30):
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = lab.evaluate(PANEL_JS, where)
        if state is not None:
            try:
                if check(state):
                    return state
            except (KeyError, TypeError, IndexError):
                pass
        lab.page.wait_for_timeout(50)
    raise AssertionError("panel never reached the expected state; last seen: %r" % (state,))


def scroll_panel_into_view(lab, where):
    """What a learner does to see the panel: scroll the notebook up to it."""
    lab.evaluate("(where) => { " + FIND_PANEL + " findPanel(where).scrollIntoView({block: 'start'}); }",
                 where)
    lab.page.wait_for_timeout(150)


def visibility(lab, where, pane, labels):
    return lab.evaluate(VISIBLE_JS, [where, pane, list(labels)])


def assert_visible(lab, where, pane, labels, shot=None):
    v = visibility(lab, where, pane, labels)
    bad = {k: x for k, x in v["labels"].items() if not x.get("ok")}
    if (bad or v["scrolling"]) and shot:
        lab.screenshot(shot + "-FAILED")
    assert not bad, "not visible in the %s picture: %r (layout %s)" % (pane, bad, v["layout"])
    assert v["scrolling"] == 0, "a pane scrolls inside the panel"
    return v
