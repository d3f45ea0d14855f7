"""The ``minitensor-kit`` command.

    minitensor-kit lessons DIR [--lang en] [--force]
        Write the students' copies of the lessons and exercises into DIR. Files you
        changed are kept (--force replaces them, saving yours as NAME.mine.ipynb).
    minitensor-kit lab [DIR] [-- JupyterLab options...]
        Open JupyterLab on DIR (default: this folder if it holds the kit's lessons,
        otherwise ./minitensor-lessons), writing the lessons into it first if it is empty.
        Options after `--` go to JupyterLab (e.g. `-- --port 9999`).
    minitensor-kit results DIR... [-o OUT]
        For teachers: the class's exercise results, gathered from the students' folders
        (their attempts.jsonl files), as a table; -o writes results.csv,
        misconceptions.csv and results.html into OUT. Reads the folders, changes nothing.
"""
import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import __version__
from .catalog import DEFAULT_SET, LESSON_SETS
from .copies import MANIFEST, write_lessons

DEFAULT_DIR = "minitensor-lessons"

DOT_HINT = ("note: Graphviz's `dot` program is not installed, so the pictures are shown as "
            "text. Install Graphviz (Windows: `winget install graphviz`; macOS: "
            "`brew install graphviz`; Debian/Ubuntu: `sudo apt-get install graphviz`) "
            "and restart.")


def _parser():
    p = argparse.ArgumentParser(
        prog="minitensor-kit",
        description="minitensor kit: lessons on PyTorch's tensor semantics, for students.")
    p.add_argument("--version", action="version", version=f"minitensor-kit {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    les = sub.add_parser(
        "lessons", help="write the students' copies of the lessons and exercises into DIR",
        description="Write the lessons (NN_*.ipynb) and the exercises (exercises/) into DIR. "
                    "Running it again updates the files you have not changed and keeps "
                    "the ones you have.")
    les.add_argument("dir", metavar="DIR", type=Path)
    les.add_argument("--lang", default=DEFAULT_SET, choices=sorted(LESSON_SETS),
                     help=f"which edition of the lessons (default: {DEFAULT_SET})")
    les.add_argument("--force", action="store_true",
                     help="also replace files you changed (yours are saved as NAME.mine.ipynb)")
    les.add_argument("-q", "--quiet", action="store_true",
                     help="print only the files kept or replaced (e.g. when a hub runs it)")

    lab = sub.add_parser(
        "lab", help="open JupyterLab on DIR (writing the lessons into it if it is empty)",
        description="Open JupyterLab on DIR. Options after `--` are passed on to "
                    "JupyterLab, e.g. `minitensor-kit lab DIR -- --port 9999`.")
    lab.add_argument("dir", metavar="DIR", type=Path, nargs="?",
                     help=f"default: this folder if it holds the lessons, else ./{DEFAULT_DIR}")
    lab.add_argument("--lang", default=DEFAULT_SET, choices=sorted(LESSON_SETS),
                     help="edition written when DIR is empty")

    res = sub.add_parser(
        "results", help="for teachers: the class's exercise results from the students' folders",
        description="Gather the exercise attempts that check() recorded in each student's "
                    "folder (exercises/attempts.jsonl) into one table: per student and "
                    "question right / wrong / unanswered and tries, and per question the "
                    "share of the class showing each misconception. Folders without a "
                    "readable file are reported and skipped; nothing in them is changed.")
    res.add_argument("dirs", metavar="DIR", type=Path, nargs="+",
                     help="a student's folder: a hub home directory (e.g. /home/*) or a "
                          "lessons folder you collected")
    res.add_argument("-o", "--output", metavar="OUT", type=Path,
                     help="write results.csv, misconceptions.csv and results.html into OUT "
                          "(default: print the table)")
    return p


def _is_empty(folder):
    return not folder.exists() or not any(
        not entry.name.startswith(".") for entry in folder.iterdir())


def cmd_lessons(args):
    report = write_lessons(args.dir, lang=args.lang, force=args.force)
    lines = report.lines(brief=args.quiet)
    if lines or not args.quiet:
        print(f"minitensor-kit: lessons in {args.dir}")
    for line in lines:
        print("  " + line)
    if not args.quiet:
        print(f"open them with: minitensor-kit lab {args.dir}")
    return 0


def lab_command(folder, extra):
    """The JupyterLab command line for ``folder`` (a list, run with this Python)."""
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0 and "--allow-root" not in extra:
        cmd.append("--allow-root")      # e.g. in a container; JupyterLab refuses otherwise
    return cmd + list(extra)


def cmd_lab(args, extra):
    folder = args.dir
    if folder is None:
        folder = Path(".") if Path(MANIFEST).exists() else Path(DEFAULT_DIR)
    if folder.exists() and not folder.is_dir():
        print(f"minitensor-kit: {folder} is not a folder", file=sys.stderr)
        return 2
    if _is_empty(folder):
        write_lessons(folder, lang=args.lang)
        print(f"minitensor-kit: wrote the lessons into {folder}")
    if shutil.which("dot") is None:
        print(DOT_HINT, file=sys.stderr)
    return run(lab_command(folder.resolve(), extra))


def run(cmd):
    """Become JupyterLab where the OS allows it, so a signal that stops this command (a
    hub stopping a student's server, a closed terminal) reaches JupyterLab itself rather
    than leaving it running without a parent; on Windows, wait for it."""
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execv(cmd[0], cmd)
    return subprocess.call(cmd)


def cmd_results(args):
    from . import results
    table = results.tabulate(results.gather(args.dirs))
    for problem in table.problems:
        print(f"minitensor-kit: {problem}", file=sys.stderr)
    if not table.students:
        print("minitensor-kit: no student's results found", file=sys.stderr)
        return 1
    if args.output is None:
        print(results.to_text(table), end="")
    else:
        for path in results.write_outputs(table, args.output):
            print(f"minitensor-kit: wrote {path}")
    return 0


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = []
    if "--" in argv:                    # the rest is JupyterLab's
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    parser = _parser()
    args = parser.parse_args(argv)
    if extra and args.command != "lab":
        parser.error("options after `--` are for `lab` only")
    try:
        if args.command == "lessons":
            return cmd_lessons(args)
        if args.command == "results":
            return cmd_results(args)
        return cmd_lab(args, extra)
    except (OSError, ValueError) as e:
        print(f"minitensor-kit: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
