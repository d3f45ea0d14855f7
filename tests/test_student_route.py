"""The students' route: the kit as a wheel, and `minitensor-kit lessons` / `lab`.

The slow half builds the sdist and, from it, the wheel (as `make dist` does), installs the
wheel with its declared dependencies into a fresh virtualenv, writes a student's folder
with the installed `minitensor-kit`, and runs an exercise notebook there with nbclient:
what a student gets, checked end to end. The fresh virtualenv resolves the dependencies
from the package index, constrained to the versions this test environment runs (so the
install is deterministic, mostly served from pip's cache, and fails if a declared range
excludes a tested version).

The fast half tests the same code from the checkout: which files are a student's, and
that a second run never loses a student's edits.
"""
import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import nbformat
import pytest

from minitensor_kit import catalog, cli, copies

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TEACHER_ONLY = ("solutions", "source", "teacher")


def _teacher_only(path):
    return any(part in TEACHER_ONLY for part in Path(path).parts)


def _expected_student_files():
    """What a student should get, listed independently of catalog.py."""
    names = [p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name[:2].isdigit()]
    ex = [f"exercises/{p.name}" for p in (NOTEBOOKS / "exercises").iterdir()
          if p.is_file() and (p.suffix == ".py" or (p.suffix == ".ipynb" and p.name[:2].isdigit()))]
    return sorted(names + ex)


def _teacher_texts():
    """Contents of every solution / source / teacher file (a leak shows as a match)."""
    return {p.read_bytes() for p in NOTEBOOKS.rglob("*")
            if p.is_file() and _teacher_only(p.relative_to(NOTEBOOKS))}


def _pyproject_version():
    import tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def _run(cmd, **kw):
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    assert r.returncode == 0, f"{cmd} failed ({r.returncode}):\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    return r


# ---------------------------------------------------------------- which files

def test_student_files_is_an_allow_list(tmp_path):
    for rel in ["01_a.ipynb", "02_b.ipynb", "notes.ipynb", "exercises/01_a.ipynb",
                "exercises/check.py", "exercises/solutions/01_a.ipynb",
                "exercises/source/01_a.ipynb", "teacher/01_a_guide.ipynb",
                "zh/01_a.ipynb", "zh/exercises/check.py", "exercises/old/02_b.ipynb"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}")
    assert catalog.student_files(tmp_path) == [
        "01_a.ipynb", "02_b.ipynb", "exercises/01_a.ipynb", "exercises/check.py"]


def test_the_kits_lessons_are_found_in_the_checkout():
    files = catalog.student_files(catalog.set_root("en"))
    assert files == _expected_student_files()
    assert len([f for f in files if "/" not in f]) >= 10          # the lessons
    assert "exercises/check.py" in files
    with pytest.raises(ValueError, match="no lesson set 'xx'"):
        catalog.set_root("xx")


# ---------------------------------------------------------------- never lose work

def test_a_second_run_keeps_edits_and_updates_the_rest(tmp_path):
    dest = tmp_path / "class"
    first = copies.write_lessons(dest)
    assert first.written == _expected_student_files() and not first.kept
    assert not any(_teacher_only(p.relative_to(dest)) for p in dest.rglob("*"))

    edited = dest / "exercises" / "04_detach.ipynb"
    edited.write_text(edited.read_text().replace("None", "True", 1))
    mine = edited.read_bytes()
    # a lesson the kit wrote and the student never touched, from an older kit: the
    # manifest records what was written, so it counts as unedited and is updated
    old = dest / "03_clone.ipynb"
    old.write_text("an older kit's lesson")
    manifest = json.loads((dest / copies.MANIFEST).read_text())
    manifest["files"]["03_clone.ipynb"] = copies.sha256(old.read_bytes())
    (dest / copies.MANIFEST).write_text(json.dumps(manifest))
    # a file the kit never wrote, whose content differs: the student's, kept
    (dest / "01_start_here.ipynb").write_text("my own notes")
    manifest["files"].pop("01_start_here.ipynb")
    (dest / copies.MANIFEST).write_text(json.dumps(manifest))

    second = copies.write_lessons(dest)
    assert second.kept == ["01_start_here.ipynb", "exercises/04_detach.ipynb"]
    assert second.updated == ["03_clone.ipynb"]
    assert edited.read_bytes() == mine
    assert old.read_bytes() == (NOTEBOOKS / "03_clone.ipynb").read_bytes()
    assert any("--force" in line for line in second.lines())

    third = copies.write_lessons(dest)          # still kept: the manifest never took
    assert third.kept == second.kept            # the student's hash as the kit's

    forced = copies.write_lessons(dest, force=True)
    assert [p for p, _ in forced.replaced] == second.kept
    assert edited.read_bytes() == (NOTEBOOKS / "exercises" / "04_detach.ipynb").read_bytes()
    assert (dest / "exercises" / "04_detach.mine.ipynb").read_bytes() == mine
    edited.write_text("edited again")
    copies.write_lessons(dest, force=True)      # a second --force keeps both versions
    assert (dest / "exercises" / "04_detach.mine.ipynb").read_bytes() == mine
    assert (dest / "exercises" / "04_detach.mine-2.ipynb").read_text() == "edited again"


