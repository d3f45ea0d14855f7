"""A class's exercise results: ``minitensor-kit results DIR...``.

Every ``check(...)`` a student runs adds a line to ``exercises/attempts.jsonl`` in their
folder (``notebooks/exercises/attempts.py`` writes it). This module reads those files from
a class's folders (the hub's home directories, or folders a teacher collected) and makes
one table of them:

* per student and question: right / wrong / unanswered (the last answer counts) and the
  number of tries (an answer repeated as it was, e.g. by running the notebook again, is
  not a new try);
* per question: the share of the class that showed each misconception (in any wrong
  answer), and how many still show it (their last answer is that wrong one).

It only reads. A folder without an attempts file, an unreadable file, or lines that are
not attempts are reported by name and skipped; the rest of the class is still counted.
"""
import csv
import html
import io
import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

FILE_NAME = "attempts.jsonl"
# Where a student's file may be, under the folder the teacher names: the lessons folder
# itself, its exercises/, or a home directory holding the lessons folder.
PLACES = (FILE_NAME, f"exercises/{FILE_NAME}", f"*/exercises/{FILE_NAME}")
ANSWERED = ("right", "wrong")
VERDICTS = ("right", "wrong", "todo")


@dataclass
class Student:
    name: str
    folder: Path
    files: list = field(default_factory=list)
    attempts: list = field(default_factory=list)      # dicts, in the order written


@dataclass
class Gathered:
    students: list              # Student, with at least one file read
    questions: list             # "N.M", in lesson order
    problems: list              # one line each, naming the file or folder


def question_key(q):
    """Sort "10.2" after "9.4": by the numbers in the name."""
    nums = [int(n) for n in re.findall(r"\d+", q)]
    return (nums, q)


def kit_questions():
    """The questions the kit's exercise notebooks ask (their ``check("N.M", ...)`` calls)."""
    from .catalog import set_root, student_files
    root = set_root()
    found = set()
    for rel in student_files(root):
        if rel.startswith("exercises/") and rel.endswith(".ipynb"):
            try:
                nb = json.loads((root / rel).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            for cell in nb.get("cells", []):
                if cell.get("cell_type") == "code":
                    src = "".join(cell.get("source", []))
                    found.update(re.findall(r"""\bcheck\(\s*["']([^"']+)["']""", src))
    return found


def _names(folders):
    """Short, distinct names: a folder's name, with as many parents as it takes to tell
    it from the others (``alice`` for /home/alice; ``alice/lessons`` if all are lessons)."""
    parts = [f.resolve().parts for f in folders]
    names = []
    for p in parts:
        for k in range(1, len(p) + 1):
            tail = p[-k:]
            if sum(1 for q in parts if q[-k:] == tail) == 1 or k == len(p):
                names.append("/".join(tail).lstrip("/") or "/")
                break
    return names


def read_attempts(path, problems):
    """The attempts in one file; what is wrong with it goes to ``problems``."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except OSError as e:
        problems.append(f"{path}: cannot be read ({e.strerror or e}); skipped")
        return []
    except UnicodeDecodeError:
        problems.append(f"{path}: not a text file of attempts; skipped")
        return []
    good, bad = [], []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            entry = None
        if (isinstance(entry, dict) and isinstance(entry.get("question"), str)
                and entry.get("verdict") in VERDICTS):
            good.append(entry)
        else:
            bad.append(n)
    if bad and not good:
        problems.append(f"{path}: no attempt in it (not an attempts file?); skipped")
    elif bad:
        problems.append(f"{path}: line(s) {_ranges(bad)} are not attempts; those lines skipped")
    return good


def _when(attempt):
    try:
        return datetime.fromisoformat(attempt["time"]).timestamp()
    except (KeyError, TypeError, ValueError):
        return 0.0


def _ranges(numbers):
    out, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            out.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(out)


def gather(folders, questions=None):
    """Read the students' folders. ``questions``: the question list (default: the kit's,
    plus any other question found in the files)."""
    seen, unique = set(), []
    for f in map(Path, folders):            # each folder once, however it was named
        if f.resolve() not in seen:
            seen.add(f.resolve())
            unique.append(f)
    folders = unique
    problems, students, claimed = [], [], {}
    for folder, name in zip(folders, _names(folders)):
        if not folder.is_dir():
            problems.append(f"{folder}: no such folder; skipped")
            continue
        files = sorted({p for place in PLACES for p in folder.glob(place) if p.is_file()})
        if not files:
            problems.append(f"{folder}: no {FILE_NAME} (no check() run yet, or not a "
                            "student's folder); skipped")
            continue
        student = Student(name, folder)
        for f in files:
            if f.resolve() in claimed:      # e.g. /home and /home/alice both named
                problems.append(f"{f}: already counted for {claimed[f.resolve()]}; "
                                f"skipped for {name}")
                continue
            claimed[f.resolve()] = name
            found = read_attempts(f, problems)
            if found:
                student.files.append(f)
                student.attempts.extend(found)
        if len(student.files) > 1:         # two lesson folders: one history, by time
            student.attempts.sort(key=_when)
        if student.files:
            students.append(student)
    asked = set(kit_questions() if questions is None else questions)
    asked.update(a["question"] for s in students for a in s.attempts)
    return Gathered(students, sorted(asked, key=question_key), problems)


# ------------------------------------------------------------------ one student's answers

def same_answer(before, now):
    """A repeated answer (same verdict, answer and misconception) is not a new try: the
    rule attempts.py's "try" field follows too."""
    return before is not None and all(
        before.get(k) == now.get(k) for k in ("verdict", "answer", "misconception"))


