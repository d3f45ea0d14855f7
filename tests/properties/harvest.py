"""Find and shrink failing programs with DISTINCT mismatches, to keep as regressions.

    .venv/bin/python tests/properties/harvest.py [ROUNDS] [--kinds views|autograd|all]

Each round asks hypothesis for a minimal program whose first mismatch has a signature
(the mismatch text with step numbers, tensor names and numbers blanked) not yet seen,
and prints it as a ready-to-paste ``REGRESSIONS`` entry.  Known signatures come from
the programs already in regressions.py, so rerunning finds only new kinds of bugs.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [HERE, os.path.join(ROOT, "tests", "differential"), ROOT]

from hypothesis import HealthCheck, find, settings  # noqa: E402
from hypothesis.errors import NoSuchExample  # noqa: E402

import harness  # noqa: E402
from programs import programs, render  # noqa: E402
from regressions import REGRESSIONS  # noqa: E402

KINDS = {
    "all": None,
    "views": ("create", "view", "view", "inplace", "inplace", "setitem", "copy"),
    "autograd": ("create", "view", "inplace", "unary", "binary", "sum", "sum", "backward", "backward",
                 "requires_grad_", "detach_", "copy"),
}


def signature(program):
    try:
        probs = harness.compare(render(program))
    except harness.Uncaught:
        return None
    if not probs:
        return None
    s = probs[0]
    s = re.sub(r"\bstep\d+", "step", s)
    s = re.sub(r"\bt\d+", "t", s)
    s = re.sub(r"\d+(\.\d+)?", "#", s)
    return s[:160]


def main(argv):
    rounds = int(argv[0]) if argv and argv[0].isdigit() else 5
    kinds = KINDS[argv[argv.index("--kinds") + 1]] if "--kinds" in argv else None
    known = {signature(p) for _, p in REGRESSIONS}
    for r in range(rounds):
        try:
            p = find(programs(max_steps=10, kinds=kinds),
                     lambda p: (sig := signature(p)) is not None and sig not in known,
                     settings=settings(max_examples=400, deadline=None, database=None,
                                       suppress_health_check=list(HealthCheck)))
        except NoSuchExample:
            print("# no new kind of mismatch found")
            break
        sig = signature(p)
        known.add(sig)
        print(f"    ({sig!r},\n     {p!r}),", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
