"""Class results: check() records each attempt (notebooks/exercises/attempts.py), and
`minitensor-kit results DIR...` gathers a class's folders into one table.

The class here is generated with the real recorder (the same code a student's check()
calls), in the layouts a teacher meets: hub home directories (HOME/lessons/exercises/)
and collected lessons folders (DIR/exercises/), with one student's file corrupted, one
with a broken line, and one folder without a file.
"""
import csv
import importlib.util
import io
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from minitensor_kit import cli, results

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "notebooks" / "exercises"


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def attempts(monkeypatch):
    return load("attempts_under_test", EXERCISES / "attempts.py")


@pytest.fixture
def check_module(monkeypatch):
    """check.py as a notebook imports it: from its own folder, finding attempts.py."""
    monkeypatch.syspath_prepend(str(EXERCISES))
    monkeypatch.delitem(sys.modules, "attempts", raising=False)
    mod = load("check_under_test", EXERCISES / "check.py")
    yield mod
    sys.modules.pop("attempts", None)


def lines(path):
    return [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines()]


# ------------------------------------------------------------------ the recorder

def test_check_records_each_attempt_with_verdict_misconception_and_tries(
        check_module, tmp_path, monkeypatch):
    log = tmp_path / "attempts.jsonl"
    monkeypatch.setenv("MINITENSOR_ATTEMPTS", str(log))
    out = io.StringIO()
    with redirect_stdout(out):
        for answer in (None, (2, 2), (2, 2), (1, 2), (1, 2)):
            check_module.check("1.1", answer)
        check_module.check("1.2", (5, 5))
    assert out.getvalue().count("✓ 1.1 right") == 2
    got = lines(log)
    assert [(e["question"], e["verdict"], e["try"]) for e in got] == [
        ("1.1", "todo", 0), ("1.1", "wrong", 1), ("1.1", "wrong", 1),   # run again: same try
        ("1.1", "right", 2), ("1.1", "right", 2), ("1.2", "wrong", 1)]
    assert got[1]["misconception"].startswith("slicing copies nothing")
    assert got[0]["misconception"] is None and got[3]["misconception"] is None
    assert "counted in bytes" in got[5]["misconception"]
    assert got[5]["answer"] == "(5, 5)" and got[1]["answer"] == "(2, 2)"
    assert all(e["time"][:4].isdigit() and "T" in e["time"] for e in got)


@pytest.mark.parametrize("where", ["unwritable", "corrupt", "off"])
def test_check_answers_when_the_file_cannot_be_used(check_module, tmp_path, monkeypatch, where):
    if where == "unwritable":
        # a path under a regular file: no folder can be made there, even as root
        (tmp_path / "not-a-folder").write_text("x")
        monkeypatch.setenv("MINITENSOR_ATTEMPTS", str(tmp_path / "not-a-folder" / "a.jsonl"))
    elif where == "corrupt":
        log = tmp_path / "attempts.jsonl"
        log.write_bytes(b"\x00\xff\xfe garbage {not json\n[1, 2]\n\"text\"\n")
        monkeypatch.setenv("MINITENSOR_ATTEMPTS", str(log))
    else:
        monkeypatch.setenv("MINITENSOR_ATTEMPTS", "off")
    out = io.StringIO()
    with redirect_stdout(out):
        check_module.check("1.1", (1, 2))
    assert out.getvalue().startswith("✓ 1.1 right")
    assert check_module.RESULTS["1.1"] == "right"
    if where == "corrupt":              # the garbage stays, and the attempt is added
        tail = (tmp_path / "attempts.jsonl").read_bytes().splitlines()[-1]
        assert json.loads(tail)["try"] == 1
    if where == "off":
        assert list(tmp_path.iterdir()) == []


def test_recorder_never_raises(attempts, tmp_path, monkeypatch):
    class Odd:
        def __repr__(self):
            raise RuntimeError("no repr")
    monkeypatch.setenv("MINITENSOR_ATTEMPTS", str(tmp_path / "a.jsonl"))
    entry = attempts.record("1.1", "wrong", "why", answer=Odd())
    assert entry["answer"].startswith("<Odd") and entry["misconception"] == "why"
    monkeypatch.setenv("MINITENSOR_ATTEMPTS", str(tmp_path))       # a folder, not a file
    assert attempts.record("1.1", "right", "ok") is None


