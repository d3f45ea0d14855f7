"""The tutorial scripts in scripts/ as tests: each runs on real torch 2.13 (three seeds,
to tell random-valued lines from stable ones) and on minitensor, and their stdout must
match (see run.py for the rules). Scripts listed in PASSING.txt must pass; every other
script is a strict xfail, so a fix that makes one pass fails here until PASSING.txt is
updated. A script that raises on real torch is broken and always fails.

The comparison itself is tested on the self-test scripts in selftest/ and on small
outputs below, so that a runner bug cannot turn every check into a pass."""
import os
import re

import pytest

import run

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT_DIR = os.path.dirname(os.path.dirname(HERE))
SCRIPTS = run.all_scripts()


def _passing():
    with open(os.path.join(HERE, "PASSING.txt")) as f:
        return {ln.strip() for ln in f if ln.strip() and not ln.startswith("#")}


PASSING = _passing()


@pytest.fixture(scope="module")
def engines():
    tz, mz = run.Zygote("torch"), run.Zygote("minitensor")
    yield tz, mz
    tz.close()
    mz.close()


def _check(name, engines):
    r = run.run_script(name, *engines)
    if r.torch_exc:   # the transcription itself is broken: never an expected failure
        raise RuntimeError(r.summary())
    assert r.passed, r.summary()


@pytest.mark.parametrize("name", [
    n if n in PASSING else pytest.param(n, marks=pytest.mark.xfail(
        strict=True, raises=AssertionError,
        reason="does not run unchanged on minitensor yet (tests/tutorials/PASSING.txt)"))
    for n in SCRIPTS])
def test_tutorial(name, engines):
    _check(name, engines)


def test_passing_list_names_real_scripts():
    assert PASSING <= set(SCRIPTS), sorted(PASSING - set(SCRIPTS))


@pytest.mark.parametrize("name", SCRIPTS)
def test_script_cites_its_source_and_adaptations(name):
    with open(os.path.join(run.SCRIPTS, name + ".py")) as f:
        head = f.read(3000)
    assert head.startswith("# Source:"), "first line: # Source: <tutorial>"
    assert "https://" in head.split("# Adapted:")[0], "the source's URL"
    assert "# Adapted:" in head, "say what was adapted (or 'nothing')"


def test_readme_lists_the_tutorials_that_run_unchanged():
    # the README promises a list of the tutorials that run unchanged: it must be PASSING.txt
    readme = open(os.path.join(ROOT_DIR, "README.md"), encoding="utf-8").read()
    section = readme.split("## The public tutorials a learner meets next")[1].split("\n## ")[0]
    listed = set(re.findall(r"`([a-z0-9_]+)`", section.split("run unchanged today")[1]))
    assert listed == set(PASSING), (sorted(listed - set(PASSING)), sorted(set(PASSING) - listed))


# ------------------------------------------------------------------ the runner itself
def _selftest(name):
    return os.path.join(HERE, "selftest", name + ".py")


def test_runner_reports_a_differing_stable_line(engines):
    r = run.run_script(_selftest("prints_engine_name"), *engines)
    assert not r.passed and r.detail["torch"] == "running on torch"
    assert r.detail["minitensor"] == "running on minitensor"


def test_runner_passes_random_values_of_the_same_shape(engines):
    r = run.run_script(_selftest("prints_random"), *engines)
    assert r.passed, r.summary()


def test_runner_reports_a_random_line_of_another_shape(engines):
    r = run.run_script(_selftest("random_shape_differs"), *engines)
    assert not r.passed and r.detail.get("random"), r.summary()


def test_runner_reports_the_exception_and_the_missing_line(engines):
    r = run.run_script(_selftest("raises_midway"), *engines)
    assert not r.passed and r.category == "missing API"
    assert r.exc["type"] == "AttributeError" and r.detail["torch"] == "second"
    assert r.detail["minitensor"] is None


def test_each_run_writes_its_own_parent_folder(engines):
    # d2l writes '../data/house_tiny.csv'; the torch and minitensor runs of a script
    # happen at once, so a shared parent let one engine read the other's half-written file
    r = run.run_script(_selftest("writes_parent_data"), *engines)
    assert r.passed, r.summary()


@pytest.mark.parametrize("ref, others, got, ok", [
    (["a 1"], [["a 1"]], ["a 1"], True),
    (["a 1"], [["a 1"]], ["a 2"], False),                       # a stable value differs
    (["x 0.12345678"], [["x 0.12345678"]], ["x 0.12345679"], True),   # float32 noise
    (["x 0.1235"], [["x 0.1235"]], ["x 0.1234"], True),         # last printed digit
    (["x 0.1235"], [["x 0.1235"]], ["x 0.1335"], False),
    (["n 10"], [["n 10"]], ["n 11"], False),                     # integers exactly
    (["id(Z): 140447505963344"], [["id(Z): 140447505963344"]],   # an id() is an address:
     ["id(Z): 140500502401744"], True),                           # forks may repeat it
    (["n 9223372036854775807"], [["n 9223372036854775807"]], ["n 9223372036854775806"], False),
    (["n 1000000000000"], [["n 1000000000000"]], ["n 1000000000001"], False),  # not an address
    (["r 0.3", "end"], [["r 0.9", "end"]], ["r 0.5", "end"], True),  # random line
    (["r 0.3", "end"], [["r 0.9", "end"]], ["r 0.5 0.1", "end"], False),
    (["r tensor([0.3])"], [["r tensor([0.9])"]], ["r tensor([0.5], device='cuda:0')"], False),
    (["a"], [["a"]], ["a", "extra"], False),
    (["a", "b"], [["a", "b"]], ["a"], False),
    (["<X object at 0x7f00>"], [["<X object at 0x7f00>"]], ["<X object at 0x5500>"], True),
])
def test_compare(ref, others, got, ok):
    assert run.compare(ref, others, got)[0] is ok


def test_api_census_finds_a_missing_name(tmp_path):
    import types

    import torch

    import api_census
    script = tmp_path / "s.py"
    script.write_text("import torch\nfrom torch import nn\nlayer = nn.Linear(2, 3)\n"
                      "x = torch.ones(2)\ny = x.scatter_(0, torch.tensor([0]), 1.0)\n")
    fake_nn = types.SimpleNamespace(Module=torch.nn.Module)          # no Linear
    fake = types.ModuleType("fake")
    fake.nn, fake.ones, fake.tensor = fake_nn, torch.ones, torch.tensor
    fake.Tensor = type("Tensor", (), {})                             # no scatter_
    assert api_census.census(str(script), torch, fake) == ["Tensor.scatter_", "torch.nn.Linear"]
    assert api_census.census(str(script), torch, torch) == []
