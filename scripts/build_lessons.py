"""Write the lesson notebooks (and the exercise sources) from plain-text lesson files.

    python scripts/build_lessons.py          # then: make notebooks

Each lesson lives in ``scripts/lessons/NN_name.md`` as cells separated by marker lines:

    %% md          a Markdown cell
    %% code        a code cell whose output nbval compares
    %% error       a code cell that is meant to raise (tag ``raises-exception``: nbval
                   compares the error's name and message)
    %% live        a code cell showing the live lab panel (tag ``nbval-ignore-output``)

``scripts/lessons/exercises/NN_name.md`` (same format) become
``notebooks/exercises/source/NN_name.ipynb``, the one source with ``### BEGIN SOLUTION``
/ ``### END SOLUTION`` markers; ``scripts/make_exercises.py`` makes the students' and the
solutions' notebooks from it.

A notebook is rewritten only when its cells changed, and then without outputs: run
``make notebooks`` to execute it and store fresh outputs. tests/test_exercises.py checks
that every notebook still matches its text file.
"""
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "scripts" / "lessons"
TAGS = {"md": None, "code": [], "error": ["raises-exception"], "live": ["nbval-ignore-output"]}
KERNEL = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def parse(text):
    """[(kind, source)] from a lesson file."""
    cells, kind, lines = [], None, []
    for line in text.splitlines():
        if line.startswith("%% "):
            if kind is not None:
                cells.append((kind, "\n".join(lines).strip("\n")))
            kind = line[3:].strip()
            if kind not in TAGS:
                raise ValueError("unknown cell kind %r" % kind)
            lines = []
        elif kind is not None:
            lines.append(line)
    if kind is not None:
        cells.append((kind, "\n".join(lines).strip("\n")))
    return cells


def notebook(cells):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = dict(KERNEL)
    nb.metadata["language_info"] = {"name": "python"}
    for kind, src in cells:
        if kind == "md":
            cell = nbformat.v4.new_markdown_cell(src)
        else:
            cell = nbformat.v4.new_code_cell(src)
            if TAGS[kind]:
                cell.metadata["tags"] = list(TAGS[kind])
        nb.cells.append(cell)
    return nb


def signature(nb):
    """What the text file decides: each cell's type, source and tags."""
    return [(c.cell_type, c.source, list(c.get("metadata", {}).get("tags", [])))
            for c in nb.cells]


def targets():
    """[(text file, notebook path)] for every lesson and exercise source."""
    out = [(p, ROOT / "notebooks" / (p.stem + ".ipynb")) for p in sorted(LESSONS.glob("*.md"))]
    out += [(p, ROOT / "notebooks" / "exercises" / "source" / (p.stem + ".ipynb"))
            for p in sorted((LESSONS / "exercises").glob("*.md"))]
    return out


def build(src):
    return notebook(parse(src.read_text(encoding="utf-8")))


def main():
    for src, dst in targets():
        nb = build(src)
        if dst.exists():
            old = nbformat.read(dst, as_version=4)
            if signature(old) == signature(nb):
                print("unchanged", dst.relative_to(ROOT))
                continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        for i, cell in enumerate(nb.cells):
            cell["id"] = "%s-%02d" % (dst.stem[:2], i)
        nbformat.write(nb, dst)
        print("wrote    ", dst.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
