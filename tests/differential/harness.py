"""Differential harness: run one snippet on real PyTorch and on minitensor, compare.

A *snippet* is a string of Python executed twice, once with ``torch`` bound to the
real PyTorch and once with ``torch`` bound to ``minitensor``.  Besides ``torch`` the
snippet sees ``np``, ``copy``, ``warnings``, ``math``, ``nn``/``F``/``optim``
(looked up on whichever ``torch`` is running; snippets must never ``import`` torch
themselves), and these helpers:

``obs(name, value)``
    record an observation.  Tensors are normalised into a dict of plain data (class
    name, dtype repr, shape, device, values, requires_grad, is_leaf, grad_fn name,
    _version, stride, storage_offset, is_contiguous); containers recursively; dtypes,
    devices, Sizes by repr; Python scalars with their type.  Pointer relations must be
    expressed by the snippet as booleans (``obs('shares', a.data_ptr() == b.data_ptr())``).
``expect_error()``
    ``with expect_error(): ...`` records the (type name, message) of the exception
    raised inside, or ``'no error'``; execution continues after the block.
``graph(fn)``
    the autograd graph below ``fn`` as nested plain data: (name, [(child, input_nr)...]).
``same_ptr(a, b)`` / ``same_storage(a, b)``
    ``a.data_ptr() == b.data_ptr()`` / same for ``untyped_storage().data_ptr()``.

Warnings raised anywhere in the snippet are recorded in order, interleaved with the
observations, as (category name, message up to " (Triggered internally at").

Rules: the torch side must run to the end without an uncaught exception (otherwise the
snippet itself is broken and the test errors).  An uncaught exception on the minitensor
side is recorded as an observation ``<uncaught>`` and so shows up as a mismatch.
Random VALUES are never compared: snippets observe shapes/dtypes/ranges of random data.
Warnings torch gives only once per process (C++ TORCH_WARN_ONCE, e.g. the deprecated
``add(Number, Tensor)`` overload, lists of ndarrays) are kept out of snippets: they
would make cases depend on test order.

Environment switches: DIFF_TORCH_ONLY=1 runs only the torch side (validates snippets);
DIFF_SELF_CHECK=1 runs torch against itself (every case must agree: proves no case
depends on addresses, randomness or order).
"""
import ast
import contextlib
import copy
import math
import sys
import traceback
import warnings

import numpy as np

_TRIGGER = " (Triggered internally at"


# --------------------------------------------------------------------- engines
def _real_torch():
    import torch
    return torch


def _minitensor():
    import os
    if os.environ.get("DIFF_SELF_CHECK"):  # torch against itself: every case must agree
        return _real_torch()
    import minitensor
    return minitensor


ENGINES = {"torch": _real_torch, "minitensor": _minitensor}


# --------------------------------------------------------------- normalisation
def _is_tensor(torch, v):
    return isinstance(v, torch.Tensor)


def _safe(fn, *a):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return fn(*a)
    except Exception as e:  # an attribute the engine lacks or that raises
        return f"<{type(e).__name__}: {e}>"


def _gf_name(gf):
    if gf is None:
        return None
    return _safe(lambda: gf.name())


def tensor_info(torch, t):
    info = {
        "cls": type(t).__name__,
        "dtype": _safe(lambda: repr(t.dtype)),
        "shape": _safe(lambda: tuple(int(s) for s in t.shape)),
        "device": _safe(lambda: str(t.device)),
        "requires_grad": _safe(lambda: t.requires_grad),
        "is_leaf": _safe(lambda: t.is_leaf),
        "grad_fn": _safe(lambda: _gf_name(t.grad_fn)),
        "version": _safe(lambda: t._version),
        "stride": _safe(lambda: tuple(t.stride())),
        "storage_offset": _safe(lambda: t.storage_offset()),
        "contiguous": _safe(lambda: t.is_contiguous()),
        "values": _safe(lambda: t.detach().tolist()),
    }
    return info