def test_an_unreadable_manifest_keeps_every_differing_file(tmp_path):
    copies.write_lessons(tmp_path)
    (tmp_path / "02_creating_tensors.ipynb").write_text("student's")
    (tmp_path / copies.MANIFEST).write_text("{not json")
    report = copies.write_lessons(tmp_path)
    assert report.kept == ["02_creating_tensors.ipynb"]
    assert (tmp_path / "02_creating_tensors.ipynb").read_text() == "student's"


# ---------------------------------------------------------------- the command

def test_lessons_command(tmp_path, capsys):
    assert cli.main(["lessons", str(tmp_path / "c")]) == 0
    out = capsys.readouterr().out
    assert "wrote" in out and "minitensor-kit lab" in out
    assert cli.main(["lessons", str(tmp_path / "c"), "--quiet"]) == 0   # nothing to say
    assert capsys.readouterr().out == ""
    (tmp_path / "c" / "03_clone.ipynb").write_text("mine")
    assert cli.main(["lessons", str(tmp_path / "c"), "-q"]) == 0        # but this
    assert "kept 1 file(s) you changed: 03_clone.ipynb" in capsys.readouterr().out
    (tmp_path / "f").write_text("x")
    assert cli.main(["lessons", str(tmp_path / "f")]) == 1
    assert "is not a folder" in capsys.readouterr().err


def test_lab_writes_lessons_into_an_empty_folder_then_opens_it(tmp_path, monkeypatch, capsys):
    calls = []
    monkeypatch.setattr(cli, "run", lambda cmd: calls.append(cmd) or 0)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["lab", "--", "--port", "9999"]) == 0     # no DIR, no lessons here
    folder = tmp_path / cli.DEFAULT_DIR
    assert (folder / "exercises" / "check.py").exists()
    assert calls[-1][1:3] == ["-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={folder}" in calls[-1] and calls[-1][-2:] == ["--port", "9999"]

    monkeypatch.chdir(folder)                             # inside a lessons folder: "."
    (folder / "exercises" / "04_detach.ipynb").write_text("mine")
    assert cli.main(["lab"]) == 0
    assert f"--ServerApp.root_dir={folder}" in calls[-1]
    assert (folder / "exercises" / "04_detach.ipynb").read_text() == "mine"

    other = tmp_path / "own"                              # a non-empty folder: just open it
    other.mkdir()
    (other / "x.txt").write_text("x")
    assert cli.main(["lab", str(other)]) == 0
    assert sorted(p.name for p in other.iterdir()) == ["x.txt"]
    for wrong in (["lab", "--port", "1"], ["lessons", str(tmp_path), "--", "--port", "1"]):
        with pytest.raises(SystemExit):             # JupyterLab's options go after `--`,
            cli.main(wrong)                         # and only for `lab`
    assert "after `--`" in capsys.readouterr().err


# ---------------------------------------------------------------- the wheel, installed

@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ROOT])
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return wheel, sdist


@pytest.mark.slow
def test_the_wheel_and_sdist_hold_lessons_and_no_solutions(dists):
    wheel, sdist = dists
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        lessons = sorted(n.removeprefix("minitensor_kit/lessons/en/") for n in names
                         if n.startswith("minitensor_kit/lessons/en/"))
        contents = {z.read(n) for n in names if n.startswith("minitensor_kit/lessons/")}
    assert lessons == _expected_student_files()
    assert {"minitensor/__init__.py", "widgets/__init__.py", "minitensor_kit/cli.py"} <= set(names)
    # Graphviz in WebAssembly, for pictures without `dot`: served by the Jupyter server
    # beside JupyterLab's extensions, with its licences, and only there (1.2 MB once)
    static = "minitensor_kit-%s.data/data/share/jupyter/labextensions/minitensor-kit/static/" \
        % _pyproject_version()
    assert {static + "viz.js", static + "LICENSES.txt"} <= set(names)
    assert not [n for n in names if n.startswith("widgets/static/")]
    with tarfile.open(sdist) as t:
        snames = [m.name.split("/", 1)[1] for m in t.getmembers() if m.isfile()]
    assert not [n for n in names + snames if _teacher_only(n)]
    assert not contents & _teacher_texts()
    assert not [n for n in snames if n.startswith("tests/")]
    # the README's students' section names the file `make dist` builds
    readme = (ROOT / "README.md").read_text()
    assert f"pip install {wheel.name}" in readme.split("## For students", 1)[1]


