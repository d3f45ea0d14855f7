"""The Chinese edition is the English one, translated: same cells, same code, same values.

* every English cell has a translation made from its current text (a translation older than
  its English cell fails, by name and line), and nothing else: no orphan, no code or answer
  changed (scripts/editions.py decides; its failure modes are tested below on small files);
* the notebooks, guides and coverage table under notebooks/zh/ are up to date with the texts;
* both editions' notebooks have the same cells (ids, kinds, tags, folding), the same code
  (comments and docstrings aside) and, once executed, the same stored values;
* written for Chinese learners: every lesson links the glossary, uses zh.d2l.ai's terms and
  Simplified characters (the posts are quoted as they were written), quotes the old posts
  next to what 2.13 does, explains every PyTorch error where it first appears in a lesson,
  and its Markdown renders (no bold markers left over by CJK punctuation).
"""
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_lessons  # noqa: E402
import editions  # noqa: E402
import make_exercises  # noqa: E402

NB = ROOT / "notebooks"
ZH = NB / "zh"
CJK = editions.CJK
LANGUAGE_LINE = build_lessons.LANGUAGE_LINE["zh"]


def pairs_of_notebooks():
    """[(English notebook, Chinese notebook)]: lessons, exercise sources, solutions."""
    out = [(NB / p.name, ZH / p.name) for p in sorted(NB.glob("[0-9][0-9]_*.ipynb"))]
    out += [(NB / "exercises" / "solutions" / p.name, ZH / "exercises" / "solutions" / p.name)
            for p in sorted((NB / "exercises" / "solutions").glob("*.ipynb"))]
    out += [(NB / "exercises" / "source" / p.name, ZH / "exercises" / "source" / p.name)
            for p in sorted((NB / "exercises" / "source").glob("*.ipynb"))]
    return out


def read(path):
    return nbformat.read(path, as_version=4)


# ------------------------------------------------------------------ the translations

def test_every_translation_is_complete_and_made_from_the_current_english():
    problems = build_lessons.status("zh")
    assert not problems, ("%d problem(s); `python scripts/build_lessons.py --status` lists them:\n"
                          % len(problems)) + "\n".join(problems[:30])


EN = """%% md
# Title

Some `code` here.
%% code
x = 1   # one
%% code
y = 2
%% predict #predict-y
ask("What is `y`?", ["1", "2"], answer=1, why="Because.", feedback={0: "No."})
%% teacher
time: 3 min
"""


def _problems(en_text, zh_text):
    en = build_lessons.parse(en_text)
    blocks = editions.parse(zh_text, build_lessons.TAGS)
    pairs, orphans = editions.pair(en, blocks)
    return editions.problems(pairs, orphans, "t.md"), pairs


def _zh(en_text, **replace):
    """A correct translation of ``en_text``, then with some blocks' bodies replaced."""
    cells = build_lessons.parse(en_text)
    bodies = {0: "# 标题\n\n这里有一些 `code`。", 1: "x = 1   # 一",
              3: 'ask("`y` 是多少？", ["1", "2"], answer=1, why="因为。", feedback={0: "不对。"})'}
    bodies.update({int(k[1:]): v for k, v in replace.items()})
    out = []
    for i, c in enumerate(cells):
        key = editions.english_key(c)
        out.append("%% " + c.kind + (" #" + c.marker if c.marker else "") + " "
                   + ("=" if key[1] == "=" else "@" + key[1]))
        if key[1] != "=":
            out.append(bodies[i])
    return "\n".join(out) + "\n"


def test_a_correct_translation_has_no_problems():
    problems, pairs = _problems(EN, _zh(EN))
    assert problems == []
    assert [p.status for p in pairs] == ["ok"] * 5
    assert pairs[2].source() == "y = 2" and pairs[1].source() == "x = 1   # 一"


def test_an_english_cell_changed_after_translation_makes_its_translation_stale():
    changed = EN.replace("Some `code` here.", "Some `code` here, and more.")
    problems, pairs = _problems(changed, _zh(EN))
    assert pairs[0].status == "stale"
    assert any("changed since it was translated" in p and "md cell at line 1" in p
               for p in problems)


def test_a_new_english_cell_has_no_translation_and_an_old_one_is_an_orphan():
    added = EN.replace("%% code\ny = 2", "%% md\nNew text.\n%% code\ny = 2")
    problems, pairs = _problems(added, _zh(EN))
    assert [p.status for p in pairs].count("missing") == 1
    assert any("has no translation" in p for p in problems)
    removed = EN.replace("%% code\nx = 1   # one\n", "")
    problems, _ = _problems(removed, _zh(EN))
    assert any("matches no English cell" in p for p in problems)


