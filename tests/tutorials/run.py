"""Run the tutorial scripts on real torch 2.13 and on minitensor; compare their stdout.

    .venv/bin/python tests/tutorials/run.py                 # every script
    .venv/bin/python tests/tutorials/run.py basics_tensors  # some scripts (names or globs)
    .venv/bin/python tests/tutorials/run.py -v              # also show each failure's context

Each script in ``scripts/`` is a transcription of a public tutorial that does
``import torch``. It runs in a fresh process forked from a "zygote" that has already
imported the engine: for minitensor the zygote installs an import hook that makes
``torch`` and every ``torch.X`` resolve to ``minitensor`` and ``minitensor.X`` (a name
minitensor lacks stays missing, so the script fails where a learner's would). Both
engines see the stand-ins in ``_stubs/`` (torchvision with synthetic data, matplotlib).

Random values. minitensor's generator is not bit-equal to torch's, so lines printing
random values cannot be compared by value. The runner finds them by running the script
on torch three times with different seeds (the runner seeds torch, ``random`` and NumPy
before the script, and in runs 2 and 3 shifts every seed the script sets itself): a line
that is not the same in all three runs is random-valued. Such lines are compared by
their *skeleton* (numbers, hex addresses and units replaced by ``#``, white space and
rules collapsed), which keeps words, brackets (the shape), ``dtype=``, ``device=``,
``grad_fn=`` and ``requires_grad=``. Every other line must match exactly, or within the
float32 noise (rel. 1e-4, abs. 1e-6, or one unit of the last printed digit) when only
numbers differ.

Class names. minitensor names its classes as torch does with its own name in place of
torch's (``<class 'minitensor.Tensor'>`` where torch prints ``<class 'torch.Tensor'>``,
``minitensor.nn.modules.linear.Linear``), so in minitensor's output ``<class 'minitensor.``
reads as ``<class 'torch.``. Nothing else that names the engine is forgiven ("running on
minitensor" still differs).

A script passes when minitensor runs it to the end and every line matches. The summary
line is ``N passed, M failed``; each failure shows its first differing line and the
exception, and a category: "missing API" (the output matched until an import or attribute minitensor lacks),
"simulated CUDA" (minitensor printed cuda where CPU torch prints cpu), "class names"
(minitensor printed its own module path where torch prints torch's), "error" (another
exception) or "output differs".
"""
import argparse
import difflib
import fnmatch
import json
import operator
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCRIPTS = os.path.join(HERE, "scripts")
STUBS = os.path.join(HERE, "_stubs")
SEEDS = (0, 1, 2)          # torch runs; minitensor runs with the first
SCRIPT_SECONDS = 120       # per script run
MEMORY_LIMIT = 8 << 30     # RLIMIT_AS of a script run


# ------------------------------------------------------------------ zygote side
def _bind_minitensor():
    """Make ``import torch`` / ``import torch.X`` give minitensor / minitensor.X."""
    import importlib
    import importlib.abc
    import importlib.util
    import minitensor

    class TorchIsMinitensor(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path=None, target=None):
            if name != "torch" and not name.startswith("torch."):
                return None
            real = "minitensor" + name[len("torch"):]
            try:
                importlib.import_module(real)
            except ModuleNotFoundError as e:
                if e.name and (real == e.name or real.startswith(e.name + ".")):
                    return None    # minitensor has no such module: the import fails as a learner's would
                raise
            return importlib.util.spec_from_loader(name, self)

        def create_module(self, spec):
            return sys.modules["minitensor" + spec.name[len("torch"):]]

        def exec_module(self, module):
            pass

    sys.meta_path.insert(0, TorchIsMinitensor())
    sys.modules["torch"] = minitensor