def normalise(torch, v, depth=0):
    if depth > 40:
        return "<too deep>"
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, (int, float)):
        return (type(v).__name__, v)
    if _is_tensor(torch, v):
        return {"tensor": tensor_info(torch, v)}
    if isinstance(v, np.ndarray):
        return {"ndarray": (str(v.dtype), v.shape, v.tolist())}
    if isinstance(v, np.generic):
        return ("np." + type(v).__name__, v.item())
    if isinstance(v, torch.dtype) or isinstance(v, torch.device):
        return (type(v).__name__, repr(v))
    if isinstance(v, torch.Size):
        return ("Size", repr(v), tuple(v))
    if isinstance(v, tuple) and type(v) is not tuple:  # torch.return_types.*
        out = {"tuple_type": type(v).__name__,
               "items": [normalise(torch, x, depth + 1) for x in v]}
        for f in ("values", "indices"):
            if hasattr(v, f):
                out[f] = normalise(torch, getattr(v, f), depth + 1)
        return out
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, [normalise(torch, x, depth + 1) for x in v])
    if isinstance(v, dict):
        return ("dict", [(normalise(torch, k, depth + 1), normalise(torch, x, depth + 1))
                         for k, x in v.items()])
    if isinstance(v, (set, frozenset)):
        return ("set", sorted(repr(normalise(torch, x, depth + 1)) for x in v))
    if hasattr(v, "next_functions") or hasattr(v, "name") and type(v).__name__.endswith(
            ("Backward0", "Backward1", "AccumulateGrad", "CopySlices")):
        return ("grad_fn", _gf_name(v))
    return ("object", type(v).__name__)


def graph(fn, depth=0):
    """Nested plain data for an autograd graph (names and input_nr)."""
    if fn is None:
        return None
    if depth > 12:
        return "..."
    children = []
    for child, nr in getattr(fn, "next_functions", ()):
        children.append((graph(child, depth + 1), nr))
    return (_gf_name(fn), children)


# --------------------------------------------------------------------- running
class _Recorder:
    def __init__(self, torch):
        self.torch = torch
        self.items = []      # list of (name, normalised)
        self.pending = []    # warnings caught so far

    def flush_warnings(self, w):
        for m in w[len(self.pending):]:
            msg = str(m.message)
            i = msg.find(_TRIGGER)
            if i >= 0:
                msg = msg[:i]
            self.items.append(("<warning>", (m.category.__name__, msg)))
        self.pending = list(w)


class Uncaught(Exception):
    pass


class SnippetTimeout(Exception):
    pass


SNIPPET_SECONDS = 20  # an engine stuck in a loop fails its case instead of hanging the suite


@contextlib.contextmanager
def _time_limit(seconds):
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGALRM"):
        yield
        return

    def on_alarm(signum, frame):
        raise SnippetTimeout(f"snippet ran longer than {seconds}s")
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _imports_torch(snippet):
    """The torch modules a snippet imports itself: on the minitensor side such an import
    would silently bring in real torch (``from torch.utils.data import ...``)."""
    found = []
    for node in ast.walk(ast.parse(snippet)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] == "torch"]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "torch":
            found.append(node.module)
    return found


