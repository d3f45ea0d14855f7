"""Retrying never changes a verdict: each exercise cell run 1, 2 and 3 times, wrong then right,
then all of them again in reverse and in a shuffled order, in a real Jupyter kernel.

The normal way to work is predict, run, fix, run again. The cells below are the ones learners
get: the student's version (answer still None), every wrong answer the table names, and the
solution. Each must get its verdict every time, whatever ran before it.
"""
import random

import pytest

from test_exercises import (EXERCISES, SENTENCE_END, SOURCES, cells, solution, student,
                            wrong_answers)

pytestmark = pytest.mark.slow
TIMEOUT = 60        # seconds for one cell; a hung kernel fails the test instead of CI


class Kernel:
    """A real ipykernel in the solutions folder (so `from check import check` works)."""

    def __init__(self):
        from jupyter_client.manager import start_new_kernel
        self.km, self.kc = start_new_kernel(kernel_name="python3", startup_timeout=TIMEOUT,
                                            cwd=str(EXERCISES / "solutions"))

    def run(self, code):
        """(feedback lines, error name or None) of executing ``code``."""
        out, errors = [], []

        def hook(msg):
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                out.append(content["text"])
            elif kind == "error":
                errors.append("%s: %s" % (content["ename"], content["evalue"]))

        reply = self.kc.execute_interactive(code, timeout=TIMEOUT, output_hook=hook)
        assert reply["content"]["status"] in ("ok", "error")
        lines = [l for l in "".join(out).splitlines() if l.startswith(("✓", "✗"))]
        return lines, (errors[0] if errors else None)

    def close(self):
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


def expect(kernel, qid, code, status):
    lines, error = kernel.run(code)
    assert error is None, "%s raised %s" % (qid, error)
    assert len(lines) == 1, (qid, lines)
    start = {"right": "✓ %s right: ", "todo": "✗ %s not answered yet: ",
             "wrong": "✗ %s not quite: "}[status] % qid
    assert lines[0].startswith(start), "%s: expected %s, got %s" % (qid, status, lines[0])
    assert lines[0].endswith(SENTENCE_END), lines[0]


@pytest.mark.parametrize("name", [p.name for p in SOURCES])
def test_retries_and_any_order_never_change_a_verdict(name):
    all_cells = cells(EXERCISES / "source" / name)
    questions = [(qid, src) for qid, src in all_cells if qid]
    wrongs = {qid: [(w, getattr(why, "status", "wrong")) for w, why in wrong_answers(qid)]
              for qid, _ in questions}
    kernel = Kernel()
    try:
        for qid, src in all_cells:
            if qid is None:
                assert kernel.run(src)[1] is None         # the imports
        for qid, src in questions:
            expect(kernel, qid, student(src), "todo")
            for wrong, status in wrongs[qid]:
                expect(kernel, qid, wrong, status)
            for _ in range(3):
                expect(kernel, qid, solution(src), "right")
            wrong, status = wrongs[qid][0]
            expect(kernel, qid, wrong, status)            # wrong after right...
            expect(kernel, qid, solution(src), "right")   # ...and right again
        for qid, src in reversed(questions):              # every cell again, backwards
            expect(kernel, qid, solution(src), "right")
            expect(kernel, qid, wrongs[qid][0][0], wrongs[qid][0][1])
        order = questions * 2
        random.Random(17).shuffle(order)                  # and in a shuffled order
        for qid, src in order:
            expect(kernel, qid, solution(src), "right")
    finally:
        kernel.close()
