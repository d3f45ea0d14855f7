"""Every seed item and every outdated claim is taught, in a cell that still exists.

The table is notebooks/teacher/seed_coverage.md (parsed by scripts/build_lessons.py). It must
list the review's 45 seed items and its 13 outdated or false claims; each names lesson cells by
their stable markers (``lesson#marker``). A cell named there must exist in the lesson's text
file and, with the same source, in the built notebook; it must still show the code the table
says it shows; a claim's cell must name the claim ("Old posts say ..."), and lesson 11 must
collect it.
"""
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_lessons  # noqa: E402

# The instructor's review (pedagogy.md, section 1): rows 1-45, and the rows whose claim is
# outdated or false for PyTorch 2.13.
ITEMS = set(range(1, 46))
CLAIM_ROWS = {4, 7, 9, 10, 11, 14, 21, 23, 25, 26, 36, 38, 43}
NAMED = re.compile(r"\bOld posts (say|show)\b")


@pytest.fixture(scope="module")
def table():
    return build_lessons.coverage()


def lesson_cells(lesson, _cache={}):
    """{marker: source} from the lesson's text file and from its notebook."""
    if lesson not in _cache:
        src = build_lessons.LESSONS / (lesson + ".md")
        nbpath = ROOT / "notebooks" / (lesson + ".ipynb")
        text = {c.marker: c.source for c in build_lessons.parse(src.read_text(encoding="utf-8"))
                if c.marker} if src.exists() else {}
        nb = {c.get("id"): c.source for c in nbformat.read(nbpath, as_version=4).cells} \
            if nbpath.exists() else {}
        _cache[lesson] = (text, nb)
    return _cache[lesson]


def check_cells(refs):
    """Problems with a list of (lesson, marker); [] when every cell exists in text and notebook."""
    problems = []
    if not refs:
        return ["no cell named"]
    for lesson, marker in refs:
        text, nb = lesson_cells(lesson)
        if marker not in text:
            problems.append("%s#%s is not a cell of scripts/lessons/%s.md" % (lesson, marker, lesson))
        elif marker not in nb:
            problems.append("%s#%s is missing from notebooks/%s.ipynb (run build_lessons.py)"
                            % (lesson, marker, lesson))
        elif build_lessons.PREDICT_FIRST_LINE + "\n" + text[marker] != nb[marker] \
                and text[marker] != nb[marker]:
            problems.append("%s#%s differs in the notebook (run build_lessons.py)" % (lesson, marker))
    return problems


def sources(refs):
    return "\n".join(lesson_cells(lesson)[0].get(marker, "") for lesson, marker in refs)


def test_every_seed_item_is_listed_once(table):
    numbers = [int(r["#"]) for r in table["items"]]
    assert sorted(numbers) == sorted(set(numbers)), "an item is listed twice"
    assert set(numbers) == ITEMS, "missing: %s; unknown: %s" % (
        sorted(ITEMS - set(numbers)), sorted(set(numbers) - ITEMS))


def test_every_outdated_claim_is_listed_once(table):
    rows = [int(r["row"]) for r in table["claims"]]
    assert sorted(rows) == sorted(set(rows)), "a claim is listed twice"
    assert set(rows) == CLAIM_ROWS, "missing: %s; unknown: %s" % (
        sorted(CLAIM_ROWS - set(rows)), sorted(set(rows) - CLAIM_ROWS))
    assert [r["claim"] for r in table["claims"]] == ["C%d" % i for i in range(1, 14)]


def test_every_item_is_taught_in_a_cell_that_shows_it(table):
    problems = []
    for r in table["items"]:
        refs = r["taught in"]
        bad = check_cells(refs)
        if not bad:
            shows = r["the cell shows"]
            if not shows:
                bad = ["no code listed under 'the cell shows'"]
            text = sources(refs)
            bad += ["does not show %r" % s for s in shows if s not in text]
        problems += ["item %s: %s" % (r["#"], b) for b in bad]
    assert not problems, "\n".join(problems)


def test_every_claim_is_named_where_it_is_taught_and_collected_in_lesson_11(table):
    problems = []
    for r in table["claims"]:
        named, collected = r["named in"], r["collected in"]
        bad = check_cells(named) + check_cells(collected)
        if not bad:
            for lesson, marker in named:
                if lesson.startswith("11_"):
                    bad.append("is named only in lesson 11, not where it is taught")
                if not NAMED.search(lesson_cells(lesson)[0][marker]):
                    bad.append("%s#%s does not name it ('Old posts say ...')" % (lesson, marker))
            for lesson, marker in collected:
                if not lesson.startswith("11_"):
                    bad.append("%s#%s is not in lesson 11" % (lesson, marker))
                if not re.search(r"\b%s\b" % r["claim"], lesson_cells(lesson)[0][marker]):
                    bad.append("%s#%s does not mention %s" % (lesson, marker, r["claim"]))
        problems += ["claim %s: %s" % (r["claim"], b) for b in bad]
    assert not problems, "\n".join(problems)


def test_every_old_posts_quote_in_a_lesson_is_in_the_table(table):
    # the table stays complete the other way round: no lesson names a claim the table misses
    listed = {ref for r in table["claims"] for ref in r["named in"]}
    listed |= {ref for r in table["items"] for ref in r["taught in"]}
    orphans = []
    for path in build_lessons.lesson_files():
        if path.stem.startswith("11_"):
            continue                    # the lesson that collects them all
        for c in build_lessons.parse(path.read_text(encoding="utf-8")):
            if c.kind == "md" and NAMED.search(c.source) and (path.stem, c.marker) not in listed:
                orphans.append("%s line %d (marker %s)" % (path.name, c.line, c.marker))
    assert not orphans, "quotes of old posts not in seed_coverage.md: %s" % orphans


def test_the_checks_can_fail():
    assert check_cells([("03_clone", "no-such-cell")])
    assert check_cells([("99_nothing", "clone-pow")])
    assert check_cells([])
    assert not check_cells([("03_clone", "clone-pow")])
