"""Instant feedback for the exercise notebooks: ``check("4.1", answer)``.

How a check works, and why running cells again never changes its verdict
-------------------------------------------------------------------------
Each exercise is one entry of the table at the bottom of this file, e.g. ::

    Q("1.3", Numbers(8),
      setup='''
    x = torch.zeros(8, dtype=torch.int16)
    y = x[3:]
    y[1] = 7
    ''',
      truth=lambda x: x,
      right="y starts 3 elements into x's storage, so y[1] is x[4].",
      mistakes=[([0, 7, 0, 0, 0, 0, 0, 0], "y[1] is not x[1]: y starts 3 elements in ...")],
      picture=memory("x", "y"))

``setup`` is the very code the exercise cell shows (tests/test_exercises.py keeps them equal).
A check runs that code again on its own, in a fresh namespace, and asks the engine for the
truth there. It never looks at the notebook's variables, so running a cell twice, or cells
in another order, cannot change its verdict. Code exercises hand over what the learner made
(``check("1.5", m, a=a)``); the check reads those objects and never changes them.

A check prints one line that starts with ✓ (right) or ✗ (not answered yet, or not quite),
remembers it in ``RESULTS`` (exercise -> "right" | "todo" | "wrong") and, for a wrong
answer, says which misconception the answer shows and draws the picture that settles it.
It never raises: a notebook of checks always runs to the end.

The fields of an entry (all but the first two are optional):

    kind       how to read the answer: Bool(), Number(), Whole(), Numbers(n), Grad(n),
               Outcome(n), Dtype(), Ints(), Names("a b c"), NodeNames(), Choice("abc"),
               Tuple(kind, kind, what=...), or Code() for exercises where the learner
               writes code
    setup      the code the cell shows before the answer
    truth      a function of setup's names (by parameter name) giving the right answer,
               or the answer itself for Choice items (then ``evidence`` must back it)
    right      what a right answer is told (a string, or a function of setup's names)
    mistakes   [(a wrong answer, the misconception it shows)], checked in order
    hints      for Names: {name: (said when wrongly included, said when wrongly left out)}
    otherwise  said to any other wrong answer
    rules      for Code: [Rule(when, message, example=...)], the first that applies wins
    needs      for Code: {name: what to do while it is still None}
    evidence   [(claim, function of setup's names)]: facts the stored answer rests on;
               a check whose evidence fails says so instead of judging
    picture    memory("a", "v") or graph("z"): drawn for a wrong answer
    reveal     also draw the picture for a right answer (the "predict the picture" items)

Feedback in the learner's language
----------------------------------
Every message is English text in this file; ``check_zh.py`` beside it holds their Chinese
translations, keyed by the English text (one catalogue, both languages). The Chinese
edition's notebooks call ``widgets.set_language("zh")`` in their first cell, and from then
on every check in that kernel answers in Chinese. A message built from a template goes
through ``_()`` (``_("r has shape %s; x has %s.") % ...``); a plain message in the table
is looked up when it is said. PyTorch's own error messages stay as PyTorch prints them.
"""
import contextlib
import copy
import inspect
import io
import math
import re
import warnings

import numpy as np

import minitensor as torch

try:                        # attempts.py (beside this file) keeps a log for the teacher
    from attempts import record as record_attempt
except ImportError:         # without it, checks work the same, unrecorded
    def record_attempt(*args, **kwargs):
        return None
from minitensor import nn

RESULTS = {}
EXERCISES = {}

LABEL = {"right": "✓ %s right: %s", "todo": "✗ %s not answered yet: %s",
         "wrong": "✗ %s not quite: %s"}


def language():
    """The learner's language: what widgets.set_language() chose ("en" by default)."""
    try:
        from widgets.i18n import language as current
    except ImportError:             # no widgets: English
        return "en"
    return current()


