"""The pictures, the live panel and the prediction widget speak the edition's language.

* every English text the widgets show has a Chinese translation in widgets/i18n_zh.py with
  the same %-placeholders, and nothing there is left over from an English text that changed;
* after ``widgets.set_language("zh")`` the legends, labels, storage headers, tooltips, pane
  titles, timeline, details, and the prediction widget's own words are Chinese; English is
  unchanged (PyTorch's names stay English in both);
* Chinese labels and variable names are measured by ``dot`` with a CJK font: the SVG names a
  CJK font stack, and a Chinese name makes a box as wide as its glyphs need (two-thirds
  as wide, a missing font would make it, or boxes of zero width). The font itself is
  installed by ``make`` (scripts/system_deps.sh): checked here, required under CI=true.
tests/browser/test_zh_lesson.py looks at the result in Chromium.
"""
import ast
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import minitensor as torch
import widgets
from widgets import i18n, panel, predict, render
from widgets.i18n_zh import ZH

ROOT = Path(__file__).resolve().parent.parent
CJK = re.compile(r"[\u3400-\u9fff]")
SPEC = re.compile(r"%[sdrg]")


@pytest.fixture
def zh():
    widgets.set_language("zh")
    try:
        yield
    finally:
        widgets.set_language("en")


def texts():
    """Every English text the widgets translate."""
    out = set()
    for path in sorted((ROOT / "widgets").glob("*.py")):
        if path.name.startswith("i18n"):
            continue
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Call) and (getattr(n.func, "id", None) == "_"
                                            or getattr(n.func, "attr", None) == "_") \
                    and n.args and isinstance(n.args[0], ast.Constant):
                out.add(n.args[0].value)
    out |= {t for _, t in render.LEGEND} | {t for _, t in render.LABEL_NOTES}
    out |= set(panel.WORDS) | set(predict.WORDS.values()) | set(predict.FALLBACK)
    out.add(predict.NEXT)
    return out


def test_every_widget_text_has_a_translation_and_nothing_is_left_over():
    missing = sorted(texts() - set(ZH))
    orphans = sorted(set(ZH) - texts())
    assert not missing, "no Chinese in widgets/i18n_zh.py for: %s" % missing
    assert not orphans, "widgets/i18n_zh.py translates texts the widgets no longer show " \
                        "(their English changed): %s" % orphans
    for key, text in ZH.items():
        assert SPEC.findall(key) == SPEC.findall(text), (key, text)
        assert CJK.search(text) or key in ("AccumulateGrad", "grad_fn", "grad: %s"), (key, text)


def _scene():
    a = torch.tensor([1., 2., 3.], requires_grad=True)
    d = a.detach()
    y = a.sigmoid()
    y.detach().zero_()
    return {"a": a, "d": d, "y": y}


def test_pictures_are_drawn_in_chinese_and_english_is_unchanged(zh):
    ns = _scene()
    graph = widgets.draw_graph(ns["y"], namespace=ns)
    memory = widgets.draw_memory(ns["a"], ns["d"], namespace=ns)
    for svg, words in [(graph.svg, ["叶子节点（requires_grad）", "过期的保存张量", "保存的 result",
                                    "非叶子节点", "图例", "点击查看详情"]),
                       (memory.svg, ["存储 s", "字节", "不参与自动微分的张量"])]:
        for w in words:
            assert w in svg, w
        assert "SigmoidBackward0" in graph.svg and "AccumulateGrad" in graph.svg
    widgets.set_language("en")
    ns = _scene()
    english = widgets.draw_graph(ns["y"], namespace=ns).svg
    assert "leaf tensor (requires_grad)" in english and not CJK.search(english)


def test_the_svg_names_a_cjk_font_stack():
    ns = _scene()
    svg = widgets.draw_memory(ns["a"], namespace=ns).svg
    families = set(re.findall(r'font-family="([^"]+)"', svg))
    assert families, "no font-family in the SVG"
    for family in families - {render.MONO}:      # values (numbers) are in Courier New
        for font in ("Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC"):
            assert font in family, (font, family)
    assert "Noto Sans CJK SC" in i18n.FONT_FAMILY and "Noto Sans CJK SC" in panel.CSS \
        and "Noto Sans CJK SC" in predict.CSS


def _cjk_font_installed():
    fc = shutil.which("fc-list")
    return bool(fc) and "Noto Sans CJK" in subprocess.run([fc], capture_output=True,
                                                           text=True).stdout