def run(snippet, engine="torch"):
    """Run ``snippet`` on one engine; return the list of (name, observation)."""
    imported = _imports_torch(snippet)
    if imported:
        raise ValueError(f"a snippet must not import torch itself ({', '.join(imported)}): "
                         "use the names the harness gives (torch, nn, F, optim)")
    torch = ENGINES[engine]()
    rec = _Recorder(torch)
    wlist = []

    def obs(name, value):
        rec.flush_warnings(wlist)
        rec.items.append((name, normalise(torch, value)))

    @contextlib.contextmanager
    def expect_error(label=None):
        rec.flush_warnings(wlist)
        name = label or f"<error #{sum(1 for n, _ in rec.items if n.startswith('<error'))}>"
        try:
            yield
        except Exception as e:
            rec.flush_warnings(wlist)
            rec.items.append((name, ("raised", type(e).__name__, str(e))))
            # a chained exception ("During handling of the above exception...") would show
            # the learner an internal (NumPy) error above torch's: compare those too
            shown = e.__cause__ or (None if e.__suppress_context__ else e.__context__)
            if shown is not None:
                rec.items.append((name + " chained", ("raised", type(shown).__name__, str(shown))))
        else:
            rec.flush_warnings(wlist)
            rec.items.append((name, "no error"))

    def same_ptr(a, b):
        return a.data_ptr() == b.data_ptr()

    def same_storage(a, b):
        return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()

    def det_init(module, scale=0.5):
        """Give every parameter of ``module`` deterministic values (same on both engines)."""
        with torch.no_grad():
            for k, p in enumerate(module.parameters()):
                vals = np.sin(np.arange(p.numel(), dtype=np.float64) * 0.7 + k) * scale
                p.copy_(torch.tensor(vals.reshape(tuple(p.shape)), dtype=p.dtype))
        return module

    ns = {
        "det_init": det_init,
        "torch": torch, "np": np, "copy": copy, "warnings": warnings, "math": math,
        "obs": obs, "expect_error": expect_error, "graph": graph,
        "same_ptr": same_ptr, "same_storage": same_storage,
    }
    for name, get in (("nn", lambda: torch.nn), ("optim", lambda: torch.optim),
                      ("F", lambda: torch.nn.functional)):
        try:  # an engine still lacking a submodule: snippets using it see a NameError
            ns[name] = get()
        except Exception:
            pass
    torch.manual_seed(0)
    uncaught = None
    with warnings.catch_warnings(record=True) as w:
        wlist = w
        warnings.simplefilter("always")
        if engine == "minitensor":
            # "always" replaced the filters; put back the one minitensor installs at
            # import, so the snippet sees the warnings a learner would see
            install = getattr(torch.compat.quiet, "install_warning_filter", None)
            if install is not None:
                install()
        try:
            with _time_limit(SNIPPET_SECONDS):
                exec(compile(snippet, f"<snippet:{engine}>", "exec"), ns)
        except Exception as e:
            uncaught = e
            rec.flush_warnings(wlist)
            rec.items.append(("<uncaught>", ("raised", type(e).__name__, str(e))))
        rec.flush_warnings(wlist)
        _restore(torch)
    if uncaught is not None and engine == "torch":
        tb = "".join(traceback.format_exception(type(uncaught), uncaught, uncaught.__traceback__))
        raise Uncaught(f"snippet raised on REAL torch (snippet is broken):\n{tb}\n{snippet}")
    return rec.items


def _restore(torch):
    for fn in (lambda: torch.set_default_dtype(torch.float32),
               lambda: torch.set_grad_enabled(True)):
        try:
            fn()
        except Exception:
            pass


# ------------------------------------------------------------------ comparing
def _tol(dtype_repr):
    if dtype_repr == "torch.float16":
        return 1e-3, 1e-3
    if dtype_repr == "torch.bfloat16":
        return 1e-2, 1e-2
    if dtype_repr == "torch.float64":
        return 1e-10, 1e-12
    return 1e-5, 1e-6


def _values_equal(a, b, dtype_repr):
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if dtype_repr in ("torch.float16", "torch.float32", "torch.float64", "torch.bfloat16"):
        try:
            aa = np.asarray(a, dtype=np.float64)
            bb = np.asarray(b, dtype=np.float64)
        except (ValueError, TypeError):
            return False
        if aa.shape != bb.shape:
            return False
        rtol, atol = _tol(dtype_repr)
        return bool(np.allclose(aa, bb, rtol=rtol, atol=atol, equal_nan=True))
    return a == b and _types_equal(a, b)


def _types_equal(a, b):
    # bool vs int in tolist() output
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_types_equal(x, y) for x, y in zip(a, b))
    return type(a) is type(b)


