"""check.py answers in the learner's language: one catalogue (check_zh.py), both languages.

* every message check.py can say has a Chinese translation with the same %-placeholders,
  and the catalogue holds nothing that check.py no longer says (an English message changed
  since it was translated);
* in a kernel that called ``widgets.set_language("zh")``, every verdict on every question
  (right answers, each misconception the table names, odd answers, unanswered cells) is
  Chinese, judged exactly as in English, and a whole sentence;
* English stays the default, and the language belongs to the kernel.
The shared helpers come from tests/test_exercises.py.
"""
import ast
import contextlib
import io
import re
import types

import pytest

from test_exercises import CHECK, C, judged, question_cells, solution, wrong_answers

import widgets
from widgets import i18n

CJK = re.compile(r"[\u3400-\u9fff]")
SENTENCE_END = ("。", "）", "”", "？", "！", ".", ")", '"')
SPEC = re.compile(r"%[sdrg]")
ZH_FILE = CHECK.parent / "check_zh.py"


@pytest.fixture
def zh():
    widgets.set_language("zh")
    try:
        yield
    finally:
        widgets.set_language("en")


def catalogue():
    module = types.ModuleType("check_zh")
    exec(compile(ZH_FILE.read_text(encoding="utf-8"), str(ZH_FILE), "exec"), module.__dict__)
    return module.MESSAGES


def messages():
    """Every English text check.py says: _() literals, the table's texts, the answer forms."""
    out = set()
    for n in ast.walk(ast.parse(CHECK.read_text(encoding="utf-8"))):
        if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "_" and n.args \
                and isinstance(n.args[0], ast.Constant):
            out.add(n.args[0].value)
    out |= set(C.LABEL.values())
    for cls in vars(C).values():
        if isinstance(cls, type) and issubclass(cls, C.Kind) and "todo" in vars(cls):
            out.add(cls.todo)
    for q in C.EXERCISES.values():
        for field in [q.right, q.otherwise] + [m for _, m in q.mistakes] \
                + [m for pair in q.hints.values() for m in pair] + list(q.needs.values()) \
                + [r.message for r in q.rules]:
            if isinstance(field, str) and field:
                out.add(field)
        if isinstance(q.kind, C.Tuple):
            out.add(q.kind.what)
    return out


def test_every_message_has_a_translation_and_every_translation_a_message():
    zh, en = catalogue(), messages()
    missing = sorted(en - set(zh))
    orphans = sorted(set(zh) - en)
    assert not missing, "%d message(s) without Chinese in check_zh.py:\n%s" % (
        len(missing), "\n".join(missing[:10]))
    assert not orphans, ("%d Chinese message(s) for English that check.py no longer says (the "
                         "English changed: translate the new text):\n%s"
                         % (len(orphans), "\n".join(orphans[:10])))
    for key, text in zh.items():
        assert SPEC.findall(key) == SPEC.findall(text), (key, text)
        assert CJK.search(text) or not re.search(r"[a-z]{3,} [a-z]{3,}", key), (key, text)


def test_the_catalogue_check_can_fail():
    zh = dict(catalogue())
    assert "answer a number (you gave %s)." in zh
    zh.pop("answer a number (you gave %s).")
    assert messages() - set(zh) == {"answer a number (you gave %s)."}


def said(qid, answer, given=None):
    status, msg, _, cause = C.EXERCISES[qid].judge(answer, given or {})
    return status, msg, cause


def test_english_is_the_default_and_the_language_is_the_kernels(zh):
    assert i18n.language() == "zh"
    assert said("4.1", "ten")[1] == "请回答一个数（你给的是 'ten'）。"
    widgets.set_language("en")
    assert said("4.1", "ten")[1] == "answer a number (you gave 'ten')."
    widgets.set_language("zh_CN")
    assert i18n.language() == "zh"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        widgets.set_language("fr")


def test_the_verdict_line_is_chinese(zh):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        C.check("4.1", 10.)
        C.check("4.1", 1.)
        C.check("4.1")
        C.check("no such exercise")
    lines = [l for l in buf.getvalue().splitlines() if l.startswith(("✓", "✗"))]
    assert lines[0].startswith("✓ 4.1 正确：") and lines[1].startswith("✗ 4.1 不太对：")
    assert lines[2] == "✗ 4.1 还没有作答：把 None 换成一个数，然后再运行这个单元格。"
    assert lines[3].startswith("✗ 没有练习 'no such exercise'")


IDS = sorted(C.EXERCISES, key=lambda s: tuple(map(int, s.split("."))))


@pytest.mark.parametrize("qid", IDS)
def test_every_verdict_is_judged_as_in_english_and_said_in_chinese(qid, zh):
    _, source = question_cells()[qid]
    cases = [(solution(source), "right")] + wrong_answers(qid)
    for cell, expected in cases:
        widgets.set_language("en")
        status_en, msg_en, _, cause_en = judged(qid, cell)
        widgets.set_language("zh")
        status, msg, _, cause = judged(qid, cell)
        assert (status, cause) == (status_en, cause_en), (qid, msg)
        assert CJK.search(msg) and msg != msg_en, "%s: not in Chinese: %s" % (qid, msg)
        assert msg.rstrip().endswith(SENTENCE_END), (qid, msg)


@pytest.mark.parametrize("qid", IDS)
def test_odd_answers_and_empty_cells_are_answered_in_chinese(qid, zh):
    q = C.EXERCISES[qid]
    if isinstance(q.kind, C.Code):
        status, msg, _ = said(qid, None, {name: None for name in q.needs} or None)
        if q.needs:
            assert status == "todo" and CJK.search(msg), (qid, msg)
        return
    for answer in (None, "ten", object(), b"x"):
        status, msg, _ = said(qid, answer)
        if status == "todo":
            assert CJK.search(msg) and msg.endswith("。"), (qid, answer, msg)
            assert "你给的是" in msg or "把 None 换成" in msg, (qid, answer, msg)