def _seed_everything(torch, seed, offset):
    import random

    import numpy as np
    torch.manual_seed(seed)
    random.seed(seed)
    np.random.seed(seed)
    if offset:
        # runs 2 and 3: the seeds a script sets itself move too, so every value that
        # depends on a random generator differs between the torch runs
        def shifted(fn):
            def seed_fn(s=None, *a, **k):
                try:   # torch wants it below 2**64; NumPy wants an int
                    n = 0 if s is None else operator.index(s)
                except TypeError:      # e.g. NumPy's list of seed words
                    return fn(s, *a, **k)
                return fn((n + offset) % (1 << 32), *a, **k)
            return seed_fn
        # children forked from one zygote allocate at the same addresses: move them, so
        # that ids and "object at 0x..." differ between the torch runs too
        _seed_everything.junk = ([bytes(n) for n in range(0, 520, 8) for _ in range(offset // 10)]
                                 + [bytearray(4099 * offset)])
        torch.manual_seed = shifted(torch.manual_seed)
        if hasattr(torch, "random"):
            torch.random.manual_seed = torch.manual_seed
        random.seed = shifted(random.seed)
        np.random.seed = shifted(np.random.seed)


def _child(req, torch, out_path, res_path):
    """In the forked child: run one script with stdout/stderr to a file."""
    import resource
    import runpy
    import traceback
    fd = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    err = os.open(out_path + ".err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(err, 2)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    os.chdir(req["cwd"])
    result = {"exc": None}
    try:
        if req["engine"] == "torch":
            torch.set_num_threads(1)
        _seed_everything(torch, req["seed"], req["offset"])
        sys.argv = [req["script"]]
        runpy.run_path(req["script"], run_name="__main__")
    except BaseException as e:  # noqa: BLE001 (SystemExit too: the script's end)
        if not (isinstance(e, SystemExit) and not e.code):
            tb = traceback.extract_tb(e.__traceback__)
            where = next((f"{os.path.basename(f.filename)}:{f.lineno}" for f in reversed(tb)
                          if f.filename == req["script"]), "")
            result["exc"] = {"type": type(e).__name__, "msg": str(e)[:2000], "line": where,
                             "tb": "".join(traceback.format_exception(type(e), e, e.__traceback__))[-4000:]}
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except Exception:
            pass
        with open(res_path, "w") as f:
            json.dump(result, f)
        os._exit(0)


WARM_UP = {
    # modules real torch imports lazily on first use (torch._dynamo, when the first
    # optimizer is built, costs 1-2 s): imported once by the zygote, not by every run
    "torch": ("torch._dynamo", "torch.utils.data", "torch.distributions", "torch.autograd.functional",
              "torch.autograd.profiler"),
    "minitensor": (),
}


def _collect(tmp, timed_out, status, t0):
    out_path, res_path = os.path.join(tmp, ".stdout"), os.path.join(tmp, ".result")
    reply = {"seconds": round(time.time() - t0, 3), "timeout": timed_out}
    for key, path in (("stdout", out_path), ("stderr", out_path + ".err")):
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                reply[key] = f.read()
        except OSError:
            reply[key] = ""
    try:
        with open(res_path) as f:
            reply.update(json.load(f))
    except (OSError, ValueError):
        reply["exc"] = {"type": "Crash", "msg": "the run ended without a result "
                        f"(timeout={timed_out}, status={status})", "line": "", "tb": ""}
    shutil.rmtree(tmp, ignore_errors=True)
    return reply


def zygote(engine):
    """Import the engine once, then fork a child per run; a request (one JSON line on
    stdin) is a list of runs, forked together and answered together."""
    proto = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)           # nothing the engine prints may reach the protocol
    sys.path.insert(0, STUBS)
    sys.path.insert(1, ROOT)
    if engine == "minitensor":
        os.environ.pop("MINITENSOR_SIMULATE_CUDA", None)   # no cuda, as torch's CPU build
        _bind_minitensor()
    import importlib
    import numpy  # noqa: F401  (shared by the children)
    import torch
    import warnings
    for name in WARM_UP[engine]:
        importlib.import_module(name)
    warnings.simplefilter("default")
    proto.write(json.dumps({"ready": engine, "module": torch.__name__}) + "\n")
    proto.flush()
    for line in sys.stdin:
        running = {}
        for req in json.loads(line):
            tmp = tempfile.mkdtemp(prefix="tutorial-")
            # The script runs one level down, so the '../data' that tutorials write
            # (d2l) is private to this run: the torch and minitensor runs happen at the
            # same moment, and a shared /tmp/data let one truncate the other's CSV.
            req["cwd"] = os.path.join(tmp, "work")
            os.mkdir(req["cwd"])
            t0 = time.time()
            pid = os.fork()
            if pid == 0:
                _child(req, torch, os.path.join(tmp, ".stdout"), os.path.join(tmp, ".result"))
            running[pid] = (len(running), tmp, t0, req.get("timeout", SCRIPT_SECONDS))
        replies = [None] * len(running)
        while running:
            for pid, (k, tmp, t0, limit) in list(running.items()):
                done, status = os.waitpid(pid, os.WNOHANG)
                timed_out = False
                if not done and time.time() - t0 > limit:
                    os.kill(pid, signal.SIGKILL)
                    _, status = os.waitpid(pid, 0)
                    done, timed_out = pid, True
                if done:
                    replies[k] = _collect(tmp, timed_out, status, t0)
                    del running[pid]
            time.sleep(0.005)
        proto.write(json.dumps(replies) + "\n")
        proto.flush()
    proto.close()


class Zygote:
    """The parent's handle on one zygote process."""

    def __init__(self, engine, python=sys.executable):
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8",
                   OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", PYTHONDONTWRITEBYTECODE="1")
        self.engine = engine
        self.proc = subprocess.Popen([python, os.path.abspath(__file__), "--zygote", engine],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env,
                                     text=True, bufsize=1)
        ready = self._read(120)
        if not ready or ready.get("ready") != engine:
            raise RuntimeError(f"the {engine} zygote did not start: {ready}")
        self.module = ready["module"]

    def _read(self, timeout):
        r, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not r:
            return None
        line = self.proc.stdout.readline()
        return json.loads(line) if line else None

    def send(self, runs, timeout=SCRIPT_SECONDS):
        """Start runs: a list of (script, seed, offset); collect them with receive()."""
        reqs = [{"script": sc, "seed": seed, "offset": off, "timeout": timeout,
                 "engine": self.engine} for sc, seed, off in runs]
        self.proc.stdin.write(json.dumps(reqs) + "\n")
        self.proc.stdin.flush()
        self._timeout = timeout

    def receive(self):
        reply = self._read(self._timeout + 30)
        if reply is None:
            raise RuntimeError(f"the {self.engine} zygote stopped answering")
        return reply

    def run(self, script, seed=0, offset=0, timeout=SCRIPT_SECONDS):
        self.send([(script, seed, offset)], timeout)
        return self.receive()[0]

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


# ------------------------------------------------------------------ comparing
NUM = re.compile(r"(?<![\w.])(0x[0-9a-fA-F]+|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)[a-zA-Z%]*")


def skeleton(lines):
    """Random-valued text with its values blanked: structure, words and attributes stay
    (white space goes: torch pads a column by the widest value)."""
    s = NUM.sub("#", "\n".join(lines))
    s = re.sub(r"-{2,}", "-", re.sub(r"={2,}", "=", s))
    return "".join(s.split())


def _decimals(tok):
    m = re.match(r"[-+]?\d*\.(\d*)", tok)
    return len(m.group(1)) if m else 0


def _close(a, b):
    """Two numeric tokens equal up to float32 noise: integers exactly; floats within
    rel. 1e-4, abs. 1e-6 (float32 sums in another order), or the unit of the last
    printed digit (a printed value rounded the other way)."""
    if a == b:
        return True
    try:
        fa, fb = float(a), float(b)
    except ValueError:
        return False
    if re.fullmatch(r"[-+]?\d+", a) and re.fullmatch(r"[-+]?\d+", b):
        return int(a) == int(b)       # as ints: floats cannot tell 2**63 - 1 from 2**63 - 2
    tol = max(1e-4 * max(abs(fa), abs(fb)), 1e-6)
    if "e" not in a.lower() and "e" not in b.lower():
        tol = max(tol, 1.01 * 10.0 ** -min(_decimals(a), _decimals(b)))
    return abs(fa - fb) <= tol


HEX = re.compile(r"0x[0-9a-fA-F]+")
DEC = re.compile(r"(?<![\w.])\d{13,15}(?![\w.])")


def _no_addresses(line):
    """Addresses as "0x#"; a decimal in a user-space address's range (2**40 to 2**47)
    too: that is what id() prints (d2l prints id(Z)), and forked runs may reuse it."""
    line = HEX.sub("0x#", line)
    return DEC.sub(lambda m: "0x#" if 1 << 40 <= int(m.group()) < 1 << 47 else m.group(), line)


def same_line(a, b):
    """Exactly equal, or equal except for numbers within rounding ('tolerant').
    Addresses ("object at 0x...", an id()) never count."""
    if a == b:
        return "exact"
    a, b = _no_addresses(a), _no_addresses(b)
    if a == b:
        return "exact"
    ta, tb = NUM.split(a), NUM.split(b)
    if len(ta) != len(tb):
        return None
    for i, (x, y) in enumerate(zip(ta, tb)):
        if i % 2 == 0:          # text between numbers
            if " ".join(x.split()) != " ".join(y.split()):
                return None
        elif not _close(x, y):
            return None
    return "tolerant"


def stable_mask(ref, others):
    """For each line of ``ref``: True when every other torch run printed it identically."""
    mask = [True] * len(ref)
    for other in others:
        sm = difflib.SequenceMatcher(a=ref, b=other, autojunk=False)
        keep = [False] * len(ref)
        for tag, i1, i2, _, _ in sm.get_opcodes():
            if tag == "equal":
                for i in range(i1, i2):
                    keep[i] = True
        mask = [m and k for m, k in zip(mask, keep)]
    return mask


def segments(ref, mask):
    out = []
    for line, stable in zip(ref, mask):
        if out and out[-1][0] == stable:
            out[-1][1].append(line)
        else:
            out.append((stable, [line]))
    return out


def compare(ref, others, got):
    """Compare minitensor's lines with the reference torch run's lines.

    Returns (ok, detail) where detail names the first difference: a dict with the
    reference line number, torch's line(s) and minitensor's line(s)."""
    segs = segments(ref, stable_mask(ref, others))
    pos, rline = 0, 0
    for k, (stable, lines) in enumerate(segs):
        if stable:
            for line in lines:
                rline += 1
                if pos < len(got) and same_line(line, got[pos]):
                    pos += 1
                    continue
                return False, {"line": rline, "torch": line,
                               "minitensor": got[pos] if pos < len(got) else None}
            continue
        anchor = segs[k + 1][1][0] if k + 1 < len(segs) else None
        end = len(got)
        if anchor is not None:
            end = next((j for j in range(pos, len(got)) if same_line(anchor, got[j])), None)
        block = got[pos:len(got) if end is None else end]
        if end is None or not (skeleton(lines) == skeleton(block) or
                               sorted(skeleton([x]) for x in lines) == sorted(skeleton([x]) for x in block)):
            for i, line in enumerate(lines):          # the first line that differs
                mine = block[i] if i < len(block) else None
                if mine is None or skeleton([line]) != skeleton([mine]):
                    return False, {"line": rline + i + 1, "torch": line, "minitensor": mine,
                                   "random": True}
            i = len(lines)                            # the block matched; what follows does not
            return False, {"line": rline + i + 1, "torch": anchor,
                           "minitensor": block[i] if i < len(block) else None}
        rline += len(lines)
        pos = end
    if pos < len(got):
        return False, {"line": rline + 1, "torch": None, "minitensor": got[pos]}
    return True, None


# ------------------------------------------------------------------ one script
class Result:
    def __init__(self, name):
        self.name = name
        self.passed = False
        self.category = ""
        self.detail = None        # first differing line
        self.exc = None           # minitensor's exception
        self.torch_exc = None     # torch's exception (the script itself is broken)
        self.seconds = {}
        self.lines = 0

    def summary(self):
        if self.torch_exc:
            e = self.torch_exc
            return f"BROKEN {self.name}: raises on real torch: {e['type']}: {e['msg']} ({e['line']})"
        if self.passed:
            return f"ok     {self.name} ({self.lines} lines)"
        out = [f"FAIL   {self.name}: [{self.category}]"]
        if self.exc:
            e = self.exc
            out.append(f"    exception: {e['type']}: {_one_line(e['msg'])} (at {e['line'] or '?'})")
        d = self.detail
        if d:
            kind = "random-valued line" if d.get("random") else "line"
            out.append(f"    first differing {kind} {d['line']}:")
            out.append(f"      torch:      {_show(d['torch'])}")
            out.append(f"      minitensor: {_show(d['minitensor'])}")
        return "\n".join(out)


def _one_line(s, n=300):
    s = " ".join(str(s).split())
    return s if len(s) <= n else s[:n] + "..."


def _show(line):
    return "<no line>" if line is None else repr(line)[:300]


MISSING = re.compile(r"No module named 'torch|module 'minitensor[\w.]*' has no attribute|"
                     r"cannot import name .* from 'minitensor|has no attribute")


def categorise(res):
    """What the first difference is: the output before the exception decides."""
    e, d = res.exc, res.detail or {}
    mine, theirs = d.get("minitensor"), d.get("torch") or ""
    if mine is not None:                 # minitensor printed a different line
        if "cuda" in mine and "cuda" not in theirs:
            return "simulated CUDA"
        if "minitensor" in mine and "torch" in theirs:
            return "class names"
        return "output differs"
    if e and (e["type"] in ("ModuleNotFoundError", "ImportError")
              or e["type"] == "AttributeError" and MISSING.search(e["msg"])):
        return "missing API"
    if e:
        return "error"
    return "output differs"


_OWN_CLASS, _TORCH_CLASS = "<class 'minitensor.", "<class 'torch."   # see "Class names" above


def run_script(name, torch_z, mini_z, timeout=SCRIPT_SECONDS):
    """Run one script (a name in scripts/, or a path) on both engines and compare."""
    path = name if os.sep in name else os.path.join(SCRIPTS, name + ".py")
    res = Result(os.path.basename(path)[:-3] if path.endswith(".py") else name)
    # the three torch runs and the minitensor run go at the same time
    torch_z.send([(path, seed, 100 * k) for k, seed in enumerate(SEEDS)], timeout)
    mini_z.send([(path, SEEDS[0], 0)], timeout)
    replies, m = torch_z.receive(), mini_z.receive()[0]
    runs = []
    res.outputs = None
    for k, r in enumerate(replies):
        res.seconds[f"torch{k}"] = r["seconds"]
        if r.get("exc") or r.get("timeout"):
            res.torch_exc = r.get("exc") or {"type": "Timeout", "msg": f"> {timeout}s", "line": ""}
            return res
        runs.append(r["stdout"].splitlines())
    res.seconds["minitensor"] = m["seconds"]
    got = [line.replace(_OWN_CLASS, _TORCH_CLASS) for line in m["stdout"].splitlines()]
    res.outputs = (runs, got)
    res.lines = len(runs[0])
    if m.get("timeout") and not m.get("exc"):
        m["exc"] = {"type": "Timeout", "msg": f"ran longer than {timeout}s", "line": ""}
    res.exc = m.get("exc")
    ok, detail = compare(runs[0], runs[1:], got)
    res.detail = detail
    res.passed = ok and not res.exc
    if not res.passed:
        if ok and res.exc:   # every printed line matched, then it raised: name torch's next line
            res.detail = {"line": len(got) + 1, "torch": None, "minitensor": None}
        res.category = categorise(res)
    return res


def show(outputs):
    runs, got = outputs
    mask = stable_mask(runs[0], runs[1:])
    width = max([len(x) for x in runs[0]] + [10])
    width = min(width, 70)
    for i in range(max(len(runs[0]), len(got))):
        t = runs[0][i] if i < len(runs[0]) else ""
        mark = ("S" if mask[i] else "R") if i < len(runs[0]) else " "
        m = got[i] if i < len(got) else ""
        print(f"  {mark} {t[:width]:<{width}} | {m[:width]}")


def all_scripts():
    return sorted(f[:-3] for f in os.listdir(SCRIPTS) if f.endswith(".py") and not f.startswith("_"))


def select_scripts(patterns):
    names = all_scripts()
    if not patterns:
        return names
    out = []
    for p in patterns:
        p = os.path.basename(p)
        p = p[:-3] if p.endswith(".py") else p
        hit = [n for n in names if fnmatch.fnmatch(n, p) or n == p]
        if not hit:
            raise SystemExit(f"no tutorial script matches {p!r}")
        out += [n for n in hit if n not in out]
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="script names or globs (default: all)")
    ap.add_argument("-v", "--verbose", action="store_true", help="show tracebacks and timings")
    ap.add_argument("--show", action="store_true",
                    help="print both outputs side by side, each torch line marked "
                         "R (random-valued) or S (stable)")
    ap.add_argument("--zygote", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.zygote:
        zygote(args.zygote)
        return 0
    names = select_scripts(args.names)
    tz, mz = Zygote("torch"), Zygote("minitensor")
    passed = failed = broken = 0
    try:
        for name in names:
            r = run_script(name, tz, mz)
            print(r.summary(), flush=True)
            if args.show and r.outputs:
                show(r.outputs)
            if args.verbose:
                print(f"    seconds: {r.seconds}")
                if r.exc and r.exc.get("tb"):
                    print("    " + r.exc["tb"].strip().replace("\n", "\n    "))
            if r.torch_exc:
                broken += 1
            elif r.passed:
                passed += 1
            else:
                failed += 1
    finally:
        tz.close()
        mz.close()
    print(f"{passed} passed, {failed} failed" + (f", {broken} broken on torch" if broken else ""))
    return 1 if failed or broken else 0


if __name__ == "__main__":
    sys.exit(main())
