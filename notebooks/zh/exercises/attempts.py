"""Remembers every check() of an exercise, for you and your teacher.

Each time ``check(...)`` answers, one line is added to ``attempts.jsonl`` beside this
file, for example::

    {"question": "4.1", "verdict": "wrong", "misconception": "d shares a's storage: ...",
     "try": 2, "time": "2026-12-04T10:31:07+01:00", "answer": "False"}

* ``verdict`` is what check said: "right", "wrong", or "todo" (not answered yet);
* ``misconception`` is what a wrong answer shows (check's explanation), else null;
* ``try`` counts your answers to that question so far, this one included ("todo" runs,
  where the answer is still None, do not count, nor does the same answer run again);
* ``answer`` is a short form of what you answered.

It is a plain text file: open it to see your own history. Your teacher's
``minitensor-kit results`` gathers these files from a class's folders into one table.

Recording must never get in a check's way: if the file cannot be written (a read-only
folder, a full disk) or read (someone edited it by hand), the check answers all the same
and the attempt is simply not recorded. ``MINITENSOR_ATTEMPTS`` changes where the file
goes, and ``MINITENSOR_ATTEMPTS=off`` stops recording.
"""
import json
import os
import reprlib
from datetime import datetime
from pathlib import Path

FILE_NAME = "attempts.jsonl"
ANSWERED = ("right", "wrong")
MAX_BYTES = 2_000_000      # a runaway loop of checks stops being recorded here

_short = reprlib.Repr()
_short.maxstring = _short.maxother = 80


def path():
    """Where attempts go (None: not recorded)."""
    chosen = os.environ.get("MINITENSOR_ATTEMPTS")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    return Path(__file__).resolve().with_name(FILE_NAME)


def record(question, verdict, message=None, answer=None, misconception=None):
    """Add one attempt to the file. Never raises; returns the line's data, or None when
    nothing was written."""
    try:
        file = path()
        if file is None:
            return None
        if verdict == "wrong" and misconception is None:
            misconception = message
        entry = {
            "question": str(question),
            "verdict": str(verdict),
            "misconception": None if misconception is None else str(misconception),
            "try": 0,
            "time": datetime.now().astimezone().isoformat(timespec="seconds"),
            "answer": _short_repr(answer),
        }
        entry["try"] = _tries(file, entry)
        line = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8")
        if file.exists() and file.stat().st_size + len(line) > MAX_BYTES:
            return None
        # One write() on a file opened for appending: two notebooks checking at the same
        # moment add two whole lines, never a mix of both.
        fd = os.open(file, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)
        return entry
    except Exception:       # an unwritable folder, a full disk, an odd answer's repr...
        return None


def _tries(file, entry):
    """How many answers to this question, with ``entry``, are in the file. An answer run
    again unchanged (same verdict, answer and misconception, e.g. Run All once more) is
    not a new try; "todo" runs are not tries. Lines that are not ours are skipped."""
    count, last = 0, None
    try:
        with open(file, encoding="utf-8", errors="replace") as f:
            for line in f:
                try:
                    seen = json.loads(line)
                except ValueError:
                    continue
                if (isinstance(seen, dict) and seen.get("question") == entry["question"]
                        and seen.get("verdict") in ANSWERED):
                    if not _same_answer(last, seen):
                        count += 1
                    last = seen
    except OSError:         # no file yet, or not readable: count from here
        pass
    if entry["verdict"] in ANSWERED and not _same_answer(last, entry):
        count += 1
    return count


def _same_answer(before, now):
    return before is not None and all(
        before.get(k) == now.get(k) for k in ("verdict", "answer", "misconception"))


def _short_repr(answer):
    try:
        return _short.repr(answer)
    except Exception:
        return "<%s>" % type(answer).__name__