# ------------------------------------------------------------------ a generated class

def write_attempts(attempts, monkeypatch, file, history):
    file.parent.mkdir(parents=True, exist_ok=True)
    monkeypatch.setenv("MINITENSOR_ATTEMPTS", str(file))
    for question, verdict, message, answer in history:
        assert attempts.record(question, verdict, message, answer=answer) is not None


A = "d shares a's storage: detach() does not copy."
B = "clone() copies: b has its own storage."
C = "offset counts elements, not bytes."


@pytest.fixture
def klass(attempts, monkeypatch, tmp_path):
    """Five students' folders; returns (root, folders)."""
    root = tmp_path / "class"
    homes = root / "home"
    # a hub home directory: HOME/lessons/exercises/attempts.jsonl
    write_attempts(attempts, monkeypatch, homes / "alice/lessons/exercises/attempts.jsonl", [
        ("4.1", "todo", "replace None", None),
        ("4.1", "wrong", A, True),
        ("4.1", "wrong", A, True),             # Run All again: not a new try
        ("4.1", "right", "ok", False),
        ("3.1", "wrong", B, True),
        ("3.1", "wrong", B, True)])
    # a collected lessons folder: DIR/exercises/attempts.jsonl; a name to escape
    write_attempts(attempts, monkeypatch, root / "collected/<bob & co>/exercises/attempts.jsonl", [
        ("4.1", "wrong", A, True),
        ("3.1", "right", "ok", False),
        ("1.2", "wrong", C, 8),
        ("1.2", "wrong", "=HYPERLINK(\"x\")", 9)])
    # erin: a good file whose last line was cut off (a crash while writing)
    erin = homes / "erin/lessons/exercises/attempts.jsonl"
    write_attempts(attempts, monkeypatch, erin, [("4.1", "wrong", A, True)])
    with open(erin, "a") as f:
        f.write('{"question": "3.1", "verdict": "ri')
    # carol: not an attempts file at all
    carol = homes / "carol/lessons/exercises/attempts.jsonl"
    carol.parent.mkdir(parents=True)
    carol.write_bytes(bytes(range(256)) * 4)
    # dave: never ran a check
    (homes / "dave/lessons/exercises").mkdir(parents=True)
    (homes / "dave/lessons/exercises/04_detach.ipynb").write_text("{}")
    folders = [homes / "alice", root / "collected/<bob & co>", homes / "carol",
               homes / "dave", homes / "erin"]
    return root, folders


def snapshot(root):
    return {p: (p.read_bytes() if p.is_file() else None, p.stat().st_mtime_ns,
                p.stat().st_mode) for p in sorted(root.rglob("*"))}


def test_results_table_over_a_generated_class(klass):
    root, folders = klass
    before = snapshot(root)
    table = results.tabulate(results.gather(folders))
    assert snapshot(root) == before                         # nothing modified

    assert table.students == ["alice", "<bob & co>", "erin"]
    problems = "\n".join(table.problems)
    assert f"{folders[2]}/lessons/exercises/attempts.jsonl: not a text file" in problems
    assert f"{folders[3]}: no attempts.jsonl" in problems
    assert f"{folders[4]}/lessons/exercises/attempts.jsonl: line(s) 2 are not attempts" in problems
    assert len(table.problems) == 3

    # every question of the kit's exercises is a column, in lesson order
    assert table.questions[:3] == ["1.1", "1.2", "1.3"]
    assert table.questions.index("9.4") < table.questions.index("10.1")
    cell = table.cells
    assert cell["alice", "4.1"] == ("right", 2)
    assert cell["alice", "3.1"] == ("wrong", 1)
    assert cell["alice", "1.1"] == ("unanswered", 0)
    assert cell["<bob & co>", "4.1"] == ("wrong", 1)
    assert cell["<bob & co>", "3.1"] == ("right", 1)
    assert cell["<bob & co>", "1.2"] == ("wrong", 2)
    assert cell["erin", "4.1"] == ("wrong", 1)
    assert cell["erin", "3.1"] == ("unanswered", 0)          # the broken line is not counted

    # 4.1's misconception: shown by all three, still held by bob and erin
    assert table.misconceptions["4.1"] == [(A, 3, 2)]
    assert table.misconceptions["3.1"] == [(B, 1, 1)]
    assert sorted(table.misconceptions["1.2"]) == [("=HYPERLINK(\"x\")", 1, 1), (C, 1, 0)]
    assert "1.1" not in table.misconceptions


