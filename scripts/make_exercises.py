"""Make the students' and the solutions' exercise notebooks from the one source.

    python scripts/make_exercises.py            # write what is out of date
    python scripts/make_exercises.py --check    # only report; exit 1 if anything is stale

Source:    notebooks/exercises/source/NN_name.ipynb  (cells with solution blocks)
Students:  notebooks/exercises/NN_name.ipynb         (blocks replaced, no outputs)
Solutions: notebooks/exercises/solutions/NN_name.ipynb (marker lines removed; `make notebooks`
           executes it and nbval compares its outputs)

A solution block is nbgrader's shape, in a code cell:

    ### BEGIN SOLUTION
    answer = True
    ### END SOLUTION

Students get ``# YOUR CODE HERE`` in its place (same indentation); whatever stands before
the block (``answer = None``) stays, so the student's copy runs as it is and its checks say
what is missing. A solutions notebook is rewritten only when its cells change, so its
stored outputs survive a re-run; after a rewrite, run ``make notebooks``.
"""
import argparse
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "notebooks" / "exercises"
SOURCE = EXERCISES / "source"
SOLUTIONS = EXERCISES / "solutions"

BEGIN = re.compile(r"^(\s*)### BEGIN SOLUTION\s*$")
END = re.compile(r"^\s*### END SOLUTION\s*$")
PLACEHOLDER = "# YOUR CODE HERE"
TEACHER_NOTE = ("*Teacher's copy with solutions, made by `scripts/make_exercises.py` from "
                "`../source/{name}`: edit the source, not this file.*")


def split(source, student):
    """The cell's source with solution blocks replaced (student) or unmarked (solution)."""
    out, inside = [], False
    for line in source.splitlines():
        m = BEGIN.match(line)
        if m:
            if inside:
                raise ValueError("nested ### BEGIN SOLUTION")
            inside = True
            if student:
                out.append(m.group(1) + PLACEHOLDER)
            continue
        if END.match(line):
            if not inside:
                raise ValueError("### END SOLUTION without BEGIN")
            inside = False
            continue
        if inside and student:
            continue
        out.append(line)
    if inside:
        raise ValueError("### BEGIN SOLUTION without END")
    return "\n".join(out)


def derive(src_nb, student, name):
    nb = nbformat.v4.new_notebook()
    nb.metadata = dict(src_nb.metadata)
    if not student:
        note = nbformat.v4.new_markdown_cell(TEACHER_NOTE.format(name=name))
        note["id"] = "teacher-note"
        nb.cells.append(note)
    for cell in src_nb.cells:
        new = nbformat.from_dict(dict(cell))
        new["metadata"] = dict(cell.get("metadata", {}))
        if cell.cell_type == "code":
            new["source"] = split(cell.source, student)
            new["outputs"] = []
            new["execution_count"] = None
        nb.cells.append(new)
    return nb


def signature(nb):
    return [(c.cell_type, c.source, list(c.get("metadata", {}).get("tags", [])))
            for c in nb.cells]


def targets():
    for src in sorted(SOURCE.glob("*.ipynb")):
        nb = nbformat.read(src, as_version=4)
        yield src, EXERCISES / src.name, derive(nb, True, src.name)
        yield src, SOLUTIONS / src.name, derive(nb, False, src.name)


def stale():
    """[(path, notebook it should be)] for every generated notebook that is out of date."""
    out = []
    for _, dst, nb in targets():
        if dst.exists() and signature(nbformat.read(dst, as_version=4)) == signature(nb):
            if dst.parent == EXERCISES and _has_outputs(nbformat.read(dst, as_version=4)):
                out.append((dst, nb))       # students' copies are kept without outputs
            continue
        out.append((dst, nb))
    return out


def _has_outputs(nb):
    return any(c.get("outputs") or c.get("execution_count") for c in nb.cells
               if c.cell_type == "code")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report only; exit 1 if stale")
    args = parser.parse_args(argv)
    todo = stale()
    if args.check:
        for dst, _ in todo:
            print("out of date:", dst.relative_to(ROOT))
        return 1 if todo else 0
    for dst, nb in todo:
        dst.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, dst)
        print("wrote", dst.relative_to(ROOT))
    if any(dst.parent == SOLUTIONS for dst, _ in todo):
        print("now run `make notebooks` to execute the rewritten solutions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
