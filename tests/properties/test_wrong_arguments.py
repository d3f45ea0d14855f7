"""Wrong arguments get torch's error: a fixed seeded sample of the fuzzer's calls plus
every call kept in wrong_arguments_cases.txt runs on real torch 2.13 and on minitensor
(see wrong_arguments.py); each must agree (same exception type and message, or the same
result). Calls listed there with another category are today's known differences and
run as strict xfails: a fix makes one pass, which fails here until its line says "agree"
(``wrong_arguments.py --update-cases``).

Script mode (counts by category for any seed and size) is ``wrong_arguments.py --n N --seed S``.
"""
import os

import pytest

import wrong_arguments as wa

SEED, N = 20, 400        # the sample; its differing calls are all in the cases file
CASES = wa.read_cases()
KNOWN = {call: cat for cat, call, _ in CASES}
CALLS = list(dict.fromkeys(wa.generate(SEED, N) + [call for _, call, _ in CASES]))


@pytest.fixture(scope="module")
def outcomes():
    eng = wa.Engines()
    try:
        return {call: (t, m) for call, t, m in eng.evaluate(CALLS)}
    finally:
        eng.close()


def _param(call):
    cat = KNOWN.get(call, "agree")
    if cat == "agree":
        return call
    return pytest.param(call, marks=pytest.mark.xfail(
        strict=True, raises=AssertionError,
        reason=f"known: {wa.CATEGORIES[cat]} (wrong_arguments_cases.txt)"))


@pytest.mark.parametrize("call", [_param(c) for c in CALLS])
def test_wrong_argument(call, outcomes):
    t, m = outcomes[call]
    got = wa.classify(t, m)
    assert got == "agree", (f"{call}: {wa.CATEGORIES[got]}\n  torch:      {wa.describe(t)}\n"
                            f"  minitensor: {wa.describe(m)}")


# ------------------------------------------------------------------ the fuzzer itself
def test_the_sample_is_fixed_and_distinct():
    a, b = wa.generate(SEED, N), wa.generate(SEED, N)
    assert a == b and len(set(a)) == N
    assert wa.generate(SEED + 1, N) != a


def test_cases_file_calls_are_distinct():
    calls = [c for _, c, _ in CASES]
    assert len(calls) == len(set(calls))


@pytest.mark.parametrize("t, m, expected", [
    ({"exc": ["TypeError", "x"]}, {"exc": ["TypeError", "x"]}, "agree"),
    ({"exc": ["TypeError", "at 0x7f1"]}, {"exc": ["TypeError", "at 0x55"]}, "agree"),
    ({"exc": ["TypeError", "x"]}, {"exc": ["TypeError", "y"]}, "message"),
    ({"exc": ["TypeError", "x"]}, {"exc": ["RuntimeError", "x"]}, "type"),
    ({"exc": ["TypeError", "x"]}, {"exc": ["AttributeError", "x"], "raw": True}, "leak"),
    ({"ok": ["int", 1]}, {"exc": ["OverflowError", "x"], "raw": True}, "leak"),
    ({"exc": ["TypeError", "x"]}, {"exc": ["TypeError", "y"], "raw": True}, "message"),
    ({"exc": ["TypeError", "x"]}, {"ok": ["Tensor", {}]}, "silent"),
    ({"ok": ["Tensor", {}]}, {"exc": ["TypeError", "x"]}, "mt-raises"),
    ({"ok": ["Tensor", {"values": [1.0, 2.0]}]}, {"ok": ["Tensor", {"values": [1.0, 2.0000001]}]}, "agree"),
    ({"ok": ["Tensor", {"values": [1, 2]}]}, {"ok": ["Tensor", {"values": [1, 3]}]}, "result"),
    ({"ok": ["Tensor", {"dtype": "torch.float32"}]}, {"ok": ["Tensor", {"dtype": "torch.float64"}]}, "result"),
    ({"ok": ["int", 1]}, {"timeout": True}, "timeout"),
])
def test_classify(t, m, expected):
    assert wa.classify(t, m) == expected


def test_raw_tells_an_implicit_error_from_a_raise(tmp_path):
    pkg = tmp_path / "engine"
    pkg.mkdir()
    (pkg / "ops.py").write_text(
        "def implicit(x):\n    return x._data\n\n"
        "def explicit(x):\n    raise TypeError('relu(): argument must be Tensor')\n")
    import importlib.util
    spec = importlib.util.spec_from_file_location("engine_ops", pkg / "ops.py")
    ops = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ops)
    for fn, raw in ((ops.implicit, True), (ops.explicit, False)):
        try:
            fn([1, 2])
        except Exception as e:
            assert wa._raw(e, str(pkg))[0] is raw
    import numpy as np
    try:
        np.zeros(2).reshape(3)
    except ValueError as e:          # raised inside NumPy: raw wherever it was called
        assert wa._raw(e, str(pkg))[0] is True


def test_a_call_that_stops_a_worker_is_a_timeout_and_the_worker_restarts(monkeypatch):
    monkeypatch.setattr(wa, "CALL_SECONDS", 1)
    w = wa.Worker("minitensor")
    try:
        w.send("__import__('os').kill(__import__('os').getpid(), 9)")
        assert w.receive().get("crash") and w.restarts == 1
        w.send("torch.ones(2).sum().item()")
        assert w.receive() == {"ok": ["float", 2.0]}
    finally:
        w.close()


def test_memory_is_bounded():
    w = wa.Worker("minitensor")
    try:
        w.send("__import__('numpy').ones(2**31)")      # 16 GiB: over the worker's limit
        out = w.receive()
        assert out["exc"][0] in ("MemoryError", "_ArrayMemoryError"), out
    finally:
        w.close()


def test_templates_cover_about_70_functions():
    import re
    names = {re.sub(r"\{[A-Z]+\}", "x", src).split("(")[0] for src, _ in wa.TEMPLATES}
    assert len(names) >= 70, len(names)
    assert os.path.exists(wa.CASES_FILE)