def test_a_translation_may_change_comments_but_not_code_or_answers():
    problems, _ = _problems(EN, _zh(EN, b1="x = 2   # 一"))
    assert any("code differs" in p for p in problems)
    problems, _ = _problems(EN, _zh(EN, b3='ask("`y` 是多少？", ["1", "2"], answer=0, why="因为。", '
                                           'feedback={1: "不对。"})'))
    assert any("question differs" in p for p in problems)
    problems, _ = _problems(EN, _zh(EN, b0="# Title\n\nSome `code` here."))
    assert any("holds no Chinese" in p for p in problems)
    quoting = EN.replace("Some `code` here.", "The post says 「梯度」 about `code`.")
    problems, _ = _problems(quoting, _zh(quoting, b0="# Title\n\nThe post says 「梯度」 about `code`."))
    assert any("is the English text" in p for p in problems)
    problems, _ = _problems(EN, _zh(EN, b0="# 标题\n\n这里有一些代码。"))
    assert any("inline code `code`" in p for p in problems)
    problems, _ = _problems(EN, _zh(EN, b0="## 标题\n\n这里有一些 `code`。"))
    assert any("headings" in p for p in problems)


def test_the_chinese_notebooks_guides_and_table_are_up_to_date():
    stale = []
    for src, dst in build_lessons.translated_targets("zh"):
        if not dst.exists() or build_lessons.signature(read(dst)) != \
                build_lessons.signature(build_lessons.build_translated(src)):
            stale.append(dst)
    for src, dst in build_lessons.own_pages("zh"):
        nb = build_lessons.notebook(build_lessons.parse(src.read_text(encoding="utf-8")),
                                    src.stem, "zh")
        if not dst.exists() or build_lessons.signature(read(dst)) != build_lessons.signature(nb):
            stale.append(dst)
    for src, _, dst in build_lessons.documents("zh"):
        if not dst.exists() or dst.read_text(encoding="utf-8") != \
                build_lessons.translated_document(src)[0]:
            stale.append(dst)
    table = build_lessons.zh_coverage()
    for src, dst in build_lessons.translated_guides("zh"):
        if not dst.exists() or dst.read_text(encoding="utf-8") != \
                build_lessons.guide_translated(src, table):
            stale.append(dst)
    stale += [dst for dst, _ in make_exercises.stale()]
    assert not stale, ("run `python scripts/build_lessons.py && python scripts/make_exercises.py"
                       " && make notebooks`: %s" % [str(p.relative_to(ROOT)) for p in stale])


# ------------------------------------------------------------------ two editions, one lesson

def _shape(cell):
    meta = cell.get("metadata", {})
    return (cell.cell_type, cell.get("id"), list(meta.get("tags", [])),
            bool(meta.get(build_lessons.FOLDED)), dict(meta.get("jupyter", {})))


@pytest.mark.parametrize("en_path, zh_path", pairs_of_notebooks(),
                         ids=lambda p: str(p.relative_to(NB)))
def test_both_editions_have_the_same_cells_and_the_same_code(en_path, zh_path):
    assert zh_path.exists(), "%s has no Chinese edition" % en_path.relative_to(ROOT)
    en, zh = read(en_path), read(zh_path)
    assert [_shape(c) for c in en.cells] == [_shape(c) for c in zh.cells], (
        "a cell exists in one edition and not the other (or differs in kind, id, tags)")
    setup = next((i for i, c in enumerate(en.cells) if c.cell_type == "code"
                  and re.search(r"^import widgets\b", c.source, re.M)), None)
    assert setup is not None, "no cell imports widgets, so the zh edition cannot set its language"
    for i, (a, b) in enumerate(zip(en.cells, zh.cells)):
        if a.cell_type != "code":
            continue
        zh_source = b.source
        if i == setup:
            assert zh_source.endswith("\n" + LANGUAGE_LINE), "the zh edition sets its language"
            zh_source = zh_source[:-len("\n" + LANGUAGE_LINE)]
        if "predict" in a.get("metadata", {}).get("tags", []):
            assert editions.ask_shape(a.source) == editions.ask_shape(zh_source), a.get("id")
        else:
            assert editions.code_tokens(a.source) == editions.code_tokens(zh_source), a.get("id")


PICTURES = ("image/svg+xml", "application/vnd.jupyter.widget-view+json", "text/html")


