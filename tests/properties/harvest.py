"""Find and shrink failing programs with DISTINCT mismatches, to keep as regressions.

    .venv/bin/python tests/properties/harvest.py [ROUNDS] [--kinds views|autograd|all|mixed|unary|binary]

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
from programs import (binary_ops, mixed_ops, programs, render, render_binary,  # noqa: E402
                      render_mixed, render_unary, unary_ops)
from regressions import (BINARY_REGRESSIONS, MIXED_REGRESSIONS, REGRESSIONS,  # noqa: E402
                         UNARY_REGRESSIONS)

KINDS = {
    "all": None,
    "views": ("create", "view", "view", "inplace", "inplace", "setitem", "copy"),
    "autograd": ("create", "view", "inplace", "unary", "binary", "sum", "sum", "backward", "backward",
                 "requires_grad_", "detach_", "copy"),
}


def signature(program, rend=render):
    try:
        probs = harness.compare(rend(program))
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
    which = argv[argv.index("--kinds") + 1] if "--kinds" in argv else "all"
    if which == "mixed":
        strategy, rend, kept = mixed_ops(), render_mixed, MIXED_REGRESSIONS
    elif which == "unary":
        strategy, rend, kept = unary_ops(), render_unary, UNARY_REGRESSIONS
    elif which == "binary":
        strategy, rend, kept = binary_ops(), render_binary, BINARY_REGRESSIONS
    else:
        strategy, rend, kept = programs(max_steps=10, kinds=KINDS[which]), render, REGRESSIONS
    known = {signature(p, rend) for _, p in kept}
    for r in range(rounds):
        try:
            p = find(strategy,
                     lambda p: (sig := signature(p, rend)) is not None and sig not in known,
                     settings=settings(max_examples=400, deadline=None, database=None,
                                       suppress_health_check=list(HealthCheck)))
        except NoSuchExample:
            print("# no new kind of mismatch found")
            break
        sig = signature(p, rend)
        known.add(sig)
        print(f"    ({sig!r},\n     {p!r}),", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
