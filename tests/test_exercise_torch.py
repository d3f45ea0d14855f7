"""The exercises judged with real torch 2.13 (the spec) instead of minitensor.

check.py is loaded a second time with ``import torch`` in place of ``import minitensor as
torch``, and every question is asked again: its truth and its evidence must come out the same,
every solution must be judged right, and every wrong answer the table names must be judged by
the same misconception. So no answer in the kit is only minitensor's opinion.
"""
import pytest

from test_exercises import (C, load_check, question_cells, run_cell, solution,
                            wrong_answers)

pytest.importorskip("torch")
T = load_check(real_torch=True)
IDS = sorted(C.EXERCISES, key=lambda s: tuple(map(int, s.split("."))))


def key(q, cause):
    """A cause as something comparable across the two copies of check.py."""
    if isinstance(cause, tuple):
        return ("mistake", [i for i, m in enumerate(q.mistakes) if m is cause])
    if type(cause).__name__ == "Rule":
        return ("rule", [i for i, r in enumerate(q.rules) if r is cause])
    return cause


def verdict(check, qid, source):
    answer, given = run_cell(source, recorder=True, check=check)
    q = check.EXERCISES[qid]
    status, msg, _, cause = q.judge(answer, given)
    return status, key(q, cause), msg


def test_the_torch_copy_really_is_torch():
    import torch
    assert T.torch is torch and T.nn is torch.nn and C.torch.__name__ == "minitensor"


@pytest.mark.differential
@pytest.mark.parametrize("qid", IDS)
def test_truth_and_evidence_agree_with_torch(qid):
    for check in (C, T):
        q = check.EXERCISES[qid]
        ns = q.fresh({})
        for claim, fn in q.evidence:
            assert check.quietly(fn, ns), "%s (%s): %s does not hold" % (
                qid, check.torch.__name__, claim)
    mine, real = C.EXERCISES[qid], T.EXERCISES[qid]
    if isinstance(mine.kind, C.Code) or not callable(mine.truth):
        return
    truths = [check.quietly(q.truth, q.fresh({})) for check, q in ((C, mine), (T, real))]
    assert plain(truths[0]) == plain(truths[1]), qid


def plain(value):
    """A truth as plain Python: tensors as rounded lists, dtypes as names, errors as text."""
    if type(value).__name__ == "Raised":
        return ("error", value.text)
    if isinstance(value, (tuple, list)):
        return tuple(plain(v) for v in value)
    if isinstance(value, set):
        return sorted(value)
    if hasattr(value, "tolist"):
        flat = C.flat(value)
        return tuple(round(v, 4) for v in flat)
    if type(value).__name__ == "dtype":
        return str(value)
    return value


@pytest.mark.differential
@pytest.mark.parametrize("qid", IDS)
def test_solutions_are_right_and_misconceptions_hold_on_torch(qid):
    _, source = question_cells()[qid]
    status, cause, msg = verdict(T, qid, solution(source))
    assert status == "right", (qid, msg)
    for wrong, _ in wrong_answers(qid):
        mine, real = verdict(C, qid, wrong), verdict(T, qid, wrong)
        assert mine[:2] == real[:2], "%s: minitensor says %r, torch %r" % (qid, mine[2], real[2])