def outcome(attempts, question):
    """(status, tries, misconceptions shown, misconception of the last answer) for one
    student's attempts at ``question``."""
    status, tries, shown, last, previous = "unanswered", 0, [], None, None
    for a in attempts:
        if a["question"] != question or a["verdict"] not in ANSWERED:
            continue
        if not same_answer(previous, a):
            tries += 1
        previous = a
        status = a["verdict"]
        last = a.get("misconception") if status == "wrong" else None
        if last and last not in shown:
            shown.append(last)
    return status, tries, shown, last


@dataclass
class Table:
    students: list              # names
    questions: list
    cells: dict                 # (student, question) -> (status, tries)
    misconceptions: dict        # question -> [(text, students shown, students still)]
    problems: list


def tabulate(gathered):
    cells, held = {}, {}
    for s in gathered.students:
        for q in gathered.questions:
            status, tries, shown, last = outcome(s.attempts, q)
            cells[s.name, q] = (status, tries)
            for text in shown:
                seen = held.setdefault(q, {}).setdefault(text, [0, 0])
                seen[0] += 1
                seen[1] += text == last
    misconceptions = {
        q: sorted(((t, n, still) for t, (n, still) in held[q].items()),
                  key=lambda row: (-row[1], row[0]))
        for q in gathered.questions if q in held}
    return Table([s.name for s in gathered.students], gathered.questions, cells,
                 misconceptions, gathered.problems)


# ------------------------------------------------------------------ the three forms

MARK = {"right": "✓", "wrong": "✗", "unanswered": "·"}


def to_text(t):
    out = io.StringIO()
    width = max([len(n) for n in t.students] + [7])
    out.write("student".ljust(width) + "  " + " ".join(q.rjust(5) for q in t.questions) + "\n")
    for name in t.students:
        row = []
        for q in t.questions:
            status, tries = t.cells[name, q]
            row.append((MARK[status] + (str(tries) if tries else "")).rjust(5))
        out.write(name.ljust(width) + "  " + " ".join(row) + "\n")
    out.write(f"\n✓ right, ✗ wrong (last answer), · unanswered; the number is tries. "
              f"{len(t.students)} student(s).\n")
    if t.misconceptions:
        out.write("\nMisconceptions shown (share of the class; still = last answer):\n")
        for q, rows in t.misconceptions.items():
            for text, n, still in rows:
                out.write(f"  {q}  {_share(n, len(t.students))} ({n}, still {still}): "
                          f"{_one_line(text)}\n")
    return out.getvalue()


