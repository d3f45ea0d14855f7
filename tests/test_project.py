"""Checks on the project's own set-up files (not on the engine).

* environment.yml (conda) and pyproject.toml (pip) name the same dependencies at the
  same versions. The set compared is pyproject's runtime dependencies plus all its
  extras (widgets, lab, test). Conda names differ from PyPI names in a few places;
  the mapping is CONDA_TO_PYPI below, and CONDA_ONLY lists conda entries that have
  no PyPI counterpart (the interpreter, pip, and graphviz's `dot` program, which the
  pip route gets from Debian instead). Entries under conda's `pip:` section count as
  PyPI names; `-e .` (the kit itself) is ignored.
* README.md opens with `make lab` and `make test`, and .ci/run runs `make test`.
"""
import re
import sys
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    from pip._vendor import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent

# conda-forge name -> PyPI name, where they differ.
CONDA_TO_PYPI = {
    "python-graphviz": "graphviz",   # the Python bindings
    "pytorch": "torch",
    "python-build": "build",         # pypa's build frontend (`make dist`)
}
# conda-forge entries with no PyPI counterpart in pyproject.toml.
CONDA_ONLY = {
    "python",     # the interpreter (pyproject: requires-python)
    "pip",
    "graphviz",   # conda's graphviz is the `dot` program (Debian: graphviz), not bindings
}


def _pinned(pins, name, version):
    """Record name -> exact version (None when unpinned); refuse two different pins."""
    name = canonicalize_name(name)
    if version is not None and pins.get(name) not in (None, version):
        raise AssertionError(f"{name} pinned twice: {pins[name]} and {version}")
    if version is not None or name not in pins:
        pins[name] = version


def pyproject_deps(text):
    data = tomllib.loads(text)["project"]
    reqs = list(data.get("dependencies", []))
    for extra in data.get("optional-dependencies", {}).values():
        reqs.extend(extra)
    pins = {}
    for r in map(Requirement, reqs):
        exact = [s.version for s in r.specifier if s.operator == "=="]
        _pinned(pins, r.name, exact[0] if exact else None)
    return pins


_CONDA_SPEC = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(?:(==?)\s*([^\s=<>!]+))?\s*$")


def conda_deps(text):
    env = yaml.safe_load(text)
    pins = {}
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            for line in dep.get("pip", []):
                if line.strip().startswith("-e") or line.strip() == ".":
                    continue
                r = Requirement(line)
                exact = [s.version for s in r.specifier if s.operator == "=="]
                _pinned(pins, r.name, exact[0] if exact else None)
            continue
        m = _CONDA_SPEC.match(dep.split("#")[0])
        assert m, f"cannot read conda dependency {dep!r}"
        name, _, version = m.groups()
        if name in CONDA_ONLY:
            continue
        _pinned(pins, CONDA_TO_PYPI.get(name, name), version)
    return pins


def compare(pip_pins, conda_pins):
    """Human-readable differences between the two dependency sets ([] when equal)."""
    problems = []
    for name in sorted(set(pip_pins) | set(conda_pins)):
        if name not in conda_pins:
            problems.append(f"{name}: in pyproject.toml, missing from environment.yml")
        elif name not in pip_pins:
            problems.append(f"{name}: in environment.yml, missing from pyproject.toml")
        elif pip_pins[name] != conda_pins[name]:
            problems.append(f"{name}: pyproject.toml pins {pip_pins[name]}, "
                            f"environment.yml pins {conda_pins[name]}")
    return problems


def test_environment_yml_matches_pyproject():
    pip_pins = pyproject_deps((ROOT / "pyproject.toml").read_text())
    conda_pins = conda_deps((ROOT / "environment.yml").read_text())
    assert compare(pip_pins, conda_pins) == []


def test_dependency_comparison_can_fail():
    pip_pins = pyproject_deps(
        '[project]\nname="x"\ndependencies=["numpy>=1"]\n'
        '[project.optional-dependencies]\nt=["numpy==2.0", "torch==2.13.0", "pytest==9"]\n')
    conda_pins = conda_deps(
        "dependencies:\n - python=3.11\n - graphviz\n - numpy=2.1\n - python-graphviz=0.21\n"
        " - pytorch=2.13.0\n")
    assert compare(pip_pins, conda_pins) == [
        "graphviz: in environment.yml, missing from pyproject.toml",
        "numpy: pyproject.toml pins 2.0, environment.yml pins 2.1",
        "pytest: in pyproject.toml, missing from environment.yml",
    ]