def diff(t, m, path=""):
    """List of human-readable differences between two normalised observations."""
    out = []
    if isinstance(t, dict) and isinstance(m, dict) and "tensor" in t and "tensor" in m:
        ti, mi = t["tensor"], m["tensor"]
        for k in ti:
            if k == "values":
                if not _values_equal(ti[k], mi.get(k), ti.get("dtype")):
                    out.append(f"{path}.values: torch {_short(ti[k])} | minitensor {_short(mi.get(k))}")
            elif ti[k] != mi.get(k):
                out.append(f"{path}.{k}: torch {_short(ti[k])} | minitensor {_short(mi.get(k))}")
        return out
    if isinstance(t, dict) and isinstance(m, dict):
        for k in t:
            if k not in m:
                out.append(f"{path}.{k}: torch {_short(t[k])} | minitensor <missing>")
            else:
                out.extend(diff(t[k], m[k], f"{path}.{k}"))
        for k in m:
            if k not in t:
                out.append(f"{path}.{k}: torch <missing> | minitensor {_short(m[k])}")
        return out
    if (isinstance(t, tuple) and isinstance(m, tuple) and len(t) == 2 and len(m) == 2
            and t[0] in ("list", "tuple", "dict") and isinstance(t[1], list)):
        if t[0] != m[0] or not isinstance(m[1], list) or len(t[1]) != len(m[1]):
            return [f"{path}: torch {_short(t)} | minitensor {_short(m)}"]
        for i, (x, y) in enumerate(zip(t[1], m[1])):
            out.extend(diff(x, y, f"{path}[{i}]"))
        return out
    if isinstance(t, list) and isinstance(m, list) and len(t) == len(m):
        for i, (x, y) in enumerate(zip(t, m)):     # e.g. a return type's items: NaN-aware
            out.extend(diff(x, y, f"{path}[{i}]"))
        return out
    if (isinstance(t, tuple) and isinstance(m, tuple) and len(t) == 2 and len(m) == 2
            and t[0] == "float" and m[0] == "float"):
        if not _values_equal(t[1], m[1], "torch.float32"):
            out.append(f"{path}: torch {t[1]!r} | minitensor {m[1]!r}")
        return out
    if t != m:
        out.append(f"{path}: torch {_short(t)} | minitensor {_short(m)}")
    return out


def _short(v, n=300):
    s = repr(v)
    return s if len(s) <= n else s[:n] + "..."


def _split(items):
    obs_, warns = [], []
    for name, v in items:
        if name == "<warning>":
            warns.append((len(obs_), v))
        else:
            obs_.append((name, v))
    return obs_, warns


def compare(snippet):
    """Run on both engines; return a list of mismatch strings (empty = agree)."""
    ref = run(snippet, "torch")
    try:
        got = run(snippet, "minitensor")
    except Uncaught:
        raise
    except Exception as e:  # e.g. minitensor not importable yet
        return [f"<harness>: minitensor could not run: {type(e).__name__}: {e}"]
    return compare_items(ref, got)


def _keyed(items):
    seen = {}
    out = []
    for name, v in items:
        k = seen.get(name, 0)
        seen[name] = k + 1
        out.append(((name, k), v))
    return out


def _label(key):
    name, k = key
    return name if k == 0 else f"{name}#{k + 1}"


def compare_items(ref, got):
    """Compare two observation lists.  Observations are paired by name (and occurrence),
    so a value on one side and an error on the other is reported as exactly that."""
    problems = []
    ro, rw = _split(ref)
    go, gw = _split(got)
    rk, gk = _keyed(ro), _keyed(go)
    gmap = dict(gk)
    uncaught = gmap.get(("<uncaught>", 0))
    if uncaught is not None:
        pos = [k for k, _ in gk].index(("<uncaught>", 0))
        done = {k for k, _ in gk[:pos]}
        missing = [k for k, _ in rk if k not in done]
        first = missing[0] if missing else None
        problems.append(f"minitensor raised {uncaught[1]}: {uncaught[2]!r} where torch observed "
                        + (f"{_label(first)} = {_short(dict(rk)[first])}" if first else "nothing more")
                        + (f" (and {len(missing) - 1} later observations)" if len(missing) > 1 else ""))
        rk = [(k, v) for k, v in rk if k in done]
        gk = gk[:pos]
        gmap = dict(gk)
    rmap = dict(rk)
    for key, r in rk:
        if key not in gmap:
            problems.append(f"{_label(key)}: torch {_short(r)} | minitensor <not observed>")
        else:
            problems.extend(diff(r, gmap[key], _label(key)))
    for key, g in gk:
        if key not in rmap:
            problems.append(f"{_label(key)}: torch <not observed> | minitensor {_short(g)}")
    # warnings: each is placed after the observation that precedes it
    def placed(ws, keyed):
        return [((keyed[k - 1][0] if k > 0 else None), w) for k, w in ws]
    rp, gp = placed(rw, _keyed(ro)), placed(gw, _keyed(go))
    if rp != gp:
        def where(k):
            return f"after {_label(k)}" if k is not None else "at the start"
        rest = list(gp)
        for item in rp:
            if item in rest:
                rest.remove(item)
            else:
                problems.append(f"warning {where(item[0])}: torch warns {item[1][0]}: {_short(item[1][1], 200)!s} | minitensor does not")
        rest2 = list(rp)
        for item in gp:
            if item in rest2:
                rest2.remove(item)
            else:
                problems.append(f"warning {where(item[0])}: minitensor warns {item[1][0]}: {_short(item[1][1], 200)!s} | torch does not")
        if not problems:
            problems.append(f"warnings differ in order: torch {rp} | minitensor {gp}")
    return problems


