"""The Chinese edition in JupyterLab, as a learner at 1366x768 sees it.

Lesson 1 of notebooks/zh/ runs cell by cell with its live panel; then a tensor with a Chinese
variable name is made. Every SVG text of the panel that holds Chinese must be drawn with real
glyphs, not missing-glyph boxes ("tofu"):

* it has a non-zero computed length and box;
* Chromium's own record of the fonts it used for that text (DevTools' CSS.getPlatformFontsForNode)
  names a CJK font;
* drawn one by one in the text's own font on a canvas, its characters give different
  bitmaps, each unlike the box of an unassigned code point (tofu boxes all look alike).

The prediction widget answers in Chinese, and ``make lab LANG=zh``'s settings override
(scripts/lab-zh/overrides.json) turns JupyterLab's own menus Chinese with the zh-CN language
pack. Screenshots: artifacts/screenshots/zh-*.png.
"""
import importlib.util
import json
from pathlib import Path

import pytest
from conftest import LabPage, LabServer, unavailable
from lessons import code_cells, scroll_panel_into_view, wait_panel

ROOT = Path(__file__).resolve().parents[2]

# For each SVG <text> holding Chinese in the panel: its length, its box, the font the page
# asks for, and per character a signature of the pixels drawn in that font on a canvas.
GLYPHS_JS = r"""
() => {
  const panel = document.querySelector('.jp-Notebook .mtw');
  const cjk = /[\u3400-\u9fff]/;
  const canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 64;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  function signature(ch, font) {
    ctx.clearRect(0, 0, 64, 64);
    ctx.font = font; ctx.fillStyle = '#000'; ctx.textBaseline = 'top';
    ctx.fillText(ch, 4, 4);
    const d = ctx.getImageData(0, 0, 64, 64).data;
    let ink = 0, h = 0;
    for (let i = 3; i < d.length; i += 4) { if (d[i] > 0) ink++; h = (h * 31 + d[i]) >>> 0; }
    return {ink, hash: h, width: ctx.measureText(ch).width};
  }
  const out = [];
  panel.querySelectorAll('svg text').forEach((t, k) => {
    const text = t.textContent;
    if (!cjk.test(text)) return;
    t.setAttribute('data-cjk-probe', String(k));
    const cs = getComputedStyle(t);
    const font = '40px ' + cs.fontFamily;
    const chars = [...new Set([...text].filter(c => cjk.test(c)))];
    out.push({probe: String(k), text, length: t.getComputedTextLength(),
              width: t.getBoundingClientRect().width, family: cs.fontFamily,
              chars: chars.map(c => [c, signature(c, font)]),
              tofu: [signature('\u0378', font), signature('\u0379', font)]});
  });
  return out;
}
"""


@pytest.fixture(scope="module")
def lab_server(lab_server_factory):
    return lab_server_factory(ROOT / "notebooks" / "zh")