def _share(n, total):
    return f"{round(100 * n / total)}%" if total else "-"


def _one_line(text, limit=110):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def to_csv(t):
    """One row per student: for each question its status and its number of tries."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["student"] + [c for q in t.questions for c in (q, f"{q} tries")])
    for name in t.students:
        w.writerow([_cell(name)] + [v for q in t.questions for v in t.cells[name, q]])
    return out.getvalue()


def misconceptions_csv(t):
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["question", "misconception", "students", "share of class", "still"])
    for q, rows in t.misconceptions.items():
        for text, n, still in rows:
            w.writerow([q, _cell(text), n, f"{n / max(len(t.students), 1):.2f}", still])
    return out.getvalue()


def _cell(value):
    """A spreadsheet runs a cell starting with = + - @ as a formula: quote it."""
    value = str(value)
    return "'" + value if value[:1] in ("=", "+", "-", "@") else value


def to_html(t):
    e = html.escape
    head = "".join(f"<th>{e(q)}</th>" for q in t.questions)
    rows = []
    for name in t.students:
        cells = []
        for q in t.questions:
            status, tries = t.cells[name, q]
            label = {"right": "right", "wrong": "wrong", "unanswered": "unanswered"}[status]
            tip = f"{name}, {q}: {label}" + (f", {tries} tr{'y' if tries == 1 else 'ies'}"
                                              if tries else "")
            cells.append(f'<td class="{status}" title="{e(tip)}">{MARK[status]}'
                         f'{f"<sub>{tries}</sub>" if tries else ""}</td>')
        rows.append(f"<tr><th scope=\"row\">{e(name)}</th>{''.join(cells)}</tr>")
    total = len(t.students)
    right = "".join(
        f"<td>{sum(t.cells[n, q][0] == 'right' for n in t.students)}</td>" for q in t.questions)
    mis = []
    for q, found in t.misconceptions.items():
        items = "".join(
            f'<li><span class="bar" style="width:{round(60 * n / total)}px"></span>'
            f"<b>{_share(n, total)}</b> ({n} of {total}; still {still}) {e(text)}</li>"
            for text, n, still in found)
        mis.append(f"<h3>{e(q)}</h3><ul>{items}</ul>")
    problems = "".join(f"<li>{e(p)}</li>" for p in t.problems)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Class results</title>
<style>
body {{ font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #ccc; padding: 2px 6px; text-align: center; }}
th[scope=row] {{ text-align: left; white-space: nowrap; position: sticky; left: 0;
                 background: #fff; }}
tfoot th, tfoot td {{ font-weight: normal; color: #555; font-size: 90%; }}
td.right {{ background: #dff3df; color: #1a6b1a; }}
td.wrong {{ background: #fbe0e0; color: #a31515; }}
td.unanswered {{ color: #999; }}
sub {{ font-size: 70%; }}
.bar {{ display: inline-block; height: 0.8em; background: #c55; margin-right: 6px; }}
ul {{ list-style: none; padding-left: 1em; }}
.wrap {{ overflow-x: auto; }}
</style></head><body>
<h1>Class results</h1>
<p>{total} student(s). ✓ right, ✗ wrong (the last answer counts), · unanswered; the small
number is the number of tries (an answer run again unchanged is not a new try).</p>
<div class="wrap"><table><thead><tr><th>student</th>{head}</tr></thead>
<tbody>{''.join(rows)}</tbody>
<tfoot><tr><th scope="row">right (of {total})</th>{right}</tr></tfoot></table></div>
<h2>Misconceptions</h2>
<p>Per question, the share of the class whose wrong answers showed each misconception;
"still": their last answer to it still does.</p>
{''.join(mis) or '<p>None shown yet.</p>'}
{f'<h2>Not included</h2><ul>{problems}</ul>' if problems else ''}
</body></html>
"""


def write_outputs(table, out_dir):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in (("results.csv", to_csv(table)),
                       ("misconceptions.csv", misconceptions_csv(table)),
                       ("results.html", to_html(table))):
        (out_dir / name).write_text(text, encoding="utf-8")
        written.append(out_dir / name)
    return written