def check(snippet):
    problems = compare(snippet)
    if problems:
        raise AssertionError("minitensor differs from torch:\n  " + "\n  ".join(problems))


# ------------------------------------------------------------------ case lists
def parse_cases(text):
    """Parse a block of ``### name`` separated snippets into {name: snippet}."""
    import textwrap
    cases = {}
    name = None
    buf = []
    for line in textwrap.dedent(text).splitlines():
        if line.startswith("### "):
            if name is not None:
                _add(cases, name, buf)
            name = line[4:].strip()
            buf = []
        else:
            buf.append(line)
    if name is not None:
        _add(cases, name, buf)
    return cases


def _add(cases, name, buf):
    if name in cases:
        raise ValueError(f"duplicate case name {name!r}")
    body = "\n".join(buf).strip("\n") + "\n"
    if "obs(" not in body and "expect_error" not in body:
        raise ValueError(f"case {name!r} observes nothing")
    cases[name] = body


def check_case(snippet):
    """Entry point used by the test modules.

    With DIFF_TORCH_ONLY=1 only the real-torch side runs (validates the snippets
    themselves without needing minitensor)."""
    import os
    if os.environ.get("DIFF_TORCH_ONLY"):
        run(snippet, "torch")
        return
    check(snippet)


def make_test(cases):
    """Return a parametrised pytest test function over ``cases``."""
    import pytest

    @pytest.mark.parametrize("name", list(cases))
    def test_case(name):
        check_case(cases[name])
    return test_case


def _main(argv):
    """python tests/differential/harness.py MODULE [CASE...] [--engine E]: print observations."""
    import importlib
    import os
    import pprint
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    engine = "torch"
    if "--engine" in argv:
        i = argv.index("--engine")
        engine = argv[i + 1]
        del argv[i:i + 2]
    mod = importlib.import_module(argv[0])
    names = argv[1:] or list(mod.CASES)
    for n in names:
        print("###", n)
        if engine == "both":
            for p in compare(mod.CASES[n]):
                print("  ", p)
        else:
            for k, v in run(mod.CASES[n], engine):
                print("  ", k, "=", pprint.pformat(v, width=150))


if __name__ == "__main__":
    _main(sys.argv[1:])


def fact_items(expected):
    """Hand-written expectations as observation items: ("raised", type, message) and
    "no error" stay as expect_error records them, anything else is normalised."""
    torch = _real_torch()
    out = []
    for n, v in expected:
        if v == "no error" or isinstance(v, tuple) and len(v) == 3 and v[0] == "raised":
            out.append((n, v))
        else:
            out.append((n, normalise(torch, v)))
    return out


def check_facts(snippet, expected):
    """Run ``snippet`` on minitensor only and compare its observations with hand-verified
    facts about real torch (for behaviour this machine's CPU-only torch cannot show,
    e.g. CUDA).  ``expected`` is a list of (name, plain Python value) in order."""
    import os
    import pytest
    if os.environ.get("DIFF_TORCH_ONLY") or os.environ.get("DIFF_SELF_CHECK"):
        pytest.skip("facts are checked against minitensor only")
    got = run(snippet, "minitensor")
    problems = compare_items(fact_items(expected), got)
    if problems:
        raise AssertionError("minitensor differs from torch facts:\n  " + "\n  ".join(problems))
