"""Generate minitensor/compat/_generated/signatures.py: the argument signatures of torch 2.13's Tensor methods,
exactly as torch's own argument parser holds them.

    .venv/bin/python scripts/gen_signatures.py > minitensor/compat/_generated/signatures.py

torch builds one PythonArgParser per method from signature strings such as
"add(Tensor other, *, Scalar alpha=1)"; those strings are literals in libtorch_python.so.
A literal does not say whether it belongs to the method or to the function of the same
name, so each method is probed with a keyword it cannot take: torch's answer lists the
method's visible signatures in the parser's order, or tells that the method takes no
arguments at all (CPython's METH_NOARGS) or is written in Python (torch/_tensor.py).
Run it again only when the torch version changes; the differential tests check the result.
"""
import os
import re
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import minitensor  # noqa: E402
from minitensor.compat import arg_parser as _arg_parser  # noqa: E402
from minitensor.api import METHODS  # noqa: E402

SIGNATURE = re.compile(rb"(?<=\x00)([a-z_][a-z_0-9]*)\(([ -'*-~]*)\)(\|deprecated|\|hidden)?\x00")


def literals():
    so = os.path.join(os.path.dirname(torch.__file__), "lib", "libtorch_python.so")
    with open(so, "rb") as f:
        blob = f.read()
    found = {}
    for m in SIGNATURE.finditer(blob):
        text = m.group(0)[:-1].decode()
        found.setdefault(m.group(1).decode(), []).append(text)
    return found


def printed(message):
    """The ' * (...)' lines of an 'invalid combination' message, in order."""
    return [line[3:] for line in message.splitlines() if line.startswith(" * (")]


def _torch_message(call, args, kwargs):
    try:
        call(*args, **kwargs)
    except Exception as e:
        return str(e)
    raise AssertionError(f"{call}{args}{kwargs} did not raise")


def _probe_message(signature):
    try:
        _arg_parser.PythonArgParser([signature]).parse((), {"__probe__": None})
    except TypeError as e:
        return str(e)
    return None


def classify(call, python, candidates, own):
    """(kind, signatures) of one method or function: ``call`` calls it on torch,
    ``own(candidate)`` tells a literal that may be its signature."""
    if python:
        return "python", None
    msg = _torch_message(call, (), {"__probe__": None})
    if "takes no keyword arguments" in msg:
        return "noargs", None
    if " * (" not in msg and "but expected (" not in msg:
        # one plausible signature answered for itself (or the keyword was named as
        # unrecognized); nine Nones fit no signature, so torch prints what it expected
        listing = _torch_message(call, (None,) * 9, {})
        if " * (" in listing or "but expected (" in listing:
            msg = listing
    own = [c for c in candidates if own(c)]
    if "received an invalid combination" in msg:
        visible = []
        # several visible signatures are listed (" * (...)"); a lone one ends the message
        for s in printed(msg) or [msg.rsplit("but expected ", 1)[1]]:
            match = [c for c in own if "|" not in c and _arg_parser.FunctionSignature(c).to_string() == s]
            if len(match) != 1:
                raise AssertionError(f"{call}: {s!r} matches {match} of {own}")
            visible.append(match[0])
        hidden = [c for c in own if "|" in c and c.split("|")[0] not in
                  {v.split("|")[0] for v in visible}]
        return "parser", visible + hidden
    single = [c for c in own if "|" not in c and _probe_message(c) == msg]
    if len(single) != 1:
        raise AssertionError(f"{call}: one signature expected, found {single} ({msg})")
    return "parser", single + [c for c in own if "|" in c]


def _method_literal(c):
    return (not re.match(r"[a-z_0-9]+\(Tensor (input|self)\b", c) and "Tensor out=None" not in c
            and "TensorList[" not in c.split("out=")[0][-12:])


def _function_literal(c):
    return bool(re.match(r"[a-z_0-9]+\((Tensor (input|self|condition)|Scalar self)\b", c))


def _emit(title, table):
    print(f"\n{title} = {{")
    for n, sigs in table.items():
        print(f"    {n!r}: (")
        for s in sigs:
            print(f"        {s!r},")
        print("    ),")
    print("}")


def main():
    found = literals()
    t = torch.ones(2, 2)
    names = sorted(n for n in set(METHODS) | set(vars(minitensor.Tensor))
                   if not n.startswith("_") and hasattr(torch.Tensor, n)
                   and callable(getattr(torch.Tensor, n)))
    parsers, noargs, python = {}, [], []
    for n in names:
        kind, sigs = classify(getattr(t, n), type(getattr(torch.Tensor, n)).__name__ == "function",
                              found.get(n, []), _method_literal)
        if kind == "parser":
            parsers[n] = sigs
        elif kind == "noargs":
            noargs.append(n)
        else:
            python.append(n)
    # torch.add(t, ...), torch.sum(t, ...): the functions of the same ops, where torch's
    # function takes the tensor as its first argument ("Tensor input")
    functions = {}
    for n in names:
        f = getattr(torch, n, None)
        if f is None or not hasattr(minitensor, n) or type(f).__name__ == "function":
            continue
        try:
            kind, sigs = classify(f, False, found.get(n, []), _function_literal)
        except AssertionError as e:     # e.g. bitwise_and(Number self, Tensor other)
            print(f"skipped torch.{n}: {e}", file=sys.stderr)
            continue
        if kind == "parser" and all(_function_literal(s) for s in sigs):
            functions[n] = sigs
    print('"""Generated by scripts/gen_signatures.py from torch 2.13: do not edit by hand.')
    print("\nTENSOR_METHODS: each method's signatures in torch's parser order (PythonArgParser);")
    print("NOARGS: methods CPython binds with METH_NOARGS; PYTHON: methods torch writes in Python;")
    print("FUNCTIONS: torch.<op>'s signatures, for the ops whose function takes the tensor first.\"\"\"")
    _emit("TENSOR_METHODS", parsers)
    print(f"\nNOARGS = frozenset({sorted(noargs)!r})\n")
    print(f"PYTHON = frozenset({sorted(python)!r})")
    _emit("FUNCTIONS", functions)
    # torch.<factory>() with no argument at all: each one's TypeError, word for word
    # (their arguments are otherwise checked by hand in creation.py and join.py)
    noargs_messages = {}
    for n in NOARG_FACTORIES:
        try:
            getattr(torch, n)()
        except TypeError as e:
            noargs_messages[n] = str(e)
    print("\n# torch.<factory>(): the TypeError of a call with no argument at all")
    print("NOARG_MESSAGES = {")
    for n, m in noargs_messages.items():
        print(f"    {n!r}: {m!r},")
    print("}")


NOARG_FACTORIES = ("cat", "stack", "zeros_like", "ones_like", "empty_like", "full_like",
                   "rand_like", "randn_like", "tensor", "as_tensor", "from_numpy", "full",
                   "arange", "eye", "linspace", "logspace", "randint")


if __name__ == "__main__":
    main()