def test_results_command_writes_csv_and_html(klass, tmp_path, capsys):
    root, folders = klass
    before = snapshot(root)
    out = tmp_path / "report"
    assert cli.main(["results", *map(str, folders), "-o", str(out)]) == 0
    assert snapshot(root) == before
    err = capsys.readouterr().err
    assert "carol" in err and "dave" in err and "erin" in err

    rows = list(csv.reader((out / "results.csv").open(encoding="utf-8")))
    head = rows[0]
    assert head[:5] == ["student", "1.1", "1.1 tries", "1.2", "1.2 tries"]
    body = {r[0]: dict(zip(head, r)) for r in rows[1:]}
    assert list(body) == ["alice", "<bob & co>", "erin"]
    assert body["alice"]["4.1"] == "right" and body["alice"]["4.1 tries"] == "2"
    assert body["<bob & co>"]["1.2"] == "wrong" and body["erin"]["3.1"] == "unanswered"

    mis = list(csv.DictReader((out / "misconceptions.csv").open(encoding="utf-8")))
    row = next(r for r in mis if r["question"] == "4.1")
    assert (row["misconception"], row["students"], row["share of class"], row["still"]) == (
        A, "3", "1.00", "2")
    # a misconception starting with "=" must not become a spreadsheet formula
    assert any(r["misconception"] == "'=HYPERLINK(\"x\")" for r in mis)

    page = (out / "results.html").read_text(encoding="utf-8")
    assert "<bob & co>" not in page and "&lt;bob &amp; co&gt;" in page
    assert "100%" in page and "d shares a&#x27;s storage" in page
    assert "right (of 3)" in page
    assert f"{folders[3]}: no attempts.jsonl" in page

    # without -o: the table on stdout, nothing written
    assert cli.main(["results", *map(str, folders)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].split()[:3] == ["student", "1.1", "1.2"]
    assert "alice" in text and "✓2" in text


def test_results_command_fails_when_no_student_is_found(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert cli.main(["results", str(tmp_path / "empty"), str(tmp_path / "missing")]) == 1
    err = capsys.readouterr().err
    assert "empty: no attempts.jsonl" in err and "missing: no such folder" in err
    assert "no student's results found" in err


def test_same_named_folders_get_told_apart(attempts, monkeypatch, tmp_path):
    for who in ("ann", "ben"):
        write_attempts(attempts, monkeypatch, tmp_path / who / "lessons/exercises/attempts.jsonl",
                       [("1.1", "right", "ok", True)])
    folders = [tmp_path / "ann/lessons", tmp_path / "ben/lessons", tmp_path / "ann/lessons/"]
    g = results.gather(folders, questions=["1.1"])
    assert [s.name for s in g.students] == ["ann/lessons", "ben/lessons"]


def test_recorded_tries_and_counted_tries_agree(attempts, monkeypatch, tmp_path):
    """attempts.py writes "try" as it goes; results.py counts tries from the whole file:
    the same rule, on a long random history."""
    import random
    rng = random.Random(0)
    file = tmp_path / "a.jsonl"
    history = [(rng.choice(["1.1", "1.2"]), rng.choice(["right", "wrong", "todo"]),
                rng.choice(["m1", "m2"]), rng.choice([1, 2])) for _ in range(200)]
    write_attempts(attempts, monkeypatch, file, history)
    written = lines(file)
    for q in ("1.1", "1.2"):
        last_try = [e["try"] for e in written if e["question"] == q][-1]
        assert results.outcome(written, q)[1] == last_try > 10
