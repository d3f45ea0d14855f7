"""How long each lesson cell takes with the live lab watching (target: about 100 ms a cell).

Runs every lesson notebook top to bottom in a fresh kernel (nbclient, as `make notebooks`
does) and reads the kernel's own timing of each cell (from execute_input to the reply).
Prints, per lesson, the median and slowest cell, the slowest prediction question
(``ask(...)``, which may draw pictures), and the share of cells over 100 ms; then the same
over all lessons. Nothing is written back.

    python bench/bench_lessons.py [notebooks/03_clone.ipynb ...]
"""
import statistics
import sys
from datetime import datetime
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 100.0


def _ts(s):
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


def cell_times(path):
    """[(cell id, tags, milliseconds)] for the code cells of one run."""
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name="python3", timeout=600, allow_errors=True,
                   record_timing=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    out = []
    for c in nb.cells:
        t = c.get("metadata", {}).get("execution", {})
        if c.cell_type != "code" or "iopub.execute_input" not in t:
            continue
        ms = (_ts(t["shell.execute_reply"]) - _ts(t["iopub.execute_input"])).total_seconds() * 1e3
        out.append((c.get("id"), c.get("metadata", {}).get("tags", []), ms))
    return out


def summary(name, rows):
    ms = [m for _, _, m in rows]
    predicts = [m for _, tags, m in rows if "predict" in tags]
    slow = max(rows, key=lambda r: r[2])
    over = sum(m > TARGET_MS for m in ms)
    print("%-22s %4d cells  median %6.1f ms  slowest %7.1f ms (%s)  ask() max %6.1f ms  "
          "over %d ms: %d (%.0f%%)" % (name, len(ms), statistics.median(ms), slow[2], slow[0],
                                       max(predicts) if predicts else 0, TARGET_MS, over,
                                       100.0 * over / len(ms)))


def main(argv):
    paths = [Path(p) for p in argv] or sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    everything = []
    for p in paths:
        rows = cell_times(p.resolve())
        summary(p.stem, rows)
        everything += rows
    if len(paths) > 1:
        summary("all lessons", everything)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
