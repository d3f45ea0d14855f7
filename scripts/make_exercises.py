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

The Chinese edition is made the same way from ``notebooks/zh/exercises/source/`` (which
scripts/build_lessons.py builds from the translations) into ``notebooks/zh/exercises/`` and
its ``solutions/``. Its notebooks import the very same ``check.py`` (one message catalogue,
both languages; the notebook's first cell picks Chinese), so every ``.py`` file beside the
English exercises is copied there unchanged.
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
ZH_EXERCISES = ROOT / "notebooks" / "zh" / "exercises"

BEGIN = re.compile(r"^(\s*)### BEGIN SOLUTION\s*$")
END = re.compile(r"^\s*### END SOLUTION\s*$")
PLACEHOLDER = "# YOUR CODE HERE"
TEACHER_NOTE = ("*Teacher's copy with solutions, made by `scripts/make_exercises.py` from "
                "`../source/{name}`: edit the source, not this file.*")
TEACHER_NOTES = {
    EXERCISES: TEACHER_NOTE,
    ZH_EXERCISES: ("*教师用的参考答案副本，由 `scripts/make_exercises.py` 根据 `../source/{name}` 生成"
                   "（它又来自 `scripts/lessons/zh/exercises/`）：请修改源文件，不要改这个文件。*"),
}


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


def derive(src_nb, student, name, note_text=TEACHER_NOTE):
    nb = nbformat.v4.new_notebook()
    nb.metadata = dict(src_nb.metadata)
    if not student:
        note = nbformat.v4.new_markdown_cell(note_text.format(name=name))
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
    for folder, note in TEACHER_NOTES.items():
        for src in sorted((folder / "source").glob("*.ipynb")):
            nb = nbformat.read(src, as_version=4)
            yield src, folder / src.name, derive(nb, True, src.name, note)
            yield src, folder / "solutions" / src.name, derive(nb, False, src.name, note)


def shared_files():
    """[(English file, its copy in the Chinese edition)]: check.py and its neighbours."""
    return [(p, ZH_EXERCISES / p.name) for p in sorted(EXERCISES.glob("*.py"))]


def stale():
    """[(path, notebook it should be, or the file to copy)] for everything out of date."""
    out = []
    for _, dst, nb in targets():
        if dst.exists() and signature(nbformat.read(dst, as_version=4)) == signature(nb):
            if dst.parent in TEACHER_NOTES and _has_outputs(nbformat.read(dst, as_version=4)):
                out.append((dst, nb))       # students' copies are kept without outputs
            continue
        out.append((dst, nb))
    if (ZH_EXERCISES / "source").exists():
        for src, dst in shared_files():
            if not dst.exists() or dst.read_bytes() != src.read_bytes():
                out.append((dst, src))
        known = {dst for _, dst in shared_files()}
        out += [(p, None) for p in sorted(ZH_EXERCISES.glob("*.py")) if p not in known]
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
        if nb is None:                      # a copy whose English file is gone
            dst.unlink()
            print("removed", dst.relative_to(ROOT))
        elif isinstance(nb, Path):          # a file shared by both editions
            dst.write_bytes(nb.read_bytes())
            print("copied", dst.relative_to(ROOT))
        else:
            nbformat.write(nb, dst)
            print("wrote", dst.relative_to(ROOT))
    if any(dst.parent.name == "solutions" for dst, _ in todo):
        print("now run `make notebooks` to execute the rewritten solutions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