def _values(cell):
    """What a code cell stored, pictures and widgets aside (their words are translated)."""
    out = []
    for o in cell.get("outputs", []):
        if o.output_type == "stream":
            out.append(("stream", o.name, o.text))
        elif o.output_type == "error":
            out.append(("error", o.ename, o.evalue))
        elif any(k in o.get("data", {}) for k in PICTURES):
            out.append(("picture", sorted(k for k in o.data if k != "text/plain")))
        else:
            out.append(("value", o.data.get("text/plain")))
    return out


@pytest.mark.parametrize("en_path, zh_path",
                         [(a, b) for a, b in pairs_of_notebooks() if a.parent == NB],
                         ids=lambda p: p.name)
def test_both_editions_store_the_same_values(en_path, zh_path):
    en, zh = read(en_path), read(zh_path)
    for a, b in zip(en.cells, zh.cells):
        if a.cell_type != "code" or "predict" in a.get("metadata", {}).get("tags", []):
            continue
        assert _values(a) == _values(b), "cell %s stores other values in the zh edition" % a.id


VERDICT = re.compile(r"^([✓✗]) ([0-9.]+) ", re.M)


@pytest.mark.parametrize("en_path, zh_path",
                         [(a, b) for a, b in pairs_of_notebooks() if a.parent.name == "solutions"],
                         ids=lambda p: p.name)
def test_both_editions_give_the_same_verdicts_in_their_own_language(en_path, zh_path):
    en, zh = read(en_path), read(zh_path)
    for a, b in zip(en.cells, zh.cells):
        if a.cell_type != "code":
            continue
        ta = "".join(o.get("text", "") for o in a.get("outputs", []) if o.output_type == "stream")
        tb = "".join(o.get("text", "") for o in b.get("outputs", []) if o.output_type == "stream")
        assert VERDICT.findall(ta) == VERDICT.findall(tb), a.id
        for line in tb.splitlines():
            if VERDICT.match(line):
                assert re.match(r"^[✓✗] [0-9.]+ (正确|不太对|还没有作答)：", line), line
                assert CJK.search(line.split("：", 1)[1]), line


# ------------------------------------------------------------------ for Chinese learners

def zh_lessons():
    return sorted(ZH.glob("[0-9][0-9]_*.ipynb"))


def test_every_lesson_and_exercise_links_the_glossary_which_has_the_terms():
    glossary = ZH / "00_glossary.ipynb"
    text = "\n".join(c.source for c in read(glossary).cells)
    for zh_term, en_term, torch_name in [
            ("张量", "tensor", "torch.Tensor"), ("梯度", "gradient", "t.grad"),
            ("计算图", "computational graph", "grad_fn"), ("叶子节点", "leaf", "is_leaf"),
            ("视图", "view", "view"), ("存储", "storage", "untyped_storage"),
            ("原地操作", "in-place", "add_"), ("版本计数器", "version counter", "_version")]:
        row = next((l for l in text.splitlines() if l.startswith("| %s |" % zh_term)), "")
        assert en_term in row and torch_name in row, "glossary row for %s: %r" % (zh_term, row)
    for path in zh_lessons():
        if path.name == glossary.name:
            continue
        first = next(c.source for c in read(path).cells if c.cell_type == "markdown")
        assert "(00_glossary.ipynb)" in first, "%s does not link the glossary" % path.name
    for path in sorted((ZH / "exercises").glob("[0-9][0-9]_*.ipynb")):
        first = next(c.source for c in read(path).cells if c.cell_type == "markdown")
        assert "(../00_glossary.ipynb)" in first, "%s does not link the glossary" % path.name


QUOTE = re.compile(r"「[^」]*」")
# Words for these ideas that zh.d2l.ai does not use (it says 原地操作, 叶子节点, 步幅...).
NOT_D2L = {"就地操作": "原地操作", "原位操作": "原地操作", "叶节点": "叶子节点", "叶结点": "叶子节点",
           "跨步": "步幅", "计算图谱": "计算图", "存贮": "存储", "反向传递": "反向传播"}
# Characters that exist only in Traditional Chinese (the Simplified ones are in brackets).
TRADITIONAL = "個們這對來時會說為與將從號點麼還開關無處發張圖計變數據複製內記憶體儲傳遞葉權構過寫頭"


def prose(text):
    """The Chinese prose of a text: quotations of the posts and code left out."""
    return QUOTE.sub("", editions._SPAN.sub("", text))


def all_zh_texts():
    out = []
    for path in sorted(ZH.rglob("*.ipynb")):
        for c in read(path).cells:
            out.append((path, c.source))
    for path in sorted((ZH / "teacher").glob("*.md")):
        out.append((path, path.read_text(encoding="utf-8")))
    for path in (ROOT / "notebooks" / "exercises" / "check_zh.py",
                 ROOT / "widgets" / "i18n_zh.py"):
        out.append((path, path.read_text(encoding="utf-8")))
    return out