def platform_fonts(page, selector):
    """The fonts Chromium used to draw the element's text: [(family, glyph count)]."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        return [(f["familyName"], f["glyphCount"]) for f in fonts]
    finally:
        cdp.detach()


CJK_FAMILIES = ("CJK", "YaHei", "PingFang", "Hei", "Song", "WenQuanYi", "Source Han")


def test_a_chinese_lesson_draws_chinese_with_real_glyphs(lab):
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open("01_start_here.ipynb")
    where = None
    for i, src, tags in code_cells(lab):
        lab.run_cell(i)
        if src.strip() == "lab = watch()":
            where = i
        if src.startswith("y.backward()"):
            break
    assert where is not None
    # a learner's own Chinese variable name, made from the kernel like any cell
    lab.evaluate("""async () => {
      const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
      await k.requestExecute({code: '张量 = torch.ones(2)\\n梯度 = 张量 * 2'}).done; }""")
    state = wait_panel(lab, where, lambda s: "张量" in s["memory"] and "梯度" in s["memory"])
    # the panel's legend uses the short names (leaf, made by an op, ...), in Chinese
    legend = lab.page.locator(".mtw-legend").first.text_content()
    assert all(w in legend for w in ("叶子节点", "由运算得到", "过期的保存张量", "存储")), legend
    titles = lab.page.locator(".jp-Notebook .mtw .mtw-ptitle").all_text_contents()
    assert titles == ["计算图", "内存"], titles
    assert "单元格" in state["step"], state["step"]
    assert any("存储 s" in t for t in state["memory"]), state["memory"]
    scroll_panel_into_view(lab, where)
    shot = lab.screenshot("zh-lesson1-panel-1366x768")

    texts = lab.evaluate(GLYPHS_JS)
    assert any("张量" in t["text"] for t in texts) and any("存储" in t["text"] for t in texts)
    seen = {}
    for t in texts:
        assert t["length"] > 0 and t["width"] > 0, "%r has no width (%s)" % (t["text"], shot)
        assert "Noto Sans CJK SC" in t["family"], t["family"]
        tofu = {s["hash"] for s in t["tofu"]}
        assert len(tofu) == 1, "the two unassigned code points should draw the same box"
        for ch, sig in t["chars"]:
            assert sig["ink"] > 0, "%r draws nothing" % ch
            assert sig["hash"] not in tofu, "%r is drawn as a missing-glyph box (%s)" % (ch, shot)
            seen.setdefault(sig["hash"], set()).add(ch)
    alike = [chars for chars in seen.values() if len(chars) > 1]
    assert not alike, "different characters drawn alike (boxes?): %s" % alike
    assert len(seen) >= 8, "too few Chinese characters checked: %s" % seen
    for t in texts[:3] + [t for t in texts if "张量" in t["text"]][:1]:
        fonts = platform_fonts(lab.page, '[data-cjk-probe="%s"]' % t["probe"])
        assert any(any(k in family for k in CJK_FAMILIES) and n > 0 for family, n in fonts), (
            "%r was drawn with %s, no CJK font" % (t["text"], fonts))


def test_the_prediction_widget_answers_in_chinese(lab):
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open("01_start_here.ipynb")
    for i, src, tags in code_cells(lab):
        lab.run_cell(i)
        if "predict" in tags:
            break
    question = lab.page.locator(".jp-Notebook .mtp").first
    question.wait_for(state="visible", timeout=30_000)
    assert question.locator(".mtp-tag").text_content() == "预测"
    assert "先选一个答案" in question.locator(".mtp-wait").text_content()
    question.locator(".mtp-opt").nth(1).click()          # the wrong answer
    lab.wait_for_text("不太对：你选了 B，答案是 A。", question)
    lab.wait_for_text("核对预测", question)
    lab.screenshot("zh-lesson1-prediction-1366x768", target=question)


def test_jupyterlab_menus_are_chinese_with_the_lab_zh_settings(page, tmp_path, screenshot_dir):
    if importlib.util.find_spec("jupyterlab") is None:
        unavailable("JupyterLab not installed")
    from jupyterlab_server.translation_utils import get_language_packs
    if "zh_CN" not in get_language_packs()[0]:
        unavailable("jupyterlab-language-pack-zh-cn is not installed (the lab-zh extra)")
    config = tmp_path / "config"
    config.mkdir()
    (config / "jupyter_lab_config.json").write_text(json.dumps(
        {"LabApp": {"app_settings_dir": str(ROOT / "scripts" / "lab-zh")}}))
    server = LabServer(ROOT / "notebooks" / "zh" / "exercises", tmp_path).start()
    try:
        lab = LabPage(page, server, screenshot_dir)
        page.set_viewport_size({"width": 1366, "height": 768})
        lab.open("01_start_here.ipynb")
        menus = page.locator("#jp-menu-panel .lm-MenuBar-itemLabel").all_text_contents()
        lab.screenshot("zh-jupyterlab-menus-1366x768")
        assert "文件" in menus and "编辑" in menus, menus
    finally:
        server.stop()