@pytest.fixture(scope="module")
def student_venv(dists, tmp_path_factory):
    """A fresh virtualenv with the wheel pip-installed, dependencies and all."""
    wheel, _ = dists
    venv = tmp_path_factory.mktemp("student") / "venv"
    _run([sys.executable, "-m", "venv", venv])
    freeze = _run([sys.executable, "-m", "pip", "freeze", "--exclude-editable"]).stdout
    constraints = venv.parent / "constraints.txt"
    constraints.write_text("\n".join(ln for ln in freeze.splitlines()
                                     if "==" in ln and not ln.startswith("minitensor")))
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    _run([bindir / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
          "-c", constraints, wheel], timeout=900)
    return bindir


def test_lab_becomes_jupyterlab_so_signals_reach_it(tmp_path):
    """`minitensor-kit lab` replaces itself with JupyterLab (POSIX): stopping the command
    stops JupyterLab; no server is left running without its parent."""
    if os.name != "posix":
        pytest.skip("exec is POSIX-only; Windows waits for the child")
    probe = ("import os, sys; from minitensor_kit import cli; "
             "cli.run([sys.executable, '-c', 'import os; print(os.getpid())'])")
    r = _run([sys.executable, "-c", f"import os; print(os.getpid()); {probe}"], cwd=tmp_path)
    parent, child = r.stdout.split()
    assert parent == child


@pytest.mark.slow
def test_a_student_installs_the_wheel_and_gets_working_lessons(student_venv, tmp_path):
    py, kit = student_venv / "python", student_venv / "minitensor-kit"
    where = _run([py, "-c", "import minitensor, widgets, minitensor_kit; "
                  "print(minitensor.__file__, widgets.__file__, minitensor_kit.__version__)"],
                 cwd=tmp_path).stdout.split()
    assert all(Path(w).is_relative_to(student_venv.parent) for w in where[:2]), where
    assert where[2] == _pyproject_version()

    # the browser's Graphviz is where the student's Jupyter server serves static files
    # from (<base>/lab/extensions/minitensor-kit/static/viz.js), and is no extension
    served = _run([py, "-c", "from jupyter_core.paths import jupyter_path; import os; print("
                   "[p for p in jupyter_path('labextensions') if os.path.isfile("
                   "os.path.join(p, 'minitensor-kit', 'static', 'viz.js'))])"],
                  cwd=tmp_path).stdout
    assert str(student_venv.parent) in served, served
    listed = _run([student_venv / "jupyter", "labextension", "list"], cwd=tmp_path)
    assert "minitensor" not in listed.stdout + listed.stderr

    dest = tmp_path / "class"
    _run([kit, "lessons", dest], cwd=tmp_path)
    got = sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")
                 if p.is_file() and p.name != copies.MANIFEST)
    assert got == _expected_student_files()
    texts = {p.read_bytes() for p in dest.rglob("*") if p.is_file()}
    assert not texts & _teacher_texts()
    assert not any(b"### BEGIN SOLUTION" in t for t in texts)

    # a second run keeps the student's edited notebook; --force replaces it
    nb = dest / "exercises" / "04_detach.ipynb"
    nb.write_text(nb.read_text().replace("None", "True", 1))
    mine = nb.read_bytes()
    second = _run([kit, "lessons", dest], cwd=tmp_path).stdout
    assert nb.read_bytes() == mine and "kept 1 file(s)" in second
    _run([kit, "lessons", dest, "--force"], cwd=tmp_path)
    assert nb.read_bytes() == (NOTEBOOKS / "exercises" / "04_detach.ipynb").read_bytes()
    assert (dest / "exercises" / "04_detach.mine.ipynb").read_bytes() == mine

    # the exercise notebook runs there, in a kernel of the student's Python
    script = f"""
import json, nbformat
from nbclient import NotebookClient
nb = nbformat.read({str(nb)!r}, as_version=4)
nb.cells.append(nbformat.v4.new_code_cell("import sys, check; print(sys.prefix, check.__file__)"))
NotebookClient(nb, timeout=180, kernel_name="python3",
               resources={{"metadata": {{"path": {str(nb.parent)!r}}}}}).execute()
print(json.dumps([o.get("text", "") for c in nb.cells for o in c.get("outputs", [])
                  if o.get("output_type") == "stream" and o.get("name") == "stdout"]))
"""
    out = _run([py, "-c", script], cwd=tmp_path, timeout=600).stdout
    printed = json.loads(out.strip().splitlines()[-1])
    checks = [line for text in printed for line in text.splitlines() if line[:1] in "✓✗"]
    assert len(checks) >= 3, printed
    prefix, check_file = printed[-1].split()
    assert Path(prefix).resolve() == student_venv.parent.resolve()
    assert Path(check_file).resolve() == (dest / "exercises" / "check.py").resolve()