def test_simplified_characters_and_zh_d2l_terms_outside_quotations():
    seen = []
    for path, text in all_zh_texts():
        body = prose(text)
        for wrong, right in NOT_D2L.items():
            if wrong in body:
                seen.append("%s: %s (zh.d2l.ai says %s)" % (path.name, wrong, right))
        trad = sorted(set(ch for ch in body if ch in TRADITIONAL))
        if trad:
            seen.append("%s: Traditional characters %s outside a quotation" % (path.name, trad))
    assert not seen, "\n".join(seen)


def test_the_check_for_terms_and_scripts_can_fail():
    assert "就地操作" in prose("这是一次就地操作。") and "就地操作" not in prose("「就地操作」")
    assert set("這個") <= set(TRADITIONAL)


def test_old_claims_quote_the_posts_next_to_what_2_13_does():
    table = build_lessons.zh_coverage()
    assert len(table["claims"]) == 13
    for row in table["claims"]:
        assert QUOTE.search(row["the old post says"]) or "`" in row["the old post says"], row
        for lesson, marker in row["named in"]:
            cells = {c.get("id"): c.source for c in read(ZH / (lesson + ".ipynb")).cells}
            text = cells[marker]
            assert "旧文" in text and "2.13" in text, "%s#%s names no old post" % (lesson, marker)
            quotes = [q for q in QUOTE.findall(text) if CJK.search(q) or "Backward" in q]
            assert quotes, "%s#%s: no quotation of the post's own words" % (lesson, marker)


def _explains(text, message):
    """Does ``text`` explain ``message`` in Chinese, quoting a piece of it as `code`?"""
    first = " ".join(message.splitlines()[0].split())
    spans = [" ".join(s.split()) for s in re.findall(r"`([^`]+)`", text)]
    return bool(CJK.search(text)) and any(len(s) >= 12 and s in first for s in spans)


@pytest.mark.parametrize("path", zh_lessons(), ids=lambda p: p.name)
def test_every_torch_error_is_explained_in_chinese_where_it_first_appears(path):
    cells = read(path).cells
    explained = set()
    for i, c in enumerate(cells):
        if c.cell_type != "code":
            continue
        for o in c.get("outputs", []):
            if o.output_type != "error":
                continue
            key = o.evalue.splitlines()[0][:60]
            if key in explained:
                continue
            before = next((d for d in reversed(cells[:i]) if d.cell_type == "markdown"
                           and not d.source.startswith("######")
                           or "predict" in d.get("metadata", {}).get("tags", [])), None)
            after = next((d for d in cells[i + 1:] if d.cell_type == "markdown"
                          and not d.source.startswith("######")), None)
            near = [d.source for d in (before, after) if d is not None]
            assert any(_explains(t, o.evalue) for t in near), (
                "%s cell %s: `%s` is not explained in the Chinese text around it"
                % (path.name, c.id, o.evalue.splitlines()[0][:80]))
            explained.add(key)


def test_the_error_gloss_check_can_fail():
    message = "element 0 of tensors does not require grad and does not have a grad_fn"
    assert _explains("报错 `element 0 of tensors does not require grad` 的意思是……", message)
    assert not _explains("It means `element 0 of tensors does not require grad`.", message)
    assert not _explains("这条报错的意思是：张量不需要梯度。", message)


def unrendered(markdown_text):
    """Emphasis markers a CommonMark renderer left as text (CJK punctuation next to `**`)."""
    import mistune
    html = mistune.create_markdown(plugins=["table"])(markdown_text)
    html = re.sub(r"<code>.*?</code>", "", html, flags=re.S)
    text = re.sub(r"<[^>]+>", "", html)
    return re.findall(r".{0,20}(?:\*\*|(?<![\w*])\*(?=\S)).{0,20}", text)


def test_the_chinese_markdown_renders_its_bold_and_italic():
    assert unrendered("**错：**浮点") and not unrendered("**错**：浮点")
    left = []
    for path in sorted(ZH.rglob("*.ipynb")):
        for c in read(path).cells:
            if c.cell_type == "markdown":
                left += ["%s: %s" % (path.name, m) for m in unrendered(c.source)]
    for path in sorted((ZH / "teacher").glob("*.md")):
        left += ["%s: %s" % (path.name, m) for m in unrendered(path.read_text(encoding="utf-8"))]
    assert not left, "\n".join(left[:20])