def test_make_installs_the_cjk_font():
    script = (ROOT / "scripts" / "system_deps.sh").read_text()
    assert "fonts-noto-cjk" in script and "Noto Sans CJK" in script
    if not _cjk_font_installed():
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail("fonts-noto-cjk is missing under CI=true: make should have installed it")
        pytest.skip("no Noto Sans CJK font here (scripts/system_deps.sh installs it as root)")


def _box_width(svg, name):
    """Width of the node box that holds the text ``name`` (from its outline's x extent)."""
    for g in re.findall(r'<g id="[^"]*" class="node">(.*?)</g>\s*</g>', svg, re.S):
        if name in g:
            outline = re.search(r'<(?:path|polygon)[^>]*(?:d|points)="([^"]+)"', g).group(1)
            xs = [float(x) for x in re.findall(r"(-?[0-9.]+),-?[0-9.]+", outline)]
            return max(xs) - min(xs)
    raise AssertionError("no box for %s" % name)


def test_chinese_variable_names_are_measured_with_a_cjk_font():
    if not _cjk_font_installed():
        pytest.skip("no CJK font to measure with (make installs fonts-noto-cjk)")
    if shutil.which("dot") is None:
        pytest.skip("no dot")
    name = "张量张量张量张量张量张量"                     # 12 CJK characters, bold 14 pt
    ns = {name: torch.zeros(1)}
    svg = widgets.draw_memory(*ns.values(), namespace=ns).svg
    text = re.search(r'<text[^>]*font-family="([^"]+)"[^>]*>%s' % name, svg)
    assert text and "Noto Sans CJK SC" in text.group(1)
    # a CJK glyph is one em wide: the box leaves each of the 12 characters at least 0.9 em,
    # so the name fits inside its box in the browser
    assert _box_width(svg, name) >= 12 * 14 * 0.9


def test_the_panel_speaks_chinese(zh):
    from widgets.lab import Lab
    lab = Lab(display=False)
    try:
        words = lab.panel.words
        assert words["compute graph"] == "计算图" and words["memory"] == "内存"
        assert CJK.search(words[panel.WORDS[-1]])           # the disconnected notice
        step = {"kind": "inplace", "op": "add_", "cell": 3, "merged": 2}
        assert panel.step_label(step, 0, 4) == "第 1 步，共 4 步 · 单元格 [3] · add_()（原地）（另有 2 个运算）"
    finally:
        lab.stop()
    ns = _scene()
    from widgets import snapshot as S
    snap = widgets.draw_graph(ns["y"], namespace=ns).snapshot
    node = next(n for n in snap["nodes"] if n["name"] == "SigmoidBackward0")
    d = panel.details(snap, node["id"])
    assert d["title"] == "grad_fn 节点 SigmoidBackward0"
    assert any("保存时是版本 0" in line and "已过期" in line for line in d["lines"]), d
    t = next(t for t in snap["tensors"] if t["name"] == "a")
    assert panel.details(snap, t["id"])["title"] == "张量 a"


def test_the_prediction_widget_speaks_chinese(zh):
    q = predict.ask("问题？", ["甲", "乙"], answer=0, why="因为。", feedback={1: "不对。"})
    assert q.words["predict"] == "预测" and "答对了" in q.words["right"]
    assert q.next == "现在运行下面“核对预测”里的单元格，亲眼看看。"
    assert q.text().splitlines()[0] == "预测：问题？"
    assert "先想好答案，再点这里看答案" in q.html() and "如果你选了 B：" in q.html()
    widgets.set_language("en")
    q = predict.ask("Q?", ["a", "b"], answer=0, why="W.", feedback={1: "F."})
    assert q.text().splitlines()[0] == "Predict: Q?" and q.words["predict"] == "Predict"


def test_the_live_memory_picture_says_which_op_made_a_tensor_in_chinese(zh):
    """The panel's memory boxes end with the op that made the tensor ("· made by ones()")."""
    ns = _scene()
    snap = widgets.draw_memory(ns["a"], namespace=ns).snapshot
    snap["tensors"][0]["made_by"] = {"op": "ones"}
    assert "· 由 ones() 生成" in render.memory_dot(snap) and "made by" not in render.memory_dot(snap)
    widgets.set_language("en")
    assert "· made by ones()" in render.memory_dot(snap)