def test_every_extra_is_pinned_exactly():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    loose = [r for extra in data["optional-dependencies"].values() for r in extra
             if not any(s.operator == "==" for s in Requirement(r).specifier)]
    assert loose == []


def runtime_ranges_missing_their_pin(text):
    """Runtime dependencies (ranges: what a student's pip install resolves) whose range
    does not admit the exact version an extra pins, i.e. the version the tests run on."""
    data = tomllib.loads(text)["project"]
    pins = {canonicalize_name(r.name): s.version
            for extra in data.get("optional-dependencies", {}).values()
            for r in map(Requirement, extra) for s in r.specifier if s.operator == "=="}
    bad = []
    for r in map(Requirement, data.get("dependencies", [])):
        pin = pins.get(canonicalize_name(r.name))
        if pin is None or not r.specifier.contains(pin, prereleases=True):
            bad.append(f"{r}: tests run {pin or 'no pinned version'}")
    return bad


def test_runtime_dependencies_admit_the_tested_versions():
    assert runtime_ranges_missing_their_pin((ROOT / "pyproject.toml").read_text()) == []
    assert runtime_ranges_missing_their_pin(
        '[project]\ndependencies=["numpy>=2.5", "jupyterlab>=4", "rich"]\n'
        '[project.optional-dependencies]\nt=["numpy==2.4.6", "jupyterlab==4.6.6"]\n') == [
        "numpy>=2.5: tests run 2.4.6", "rich: tests run no pinned version"]


def test_makefile_installs_the_pinned_torch():
    torch = [r for r in tomllib.loads((ROOT / "pyproject.toml").read_text())
             ["project"]["optional-dependencies"]["test"] if Requirement(r).name == "torch"]
    assert torch == ["torch==2.13.0"]
    assert re.search(r"\$\(PIP\) torch==2\.13\.0\s*$", (ROOT / "Makefile").read_text(), re.M)


def _commands(block):
    """Shell command lines of ``block``: no blank lines, comments or trailing comments."""
    lines = (re.sub(r"\s+#.*$", "", ln).strip().removeprefix("$ ") for ln in block.splitlines())
    return [ln for ln in lines if ln and not ln.startswith("#")]


def test_readme_opens_with_make_lab_and_make_test():
    text = (ROOT / "README.md").read_text()
    head, fence, rest = text.partition("```")
    assert fence, "README.md has no code block"
    prose = [ln for ln in head.splitlines() if ln.strip()]
    assert prose[0].startswith("# ") and len(prose) <= 2, \
        "the commands must follow the title and a one-line description"
    commands = []
    for block in re.findall(r"```[^\n]*\n(.*?)```", "```" + rest, re.S):
        commands += _commands(block)
        if len(commands) >= 2:
            break
    assert commands[:2] == ["make lab", "make test"]


def test_ci_runs_make_test_and_nothing_else():
    text = (ROOT / ".ci" / "run").read_text()
    lines = _commands(text)
    assert "set -euo pipefail" in lines
    work = [ln for ln in lines if not ln.startswith(("set ", "cd "))]
    assert work == ["make test"]


def test_stored_lesson_errors_show_no_internal_exception():
    # a raising cell's stored traceback is what the learner reads: torch's error alone,
    # never a NumPy or Python error chained above it ("During handling of ...")
    import json
    root = Path(__file__).resolve().parent.parent
    found = []
    for nb in sorted((root / "notebooks").rglob("*.ipynb")):
        for cell in json.loads(nb.read_text()).get("cells", []):
            for out in cell.get("outputs", []):
                if out.get("output_type") == "error":
                    text = "\n".join(out.get("traceback", []))
                    if "During handling of the above exception" in text or \
                            "direct cause of the following exception" in text:
                        found.append(f"{nb.name}: {out.get('ename')}")
    assert found == []
