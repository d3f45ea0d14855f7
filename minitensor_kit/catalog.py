"""Which files a student gets, and where the kit keeps them.

A lesson set is a folder laid out like ``notebooks/``: the lessons ``NN_name.ipynb``, and
``exercises/`` with the students' exercise notebooks ``NN_name.ipynb`` and the Python
files they import (``check.py``). The students' files are picked by the patterns below,
an allow-list: anything else in the folder (``exercises/solutions/``,
``exercises/source/``, ``teacher/``, another language's subfolder) is never picked, so a
new teacher-only folder cannot leak to students by being forgotten in a deny-list.

The same patterns choose what the wheel ships (``hatch_build.py`` reads this file) and
what ``minitensor-kit lessons`` writes.
"""
from pathlib import Path

# name -> folder in the kit's repository. "zh" is the Chinese edition (issue 22), laid out
# like notebooks/: its lessons (and 00_glossary.ipynb), exercises/ with check.py, which speaks
# Chinese there; its solutions/, source/ and teacher/ are, as in English, never picked.
LESSON_SETS = {"en": "notebooks", "zh": "notebooks/zh"}
DEFAULT_SET = "en"

STUDENT_PATTERNS = (
    "[0-9][0-9]_*.ipynb",              # the lessons
    "exercises/[0-9][0-9]_*.ipynb",    # the students' exercise notebooks
    "exercises/*.py",                  # check.py, which those notebooks import
)

# In an installed kit the sets are package data here: minitensor_kit/lessons/<set>/.
PACKAGED = Path(__file__).resolve().parent / "lessons"
# In a checkout (or an editable install) they are read from the repository itself.
CHECKOUT = Path(__file__).resolve().parent.parent


def student_files(root):
    """Relative POSIX paths of the students' files under ``root``, sorted."""
    root = Path(root)
    found = {p.relative_to(root).as_posix()
             for pattern in STUDENT_PATTERNS for p in root.glob(pattern) if p.is_file()}
    return sorted(found)


def available_sets():
    """The lesson sets this installation has, in LESSON_SETS order."""
    return [name for name in LESSON_SETS if _root_or_none(name) is not None]


def set_root(name=DEFAULT_SET):
    """The folder holding lesson set ``name``; ValueError if this kit does not have it."""
    root = _root_or_none(name)
    if root is None:
        have = ", ".join(available_sets()) or "none"
        raise ValueError(f"no lesson set {name!r} in this kit (it has: {have})")
    return root


def _root_or_none(name):
    if name not in LESSON_SETS:
        return None
    for root in (PACKAGED / name, CHECKOUT / LESSON_SETS[name]):
        if student_files(root):
            return root
    return None