def catalogue(lang):
    """{English message: translation} from check_<lang>.py beside this file ({} if none)."""
    if lang not in _CATALOGUES:
        import importlib.util
        import os
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_%s.py" % lang)
        table = {}
        if os.path.exists(path):
            spec = importlib.util.spec_from_file_location("check_%s" % lang, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            table = module.MESSAGES
        _CATALOGUES[lang] = table
    return _CATALOGUES[lang]


_CATALOGUES = {"en": {}}


def _(text):
    """``text`` in the learner's language (as it is when no translation exists)."""
    lang = language()
    return text if lang == "en" else catalogue(lang).get(text, text)


def check(name, answer=None, **given):
    """Judge ``answer`` to exercise ``name``; ``given`` are the objects a code exercise made."""
    q = EXERCISES.get(name)
    if q is None:
        print(_("✗ there is no exercise %r (known: %s)") % (name, ", ".join(EXERCISES)))
        RESULTS[name] = "wrong"
        return
    try:
        status, msg, picture, _cause = q.judge(answer, given)
    except Exception as e:          # a bug in a check must not stop the learner's notebook
        status, msg, picture = "wrong", _("the check itself failed (%s); please tell your "
                                          "teacher.") % error_text(e), None
    RESULTS[name] = status
    print(_(LABEL[status]) % (name, msg))
    record_attempt(name, status, msg, answer=answer)    # the teacher's class results
    if picture is not None:
        show(picture)


def show(picture):
    try:
        from IPython.display import display
        display(picture)
    except Exception:               # no IPython, no widgets, no dot: the message is enough
        pass


# ------------------------------------------------------------------ reading answers

class Odd(Exception):
    """An answer of the wrong form; the message says what to answer instead."""


def shown(answer):
    """How a learner's answer is quoted back: 'ten', [1, 2], tensor([1., 2.])."""
    text = repr(answer)
    return text if len(text) <= 60 else text[:57] + "..."


def number(x):
    """x as a float, or None when it is not one number (True and 'ten' are not)."""
    if isinstance(x, (bool, np.bool_)):
        return None
    if isinstance(x, (int, float, np.integer, np.floating)):
        return float(x)
    if isinstance(x, str):
        try:
            return float(x.strip())
        except ValueError:
            return None
    if hasattr(x, "numel") and hasattr(x, "item"):
        try:
            return float(x.item()) if x.numel() == 1 and not x.dtype.is_complex else None
        except Exception:
            return None
    return None


def flat(x):
    """A list, tuple, tensor or array of numbers as a flat list of floats, else None."""
    if hasattr(x, "tolist") and not isinstance(x, (str, bytes)):
        try:
            x = (x.detach() if hasattr(x, "detach") else x).tolist()
        except Exception:
            return None
    if isinstance(x, (list, tuple)):
        out = []
        for v in x:
            sub = flat(v) if isinstance(v, (list, tuple)) else None
            if sub is not None:
                out += sub
            else:
                n = number(v)
                if n is None or isinstance(v, str):
                    return None
                out.append(n)
        return out
    n = number(x)
    return None if n is None or isinstance(x, str) else [n]


def close(a, b, tol=1e-3):
    return math.isclose(a, b, rel_tol=tol, abs_tol=tol)


class Kind:
    todo = "replace None with your answer"

    def todo_text(self):
        """What to do while the answer is still None, in the learner's language."""
        return _(self.todo)

    def read(self, answer):
        return answer

    def same(self, got, truth):
        return got == truth

    def say(self, value):
        return shown(value)


class Bool(Kind):
    todo = "replace None with True or False"

    def read(self, answer):
        if isinstance(answer, (bool, np.bool_)):
            return bool(answer)
        raise Odd(_("answer True or False (you gave %s).") % shown(answer))


class Number(Kind):
    todo = "replace None with a number"

    def read(self, answer):
        n = number(answer)
        if n is None:
            raise Odd(_("answer a number (you gave %s).") % shown(answer))
        return n

    def same(self, got, truth):
        return close(got, number(truth))

    def say(self, value):
        return "%g" % value


class Whole(Number):
    todo = "replace None with a whole number"

    def read(self, answer):
        n = number(answer)
        if n is None or n != int(n):
            raise Odd(_("answer a whole number (you gave %s).") % shown(answer))
        return int(n)


class Numbers(Kind):
    """n numbers: a list, a nested list, a tuple or a tensor (compared element by element)."""

    todo = "replace None with a list of %d numbers"

    def __init__(self, n):
        self.n = n

    def todo_text(self):
        return _(self.todo) % self.n

    def read(self, answer):
        got = flat(answer)
        if got is None:
            raise Odd(_("answer a list of %d numbers (you gave %s).") % (self.n, shown(answer)))
        if len(got) != self.n:
            raise Odd(_("answer %d numbers (you gave %d: %s).")
                      % (self.n, len(got), shown(answer)))
        return got

    def same(self, got, truth):
        want = flat(truth)
        return want is not None and len(want) == len(got) and all(
            close(a, b) for a, b in zip(got, want))

    def say(self, value):
        return "[%s]" % ", ".join("%g" % v for v in value)


class Raised:
    """What running a line gave instead of a value: its error, in a full sentence."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return _("an error (%s)") % self.text


NONE, ERROR = "None", "error"


class Grad(Numbers):
    """A gradient: n numbers, or the string "None" when there is none."""

    todo = 'replace None with a list of %d numbers, or the string "None"'

    def read(self, answer):
        if isinstance(answer, str) and answer.strip() == NONE:
            return NONE
        try:
            return super().read(answer)
        except Odd:
            raise Odd(_('answer a list of %d numbers, or the string "None" (you gave %s).')
                      % (self.n, shown(answer)))

    def same(self, got, truth):
        if got == NONE or truth is None or isinstance(truth, str):
            return got == NONE and (truth is None or truth == NONE)
        return super().same(got, truth)

    def say(self, value):
        return value if value == NONE else super().say(value)


class Outcome(Numbers):
    """What a line gives: n numbers, or the string "error" when it raises."""

    todo = 'replace None with a list of %d numbers, or the string "error"'

    def read(self, answer):
        if isinstance(answer, str) and answer.strip().lower() == ERROR:
            return ERROR
        try:
            return super().read(answer)
        except Odd:
            raise Odd(_('answer a list of %d numbers, or the string "error" (you gave %s).')
                      % (self.n, shown(answer)))

    def same(self, got, truth):
        if got == ERROR or isinstance(truth, (Raised, str)):
            return got == ERROR and isinstance(truth, Raised) or got == truth == ERROR
        return super().same(got, truth)

    def say(self, value):
        return value if value == ERROR else super().say(value)


DTYPES = {"float": "float32", "double": "float64", "half": "float16", "long": "int64",
          "int": "int32", "short": "int16", "bool": "bool", "uint8": "uint8", "int8": "int8"}
for _n in ("float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64",
           "uint8", "bool", "complex64", "complex128"):
    DTYPES[_n] = _n


class Dtype(Kind):
    todo = 'replace None with a dtype such as "float32" or torch.float32'

    def read(self, answer):
        text = str(answer).strip().lower()
        text = text[len("torch."):] if text.startswith("torch.") else text
        if not (isinstance(answer, str) or type(answer).__name__ == "dtype") or text not in DTYPES:
            raise Odd(_('answer a dtype such as "float32" or torch.float32 (you gave %s).')
                      % shown(answer))
        return DTYPES[text]

    def same(self, got, truth):
        return got == self.read(truth)

    def say(self, value):
        return value


class Ints(Kind):
    """A tuple of whole numbers: a shape or a stride. ``4`` is read as ``(4,)``."""
    todo = "replace None with a tuple of whole numbers such as (4, 1)"

    def read(self, answer):
        if isinstance(answer, (int, np.integer)) and not isinstance(answer, bool):
            return (int(answer),)
        if isinstance(answer, (tuple, list)) or type(answer).__name__ == "Size":
            if all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in answer):
                return tuple(int(v) for v in answer)
        raise Odd(_("answer a tuple of whole numbers such as (4, 1) (you gave %s).")
                  % shown(answer))

    def same(self, got, truth):
        return got == tuple(truth)

    def say(self, value):
        return str(value)


class Names(Kind):
    """A set of names, chosen from the ones the question offers."""

    todo = 'replace None with a set of names such as {"%s"} (or set() for none)'

    def __init__(self, names):
        self.names = names.split()

    def todo_text(self):
        return _(self.todo) % self.names[0]

    def read(self, answer):
        got = {answer} if isinstance(answer, str) else answer
        if not isinstance(got, (set, frozenset, list, tuple)) or \
                not all(isinstance(n, str) for n in got):
            raise Odd(_('answer a set of names such as {"%s"} (you gave %s).')
                      % (self.names[0], shown(answer)))
        unknown = sorted(n for n in got if n not in self.names)
        if unknown:
            raise Odd(_("answer a set of names from %s (you gave %s; %r is not one of them).")
                      % (", ".join(self.names), shown(answer), unknown[0]))
        return set(got)

    def same(self, got, truth):
        return got == set(truth)

    def say(self, value):
        return "{%s}" % ", ".join('"%s"' % n for n in sorted(value)) if value else "set()"


def node_name(n):
    """A grad_fn's name as the pictures write it ('AccumulateGrad', not 'torch::autograd::...')."""
    name = n if isinstance(n, str) else n.name()
    return str(name).strip().rsplit("::", 1)[-1]


class NodeNames(Kind):
    """A set of grad_fn names such as {"MulBackward0", "AccumulateGrad"}."""
    todo = 'replace None with a set of node names such as {"MulBackward0"}'

    def read(self, answer):
        got = {answer} if isinstance(answer, str) else answer
        if not isinstance(got, (set, frozenset, list, tuple)) or \
                not all(isinstance(n, str) for n in got):
            raise Odd(_('answer a set of node names such as {"MulBackward0"} (you gave %s).')
                      % shown(answer))
        return {node_name(n) for n in got}

    def same(self, got, truth):
        return got == {node_name(n) for n in truth}

    def say(self, value):
        return "{%s}" % ", ".join('"%s"' % n for n in sorted(value))


class NodeName(Kind):
    """One grad_fn name such as "ExpBackward0"."""
    todo = 'replace None with a node name such as "ExpBackward0"'

    def read(self, answer):
        if not isinstance(answer, str):
            raise Odd(_('answer a node name such as "ExpBackward0" (you gave %s).')
                      % shown(answer))
        return node_name(answer)


class Choice(Kind):
    """One of the lettered options under the question."""

    todo = "replace None with one of %s"

    def __init__(self, options):
        self.options = list(options)

    def todo_text(self):
        return _(self.todo) % ", ".join('"%s"' % o for o in self.options)

    def read(self, answer):
        text = answer.strip().strip("()").strip().lower() if isinstance(answer, str) else None
        if text not in self.options:
            raise Odd(_("answer one of %s (you gave %s).")
                      % (", ".join('"%s"' % o for o in self.options), shown(answer)))
        return text


ANY = object()      # in a mistake's answer: this part may be anything


class Tuple(Kind):
    """Several answers in a tuple, each read by its own kind: Tuple(Whole(), Whole(),
    what="a pair (offset, bytes)")."""

    todo = "replace None with %s"

    def __init__(self, *kinds, what):
        self.kinds, self.what = kinds, what

    def todo_text(self):
        return _(self.todo) % _(self.what)

    def read(self, answer):
        if not isinstance(answer, (tuple, list)) or len(answer) != len(self.kinds):
            raise Odd(_("answer %s (you gave %s).") % (_(self.what), shown(answer)))
        return tuple(k.read(a) for k, a in zip(self.kinds, answer))

    def same(self, got, truth):
        return all(t is ANY or k.same(g, t) for k, g, t in zip(self.kinds, got, truth))

    def say(self, value):
        return "(%s)" % ", ".join(k.say(v) for k, v in zip(self.kinds, value))


class Code(Kind):
    """The learner writes code; ``rules`` judge what it made."""


# ------------------------------------------------------------------ one exercise

class Rule:
    """A code exercise's misconception: ``when`` (a function of the names) says it is present.

    ``example`` is code that shows it (the tests run it in place of the solution);
    ``status="todo"`` for "nothing done yet" rather than a wrong answer."""

    def __init__(self, when, message, picture=None, example=None, status="wrong"):
        self.when, self.message, self.picture = when, message, picture
        self.example, self.status = example, status


class Picture:
    def __init__(self, kind, names):
        self.kind, self.names = kind, names

    def draw(self, ns):
        import widgets
        named = {k: v for k, v in ns.items() if not k.startswith("_")}
        tensors = [named[n] for n in self.names]
        # A view's base (the arange under ``arange(12.).view(3, 4)``) has no name of its
        # own: call it by the view's name, "x._base", rather than leave it "t1".
        ids = {id(v) for v in named.values()}
        for name, t in list(named.items()):
            base = getattr(t, "_base", None) if is_tensor(t) else None
            if base is not None and id(base) not in ids:
                named[name + "._base"] = base
                ids.add(id(base))
        draw = widgets.draw_memory if self.kind == "memory" else widgets.draw_graph
        return draw(*tensors, namespace=named)


def memory(*names):
    return Picture("memory", names)


def graph(*names):
    return Picture("graph", names)


BASE = {"torch": torch, "nn": nn, "np": np, "copy": copy, "warnings": warnings, "math": math}


def call(fn, ns):
    """Call ``fn`` with the names its parameters ask for."""
    return fn(**{p: ns[p] for p in inspect.signature(fn).parameters})


def say(message, ns):
    """A message of the table, said: a function's result, or a text in the learner's language."""
    return call(message, ns) if callable(message) else _(message)


class Q:
    def __init__(self, name, kind, setup="", truth=None, right="", mistakes=(), hints=None,
                 otherwise=None, rules=(), needs=None, evidence=(), picture=None, reveal=False):
        self.name, self.kind, self.setup = name, kind, inspect.cleandoc("\n" + setup)
        self.truth, self.right, self.mistakes = truth, right, list(mistakes)
        self.hints, self.otherwise, self.rules = hints or {}, otherwise, list(rules)
        self.needs, self.evidence = needs or {}, list(evidence)
        self.picture, self.reveal = picture, reveal
        EXERCISES[name] = self

    def fresh(self, given=None, setup=None):
        """Run ``setup`` in a new namespace (quietly, leaving the random generator as it was)."""
        ns = dict(BASE)
        state = torch.get_rng_state()
        try:
            with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
                warnings.simplefilter("ignore")
                exec(compile(self.setup if setup is None else setup,
                             "<exercise %s>" % self.name, "exec"), ns)
        finally:
            torch.set_rng_state(state)
        ns.update(given or {})
        ns["_fresh"] = lambda: self.fresh(given)
        ns["_variant"] = lambda old, new: self.variant(old, new, given)
        return ns

    def variant(self, old, new, given=None):
        """The setup with ``old`` replaced by ``new`` (to show that a fix fixes it)."""
        if old not in self.setup:
            raise ValueError("%s: %r is not in the setup" % (self.name, old))
        return self.fresh(given, self.setup.replace(old, new))

    def judge(self, answer, given):
        """(status, message, picture or None, cause): ``cause`` is the table entry that
        decided (a mistake, a hint's name, a Rule, "right", "otherwise", "todo", "odd",
        "evidence"); check() prints the message, tests look at the cause."""
        ns = self.fresh(given)
        for claim, fn in self.evidence:
            if not quietly(fn, ns):
                return ("wrong", _("this exercise expects that %s, but the engine disagrees; "
                                   "please tell your teacher.") % claim, None, "evidence")
        if isinstance(self.kind, Code):
            return self.judge_code(ns, given)
        if answer is None:
            return "todo", _("%s, then run the cell again.") % self.kind.todo_text(), None, "todo"
        try:
            got = self.kind.read(answer)
        except Odd as e:
            return "todo", str(e), None, "odd"
        truth = quietly(self.truth, ns) if callable(self.truth) else self.truth
        ns.update(truth=truth, got=got, said=self.kind.say(got))
        if self.kind.same(got, truth):
            return ("right", say(self.right, ns), self.drawn(given) if self.reveal else None,
                    "right")
        message, cause = self.misconception(got, truth, ns)
        return "wrong", message, self.drawn(given), cause

    def misconception(self, got, truth, ns):
        for mistake in self.mistakes:
            wrong_answer, message = mistake
            try:
                if isinstance(self.kind, Tuple):
                    hit = self.kind.same(got, wrong_answer)
                else:
                    hit = self.kind.same(got, self.kind.read(wrong_answer))
            except Odd:
                continue
            if hit:
                return say(message, ns), mistake
        if isinstance(self.kind, Names):
            for n in sorted(got - set(truth)):
                if self.hints.get(n, (None, None))[0]:
                    return _(self.hints[n][0]), n
            for n in sorted(set(truth) - got):
                if self.hints.get(n, (None, None))[1]:
                    return _(self.hints[n][1]), n
        if self.otherwise:
            return say(self.otherwise, ns), "otherwise"
        return _("not %s.") % self.kind.say(got), "otherwise"

    def judge_code(self, ns, given):
        for name, todo in self.needs.items():
            if given.get(name) is None:
                return "todo", _(todo), None, "todo"
        for rule in self.rules:
            try:
                applies = quietly(rule.when, ns)
            except Exception as e:          # e.g. b = 5 where a tensor was expected
                return ("wrong", _("the check could not use what your code made (%s).")
                        % error_text(e).rstrip("."), None, "unusable")
            if applies:
                picture = self.drawn(given, rule.picture) if rule.status == "wrong" else None
                return rule.status, say(rule.message, ns), picture, rule
        return "right", say(self.right, ns), None, "right"

    def drawn(self, given, picture=None):
        """The picture, drawn from a fresh run of the setup (before any check ran code on it)."""
        picture = picture or self.picture
        if picture is None:
            return None
        try:
            return picture.draw(self.fresh(given))
        except Exception:
            return None


def quietly(fn, ns):
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        return call(fn, ns)


# ------------------------------------------------------------------ building blocks for truths

def error_text(e):
    """'RuntimeError: message', cut only at the end of a sentence (and before any "Hint:")."""
    text = (str(e).strip().splitlines() or [""])[0].strip().strip('"').split(" Hint:")[0]
    if len(text) > 240:
        end = text.rfind(". ", 0, 240)
        text = text[:end + 1] if end > 0 else text
    return "%s: %s" % (type(e).__name__, text)


def after(code, value=None):
    """A truth: run ``code`` on the fresh names; its error (Raised), or then ``value``'s result."""
    def truth(_fresh):
        ns = _fresh()
        try:
            exec(code, ns)
        except Exception as e:
            return Raised(error_text(e))
        return call(value, ns) if value else None
    return truth


def raises(code):
    """A truth: does ``code`` raise, on fresh names?"""
    run = after(code)
    return lambda _fresh: isinstance(run(_fresh), Raised)


def failing(names, code):
    """A truth for Names: which of ``names`` make ``code`` (with {} for the name) raise,
    each tried on fresh names."""
    def truth(_fresh):
        return {n for n in names.split() if isinstance(after(code.format(n))(_fresh), Raised)}
    return truth


def shares(t, u):
    return t.untyped_storage().data_ptr() == u.untyped_storage().data_ptr()


def nodes(t):
    """Names of the grad_fn nodes ``t``'s graph reaches (as the graph picture shows them)."""
    seen, todo, out = set(), [t.grad_fn], set()
    while todo:
        n = todo.pop()
        if n is None or id(n) in seen:
            continue
        seen.add(id(n))
        out.add(node_name(n))
        todo += [f for f, _ in n.next_functions]
    return out


def stale_node(code, root):
    """A truth: the node whose saved tensor is stale, from the error ``code`` raises."""
    def truth(_fresh):
        ns = _fresh()
        t = ns[root]
        names = nodes(t)
        try:
            exec(code, ns)
        except Exception as e:
            m = re.search(r"output \d+ of (\w+)", str(e))
            if m:
                return next((n for n in sorted(names) if n.startswith(m.group(1) + "Backward")),
                            m.group(1))
        return None
    return truth


def with_fix(old, new, fn):
    """Evidence: with the setup's ``old`` text replaced by ``new``, ``fn`` holds."""
    return lambda _variant: call(fn, _variant(old, new))


def reached(loss, **modules):
    """Names of the parameters a gradient of ``loss`` would reach (the graph is kept)."""
    named = [("%s.%s" % (m, n), p) for m, module in modules.items()
             for n, p in module.named_parameters() if p.requires_grad]
    if not loss.requires_grad or not named:
        return set()
    grads = torch.autograd.grad(loss, [p for _, p in named], retain_graph=True,
                                allow_unused=True)
    return {n for (n, _), g in zip(named, grads) if g is not None}


def have_grad(**modules):
    return {"%s.%s" % (m, n) for m, module in modules.items()
            for n, p in module.named_parameters() if p.grad is not None}


def quiet_grad(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return t.grad


def is_tensor(x):
    return isinstance(x, torch.Tensor)


def same(t, values):
    """Do tensor ``t``'s numbers equal ``values`` (within 1e-3)?"""
    got, want = flat(t), flat(values)
    return got is not None and want is not None and len(got) == len(want) and all(
        close(a, b) for a, b in zip(got, want))


def equal(t, u):
    return tuple(t.shape) == tuple(u.shape) and bool((t.detach() == u.detach()).all())


def warns(fn):
    """Does ``fn()`` warn?"""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fn()
    return bool(caught)


def versions(code):
    """A truth: (version now, version saved) from the "is at version N; expected version M"
    error that ``code`` raises."""
    def truth(_fresh):
        text = getattr(after(code)(_fresh), "text", "")
        m = re.search(r"is at version (\d+); expected version (\d+)", text)
        return (int(m.group(1)), int(m.group(2))) if m else None
    return truth


def grads(t):
    """``t.grad`` written as a list of numbers ("[2, 2, 2]"), or "None"."""
    g = quiet_grad(t)
    return NONE if g is None else "[%s]" % ", ".join("%g" % v for v in flat(g))


TF = Tuple(Bool(), Choice("abc"), what='a pair (True or False, "a", "b" or "c")')


# ================================================================== the exercises
# One entry per exercise, lesson by lesson. Each ``setup`` is the code its cell shows.

# ------------------------------------------------------------------ 1 start here

Q("1.1", Tuple(Whole(), Whole(), what="a pair (storages, element)"),
  setup="""
a = torch.arange(6.)
v = a[2:]
""",
  truth=lambda a, v: (len({a.untyped_storage().data_ptr(), v.untyped_storage().data_ptr()}),
                      v.storage_offset()),
  right="one storage, and v's arrow points at element 2: slicing makes a second header "
        "onto a's storage, starting 2 elements in.",
  mistakes=[((2, ANY), "slicing copies nothing: v is a second header onto a's one storage "
                       "(a.untyped_storage().data_ptr() == v.untyped_storage().data_ptr())."),
            ((1, 8), "8 is the distance in bytes (two float32 of 4 bytes); the picture "
                     "numbers the storage's elements, one per number: element 2."),
            ((1, 0), "v starts where its first element is: a[2:] skips two elements, so "
                     "its arrow points at element 2.")],
  otherwise="count the purple storage boxes, and the storage elements before v's first one.",
  picture=memory("a", "v"), reveal=True)

Q("1.2", Tuple(Whole(), Whole(), what="a pair (offset, bytes)"),
  setup="""
a = torch.arange(10.).view(2, 5)
r = a[1]
""",
  truth=lambda a, r: (r.storage_offset(), r.data_ptr() - a.data_ptr()),
  right="row 1 starts after the 5 elements of row 0: offset 5 elements, 5 × 4 = 20 bytes.",
  mistakes=[((5, 5), "data_ptr() is an address, counted in bytes: 5 float32 elements are "
                     "5 × 4 = 20 bytes."),
            ((20, 20), "storage_offset() counts elements (5); only the data_ptr() "
                       "difference is in bytes (20)."),
            ((1, ANY), "storage_offset() counts storage elements, not rows: row 1 starts "
                       "after the 5 elements of row 0."),
            ((0, 0), "a[1] is a view, not a copy with a storage of its own: it starts 5 "
                     "elements into a's storage.")],
  otherwise="r = a[1] is row 1 of a (2, 5) tensor: count the elements before it, then "
            "multiply by 4 bytes per float32.",
  picture=memory("a", "r"))

Q("1.3", Numbers(8),
  setup="""
x = torch.zeros(8, dtype=torch.int16)
y = x[3:]
y[1] = 7
""",
  truth=lambda x: x,
  right="y starts 3 elements into x's storage, so y[1] is x[4]: x is [0, 0, 0, 0, 7, 0, 0, 0].",
  mistakes=[([0, 7, 0, 0, 0, 0, 0, 0], "y[1] is not x[1]: y starts 3 elements into x's "
                                       "storage, so y[1] is x[4]."),
            ([0, 0, 0, 7, 0, 0, 0, 0], "y[0] is x[3], so y[1] is the next one, x[4]."),
            ([0] * 8, "slicing copies nothing: the write through y lands in the storage "
                      "x uses.")],
  otherwise="y = x[3:] starts at x's element 3; find which element of x y[1] is.",
  picture=memory("x", "y"))

Q("1.4", Whole(),
  setup="""
a = torch.ones(4)
v = a[1:3]
v.add_(1)
a.mul_(2)
""",
  truth=lambda v: v._version,
  right="a view shares its base's version counter: v.add_(1) and a.mul_(2) both count, "
        "for a and v alike.",
  mistakes=[(1, "a.mul_(2) writes into the storage v shares, and a view shares its base's "
                "version counter: v counts both writes."),
            (0, "in-place operations bump the version counter, and a view shares its "
                "base's: two writes, 2."),
            (4, "the counter counts in-place operations, not elements written: 2.")],
  otherwise="count the in-place operations on the storage a and v share.")

Q("1.5", Code(),
  setup="""
a = torch.arange(6.)
""",
  needs={"m": "set m to a (3, 2) tensor over a's storage, e.g. with a.view(...)."},
  rules=[Rule(lambda m: not is_tensor(m),
              lambda m: _("m should be a tensor (you gave a %s).") % type(m).__name__,
              example="m = [[0, 1], [2, 3], [4, 5]]"),
         Rule(lambda m: tuple(m.shape) != (3, 2),
              lambda m: _("m has shape %s; the task asks for (3, 2).") % (tuple(m.shape),),
              example="m = a.view(2, 3)"),
         Rule(lambda a, m: not shares(m, a),
              "m has its own storage: it is a copy. view() (or reshape() of a contiguous "
              "tensor) reuses a's storage.", picture=memory("a", "m"),
              example="m = a.clone().view(3, 2)")],
  right=lambda m: _("m is a (3, 2) view: stride %s over a's storage.") % (m.stride(),))


def _node_hint(got, truth):
    truth = {node_name(n) for n in truth}
    for n in sorted(got - truth):
        if n + "0" in truth:
            return (_("in PyTorch 2.x node names end in a number: %s0, not %s (older posts "
                    "print the old names).") % (n, n))
        if n.startswith("Pow"):
            return _("w * w is a multiplication, MulBackward0; w ** 2 would make PowBackward0.")
    if "AccumulateGrad" in truth - got:
        return _("the leaf w gets a node too, AccumulateGrad: it is the one that writes w.grad.")
    missing = sorted(truth - got)
    if missing:
        return _("one operation is missing: %s.") % missing[0]
    return _("%s is not in y's graph.") % sorted(got - truth)[0]


Q("1.6", NodeNames(),
  setup="""
w = torch.tensor([1., 2.], requires_grad=True)
y = (w * w + w).sum()
""",
  truth=lambda y: nodes(y),
  right="one node per operation (Mul, Add, Sum), and AccumulateGrad for the leaf w: "
        "backward() runs them from y up to w.",
  mistakes=[({"SumBackward0", "AddBackward0", "MulBackward0"},
             "the leaf w gets a node too, AccumulateGrad: it is the one that writes w.grad.")],
  otherwise=lambda got, truth: _node_hint(got, truth),
  picture=graph("y"), reveal=True)

Q("1.7", Choice("abc"),
  setup="""
a = torch.tensor([1., 2., 3.], dtype=torch.float64)
b = a[1:]
""",
  truth="b",
  evidence=[("b shares a's storage", lambda a, b: shares(a, b)),
            ("b's first element is 8 bytes after a's", lambda a, b: b.data_ptr() - a.data_ptr() == 8)],
  right="b shares a's storage; data_ptr() is where each tensor's own first element is, one "
        "float64 (8 bytes) later for b. To ask \"do they share memory?\", compare "
        "untyped_storage().data_ptr().",
  mistakes=[("a", "slicing never copies: a.untyped_storage().data_ptr() == "
                  "b.untyped_storage().data_ptr() is True. data_ptr() differs because it is "
                  "where each tensor's first element sits."),
            ("c", "an address does not change while the tensor lives; b's is 8 bytes after "
                  "a's every time you ask: one float64 further into the same storage.")],
  picture=memory("a", "b"))

# ------------------------------------------------------------------ 2 creating tensors

Q("2.1", Dtype(),
  setup="""
t = torch.tensor([True, False, 2])
""",
  truth=lambda t: t.dtype,
  right="one int among the bools promotes the whole tensor to int64, PyTorch's default "
        "integer dtype.",
  mistakes=[("bool", "one int among the bools promotes the whole tensor: bool -> int64."),
            ("int32", "PyTorch's default integer dtype is int64 (long), not int32."),
            ("float32", "there is no float among the values: bools and ints give int64.")])

Q("2.2", Tuple(Number(), Number(), what="a pair (t[0], u[0])"),
  setup="""
arr = np.array([1, 2, 3], dtype=np.int32)
t = torch.as_tensor(arr)
u = torch.as_tensor(arr, dtype=torch.float32)
arr[0] = 9
""",
  truth=lambda t, u: (t[0].item(), u[0].item()),
  right="as_tensor shares the array's memory when it can (same dtype and device): t sees "
        "the 9. u asked for float32, so the int32 numbers were converted into new memory.",
  mistakes=[((1, 1), "as_tensor shares the array's memory when no conversion is needed: "
                     "t (int32, like arr) sees arr[0] = 9."),
            ((9, 9), "u asked for float32: converting int32 needs new memory, so u is a copy "
                     "made before the write."),
            ((1, 9), "the other way round: t (same dtype) shares, u (converted) is a copy.")],
  otherwise="t shares arr's memory; u is a float32 copy made before arr[0] = 9.",
  picture=memory("t", "u"))

Q("2.3", Tuple(Ints(), Ints(), what="a pair (old.shape, new.shape)"),
  setup="""
old = torch.Tensor(3)
new = torch.tensor(3)
""",
  truth=lambda old, new: (tuple(old.shape), tuple(new.shape)),
  right="torch.Tensor(3) reads the 3 as a size (3 uninitialised numbers: never use their "
        "values); torch.tensor(3) holds the value 3, a 0-dimensional tensor.",
  mistakes=[(((), ()), "capital-T torch.Tensor is the legacy constructor: a bare int is a "
                       "size, so old has shape (3,) (and uninitialised values)."),
            (((3,), (1,)), "torch.tensor(3) is a scalar: a 0-dimensional tensor, shape ()."),
            (((1,), (1,)), "torch.Tensor(3) takes 3 as a size: shape (3,). torch.tensor(3) "
                           "is a scalar, shape ().")],
  otherwise="one of them reads 3 as a size, the other as a value.")

Q("2.4", Choice("abc"),
  setup="""
x = torch.tensor([1, 2, 3])
""",
  truth="c",
  evidence=[("torch.randn_like(x) raises for an int64 x", raises("torch.randn_like(x)"))],
  right=lambda _fresh: _("it raises %s There is no normal sampler for int64: ask for "
                       "torch.randn_like(x, dtype=torch.float32).") % after(
                           "torch.randn_like(x)")(_fresh).text,
  mistakes=[("a", "*_like borrows x's dtype, int64, and a normal distribution has no integer "
                  "version: PyTorch 2.13 raises NotImplementedError (\"normal_kernel_cpu\" "
                  "not implemented for 'Long'). Older posts show it working."),
            ("b", "*_like keeps x's dtype unless you pass dtype=: it does not switch to "
                  "float32 by itself, so it raises.")])

Q("2.5", Code(),
  setup="""
x = torch.arange(20).view(4, 5)
""",
  needs={"r": "set r to standard-normal random numbers with x's shape, as float32."},
  rules=[Rule(lambda r: not is_tensor(r), "r should be a tensor.", example="r = 0.5"),
         Rule(lambda r, x: tuple(r.shape) != tuple(x.shape),
              lambda r, x: _("r has shape %s; x has %s.") % (tuple(r.shape), tuple(x.shape)),
              example="r = torch.randn(5, 4)"),
         Rule(lambda r: str(r.dtype) != "torch.float32",
              lambda r: _("r is %s; the task asks for float32.") % str(r.dtype)[6:],
              example="r = torch.randn_like(x, dtype=torch.float64)"),
         Rule(lambda r: r.min().item() >= 0 and r.max().item() < 1,
              "every number of r lies in [0, 1): that is rand (uniform). randn draws from "
              "a normal distribution, negative numbers too.",
              example="r = torch.rand_like(x, dtype=torch.float32)")],
  right="x's shape, float32, normal numbers: torch.randn_like(x, dtype=torch.float32) (or "
        "torch.randn(x.shape)).")

Q("2.6", Dtype(),
  setup="""
x = torch.zeros(2, dtype=torch.float64)
p = x.new_tensor([1, 2])
""",
  truth=lambda p: p.dtype,
  right="new_tensor borrows x's dtype (and device) instead of inferring one from the values.",
  mistakes=[("int64", "new_tensor does not infer a dtype from the values the way "
                      "torch.tensor does: it borrows x's, float64, unless you pass dtype=."),
            ("float32", "p takes x's dtype, float64, not the default float dtype.")])

# ------------------------------------------------------------------ 3 clone

Q("3.1", Numbers(2),
  setup="""
a = torch.tensor([2., -1.], requires_grad=True)
b = a.clone()
y = (a * b).sum()
y.backward()
""",
  truth=lambda a: a.grad,
  right="a reaches y twice, directly and through the clone: b + a = 2a = [4., -2.].",
  mistakes=[([2., -1.], "that counts only the direct use of a (whose gradient is b). "
                        "b = a.clone() is a node in the graph (CloneBackward0), so the "
                        "gradient through b reaches a too: b + a = 2a."),
            ([-1., 2.], "y = Σ a·b with b a copy of a: the gradient is b + a = 2a.")],
  otherwise="add the gradients of both uses of a: through a directly (b) and through "
            "b = a.clone() (a).",
  picture=graph("y"))

Q("3.2", Choice("abc"),
  setup="""
a = torch.tensor([2., -1.], requires_grad=True)
b = a.clone()
y = (a * b).sum()
y.backward()
""",
  truth="b",
  evidence=[("b.grad is None", lambda b: quiet_grad(b) is None),
            ("reading b.grad warns", lambda b: warns(lambda: b.grad))],
  right="b was made by clone(), so it is not a leaf: its gradient passes through to a and "
        "is not kept. PyTorch 2.13 warns when you read it (older posts show a silent None).",
  mistakes=[("a", "[4., -2.] is a.grad. b is not a leaf (clone() made it), so its .grad is "
                  "not kept unless you call b.retain_grad() before backward()."),
            ("c", "b is not a leaf: its .grad is None (with a UserWarning) unless you call "
                  "b.retain_grad() before backward().")],
  picture=graph("y"))


def _clone_cut(a):
    return (_("b is a leaf now, cut out of a's graph: a.grad is %s, not [5., 5., 5.]. Keep "
            "b = a.clone() and add b.retain_grad() before y.backward().") % grads(a))


Q("3.3", Code(),
  setup="""
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a.clone()
""",
  rules=[Rule(lambda b: b.is_leaf, _clone_cut, picture=graph("b"),
              example="b = a.clone().detach().requires_grad_()"),
         Rule(lambda b: quiet_grad(b) is None,
              "b.grad is still None: call b.retain_grad() before y.backward().",
              status="todo"),
         Rule(lambda a: not same(a.grad, [5., 5., 5.]),
              lambda a: _("a.grad is %s; it should get 2 + 3 = 5 per element. Did backward "
                        "run more than once?") % grads(a),
              example="b.retain_grad()\n(a * 2).sum().backward()"),
         Rule(lambda b: not same(b.grad, [3., 3., 3.]),
              lambda b: _("b.grad is %s; expected 3s from (b * 3).sum().") % grads(b))],
  right=lambda a: _("retain_grad() keeps the non-leaf's gradient: b.grad = 3s, and a.grad = "
                  "%s (2 + 3 through the clone).") % grads(a))

Q("3.4", Tuple(Grad(2), Grad(2), what="a pair (b.grad, a.grad)"),
  setup="""
a = torch.tensor([1., 2.])
b = a.clone()
b.requires_grad_()
(b * 3).sum().backward()
""",
  truth=lambda a, b: (quiet_grad(b), quiet_grad(a)),
  right="a does not require grad, so clone() recorded nothing: b is a leaf of its own, and "
        "requires_grad_() made it a trainable one. b.grad = [3., 3.]; a.grad stays None.",
  mistakes=[((NONE, ANY), "b is a leaf here, not an intermediate node: a does not require "
                          "grad, so clone() recorded nothing, and requires_grad_() made b a "
                          "trainable leaf. Its gradient is kept: [3., 3.]."),
            ((ANY, [3., 3.]), "no graph links b to a (a does not require grad): a.grad "
                              "stays None.")],
  otherwise="b is a trainable leaf of its own; nothing connects it to a.")

Q("3.5", Numbers(2),
  setup="""
w = torch.tensor([1., 1.], requires_grad=True)
for step in range(3):
    loss = (w * torch.tensor([1., 2.])).sum()
    loss.backward()
""",
  truth=lambda w: w.grad,
  right="backward() adds into .grad: three passes give 3 × [1, 2] = [3., 6.].",
  mistakes=[([1., 2.], "backward() adds to .grad, it never overwrites it: three passes give "
                       "3 × [1, 2]."),
            ([0., 0.], "nothing resets w.grad here: each pass adds [1, 2].")],
  otherwise="each backward pass adds the gradient [1, 2] to what is already in w.grad.")


def _last_grad_only(w):
    """Is w.grad the gradient of the last loss alone? (SGD: w = w_before - 0.1 * w.grad)"""
    return close(w.grad.item(), 2 * (w.item() + 0.1 * w.grad.item() - 1))


Q("3.6", Choice("abc"),
  setup="""
w = torch.tensor([0.], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)
for step in range(3):
    loss = ((w - 1) ** 2).sum()
    loss.backward()
    opt.step()
""",
  truth="a",
  evidence=[("the last step did not use the last gradient alone",
             lambda w: not _last_grad_only(w)),
            ("with opt.zero_grad() it does",
             with_fix("    loss = ((w - 1) ** 2).sum()",
                      "    opt.zero_grad()\n    loss = ((w - 1) ** 2).sum()", _last_grad_only))],
  right="backward() adds into w.grad, so each step used the sum of all gradients so far. "
        "opt.zero_grad() at the start of each step clears it (to None).",
  mistakes=[("b", "retain_graph=True keeps a graph's saved tensors for a second backward "
                  "through the same graph. Here every step builds a new graph, and .grad "
                  "still adds up."),
            ("c", "w = w.detach() would make w a new tensor that the optimizer does not "
                  "hold, so training would stop changing it; the gradients would still "
                  "have added up in the old w.grad.")])

# ------------------------------------------------------------------ 4 detach

Q("4.1", Number(),
  setup="""
a = torch.tensor([1., 2., 3.], requires_grad=True)
d = a.detach()
d[0] = 10.
""",
  truth=lambda a: a[0].item(),
  right="d and a are two headers on one storage: the write through d went into a.",
  mistakes=[(1., "d and a are two headers on one storage: d[0] = 10. changed a[0] too. "
                 "detach() copies nothing.")],
  otherwise="d[0] = 10. wrote into the storage d shares with a.",
  picture=memory("a", "d"))

Q("4.2", Whole(),
  setup="""
p = torch.ones(2, 2, requires_grad=True)
q = p.detach()
q.zero_()
q[1].fill_(5.)
""",
  truth=lambda p: p._version,
  right="detach() shares the version counter too: zero_() and fill_() (through the view "
        "q[1]) are two in-place writes, and p counts both.",
  mistakes=[(0, "detach() shares the version counter as well as the storage: writes "
                "through q count for p. That is how autograd notices them."),
            (1, "q[1].fill_(5.) is an in-place write too (through a view of q): with "
                "zero_() that makes 2.")],
  otherwise="count the in-place operations on the storage p and q share.",
  picture=memory("p", "q"))

Q("4.3", Names("y1 y2 y3"),
  setup="""
x = torch.tensor([0.5, 1.5], requires_grad=True)
y1 = x.tanh()
y2 = x * 3
y3 = x.pow(2)
y1.detach().zero_()
y2.detach().zero_()
y3.detach().zero_()
""",
  truth=failing("y1 y2 y3", "{}.sum().backward()"),
  right="only tanh saved the output that was changed: TanhBackward0 needs y1 "
        "(d tanh = 1 - tanh²), and its version moved from 0 to 1.",
  hints={"y1": (None, "tanh saves its output (d tanh = 1 - tanh²): zeroing y1 through "
                      "detach() bumped the shared version, so backward fails."),
         "y2": ("x * 3 saves only the constant 3: nothing it saved was changed, so "
                "backward works (y2 holds zeros now, though).", None),
         "y3": ("pow saves its input x (d x² = 2x), not its output: zeroing y3 leaves x "
                "alone, so backward works.", None)},
  picture=graph("y1", "y2", "y3"))

Q("4.4", NodeName(),
  setup="""
x = torch.tensor([1., 2.], requires_grad=True)
y = x.sigmoid()
z = (y * 2).sum()
y.detach().zero_()
""",
  truth=stale_node("z.backward()", "z"),
  right="sigmoid saves its output y (d sigmoid = y(1 - y)); the write through y.detach() "
        "moved y's version from 0 to 1, so SigmoidBackward0's saved tensor is stale (red).",
  mistakes=[("MulBackward0", "y * 2 saves only the constant 2, not y."),
            ("SumBackward0", "sum saves only its input's shape."),
            ("AccumulateGrad", "AccumulateGrad saves nothing: it adds the gradient into "
                               "x.grad.")],
  otherwise="find the node that saved y itself.",
  picture=graph("z"), reveal=True)

Q("4.5", Outcome(3),
  setup="""
x = torch.tensor([1., 2., 3.], requires_grad=True)
y = x + 1
y.detach().mul_(0)
""",
  truth=after("y.sum().backward()", lambda x: x.grad),
  right="x + 1 saves nothing (its derivative is 1), so the write broke nothing backward "
        "needs: x.grad = [1., 1., 1.]. (y's values are zeros now, though.)",
  mistakes=[(ERROR, "x + 1 saves nothing (its derivative is 1): no saved tensor was changed, "
                    "so backward works. y's values did change: they are zeros now."),
            ([0., 0., 0.], "the gradient of (x + 1).sum() is 1 per element, whatever y "
                           "holds: add saves nothing to multiply by.")],
  picture=graph("y"))

Q("4.6", Tuple(Grad(3), Grad(3), what="a pair (c.grad, a.grad)"),
  setup="""
a = torch.tensor([0., 1., 2.], requires_grad=True)
out = a * 4
c = out.detach()
c.requires_grad_(True)
(c ** 2).sum().backward()
""",
  truth=lambda a, c: (quiet_grad(c), quiet_grad(a)),
  right="c is a new leaf: c.grad = 2c = [0., 8., 16.], and its graph starts at c, so "
        "nothing reaches a.",
  mistakes=[((NONE, ANY), "many posts say a detached tensor never gets a gradient, even "
                          "after requires_grad = True. In 2.13 requires_grad_(True) makes c "
                          "a new leaf, and backward fills c.grad = 2c."),
            ((ANY, [0., 8., 16.]), "c's graph starts at c: it is a new leaf, cut from a. "
                                   "a.grad stays None."),
            ((ANY, [0., 32., 64.]), "c's graph starts at c: it is a new leaf, cut from a. "
                                    "a.grad stays None.")],
  otherwise="c = out.detach() is cut from a; requires_grad_(True) makes it a leaf of its "
            "own, and d(c²)/dc = 2c.")

Q("4.7", Choice("abc"),
  setup="""
x = torch.tensor([0.5, 1.], requires_grad=True)
y = x.exp()
z = y.sum()
y.detach().mul_(3)
""",
  truth="b",
  evidence=[("z.backward() raises", raises("z.backward()")),
            ("y is at version 1", lambda y: y._version == 1)],
  right="detach() makes a second header with the same storage and the same version "
        "counter: exp saved y at version 0, and backward now finds version 1.",
  mistakes=[("a", "detach() copies nothing: y.detach() is a second header on y's storage, "
                  "and it shares y's version counter."),
            ("c", "mul_ is differentiable; the trouble is that exp saved y for backward "
                  "(d eˣ = eˣ) and y was changed in place.")],
  picture=graph("z"))

# ------------------------------------------------------------------ 5 detach_

Q("5.1", Outcome(2),
  setup="""
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
c = b + 1
b.detach_()
""",
  truth=after("c.sum().backward()", lambda a: a.grad),
  right="c's graph was built before detach_(): AddBackward0 still points at MulBackward0, "
        "so backward reaches a: 1 · 2 per element.",
  mistakes=[(ERROR, "detach_() changes b from now on, but c's AddBackward0 was built before "
                    "and still points at MulBackward0 (picture). Add saves nothing, so "
                    "backward() works and reaches a."),
            ([1., 1.], "follow c = b + 1 with b = a * 2 back to a: each element gets 1 · 2.")],
  picture=graph("c", "a"))

Q("5.2", Outcome(3),
  setup="""
a = torch.tensor([1., 2., 3.], requires_grad=True)
m = a * 3
y = m * 5
m.detach_()
""",
  truth=after("y.sum().backward()", lambda a: a.grad),
  right="y = m * 5 saved only the constant 5, and its graph still reaches a: 5 · 3 = 15 "
        "per element.",
  mistakes=[(ERROR, "y = m * 5 saves only the constant 5, not m: nothing it saved was "
                    "detached, so backward works."),
            ([5., 5., 5.], "the chain rule multiplies both steps: 5 from y = m * 5, times 3 "
                           "from m = a * 3."),
            ([3., 3., 3.], "the chain rule multiplies both steps: 5 from y = m * 5, times 3 "
                           "from m = a * 3.")],
  picture=graph("y", "a"))

Q("5.3", Choice("ab"),
  setup="""
x = torch.tensor([0.5, 3.], requires_grad=True)
m = x.sin()
y = m.sum()
m.detach_()
""",
  truth=lambda y: "a" if "AccumulateGrad" in nodes(y) else "b",
  right="y's SumBackward0 was built before detach_() and still points at SinBackward0, "
        "which reaches x: y.backward() gives x.grad = cos(x). The post's x, m → y picture "
        "is not what PyTorch 2.13 does.",
  mistakes=[("b", "that is the post's picture, and it is wrong for PyTorch 2.13: detach_() "
                  "changes m from now on (a leaf, no grad_fn), but y's SumBackward0 was "
                  "built before and still points at SinBackward0, which reaches x.")],
  picture=graph("y", "x"), reveal=True)

Q("5.4", Names("c1 c2 c3"),
  setup="""
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
c1 = b * b
c2 = b.sigmoid()
c3 = b + b
b.detach_()
""",
  truth=failing("c1 c2 c3", "{}.sum().backward()"),
  right="only b * b saved b itself (d b² = 2b), and a saved tensor that was detached in "
        "place cannot be used.",
  hints={"c1": (None, "b * b saves b (d b² = 2b), and b was detached in place: backward "
                      "refuses to use it (\"Trying to use a saved tensor that has been "
                      "detached in-place\")."),
         "c2": ("sigmoid saves its output c2, not b: detaching b in place does not touch "
                "it.", None),
         "c3": ("b + b saves nothing: its derivative is 1 + 1.", None)},
  picture=graph("c1", "c2", "c3"))

Q("5.5", Names("p q r s"),
  setup="""
p = torch.ones(3)
q = torch.ones(4)[1:]
r = torch.ones(2, 2).t()
s = torch.ones(3).clone()
""",
  truth=failing("p q r s", "{}.detach_()"),
  right="q (a slice) and r (a transpose) are views, and views cannot be detached in place, "
        "even with no gradient anywhere. p and s own their storage.",
  hints={"q": (None, "q = torch.ones(4)[1:] is a view (a slice), and views cannot be "
                     "detached in place, even when no gradient is involved."),
         "r": (None, "r = torch.ones(2, 2).t() is a view too (a transpose shares its "
                     "base's storage): detach_() refuses it."),
         "s": ("clone() makes a tensor with its own storage, not a view: detach_() works "
               "on it.", None),
         "p": ("p is a plain tensor, not a view: detach_() works (and changes nothing "
               "here).", None)})

Q("5.6", Choice("abc"),
  setup="""
x = torch.tensor([0.5, 1.5], requires_grad=True)
m = x.exp()
loss = (m * m).sum()
""",
  truth="b",
  evidence=[("after m.detach() loss.backward() works",
             lambda _fresh: not isinstance(after("logged = m.detach()\nloss.backward()")(
                 _fresh), Raised)),
            ("after m.detach_() it fails", raises("logged = m.detach_()\nloss.backward()"))],
  right="m.detach() gives a new header on m's values and leaves m, and the graph, alone. "
        "It can be \"undone\" (m is still there); detach_() cannot.",
  mistakes=[("a", "detach_() changes m itself: it leaves the graph for good, and m * m "
                  "saved m for backward, so loss.backward() then fails (\"Trying to use a "
                  "saved tensor that has been detached in-place\")."),
            ("c", "clone() stays in the graph (CloneBackward0): the log would keep the graph "
                  "alive and cost a copy. To read values, detach() is enough.")])

# ------------------------------------------------------------------ 6 copy_

Q("6.1", Numbers(6),
  setup="""
dst = torch.tensor([[1, 2, 3], [4, 5, 6]])
src = torch.tensor([7.9, -1.5, 2.5], requires_grad=True)
dst.copy_(src)
""",
  truth=lambda dst: dst,
  right="src (3,) fills both rows of dst (2, 3), and the values are converted to dst's "
        "dtype, int64, by truncating toward zero: 7.9 -> 7, -1.5 -> -1, 2.5 -> 2.",
  mistakes=[([[8, -2, 2], [8, -2, 2]], "copy_ into an integer tensor truncates toward zero, "
                                       "like int(7.9) == 7; it does not round."),
            ([[7, -2, 2], [7, -2, 2]], "truncation goes toward zero: -1.5 becomes -1, not -2 "
                                       "(that would be floor)."),
            ([[7.9, -1.5, 2.5], [7.9, -1.5, 2.5]], "dst keeps its dtype, int64: the floats "
                                                   "are converted on the way in."),
            ([[7, -1, 2], [4, 5, 6]], "the (3,) source is broadcast to dst's shape (2, 3): "
                                      "it fills every row.")],
  otherwise="src is broadcast over both rows, and each float is converted to int64 the way "
            "int() converts it.",
  picture=memory("dst", "src"))

Q("6.2", Choice("abc"),
  setup="""
dst = torch.tensor([[1, 2, 3], [4, 5, 6]])
src = torch.tensor([7.9, -1.5, 2.5], requires_grad=True)
dst.copy_(src)
""",
  truth=lambda dst: "a" if dst.requires_grad else "b",
  right="only floating-point (and complex) tensors can require grad, so copy_ into an int64 "
        "destination records nothing: dst.requires_grad is False, and no gradient will ever "
        "reach src through it. Silently.",
  mistakes=[("a", "that is what a float destination would do (CopyBackwards). An int64 tensor "
                  "cannot require grad, so copy_ records nothing: requires_grad stays False "
                  "and the gradient is silently gone."),
            ("c", "the copy worked (look at dst's values); it just left no trace in the "
                  "graph.")])


def _changed(dst, before):
    now = (dst.dtype, tuple(dst.shape), dst.untyped_storage().data_ptr(), dst._version)
    out = {n for n, x, y in zip(("dtype", "shape", "storage", "version"), now, before) if x != y}
    if not same(dst, [0.] * dst.numel()):
        out.add("values")
    return out


Q("6.3", Names("dtype shape storage values version"),
  setup="""
dst = torch.zeros(2, 3)
src = torch.arange(3, dtype=torch.float64)
before = (dst.dtype, tuple(dst.shape), dst.untyped_storage().data_ptr(), dst._version)
dst.copy_(src)
""",
  truth=_changed,
  right="copy_ writes values into dst as it is: same dtype, shape and storage; the values "
        "change, and so does _version (it is an in-place write).",
  hints={"dtype": ("dst keeps its dtype: the float64 values are converted to float32 on the "
                   "way in.", None),
         "shape": ("dst never changes shape: src (3,) is broadcast to fill (2, 3).", None),
         "storage": ("copy_ writes into dst's own storage: same memory, nothing allocated.",
                     None),
         "values": (None, "dst's zeros became 0, 1, 2 in both rows: the values are what "
                          "copy_ is for."),
         "version": (None, "copy_ is an in-place write: dst._version goes from 0 to 1.")})

Q("6.4", Names("a b c d"),
  setup="""
def a(): return torch.zeros(2, 3).copy_(torch.ones(3))
def b(): return torch.zeros(2, 3).copy_(torch.ones(2))
def c(): return torch.zeros(2, 3).copy_(torch.ones(2, 1))
def d(): return torch.zeros(3).copy_(torch.ones(1, 3))
""",
  truth=failing("a b c d", "{}()"),
  right="the source is broadcast to the destination's shape, matching from the right: "
        "(3,) and (2, 1) stretch to (2, 3); (2,) does not line up with 3, and (1, 3) "
        "has more dimensions than (3,).",
  hints={"a": ("(3,) stretches over every row of (2, 3).", None),
         "b": (None, "(2,) cannot line up with the last dimension, 3: broadcasting matches "
                     "shapes from the right."),
         "c": ("(2, 1) stretches to (2, 3): a size-1 dimension repeats.", None),
         "d": (None, "the source is stretched to the destination, never squeezed: (1, 3) "
                     "has more dimensions than (3,), so it fails.")})

Q("6.5", Outcome(3),
  setup="""
s = torch.tensor([0.5, -1., 2.], requires_grad=True)
d = torch.ones(3)
d.copy_(s + 1)
""",
  truth=after("(d ** 2).sum().backward()", lambda s: s.grad),
  right="copy_ from a source that requires grad is recorded (CopyBackwards): d = s + 1, so "
        "the gradient of Σd² is 2d = 2(s + 1) = [3., 0., 6.].",
  mistakes=[(ERROR, "copy_ records CopyBackwards: d joins the graph and the gradient flows "
                    "back to s. (Older posts say copy_ breaks the graph; in 2.13 it does "
                    "not.)"),
            ([1., -2., 4.], "d = s + 1, so the gradient of Σd² is 2d = 2(s + 1), not 2s."),
            ([4., 4., 4.], "copy_ replaced d's ones: d is s + 1 now, and the gradient of Σd² "
                           "is 2d.")],
  otherwise="the gradient flows through CopyBackwards and s + 1 to s: 2d.",
  picture=graph("d"))


def _frozen_copy(trained, frozen, before):
    """What is wrong with the copy into ``frozen`` (a message), or None."""
    for name, old in zip(("weight", "bias"), before):
        f, t = getattr(frozen, name), getattr(trained, name)
        if shares(f, t):
            return (_("frozen.%s shares trained.%s's memory: every training step of trained "
                    "would change the frozen branch too. copy_() copies the values into "
                    "frozen's own storage.") % (name, name))
        if f is not old:
            return (_("frozen.%s is a new object now: anything holding the old Parameter (an "
                    "optimizer, a hook) no longer sees it. Copy into the existing tensor "
                    "with copy_().") % name)
        if f.grad_fn is not None or f.requires_grad:
            return (_("frozen.%s joined trained's graph (it has a grad_fn now and requires "
                    "grad): the frozen branch is no longer frozen, and backward through it "
                    "would reach trained. Do the copy inside torch.no_grad().") % name)
    return None


Q("6.6", Code(),
  setup="""
_ = torch.manual_seed(0)
trained = nn.Linear(3, 2)
frozen = nn.Linear(3, 2).requires_grad_(False)
before = (frozen.weight, frozen.bias)
""",
  rules=[Rule(lambda trained, frozen: shares(frozen.weight, trained.weight)
              or shares(frozen.bias, trained.bias), _frozen_copy,
              picture=memory("trained", "frozen"),
              example="frozen.weight.data = trained.weight.data\n"
                      "frozen.bias.data = trained.bias.data"),
         Rule(lambda frozen, before: frozen.weight is not before[0]
              or frozen.bias is not before[1], _frozen_copy,
              example="frozen.weight = nn.Parameter(trained.weight.detach().clone(), "
                      "requires_grad=False)\nfrozen.bias = nn.Parameter("
                      "trained.bias.detach().clone(), requires_grad=False)"),
         Rule(lambda frozen: frozen.weight.requires_grad or frozen.bias.requires_grad,
              _frozen_copy, picture=graph("frozen"),
              example="frozen.weight.copy_(trained.weight)\nfrozen.bias.copy_(trained.bias)"),
         Rule(lambda trained, frozen: not (equal(frozen.weight, trained.weight)
                                           and equal(frozen.bias, trained.bias)),
              "frozen still holds its own values: nothing was copied yet. Use copy_() "
              "inside torch.no_grad().", status="todo")],
  right="values copied, same Parameter objects, own memory, still frozen and out of any "
        "graph.")

# ------------------------------------------------------------------ 7 which copy

_COPIES = """
a = torch.tensor([1., 2., 3.], requires_grad=True)
d = a.detach()
c = a.clone()
s = a.detach().clone()
k = copy.deepcopy(a)
"""


def _reaches(t, a):
    if not (t.requires_grad and t.grad_fn is not None):
        return False
    return torch.autograd.grad(t.sum(), [a], retain_graph=True, allow_unused=True)[0] is not None


Q("7.1", Names("d c s k"),
  setup=_COPIES,
  truth=lambda a, d, c, s, k: {n for n, t in dict(d=d, c=c, s=s, k=k).items() if shares(t, a)},
  right="only detach() shares memory; clone(), detach().clone() and deepcopy copy.",
  hints={"d": (None, "d = a.detach() shares a's storage: detach() does not copy."),
         "c": ("c = a.clone() has its own storage: clone() always copies.", None),
         "s": ("s = a.detach().clone(): the clone() copies.", None),
         "k": ("k = copy.deepcopy(a) copies everything, memory included.", None)},
  picture=memory("a", "d", "c", "s", "k"))

Q("7.2", Names("d c s k"),
  setup=_COPIES,
  truth=lambda a, d, c, s, k: {n for n, t in dict(d=d, c=c, s=s, k=k).items()
                               if _reaches(t, a)},
  right="only the clone is still connected to a (CloneBackward0).",
  hints={"c": (None, "c = a.clone() is in the graph (CloneBackward0): its gradient reaches a."),
         "d": ("d = a.detach() left the graph.", None),
         "s": ("s = a.detach().clone() is detached first: out of the graph.", None),
         "k": ("k = copy.deepcopy(a) is a new leaf: it requires grad, but its gradient goes "
               "to k.grad, never to a.", None)},
  picture=graph("c", "k"))

Q("7.3", Names("alias det snap cl"),
  setup="""
w = torch.tensor([0.5, -1.5], requires_grad=True)
alias = w
det = w.detach()
snap = w.detach().clone()
cl = w.clone()
with torch.no_grad():
    w -= 0.1                       # one training step
""",
  truth=lambda alias, det, snap, cl: {n for n, t in dict(alias=alias, det=det, snap=snap,
                                                          cl=cl).items()
                                      if same(t, [0.5, -1.5])},
  right="snap and cl copied the values before the step. Only snap is the clean snapshot: "
        "cl is still in w's graph (CloneBackward0).",
  hints={"alias": ("alias is w itself (a second name for one tensor), so it shows the step.",
                   None),
         "det": ("w.detach() shares w's storage: the in-place step changed it too.", None),
         "snap": (None, "snap has its own storage: the step did not touch it."),
         "cl": (None, "w.clone() copied the values before the step, so it keeps them (it is "
                      "still in w's graph, though).")},
  picture=memory("w", "det", "snap", "cl"))

Q("7.4", Tuple(*[Choice("abcd")] * 4, what="a tuple of four letters (1, 2, 3, 4)"),
  setup="""
w = torch.tensor([0.5, -1.5], requires_grad=True)
model = nn.Linear(2, 1)
""",
  truth=("c", "a", "b", "d"),
  evidence=[("w.detach() shares w's memory", lambda w: shares(w.detach(), w)),
            ("w.clone() has its own memory and stays in the graph",
             lambda w: not shares(w.clone(), w) and w.clone().grad_fn is not None),
            ("w.detach().clone() has its own memory and no graph",
             lambda w: not shares(w.detach().clone(), w) and not w.detach().clone().requires_grad),
            ("copy.deepcopy(model) has parameters of its own",
             lambda model: not shares(copy.deepcopy(model).weight, model.weight))],
  right="(1) a snapshot needs its own memory and no graph: detach().clone(); (2) a read-only "
        "target just needs to be out of the graph: detach(); (3) an in-place change that "
        "gradients must still pass: clone(); (4) a whole model: copy.deepcopy.",
  mistakes=[(("a", ANY, ANY, ANY), "(1): w.detach() shares w's memory, so training would change "
                                "the \"saved\" weights too. Add .clone()."),
            (("b", ANY, ANY, ANY), "(1): w.clone() has its own memory but stays in the graph "
                                "and requires grad; a snapshot wants detach().clone()."),
            ((ANY, "c", ANY, ANY), "(2): a target that is only read needs no copy: detach() is "
                                "enough (no memory spent)."),
            ((ANY, "b", ANY, ANY), "(2): clone() stays in the graph: the loss would send "
                                "gradient into the network through the target."),
            ((ANY, ANY, "a", ANY), "(3): a write through detach() changes the original's "
                                "memory (and can break backward); clone() gives memory of "
                                "its own and keeps the gradient flowing."),
            ((ANY, ANY, "c", ANY), "(3): detach().clone() cuts the graph: no gradient would "
                                "reach the earlier layers. clone() keeps it."),
            ((ANY, ANY, ANY, "c"), "(4): detach().clone() copies one tensor; a whole model "
                                "with all its parameters is copy.deepcopy(model).")],
  otherwise="ask the three questions for each situation: own memory? requires grad? still "
            "in the graph?")

Q("7.5", Choice("abc"),
  setup="""
x = torch.zeros(3)
p = x.new_tensor([1., 2.], requires_grad=True)
""",
  truth=lambda p, x: "c" if shares(p, x) else ("a" if p.is_leaf and p.requires_grad else "b"),
  right="new_tensor copies the data it is given and records nothing: p is a fresh leaf "
        "that requires grad, with x's dtype and device (like "
        "torch.tensor(...).requires_grad_(True)).",
  mistakes=[("b", "new_tensor records nothing: p.grad_fn is None, so p is a leaf, and "
                  "requires_grad=True makes it a trainable one."),
            ("c", "new_tensor always copies its data into new memory; it borrows only x's "
                  "dtype and device.")])

Q("7.6", Choice("abc"),
  setup="""
a = torch.tensor([1., 2., 3.], requires_grad=True)
x = a * 2
""",
  truth="c",
  evidence=[("copy.deepcopy(x) raises for a non-leaf x", raises("copy.deepcopy(x)"))],
  right=lambda _fresh: _("deepcopy works on leaves only: ") + after("copy.deepcopy(x)")(_fresh).text,
  mistakes=[("a", "deepcopy does not copy graphs: x = a * 2 is not a leaf, and PyTorch "
                  "refuses to deepcopy it."),
            ("b", "deepcopy refuses non-leaf tensors; for a detached copy write "
                  "x.detach().clone().")])

Q("7.7", Code(),
  setup="""
w = torch.tensor([0.5, -1.5], requires_grad=True)
""",
  needs={"snapshot": "set snapshot to a copy of w's current values."},
  rules=[Rule(lambda snapshot: not is_tensor(snapshot), "snapshot should be a tensor.",
              example="snapshot = [0.5, -1.5]"),
         Rule(lambda snapshot, w: shares(snapshot, w),
              "snapshot shares w's memory (detach() alone copies nothing): it would change "
              "whenever w is trained. Add .clone().", picture=memory("w", "snapshot"),
              example="snapshot = w.detach()"),
         Rule(lambda snapshot: snapshot.requires_grad or snapshot.grad_fn is not None,
              "snapshot is still in the graph (clone() alone keeps it there): detach it, with "
              "w.detach().clone().", example="snapshot = w.clone()"),
         Rule(lambda snapshot, w: not same(snapshot, w),
              "snapshot does not hold w's values.", example="snapshot = torch.zeros(2)")],
  right="own memory, no gradient, w's values: w.detach().clone().")

# ------------------------------------------------------------------ 8 views

Q("8.1", Ints(),
  setup="""
x = torch.arange(24.).view(2, 3, 4)
y = x[:, 1]
""",
  truth=lambda y: y.stride(),
  right="y = x[:, 1] drops the middle dimension; the others keep their strides: 12 to the "
        "next block, 1 along a row.",
  mistakes=[((4, 1), "y has shape (2, 4), but its first dimension still steps over a whole "
                     "3 × 4 block of x: 12 elements, not 4."),
            ((12, 4, 1), "y has two dimensions (shape (2, 4)): its stride has two numbers."),
            ((2, 4), "that is y's shape; the stride says how many storage elements to "
                     "step per dimension.")],
  otherwise="a view keeps x's strides for the dimensions it keeps; x's are (12, 4, 1).",
  picture=memory("x", "y"))

Q("8.2", Whole(),
  setup="""
x = torch.arange(24.).view(2, 3, 4)
y = x[:, 1]
""",
  truth=lambda y: y.storage_offset(),
  right="y starts at x[0, 1, 0]: one row of 4 into the storage.",
  mistakes=[(1, "storage_offset() counts elements, not rows: row 1 of the first block starts "
                "after one row of 4."),
            (16, "16 would be bytes (4 float32); storage_offset() counts elements."),
            (0, "y = x[:, 1] skips row 0 of the first block: it starts 4 elements in.")],
  otherwise="find the storage element of y's first element, x[0, 1, 0].",
  picture=memory("x", "y"))

Q("8.3", Ints(),
  setup="""
x = torch.arange(24.).view(2, 3, 4)
p = x.permute(2, 0, 1)
""",
  truth=lambda p: p.stride(),
  right="permute moves strides with their dimensions: new dims (2, 0, 1) have x's strides "
        "(1, 12, 4). Nothing moves in memory.",
  mistakes=[((12, 4, 1), "permute moves each stride with its dimension: the new first "
                         "dimension is x's last one, stride 1."),
            ((4, 2, 3), "that is p's shape; its stride is x's strides (12, 4, 1) reordered "
                        "the same way.")],
  otherwise="take x's strides (12, 4, 1) in the order (2, 0, 1).")

Q("8.4", Names("v1 v2 v3 v4 v5 v6"),
  setup="""
x = torch.arange(6.).view(2, 3)
v1 = x.view(6)
v2 = x.t().reshape(6)
v3 = x[:, ::2]
v4 = x.flatten()
v5 = x[[0, 1]]
v6 = x.unsqueeze(0)
""",
  truth=lambda x, v1, v2, v3, v4, v5, v6: {
      n for n, t in dict(v1=v1, v2=v2, v3=v3, v4=v4, v5=v5, v6=v6).items() if shares(t, x)},
  right="view, a stepped slice, flatten of a contiguous tensor and unsqueeze are views; "
        "reshape of a transpose and indexing with a list copy.",
  hints={"v1": (None, "view() never copies."),
         "v2": ("a transpose is not in row-major order, so reshape() must copy to flatten it.",
                None),
         "v3": (None, "a step in a slice is just a bigger stride: x[:, ::2] is still a view."),
         "v4": (None, "flatten() of a contiguous tensor is a view (like view(-1))."),
         "v5": ("indexing with a list (advanced indexing) always copies.", None),
         "v6": (None, "unsqueeze() only adds a dimension of size 1 to the header: a view.")},
  picture=memory("x", "v2", "v5"))

Q("8.5", Whole(),
  setup="""
e = torch.tensor([1., 2., 3.]).expand(1000, 3)
""",
  truth=lambda e: e.untyped_storage().nbytes() // e.element_size(),
  right="expand copies nothing: stride 0 along the new dimension reads the same 3 numbers "
        "1000 times.",
  mistakes=[(3000, "expand copies nothing: stride 0 along the new dimension reads the same "
                   "3 numbers 1000 times."),
            (1000, "the storage holds the numbers of the original (3,) tensor; expand only "
                   "makes a header with stride 0.")],
  otherwise="look at e.stride(): (0, 1).",
  picture=memory("e"), reveal=True)

Q("8.6", Code(),
  setup="""
v = torch.arange(12.).view(3, 4)
col = v[:, 1]
""",
  needs={"col_copy": "set col_copy to a contiguous copy of col."},
  rules=[Rule(lambda col_copy: not is_tensor(col_copy), "col_copy should be a tensor.",
              example="col_copy = col.tolist()"),
         Rule(lambda col, col_copy: shares(col_copy, col),
              "col_copy shares col's storage: it is a view, not a copy.",
              picture=memory("col", "col_copy"), example="col_copy = col"),
         Rule(lambda col_copy: not col_copy.is_contiguous(), "col_copy is not contiguous.",
              example="col_copy = v.clone()[:, 1]"),
         Rule(lambda col, col_copy: not equal(col_copy, col),
              "col_copy does not hold col's values.", example="col_copy = v[:, 2].contiguous()")],
  right=lambda col_copy: _("own storage, stride %s: col.contiguous() (or col.clone()).")
                         % (col_copy.stride(),))

# ------------------------------------------------------------------ 9 freezing

Q("9.1", Names("enc.weight enc.bias dec.weight dec.bias"),
  setup="""
_ = torch.manual_seed(0)
enc = nn.Linear(3, 4)
dec = nn.Linear(4, 2)
enc.weight.requires_grad_(False)
loss = dec(enc(torch.randn(5, 3)).relu()).sum()
loss.backward()
""",
  truth=lambda enc, dec: have_grad(enc=enc, dec=dec),
  right="only enc.weight was frozen; every parameter that still requires grad got one.",
  hints={"enc.weight": ("enc.weight was frozen with requires_grad_(False): it gets no .grad.",
                        None),
         "enc.bias": (None, "only enc.weight was frozen: enc.bias still requires grad, and the "
                            "gradient reaches it through dec and relu."),
         "dec.weight": (None, "dec is not frozen: its parameters get gradients."),
         "dec.bias": (None, "dec is not frozen: its parameters get gradients.")})

Q("9.2", Names("enc.weight enc.bias dec.weight dec.bias"),
  setup="""
_ = torch.manual_seed(0)
enc = nn.Linear(3, 4)
dec = nn.Linear(4, 2)
with torch.no_grad():
    h = enc(torch.randn(5, 3))
loss = dec(h).sum()
loss.backward()
""",
  truth=lambda enc, dec: have_grad(enc=enc, dec=dec),
  right="h was computed inside torch.no_grad(): nothing was recorded, so the graph starts "
        "at h and only dec learns.",
  hints={"enc.weight": ("h was computed inside torch.no_grad(): nothing was recorded there, "
                        "so the graph starts at h and no gradient reaches enc.", None),
         "enc.bias": ("h was computed inside torch.no_grad(): nothing was recorded there, "
                      "so the graph starts at h and no gradient reaches enc.", None),
         "dec.weight": (None, "dec ran outside no_grad, on h: its parameters get gradients."),
         "dec.bias": (None, "dec ran outside no_grad, on h: its parameters get gradients.")})


def _unchanged(body, before):
    return equal(body.weight, before)


Q("9.3", Choice("abc"),
  setup="""
_ = torch.manual_seed(0)
body = nn.Linear(2, 3)
head = nn.Linear(3, 1)
body.requires_grad = False                                               # (a)
opt = torch.optim.SGD([*body.parameters(), *head.parameters()], lr=0.1)  # (b)
before = body.weight.detach().clone()
for step in range(3):
    opt.zero_grad()
    loss = head(body(torch.randn(4, 2)).relu()).pow(2).mean()            # (c)
    loss.backward()
    opt.step()
""",
  truth="a",
  evidence=[("body.weight changed", lambda body, before: not _unchanged(body, before)),
            ("with body.requires_grad_(False) it stays put",
             with_fix("body.requires_grad = False", "body.requires_grad_(False)", _unchanged))],
  right="body.requires_grad = False only sets a new attribute on the module object; its "
        "parameters still require grad. body.requires_grad_(False), with the underscore, "
        "sets it on every parameter.",
  mistakes=[("b", "giving frozen parameters to the optimizer is harmless: SGD skips every "
                  "parameter whose .grad is None. The freeze itself is broken."),
            ("c", "relu and pow are fine; the gradient reaches body because its parameters "
                  "still require grad.")])


def _frozen_at(w):
    return close(w.item(), 0.8)


Q("9.4", Choice("abcd"),
  setup="""
w = torch.tensor([1.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
(w * 2).sum().backward()
opt.step()                              # (a) one training step: w is 0.8
w.requires_grad_(False)                 # (b) freeze w
opt.zero_grad(set_to_none=False)        # (c) clear the gradient
opt.step()                              # (d) w moves again, to 0.62
""",
  truth="c",
  evidence=[("w moved after the freeze", lambda w: not _frozen_at(w)),
            ("with opt.zero_grad() it stays at 0.8",
             with_fix("opt.zero_grad(set_to_none=False)", "opt.zero_grad()", _frozen_at))],
  right="zero_grad(set_to_none=False) leaves w.grad = tensor([0.]) instead of None, and "
        "SGD updates every parameter whose .grad is not None: its momentum keeps pushing w. "
        "The default zero_grad() sets .grad to None, and SGD then skips w.",
  mistakes=[("a", "the first step is ordinary training, before the freeze."),
            ("b", "requires_grad_(False) does stop autograd from computing w's gradient, but "
                  "the optimizer never looks at requires_grad: it updates every parameter "
                  "whose .grad is not None."),
            ("d", "step() is meant to run; it only does harm because w.grad is a tensor of "
                  "zeros instead of None, so SGD applies its momentum (and would apply weight "
                  "decay) to w.")])


def _distill(loss, teacher, student):
    return reached(loss, teacher=teacher), reached(loss, student=student)


Q("9.5", Code(),
  setup="""
_ = torch.manual_seed(0)
teacher = nn.Linear(3, 2)
student = nn.Linear(3, 2)
x = torch.randn(8, 3)
""",
  needs={"loss": "set loss to the fixed line."},
  rules=[Rule(lambda loss: not is_tensor(loss), "loss should be a tensor.", example="loss = 0."),
         Rule(lambda loss, teacher, student: _distill(loss, teacher, student)[0]
              and not _distill(loss, teacher, student)[1],
              "the gradient reaches the teacher and not the student: the detach() sits on "
              "the wrong branch. Detach the target, teacher(x), not the prediction.",
              picture=graph("loss"),
              example="loss = ((student(x).detach() - teacher(x)) ** 2).mean()"),
         Rule(lambda loss, teacher, student: _distill(loss, teacher, student)[0],
              "the teacher still gets gradients: detach teacher(x) (or compute it inside "
              "torch.no_grad()).", picture=graph("loss"),
              example="loss = ((student(x) - teacher(x)) ** 2).mean()"),
         Rule(lambda loss, teacher, student: not _distill(loss, teacher, student)[1],
              "no gradient reaches the student: detach only the teacher's output.",
              example="loss = ((student(x) - teacher(x)).detach() ** 2).mean()")],
  right="the gradient reaches only the student; the teacher's output is a fixed target.")


def _linears(net):
    return [m for m in net if isinstance(m, nn.Linear)]


def _trainable(net):
    return [any(p.requires_grad for p in m.parameters()) for m in _linears(net)]


Q("9.6", Code(),
  setup="""
def make_nets():
    return [nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1)),
            nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 4), nn.ReLU(),
                          nn.Linear(4, 2))]
""",
  needs={"freeze_all_but_last": "write freeze_all_but_last(net)."},
  rules=[Rule(lambda freeze_all_but_last, make_nets: _tried(freeze_all_but_last, make_nets)
              is None, lambda freeze_all_but_last, make_nets: _tried_error(
                  freeze_all_but_last, make_nets),
              example="    net[5].requires_grad_(False)"),
         Rule(lambda freeze_all_but_last, make_nets: any(
             not n.training for n in _tried(freeze_all_but_last, make_nets)),
              "eval() freezes nothing: it only switches layers such as Dropout and "
              "BatchNorm to evaluation behaviour. Freeze with requires_grad_(False).",
              example="    net.eval()"),
         Rule(lambda freeze_all_but_last, make_nets: all(
             all(_trainable(n)) for n in _tried(freeze_all_but_last, make_nets)),
              "nothing is frozen yet: call requires_grad_(False) on every Linear layer but "
              "the last.", status="todo"),
         Rule(lambda freeze_all_but_last, make_nets: any(
             _trainable(n)[-1] is False for n in _tried(freeze_all_but_last, make_nets)),
              "the last layer is frozen too: net.requires_grad_(False) freezes everything.",
              example="    net.requires_grad_(False)"),
         Rule(lambda freeze_all_but_last, make_nets: any(
             any(_trainable(n)[:-1]) for n in _tried(freeze_all_but_last, make_nets)),
              lambda freeze_all_but_last, make_nets: _("in a deeper network a Linear layer "
              "before the last still learns (trainable: %s): freeze every Linear but the "
              "last, not only net[0].") % _trainable(_tried(freeze_all_but_last, make_nets)[-1]),
              example="    net[0].requires_grad_(False)")],
  right="on a 2-layer and a 3-layer network alike, only the last Linear layer still "
        "requires grad.")


def _tried(freeze, make_nets):
    """Run the learner's function on the check's own fresh networks (None if it raised)."""
    nets = make_nets()
    try:
        for n in nets:
            freeze(n)
    except Exception:
        return None
    return nets


def _tried_error(freeze, make_nets):
    try:
        for n in make_nets():
            freeze(n)
    except Exception as e:
        return _("freeze_all_but_last raised %s on the check's own networks (one with 2 and one " \
               "with 3 Linear layers).") % error_text(e)
    return ""


Q("9.7", Choice("abc"),
  setup="""
_ = torch.manual_seed(0)
net = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.5), nn.Linear(2, 1))
net.eval()
net(torch.randn(3, 2)).sum().backward()
""",
  truth=lambda net: {4: "b", 0: "a"}.get(len(have_grad(net=net)), "c"),
  right="eval() is neither a freeze nor a grad mode: it sets module.training = False "
        "(Dropout stops dropping, BatchNorm uses its running statistics). All four "
        "parameters get gradients.",
  mistakes=[("a", "eval() is not a freeze and not a grad mode: it sets training = False "
                  "(Dropout stops dropping). Gradients still flow to every parameter. "
                  "Freeze with requires_grad_(False); record nothing with torch.no_grad()."),
            ("c", "eval() does not touch requires_grad anywhere: every parameter still gets "
                  "a gradient.")])

# ------------------------------------------------------------------ 10 pitfalls

Q("10.1", Tuple(Whole(), Whole(), what="a pair (N, M)"),
  setup="""
x = torch.tensor([0.5, 1.], requires_grad=True)
y = x.exp()
y.add_(1)
y.mul_(2)
""",
  truth=versions("y.sum().backward()"),
  right=lambda _fresh: _("each in-place operation bumps y's version (add_, then mul_: 2), "
                       "and exp saved y at version 0. backward() says: ") + after(
                           "y.sum().backward()")(_fresh).text,
  mistakes=[((1, 0), "each in-place operation bumps the version: add_ and mul_ make 2."),
            ((2, 1), "exp saved its output when it made it, at version 0."),
            ((0, 2), "the other way round: N is y's version now, M the one exp saved.")],
  otherwise="count y's in-place operations; exp saved y when it made it.",
  picture=graph("y"))

Q("10.2", Outcome(2),
  setup="""
x = torch.tensor([0.5, -1.], requires_grad=True)
y = x.tanh()
y.data.zero_()
""",
  truth=after("y.sum().backward()", lambda x: x.grad),
  right="no error, wrong answer: TanhBackward0 computes 1 - y² from its saved output, "
        "which .data.zero_() zeroed without bumping the version: 1 - 0² = 1.",
  mistakes=[(ERROR, ".data hides the write from the version counter (y._version stays 0), so "
                    "backward cannot notice: no error, and a wrong gradient."),
            ([0.7864, 0.42], "that is the true gradient 1 - tanh²(x). But TanhBackward0 "
                             "computes it from the saved output y, which .data.zero_() "
                             "zeroed: 1 - 0² = 1. Silently wrong."),
            ([0., 0.], "TanhBackward0 computes 1 - y² from the saved (zeroed) output: "
                       "1 - 0 = 1, not 0.")],
  otherwise="TanhBackward0 multiplies by 1 - y², with the y it saved.")


def _grad_zero(w):
    return w.grad.abs().sum().item() == 0


Q("10.3", Choice("abcd"),
  setup="""
x = torch.tensor([[0.5, 2.0]])
w = torch.tensor([[1.0], [1.0]], requires_grad=True)
h = torch.sigmoid(x @ w)              # (a)
h.data.clamp_(max=0.9)                # (b) keep h away from 1
loss = ((h - 1.0) ** 2).sum()         # (c)
loss.backward()                       # (d)
""",
  truth="b",
  evidence=[("w.grad is not zero", lambda w: not _grad_zero(w)),
            ("with h = h.clamp(max=0.9) it is the loss's true gradient, zero",
             with_fix("h.data.clamp_(max=0.9)", "h = h.clamp(max=0.9)", _grad_zero))],
  right="h.data.clamp_ changed h without bumping its version, so SigmoidBackward0 used the "
        "clamped 0.9 in h(1 - h), as if sigmoid had given 0.9. The clamp is active, so the "
        "loss does not change with w: its true gradient is 0. Write h = h.clamp(max=0.9).",
  mistakes=[("a", "sigmoid is fine: it saves its output h for backward, which is exactly why "
                  "changing h behind its back matters."),
            ("c", "the loss is fine; the trouble is the h it reads, changed through .data "
                  "after sigmoid saved it."),
            ("d", "backward() runs without an error, and that is the problem: the write "
                  "through .data did not bump h's version, so nothing noticed.")])

Q("10.4", Numbers(3),
  setup="""
w = torch.zeros(3, requires_grad=True)
n = w.detach().numpy()
n += 1
""",
  truth=lambda w: w,
  right="w.detach().numpy() shares w's memory and n += 1 is in place: the weight changed.",
  mistakes=[([0., 0., 0.], "w.detach().numpy() copies nothing, and n += 1 writes in place: "
                           "the weight changed too.")],
  otherwise="n and w are one storage.",
  picture=memory("w"))

Q("10.5", Code(),
  setup="""
w = torch.tensor([1., 2.], requires_grad=True)
""",
  needs={"safe": "set safe to a NumPy array with w's values."},
  rules=[Rule(lambda safe: is_tensor(safe),
              "safe is a tensor; the task asks for a NumPy array (.numpy()).",
              example="safe = w.detach().clone()"),
         Rule(lambda safe: not isinstance(safe, np.ndarray), "safe should be a NumPy array.",
              example="safe = [1., 2.]"),
         Rule(lambda safe, w: np.shares_memory(safe, w.detach().numpy()),
              "safe shares w's memory: .numpy() copies nothing. Add .copy().",
              picture=memory("w"), example="safe = w.detach().numpy()"),
         Rule(lambda safe, w: not same(safe, w), "safe does not hold w's values.",
              example="safe = np.zeros(2)")],
  right="an array of its own: w.detach().numpy().copy().")

Q("10.6", Numbers(2),
  setup="""
arr = np.ones(2)
t = torch.from_numpy(arr)
arr *= 3
arr = arr - 1
arr[0] = 50
""",
  truth=lambda t: t,
  right="arr *= 3 wrote into the shared memory; arr = arr - 1 made a new array and moved "
        "the name arr to it. t kept the old memory: [3., 3.].",
  mistakes=[([50., 2.], "arr = arr - 1 made a new array and moved the name arr to it; t still "
                        "shares the old memory, which holds [3., 3.]."),
            ([2., 2.], "arr = arr - 1 made a new array: the old one, which t shares, still "
                       "holds [3., 3.]."),
            ([1., 1.], "arr *= 3 is in place: t sees it.")],
  otherwise="follow which array t shares: the first one.",
  picture=memory("t"))

Q("10.7", Choice("abc"),
  setup="""
x = torch.tensor([0., 1.], requires_grad=True)
y = x.sigmoid()
y = y + 1
""",
  truth="b",
  evidence=[("backward works", lambda _fresh: not isinstance(
                after("y.sum().backward()")(_fresh), Raised)),
            ("y + 1 is recorded", lambda y: node_name(y.grad_fn) == "AddBackward0")],
  right="y + 1 makes a new tensor and moves the name y to it; the tensor sigmoid saved stays "
        "at version 0.",
  mistakes=[("a", "y + 1 is recorded (AddBackward0) like any operation; the point is that it "
                  "makes a new tensor and leaves the saved one alone."),
            ("c", "nothing is detached: y + 1 has grad_fn AddBackward0 and the gradient "
                  "reaches x.")])

# ------------------------------------------------------------------ 11 old posts

Q("11.1", TF,
  setup="""
s = torch.tensor([1., 2.], requires_grad=True)
d = torch.zeros(2)
d.copy_(s)
(d * 3).sum().backward()
""",
  truth=lambda s: (quiet_grad(s) is None, "a"),
  evidence=[("s.grad is [3., 3.]", lambda s: same(s.grad, [3., 3.])),
            ("d.grad_fn is CopyBackwards", lambda d: node_name(d.grad_fn) == "CopyBackwards")],
  right="false in 2.13: copy_ from a source that requires grad is recorded as CopyBackwards, "
        "and the gradient reaches s: s.grad = [3., 3.].",
  mistakes=[((True, ANY), "that is the old posts' claim (copy_ \"breaks the graph, no grad\"). "
                          "In 2.13 copy_ from a source that requires grad is recorded as "
                          "CopyBackwards, and s.grad is [3., 3.]."),
            ((False, "b"), "d did start with requires_grad=False, but copy_ from a source that "
                           "requires grad makes it require grad: d.grad_fn is CopyBackwards."),
            ((False, "c"), "d is not a leaf after the copy (it has a grad_fn), so its .grad "
                           "is not kept: the gradient passes through to s.")])

Q("11.2", TF,
  setup="""
w = torch.tensor([1., -1.], requires_grad=True)
(w * 2).sum().backward()
k = copy.deepcopy(w)
""",
  truth=lambda k: (not k.requires_grad and k.grad is None, "a"),
  evidence=[("k requires grad", lambda k: k.requires_grad),
            ("k.grad is a copy of [2., 2.]",
             lambda k, w: same(k.grad, [2., 2.]) and not shares(k.grad, w.grad))],
  right="false in 2.13: deepcopy copies a leaf with everything attached, requires_grad and "
        "even .grad ([2., 2.]), into memory of its own.",
  mistakes=[((True, ANY), "that is the old posts' table (deepcopy: \"no grad\"). In 2.13 "
                          "k.requires_grad is True and k.grad is a copy of w.grad, [2., 2.]."),
            ((False, "b"), "deepcopy does not detach: k.requires_grad is True."),
            ((False, "c"), "k.grad is a copy, in memory of its own: "
                           "k.grad.untyped_storage().data_ptr() differs from w.grad's.")])

Q("11.3", TF,
  setup="""
arr = np.array([1., 2., 3.])
t = torch.from_numpy(arr)
t.requires_grad_()
(t ** 2).sum().backward()
""",
  truth=lambda t: (quiet_grad(t) is None, "a"),
  evidence=[("t.grad is [2., 4., 6.]", lambda t: same(t.grad, [2., 4., 6.])),
            ("t still shares arr's memory", lambda t, arr: np.shares_memory(
                t.detach().numpy(), arr))],
  right="false: a float64 tensor from from_numpy is an ordinary leaf (that shares the "
        "array's memory); requires_grad_() works and t.grad is [2., 4., 6.]. (Integer "
        "arrays cannot require grad, as for any integer tensor.)",
  mistakes=[((True, ANY), "that is the old posts' table (from_numpy: \"no grad\"). In 2.13 "
                          "requires_grad_() works on a float64 from_numpy tensor, and t.grad "
                          "is [2., 4., 6.]."),
            ((False, "b"), "autograd records operations on tensors; where the memory came "
                           "from does not matter: t.grad is [2., 4., 6.]."),
            ((False, "c"), "requires_grad_() changes t in place and copies nothing: t still "
                           "shares arr's memory.")])

Q("11.4", TF,
  setup="""
a = torch.tensor([1., 2.], requires_grad=True)
c = a.sigmoid().detach()
c.requires_grad_(True)
(c * 5).sum().backward()
""",
  truth=lambda c: (quiet_grad(c) is None, "b"),
  evidence=[("c.grad is [5., 5.]", lambda c: same(c.grad, [5., 5.])),
            ("a.grad is None", lambda a: a.grad is None)],
  right="false: requires_grad_(True) makes c a new leaf of its own graph: c.grad = [5., 5.], "
        "and nothing reaches a.",
  mistakes=[((True, ANY), "that is what one of the old posts says (\"even after setting "
                          "requires_grad back to True it will never have a grad\"). In 2.13 c "
                          "becomes a new leaf and c.grad is [5., 5.]."),
            ((False, "a"), "c.grad is [5., 5.], but c's graph starts at c: a gets nothing "
                           "(a.grad stays None)."),
            ((False, "c"), "c.grad is [5., 5.]: c is a leaf that requires grad, so its "
                           "gradient is kept.")])

Q("11.5", TF,
  setup="""
a = torch.rand(3, 4, requires_grad=True)
b = a.detach()
""",
  truth=lambda _fresh: (raises("b.resize_(4, 3)")(_fresh), "a"),
  evidence=[("after b.resize_(4, 3), b is (4, 3), a is (3, 4), one storage",
             lambda _fresh: after("b.resize_(4, 3)", lambda a, b: tuple(b.shape) == (4, 3)
                                  and tuple(a.shape) == (3, 4) and shares(a, b))(_fresh))],
  right="false in 2.13: the resize works on the detached header only (b is (4, 3), a stays "
        "(3, 4), one storage). resize_as_, set_ and transpose_ work too. The original a, "
        "which requires grad, still cannot be resized.",
  mistakes=[((True, ANY), "that was true in old versions, and one post still shows the error. "
                          "In 2.13 b.resize_(4, 3) works: b becomes (4, 3), a stays (3, 4)."),
            ((False, "b"), "b and a are two headers: resizing b changes only b's shape. a "
                           "stays (3, 4)."),
            ((False, "c"), "resize_ to the same number of elements allocates nothing: b "
                           "still shares a's storage.")])

Q("11.6", TF,
  setup="""
a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
""",
  truth=lambda out: ("grad_fn=<SigmoidBackward>" in repr(out), "a"),
  evidence=[("out.grad_fn is SigmoidBackward0",
             lambda out: node_name(out.grad_fn) == "SigmoidBackward0")],
  right="false in 2.x: node names end in a number, grad_fn=<SigmoidBackward0> (and "
        "SelectBackward0, MulBackward0...). Old posts print the names without it.",
  mistakes=[((True, ANY), "that is how old posts print it. In PyTorch 2.x node names end in "
                          "a number: grad_fn=<SigmoidBackward0>."),
            ((False, "b"), "the node is named after the backward of the operation: "
                           "SigmoidBackward0, not Sigmoid."),
            ((False, "c"), "out was made by an operation on a tensor that requires grad: it "
                           "has a grad_fn, SigmoidBackward0.")])

Q("11.7", TF,
  setup="""
x = torch.tensor([1., 2.], requires_grad=True)
m = x * 2
y = (m * 3).sum()
m.detach_()
y.backward()
""",
  truth=lambda x: (x.grad is None, "a"),
  evidence=[("x.grad is [6., 6.]", lambda x: same(x.grad, [6., 6.]))],
  right="false: y's nodes were built before detach_() and still point back to x, so "
        "y.backward() gives x.grad = [6., 6.]. The post's \"x, m → y\" picture is wrong.",
  mistakes=[((True, ANY), "that is one post's picture (x → m → y becomes x, m → y). In 2.13 "
                          "y's nodes were built before detach_() and still point back to x: "
                          "x.grad is [6., 6.]."),
            ((False, "b"), "y.backward() works (the setup ran it): m * 3 saved only the "
                           "constant 3, not m."),
            ((False, "c"), "follow y = Σ 3m with m = 2x: each element gets 3 · 2 = 6.")])

Q("11.8", TF,
  setup="""
a = torch.tensor([1., 2.], requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    b = a.new_tensor(a)
advice = str(caught[0].message)
""",
  truth=lambda advice: ("clone().detach()" in advice.replace("detach().clone()", ""), "a"),
  evidence=[("PyTorch's warning recommends sourceTensor.detach().clone()",
             lambda advice: "sourceTensor.detach().clone()" in advice),
            ("both orders give equal values out of the graph",
             lambda a: equal(a.clone().detach(), a.detach().clone())
             and not a.clone().detach().requires_grad)],
  right="false: PyTorch's own warning (print(advice)) recommends t.detach().clone(). Both "
        "orders give the same tensor; detaching first means the copy is never recorded in "
        "the graph.",
  mistakes=[((True, ANY), "one of the old posts says so (\"generally use the former\"). "
                          "PyTorch 2.13's own warning recommends sourceTensor.detach().clone(): "
                          "print(advice)."),
            ((False, "b"), "both orders give a tensor out of the graph (requires_grad False), "
                           "with the same values."),
            ((False, "c"), "both orders end with a clone(): memory of their own either way.")])

Q("11.9", TF,
  setup="""
x = torch.tensor([1, 2, 3])
""",
  truth=lambda _fresh: (not raises("torch.randn_like(x)")(_fresh), "a"),
  evidence=[("randn_like raises for int64", raises("torch.randn_like(x)"))],
  right=lambda _fresh: _("false: it raises %s Ask for a float dtype: "
                       "torch.randn_like(x, dtype=torch.float32).") % after(
                           "torch.randn_like(x)")(_fresh).text,
  mistakes=[((True, ANY), "one post's example runs torch.randn_like on an int64 tensor. In "
                          "2.13 that raises NotImplementedError: there is no normal sampler "
                          "for integers."),
            ((False, "b"), "*_like keeps x's dtype, int64, and normal sampling has no int64 "
                           "version: it raises, it does not give integers."),
            ((False, "c"), "*_like does not switch to float32 by itself: it keeps int64, and "
                           "raises.")])

Q("11.10", TF,
  setup="""
x = torch.tensor([1.], requires_grad=True)
z = torch.tensor([2.], requires_grad=True)
""",
  truth=lambda _fresh: (not raises("z.copy_(x)")(_fresh), "b"),
  evidence=[("z.copy_(x) raises", raises("z.copy_(x)"))],
  right=lambda _fresh: _("false: %s In-place changes to a leaf that requires grad are refused; "
                       "load values under torch.no_grad().") % after("z.copy_(x)")(_fresh).text,
  mistakes=[((True, ANY), "one post shows z.copy_(x) overwriting z. In 2.13 it raises: z is a "
                          "leaf that requires grad, and in-place changes to such a leaf are "
                          "refused."),
            ((False, "a"), "it does not get as far as joining x's graph: z is a leaf that "
                           "requires grad, so the in-place copy is refused."),
            ((False, "c"), "z and x have the same shape (1,); the error is about z being a "
                           "leaf that requires grad.")])


def _z_problem(z, original):
    if z is not original:
        return (_("z is a new tensor now: anything holding the old z (an optimizer) does not see "
                "it. Copy into z itself, under torch.no_grad()."))
    if not z.requires_grad:
        return (_("z no longer requires grad: as a weight it would stop training. Keep it "
                "trainable and wrap the copy in torch.no_grad() instead."))
    if not z.is_leaf:
        return _("z joined x's graph (it has a grad_fn): do the copy under torch.no_grad().")
    return None


Q("11.11", Code(),
  setup="""
x = torch.tensor([1.], requires_grad=True)
z = torch.tensor([2.], requires_grad=True)
original = z
""",
  rules=[Rule(lambda z, original: z is not original, _z_problem,
              example="z = x.detach().clone().requires_grad_()"),
         Rule(lambda z: not z.requires_grad or not z.is_leaf, _z_problem,
              example="z.requires_grad_(False)\nz.copy_(x)"),
         Rule(lambda z: not same(z, [1.]), "z still holds 2: copy x's value into it.",
              status="todo")],
  right="z is the same leaf, still requires grad, holds 1 and is not in x's graph: "
        "with torch.no_grad(): z.copy_(x).")
