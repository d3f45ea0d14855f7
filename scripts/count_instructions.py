"""Instructions per op, counted by valgrind: a deterministic A/B for speed work.

This VM's wall clock drifts by 20-50% from minute to minute, so two timings of the same
code can disagree by more than the change being measured. Callgrind counts the
instructions the CPU executes instead: the same code gives the same count (to ~0.5%)
whatever else the machine is doing. Use it to compare two versions of a hot path; use
bench/bench_engine.py for the speed itself (instructions are not seconds: torch's C++
and CPython run at different instructions per cycle).

    .venv/bin/python scripts/count_instructions.py                 # the bench's tiny ops
    .venv/bin/python scripts/count_instructions.py "a.t()" "ag * 2"
    .venv/bin/python scripts/count_instructions.py --engine torch  # the same on torch
    .venv/bin/python scripts/count_instructions.py --setup "from minitensor.ops import view as V" "V.view(a, 12)"

Statements see ``a``, ``b``, ``c`` ((3, 4) float32), ``ag`` (the same, requiring grad),
``x``, ``y`` (NumPy arrays) and ``np``. Each runs 2000 times to warm up, then 2000 times
counted; only the counted loop is instrumented, in one process with address-space
randomization off and a fixed hash seed. Needs Debian's ``valgrind`` and a C compiler
(for the two-function helper that switches counting on and off).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

TINY = ["a+b", "a*b", "a.tanh()", "a.sigmoid()", "a.clone()", "a.detach()", "c.copy_(b)",
        "a.view(12)", "a[0]", "a.sum()", "ag+b", "ag*b", "ag.tanh()", "ag.sigmoid()",
        "ag.clone()", "ag.detach()", "c.copy_(ag)", "ag.view(12)", "ag[0]", "ag.sum()"]
N = 2000

HELPER_C = r"""
#include <valgrind/callgrind.h>
void count_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; CALLGRIND_TOGGLE_COLLECT; }
void count_stop(void) { CALLGRIND_TOGGLE_COLLECT; CALLGRIND_DUMP_STATS; CALLGRIND_STOP_INSTRUMENTATION; }
"""

CHILD = r"""
import ctypes, gc, sys
import numpy as np
lib = __import__(sys.argv[1])
if sys.argv[1] == "torch":
    lib.set_num_threads(1)
helper = ctypes.CDLL(sys.argv[2])
x = np.random.rand(3, 4).astype(np.float32); y = x.copy()
a, b, c = lib.rand(3, 4), lib.rand(3, 4), lib.rand(3, 4)
ag = lib.rand(3, 4).requires_grad_()
exec(sys.argv[3])           # --setup
for stmt in sys.argv[4:]:
    code = compile(f"for _ in range({N}):\n    {stmt}\n", "<stmt>", "exec")
    exec(code)              # warm up: CPython specializes, caches fill
    gc.disable()            # as timeit does
    helper.count_start()
    exec(code)
    helper.count_stop()
    gc.enable()
""".replace("{N}", str(N))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("statements", nargs="*", default=TINY)
    p.add_argument("--engine", choices=("minitensor", "torch"), default="minitensor")
    p.add_argument("--setup", default="", help="code run once before counting, e.g. imports")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "helper.c").write_text(HELPER_C)
        subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", str(tmp / "helper.so"),
                        str(tmp / "helper.c")], check=True)
        (tmp / "child.py").write_text(CHILD)
        env = dict(os.environ, PYTHONHASHSEED="0")
        r = subprocess.run(
            ["setarch", "-R", "valgrind", "--tool=callgrind", "--collect-atstart=no",
             "--instr-atstart=no", f"--callgrind-out-file={tmp}/out.%p",
             sys.executable, str(tmp / "child.py"), args.engine, str(tmp / "helper.so"),
             args.setup, *args.statements], env=env, capture_output=True, text=True)
        if r.returncode:
            sys.exit(r.stderr[-3000:])
        dumps = sorted(tmp.glob("out.*.*"), key=lambda f: int(f.name.rsplit(".", 1)[1]))
        counts = [int(re.search(r"^totals: (\d+)", f.read_text(), re.M).group(1)) for f in dumps]
    print(f"instructions per execution ({args.engine}, mean of {N})")
    for stmt, n in zip(args.statements, counts):
        print(f"{n / N:9.0f}  {stmt}")


if __name__ == "__main__":
    main()
