"""The lessons ask for predictions, and the teacher's guides made from them are up to date.

* every lesson has at least three prediction questions whose answers parse, and the kit asks
  for pictures as well as values;
* every folded answer ("Check prediction N") follows its question;
* every lesson has a teacher's guide (notebooks/teacher/NN_name.md) equal to what
  scripts/build_lessons.py makes from the lesson, the seed coverage table and the exercise
  headings today: editing any of them without rebuilding fails here;
* a guide has objectives, misconceptions, a timing that adds up to the lesson's stated
  minutes, every prediction with its answer, and every exercise of the lesson.
"""
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_lessons  # noqa: E402

LESSONS = build_lessons.lesson_files()
IDS = [p.stem for p in LESSONS]


def cells(path):
    return build_lessons.parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_every_lesson_asks_for_three_predictions_before_it_shows(path):
    cs = cells(path)
    predicts = [c for c in cs if c.kind == "predict"]
    assert len(predicts) >= 3, "only %d predictions" % len(predicts)
    for c in predicts:
        q = build_lessons.prediction(c.source)      # parses, answer is a choice
        assert 0 <= q["answer"] < len(q["choices"]) and q["why"].strip(), c
        assert c.marker, "a prediction needs a #marker (the guide and tests point at it)"
    reveals = [c for c in cs if c.kind == "reveal"]
    assert len(reveals) >= len(predicts) - 1, "predictions without a folded answer"


def test_the_kit_asks_for_pictures_too():
    pictures = [c for p in LESSONS for c in cells(p)
                if c.kind == "predict" and build_lessons.prediction(c.source)["pictures"]]
    assert len(pictures) >= 8


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_the_notebook_folds_each_answer_and_hides_each_question_s_code(path):
    nb = nbformat.read(ROOT / "notebooks" / (path.stem + ".ipynb"), as_version=4)
    heads = [c for c in nb.cells if c.cell_type == "markdown"
             and c.source.startswith("###### Check prediction")]
    assert heads and all(c.metadata.get(build_lessons.FOLDED) for c in heads)
    for c in nb.cells:
        if "predict" in c.metadata.get("tags", []):
            assert c.metadata["jupyter"]["source_hidden"] is True
            assert c.source.startswith(build_lessons.PREDICT_FIRST_LINE)


def test_a_reveal_must_follow_a_prediction():
    with pytest.raises(ValueError, match="must follow"):
        build_lessons.parse("%% md\n# x\n%% reveal\n%% code\n1\n")
    with pytest.raises(ValueError, match="folds 1 to 6 cells"):
        build_lessons.parse("%% predict #pq\nask('q', ['a', 'b'], 0, 'w')\n%% reveal\n%% md\n## h\n")
    with pytest.raises(ValueError, match="used twice"):
        build_lessons.parse("%% code #same\n1\n%% code #same\n2\n")


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_the_teacher_s_guide_is_up_to_date(path):
    guide = build_lessons.TEACHER / (path.stem + ".md")
    assert guide.exists(), "no guide: run python scripts/build_lessons.py"
    assert guide.read_text(encoding="utf-8") == build_lessons.guide(path), \
        "%s is stale: run python scripts/build_lessons.py" % guide.relative_to(ROOT)


def test_a_guide_goes_stale_when_its_lesson_changes(tmp_path):
    src = LESSONS[2]
    text = src.read_text(encoding="utf-8")
    changed = tmp_path / src.name
    changed.write_text(text.replace("answer=2", "answer=1", 1), encoding="utf-8")
    assert build_lessons.guide(changed) != build_lessons.guide(src)


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_a_guide_has_what_a_teacher_needs(path):
    guide = build_lessons.guide(path)
    for heading in ("## Objectives", "## Misconceptions it targets", "## Timing",
                    "## Plan: where to pause, and the answers", "## Exercises to assign"):
        assert heading in guide
    total = int(re.search(r"\| \*\*(\d+)\*\* \| total \|", guide).group(1))
    stated = int(re.search(r"\*About (\d+) minutes\.\*", path.read_text(encoding="utf-8")).group(1))
    assert total == stated, "the timing adds up to %d minutes, the lesson says %d" % (total, stated)
    predicts = [c for c in cells(path) if c.kind == "predict"]
    for n, c in enumerate(predicts, 1):
        q = build_lessons.prediction(c.source)
        answer = "- %s. %s **(answer)**" % ("ABCDEFGH"[q["answer"]], q["choices"][q["answer"]])
        assert "**Pause P%d** (cell `%s`)" % (n, c.marker) in guide and answer in guide
    for number, title, kind in build_lessons.exercises(path.stem):
        assert "| %s %s |" % (number, title.replace("|", "\\|")) in guide


def test_exercise_headings_and_kinds_are_read(tmp_path, monkeypatch):
    (tmp_path / "exercises").mkdir()
    (tmp_path / "exercises" / "99_x.md").write_text(
        "%% md\n### 99.1 Predict a thing\n<!-- kind: predict ; transfer -->\n%% code\n1\n"
        "%% md\n### 99.2 Write code\n%% code\n2\n", encoding="utf-8")
    monkeypatch.setattr(build_lessons, "LESSONS", tmp_path)
    assert build_lessons.exercises("99_x") == [("99.1", "Predict a thing", "predict ; transfer"),
                                               ("99.2", "Write code", None)]
