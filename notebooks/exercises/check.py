"""Instant feedback for the exercise notebooks: ``check("4.1", answer, a=a, d=d)``.

Every check asks the engine for the truth (it never stores the answers), then says what
a wrong answer shows about the learner's picture of tensors ("d shares a's storage:
detach() does not copy"), and draws the memory or graph picture when that helps.

A check prints one line that starts with ✓ (right) or ✗ (not answered yet, or not quite),
and remembers the outcome in ``RESULTS`` (exercise -> "right" | "todo" | "wrong").
It never raises: a notebook of checks always runs to the end.

Teachers adding an exercise: write a function below, decorate it with ``@exercise("N.M")``,
and make it return ``right(...)``, ``todo(...)`` or ``wrong(..., picture)``.
"""
import copy as _copy
import math
import warnings

import numpy as np

import minitensor as torch

try:                        # attempts.py (beside this file) keeps a log for the teacher
    from attempts import record as record_attempt
except ImportError:         # without it, checks work the same, unrecorded
    def record_attempt(*args, **kwargs):
        return None

RESULTS = {}
EXERCISES = {}


def exercise(name):
    def register(fn):
        EXERCISES[name] = fn
        return fn
    return register


def right(msg):
    return "right", msg, None


def todo(msg):
    return "todo", msg, None


def wrong(msg, picture=None):
    return "wrong", msg, picture


LABEL = {"right": "✓ %s right: %s", "todo": "✗ %s not answered yet: %s",
         "wrong": "✗ %s not quite: %s"}


def check(name, answer=None, **given):
    """Check the answer to exercise ``name``; ``given`` are the tensors it is about."""
    fn = EXERCISES.get(name)
    if fn is None:
        print("✗ there is no exercise %r (known: %s)" % (name, ", ".join(EXERCISES)))
        RESULTS[name] = "wrong"
        return
    try:
        status, msg, picture = fn(answer, **given)
    except Exception as e:      # a learner's odd answer must not stop the notebook
        status, msg, picture = "wrong", "the check could not use that answer (%s: %s)" % (
            type(e).__name__, (str(e).splitlines() or [""])[0]), None
    RESULTS[name] = status
    print(LABEL[status] % (name, msg))
    record_attempt(name, status, msg, answer=answer)
    if picture is not None and status == "wrong":
        try:
            from IPython.display import display
            display(picture)
        except Exception:
            pass


# ------------------------------------------------------------------ helpers

def shares(t, u):
    return t.untyped_storage().data_ptr() == u.untyped_storage().data_ptr()


def memory(**named):
    import widgets
    return widgets.draw_memory(*named.values(), namespace=dict(named))


def graph(**named):
    import widgets
    return widgets.draw_graph(*named.values(), namespace=dict(named))


def outcome(run):
    """(raised?, one-line error text) of calling ``run``."""
    try:
        run()
    except Exception as e:
        return True, "%s: %s" % (type(e).__name__, (str(e).splitlines() or [""])[0][:160])
    return False, ""


def floats(answer):
    if isinstance(answer, torch.Tensor):
        return [float(v) for v in answer.detach().reshape(-1).tolist()]
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        return [float(answer)]
    return [float(v) for v in answer]


def same_values(answer, truth, tol=1e-3):
    a, b = floats(answer), floats(truth)
    return len(a) == len(b) and all(math.isclose(x, y, rel_tol=tol, abs_tol=tol)
                                    for x, y in zip(a, b))


def dtype_name(answer):
    s = str(answer).strip().lower()
    return s[len("torch."):] if s.startswith("torch.") else s


def need_bool(answer):
    if answer is None:
        return todo("replace None with True or False, then run the cell again.")
    if not isinstance(answer, bool):
        return todo("answer True or False (you gave %r)." % (answer,))
    return None


def need(answer, what):
    if answer is None:
        return todo("replace None with %s, then run the cell again." % what)
    return None


def grads(model):
    return [n for n, p in model.named_parameters() if p.grad is not None]


def quiet_grad(t):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return t.grad


def names(answer):
    if isinstance(answer, str):
        return {answer}
    return set(answer)


# ------------------------------------------------------------------ 1 start here

@exercise("1.1")
def _(answer, a, v):
    t = need_bool(answer)
    if t:
        return t
    truth = shares(a, v)
    if answer == truth:
        return right("v = a[2:] is a view onto a's storage; slicing copies nothing.")
    return wrong("slicing does not copy: v is a new header onto a's storage, starting "
                 "2 elements in. Compare untyped_storage().data_ptr() (not data_ptr(), "
                 "which is each tensor's first element).", memory(a=a, v=v))


@exercise("1.2")
def _(answer, v):
    t = need(answer, "a whole number")
    if t:
        return t
    truth = v.storage_offset()
    if answer == truth:
        return right("v starts %d elements into the storage." % truth)
    if answer == truth * v.element_size():
        return wrong("%d is the distance in bytes (that is what data_ptr() differences "
                     "give). storage_offset() counts elements, here float32s of %d bytes."
                     % (answer, v.element_size()))
    if answer == 0:
        return wrong("offset 0 would mean v starts where a starts; a[2:] skips two elements.")
    return wrong("storage_offset() counts the storage elements before v's first element.")


@exercise("1.3")
def _(answer, a, v):
    t = need(answer, "a number")
    if t:
        return t
    truth = a[2].item()
    if same_values(answer, truth):
        return right("v[0] and a[2] are the same storage element: the write shows in a.")
    if same_values(answer, 2.0):
        return wrong("v[0] *is* a[2]: the write went into the storage they share, so a "
                     "changed too.", memory(a=a, v=v))
    return wrong("look at which storage element v[0] is (v starts at offset 2).",
                 memory(a=a, v=v))


@exercise("1.4")
def _(answer, a):
    t = need(answer, "a whole number")
    if t:
        return t
    truth = a._version
    if answer == truth:
        return right("a and v share one version counter: one write through v counts once for both.")
    if answer == 0:
        return wrong("the write through v counts for a too: views share their base's version counter.")
    return wrong("each in-place write bumps the shared counter once; there was one write.")


@exercise("1.5")
def _(answer, a, m=None):
    if m is None:
        return todo("set m to a (3, 2) view of a, e.g. with a.view(...).")
    if not isinstance(m, torch.Tensor):
        return wrong("m should be a tensor (you gave a %s)." % type(m).__name__)
    if tuple(m.shape) != (3, 2):
        return wrong("m has shape %s; the task asks for (3, 2)." % (tuple(m.shape),))
    if not shares(m, a):
        return wrong("m has its own storage: it is a copy. view() (or reshape() of a "
                     "contiguous tensor) reuses a's storage.", memory(a=a, m=m))
    return right("m is a (3, 2) view: stride %s over a's storage." % (m.stride(),))


# ------------------------------------------------------------------ 2 creating tensors

def _dtype_check(answer, truth, hints):
    t = need(answer, 'a dtype such as "float32" or torch.float32')
    if t:
        return t
    got = dtype_name(answer)
    want = dtype_name(truth)
    if got == want:
        return None
    return wrong(hints.get(got, "the tensor's dtype is not %s." % got))


@exercise("2.1")
def _(answer, t):
    r = _dtype_check(answer, t.dtype, {
        "float32": "Python ints give int64; only a float among the values gives float32.",
        "int32": "PyTorch's default integer dtype is int64 (long), not int32."})
    return r or right("Python ints become int64.")


@exercise("2.2")
def _(answer, t):
    r = _dtype_check(answer, t.dtype, {
        "float64": "float64 is NumPy's default. PyTorch's default float dtype is float32.",
        "int64": "one float among the values makes the whole tensor floating point."})
    return r or right("any float makes it the default float dtype, float32.")


@exercise("2.3")
def _(answer, arr, t, c):
    t_ = need(answer, "a pair (t[0], c[0])")
    if t_:
        return t_
    got = floats(answer)
    truth = [t[0].item(), c[0].item()]
    pic = memory(arr=arr, t=t, c=c)
    if same_values(got, truth):
        return right("from_numpy shares the array's memory (t changed); torch.tensor copies (c did not).")
    old, new = c[0].item(), t[0].item()
    if same_values(got, [old, old]):
        return wrong("t = torch.from_numpy(arr) shares arr's memory: changing arr changes t.", pic)
    if same_values(got, [new, new]):
        return wrong("c = torch.tensor(arr) copies the data: later changes to arr do not reach c.", pic)
    if same_values(got, [old, new]):
        return wrong("the other way round: from_numpy shares, torch.tensor copies.", pic)
    return wrong("t shares arr's memory, c is a copy made before the change.", pic)


@exercise("2.4")
def _(answer, t):
    r = _dtype_check(answer, t.dtype, {
        "float32": "from_numpy keeps the array's dtype, and NumPy's default float is float64."})
    return r or right("from_numpy keeps NumPy's float64.")


@exercise("2.5")
def _(answer, x, z=None):
    if z is None:
        return todo("set z to a tensor of zeros like x.")
    if not isinstance(z, torch.Tensor):
        return wrong("z should be a tensor.")
    if tuple(z.shape) != tuple(x.shape):
        return wrong("z has shape %s, x has %s." % (tuple(z.shape), tuple(x.shape)))
    if z.dtype != x.dtype:
        return wrong("z is %s but x is %s: torch.zeros(...) uses the default dtype. "
                     "torch.zeros_like(x) borrows x's dtype." % (z.dtype, x.dtype))
    if z.abs().sum().item() != 0:
        return wrong("z is not all zeros.")
    if shares(z, x):
        return wrong("z shares x's memory: writing zeros into x changed x itself.")
    return right("zeros_like(x) takes x's shape, dtype and device.")


# ------------------------------------------------------------------ 3 clone

@exercise("3.1")
def _(answer, a, b):
    t = need_bool(answer)
    if t:
        return t
    if answer == shares(a, b):
        return right("clone() copies the values into a new storage.")
    return wrong("clone() copies: b has its own storage (it is detach() that shares).",
                 memory(a=a, b=b))


@exercise("3.2")
def _(answer, a, b):
    t = need(answer, "a list of three numbers")
    if t:
        return t
    truth = a.grad
    if same_values(answer, truth):
        return right("2 from a * 2 plus 3 through the clone: gradients from both uses add up.")
    n = len(floats(answer))
    if n == 3 and same_values(answer, [2.0] * 3):
        return wrong("the gradient through the clone reaches a too: clone() is a node in the "
                     "graph (CloneBackward0), so a gets 2 + 3.", graph(a=a, b=b))
    if n == 3 and same_values(answer, [3.0] * 3):
        return wrong("a gets both: 2 from a * 2 directly and 3 through b = a.clone().",
                     graph(a=a, b=b))
    if n == 3 and same_values(answer, [6.0] * 3):
        return wrong("gradients from two uses add up; they do not multiply.")
    return wrong("add the gradient of each use of a: (a * 2).sum() and (b * 3).sum() with b = a.clone().")


@exercise("3.3")
def _(answer, b):
    t = need_bool(answer)
    if t:
        return t
    if answer == (quiet_grad(b) is None):
        return right("b is not a leaf, so .grad stays None (PyTorch warns when you read it).")
    return wrong("b was made by clone(), so it is not a leaf: its gradient passes through "
                 "to a and is not stored in b.grad unless you call b.retain_grad() first.")


@exercise("3.4")
def _(answer, a, b):
    g = quiet_grad(b)
    if g is None:
        return todo("b.grad is still None: call b.retain_grad() before y.backward().")
    if same_values(g, [3.0] * 3):
        return right("retain_grad() keeps the non-leaf's gradient: b.grad = 3s, and a.grad = %s."
                     % [round(v, 4) for v in floats(a.grad)])
    return wrong("b.grad is %s; expected 3s from (b * 3).sum(). Did backward run more than once?"
                 % floats(g))


@exercise("3.5")
def _(answer, a):
    t = need(answer, "a list of three numbers")
    if t:
        return t
    if same_values(answer, a.grad):
        return right("gradients accumulate in .grad until you reset them (a.grad = None or zero_grad()).")
    if len(floats(answer)) == 3 and same_values(answer, [5.0] * 3):
        return wrong("backward() adds to .grad, it does not overwrite it: 5 + 5.")
    return wrong("each backward pass adds its gradient to what is already in a.grad.")


# ------------------------------------------------------------------ 4 detach

@exercise("4.1")
def _(answer, a, d):
    t = need_bool(answer)
    if t:
        return t
    if answer == shares(a, d):
        return right("d shares a's storage: detach() copies nothing.")
    return wrong("d shares a's storage: detach() does not copy. It only makes a new header "
                 "that autograd does not follow.", memory(a=a, d=d))


@exercise("4.2")
def _(answer, a, d):
    t = need(answer, "a number")
    if t:
        return t
    if same_values(answer, a[0].item()):
        return right("the write through d went into the storage a uses.")
    return wrong("d and a are two headers on one storage: d[0] = 10. changed a[0] too.",
                 memory(a=a, d=d))


@exercise("4.3")
def _(answer, a):
    t = need(answer, "a whole number")
    if t:
        return t
    if answer == a._version:
        return right("detach() shares the version counter: the write through d counts for a.")
    if answer == 0:
        return wrong("the version counter is shared too: a write through d bumps a._version. "
                     "That is how autograd notices changes made behind its back.")
    return wrong("one in-place write, one bump of the shared counter.")


@exercise("4.4")
def _(answer, z, run):
    pic = graph(z=z)
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("exp saved its output; the in-place change moved its version from 0 to 1. "
                     "backward() said: " + err if raised else "backward() worked.")
    if raised:
        return wrong("exp saves its output y for backward (d/dx eˣ = eˣ). mul_ through the "
                     "detached tensor changed y in place and bumped the shared version, so "
                     "the saved value is stale (red in the picture): " + err, pic)
    return wrong("backward() worked: the change did not touch anything a grad_fn saved.")


@exercise("4.5")
def _(answer, run, y=None):
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("x * 2 saves only the constant 2, so zeroing y does not disturb backward "
                     "(but y's values did change).")
    if raised:
        return wrong("backward() failed: " + err)
    return wrong("x * 2 saves the constant 2, not y: nothing backward needs was changed, so "
                 "it works. (y's values did change: the write shares memory.)")


# ------------------------------------------------------------------ 5 detach_

@exercise("5.1")
def _(answer, c, run):
    pic = graph(c=c)
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("c's graph was built before detach_(): it still reaches a." if not raised
                     else "backward() said: " + err)
    if not raised:
        return wrong("detach_() changes b from now on, but c's AddBackward0 was built before "
                     "and still points at MulBackward0 (picture). Add saves nothing, so "
                     "backward() works and reaches a.", pic)
    return wrong("backward() failed: " + err, pic)


@exercise("5.2")
def _(answer, a):
    if answer is None:
        return todo("replace None with a list of numbers, or the string 'None'.")
    truth = a.grad
    if isinstance(answer, str) and answer.strip() == "None":
        if truth is None:
            return right("no gradient reached a.")
        return wrong("the graph built before detach_() still reaches a, so a.grad is %s."
                     % [round(v, 4) for v in floats(truth)])
    if truth is not None and same_values(answer, truth):
        return right("d(b + 1)/da = 2 for each element, through the old graph.")
    return wrong("follow c = b + 1 with b = a * 2 back to a: each element gets 1 · 2.")


@exercise("5.3")
def _(answer, c, run):
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("b * b saved b, and a saved tensor detached in place cannot be used. " + err)
    if raised:
        return wrong("b * b saves b (d(b²)/db = 2b). After b.detach_() PyTorch refuses to use "
                     "that saved tensor: " + err, graph(c=c))
    return wrong("backward() worked here.")


@exercise("5.4")
def _(answer, run):
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("views cannot be detached in place; use v.detach().")
    if raised:
        return wrong("a view shares its base's storage and history, so detach_() is refused "
                     "on it: " + err)
    return wrong("detach_() worked here.")


# ------------------------------------------------------------------ 6 copy_

@exercise("6.1")
def _(answer, dst):
    r = _dtype_check(answer, dst.dtype, {
        "int64": "copy_ writes into the destination as it is: the values are converted to "
                 "the destination's dtype, which does not change."})
    return r or right("the destination keeps its dtype; the ints were converted on the way in.")


@exercise("6.2")
def _(answer, run):
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("a (3,) source broadcasts over the rows of a (2, 3) destination.")
    if not raised:
        return wrong("copy_ broadcasts the source to the destination's shape: (3,) fills "
                     "every row of (2, 3).")
    return wrong("it failed: " + err)


@exercise("6.3")
def _(answer, run):
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("the destination never changes shape, and (2, 3) does not fit into (3,). " + err)
    if raised:
        return wrong("broadcasting goes one way only: the source is stretched to the "
                     "destination, never the destination to the source. " + err)
    return wrong("it worked.")


@exercise("6.4")
def _(answer, trained, frozen, before):
    pairs = [("weight", frozen.weight, trained.weight, before[0]),
             ("bias", frozen.bias, trained.bias, before[1])]
    for name, f, t, old in pairs:
        if shares(f, t):
            return wrong("frozen.%s shares trained.%s's memory: every training step of "
                         "trained would change the frozen branch too. copy_() copies the "
                         "values into frozen's own storage." % (name, name),
                         memory(frozen_w=f, trained_w=t))
        if f is not old:
            return wrong("frozen.%s is a new object now: anything holding the old Parameter "
                         "(an optimizer, a hook) no longer sees it. Copy into the existing "
                         "tensor with copy_()." % name)
        if f.grad_fn is not None or f.requires_grad:
            return wrong("frozen.%s joined trained's graph (it has a grad_fn now and requires "
                         "grad): the frozen branch is no longer frozen, and backward through "
                         "it would reach trained. Do the copy inside torch.no_grad()." % name,
                         graph(frozen_w=f))
    for name, f, t, old in pairs:
        if not same_values(f.detach(), t.detach(), tol=1e-6):
            return todo("frozen.%s still holds its own values: nothing was copied yet. "
                        "Use copy_() inside torch.no_grad()." % name)
    return right("values copied, same Parameter objects, own memory, still frozen and out of "
                 "any graph.")


# ------------------------------------------------------------------ 7 which copy

def _set_answer(answer, truth, hints, what):
    if answer is None:
        return todo("replace None with a set of names, e.g. {\"d\"} or set().")
    got = names(answer)
    if got == truth:
        return None
    for n in sorted(got - truth):
        if hints.get(n, (None, None))[0]:
            return wrong(hints[n][0])
    for n in sorted(truth - got):
        if hints.get(n, (None, None))[1]:
            return wrong(hints[n][1])
    return wrong("the right set is not %s: look again at %s." % (sorted(got), what))


@exercise("7.1")
def _(answer, a, **copies):
    truth = {n for n, t in copies.items() if shares(t, a)}
    hints = {"d": (None, "d = a.detach() shares a's storage: detach() does not copy."),
             "c": ("c = a.clone() has its own storage: clone() always copies.", None),
             "s": ("s = a.detach().clone(): the clone() copies.", None),
             "k": ("k = copy.deepcopy(a) copies everything, memory included.", None)}
    hints = {k: v for k, v in hints.items() if k in copies}
    r = _set_answer(answer, truth, hints, "which storage each one points to")
    if r and r[0] == "wrong":
        return wrong(r[1], memory(a=a, **copies))
    return r or right("only detach() shares memory; clone, detach().clone and deepcopy copy.")


@exercise("7.2")
def _(answer, a, **copies):
    truth = set()
    for n, t in copies.items():
        if t.requires_grad and t.grad_fn is not None:
            a.grad = None
            t.sum().backward(retain_graph=True)
            if a.grad is not None:
                truth.add(n)
            a.grad = None
    hints = {"c": (None, "c = a.clone() is in the graph (CloneBackward0): its gradient reaches a."),
             "d": ("d = a.detach() left the graph.", None),
             "s": ("s = a.detach().clone() is detached first: out of the graph.", None),
             "k": ("k = copy.deepcopy(a) is a new leaf: it requires grad, but its gradient "
                   "goes to k.grad, never to a.", None)}
    hints = {k: v for k, v in hints.items() if k in copies}
    return _set_answer(answer, truth, hints, "grad_fn and requires_grad") or right(
        "only the clone is still connected to a.")


@exercise("7.3")
def _(answer, run):
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("deepcopy works on leaves only. " + err)
    if raised:
        return wrong("x = a * 2 is not a leaf, and deepcopy refuses non-leaf tensors: " + err)
    return wrong("it worked.")


@exercise("7.4")
def _(answer, w, snapshot=None):
    if snapshot is None:
        return todo("set snapshot to a copy of w's current values.")
    if not isinstance(snapshot, torch.Tensor):
        return wrong("snapshot should be a tensor.")
    if shares(snapshot, w):
        return wrong("snapshot shares w's memory (detach() alone copies nothing): it would "
                     "change whenever w is trained. Add .clone().", memory(w=w, snapshot=snapshot))
    if snapshot.requires_grad or snapshot.grad_fn is not None:
        return wrong("snapshot is still in the graph (clone() alone keeps it there): detach it, "
                     "with w.detach().clone().")
    if not same_values(snapshot, w.detach()):
        return wrong("snapshot does not hold w's values.")
    return right("own memory, no gradient, w's values: w.detach().clone().")


# ------------------------------------------------------------------ 8 views

def _equal(answer, truth, what, hints):
    t = need(answer, what)
    if t:
        return t
    a = tuple(answer) if isinstance(answer, (list, tuple)) else answer
    if a == truth:
        return None
    return wrong(hints.get(a, "not %r." % (a,)))


@exercise("8.1")
def _(answer, v, col):
    truth = col.stride()
    r = _equal(answer, truth, "a tuple such as (1,)", {
        (1,): "neighbouring elements of a column are a whole row apart in storage: "
              "%d elements, v's row stride." % v.stride()[0],
        (4, 1): "col has one dimension, so its stride has one number."})
    if r and r[0] == "wrong":
        return wrong(r[1], memory(v=v, col=col))
    return r or right("a column keeps the row stride: %s." % (truth,))


@exercise("8.2")
def _(answer, col):
    r = _equal(answer, col.storage_offset(), "a whole number", {
        0: "column 1 starts at storage element 1, not 0.",
        4: "%d bytes would be the data_ptr() distance; storage_offset() counts elements." % 4})
    return r or right("column 1 starts at storage element 1.")


@exercise("8.3")
def _(answer, col):
    t = need_bool(answer)
    if t:
        return t
    if answer == col.is_contiguous():
        return right("its elements are 4 apart, not next to each other.")
    return wrong("contiguous means the elements sit next to each other in row-major order; "
                 "a column's elements are %d apart." % col.stride()[0])


@exercise("8.4")
def _(answer, run):
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("no single stride walks a transpose in order. " + err)
    if raised:
        return wrong("view() never copies, and the transpose's elements are not in row-major "
                     "order, so it fails: " + err)
    return wrong("it worked.")


@exercise("8.5")
def _(answer, v, r):
    t = need_bool(answer)
    if t:
        return t
    if answer == shares(v, r):
        return right("reshape copied: a view was impossible.")
    return wrong("reshape() returns a view when it can and copies when it must; for a "
                 "transpose it must copy.", memory(v=v, r=r))


@exercise("8.6")
def _(answer, col, col_copy=None):
    if col_copy is None:
        return todo("set col_copy to a contiguous copy of col.")
    if not isinstance(col_copy, torch.Tensor):
        return wrong("col_copy should be a tensor.")
    if shares(col_copy, col):
        return wrong("col_copy shares col's storage: it is a view, not a copy.",
                     memory(col=col, col_copy=col_copy))
    if not col_copy.is_contiguous():
        return wrong("col_copy is not contiguous.")
    if not same_values(col_copy, col):
        return wrong("col_copy does not hold col's values.")
    return right("own storage, stride %s: col.contiguous() (or col.clone())." % (col_copy.stride(),))


# ------------------------------------------------------------------ 9 freezing

@exercise("9.1")
def _(answer, model):
    truth = set(grads(model))
    if answer is None:
        return todo("replace None with a set of parameter names, e.g. {\"0.weight\"}.")
    got = names(answer)
    if got == truth:
        return right("only the layer that still requires grad received gradients.")
    frozen = {n for n, p in model.named_parameters() if not p.requires_grad}
    if got & frozen:
        return wrong("%s belong to the frozen layer: requires_grad_(False) means no .grad "
                     "for them." % sorted(got & frozen))
    return wrong("every parameter that still requires grad gets a gradient: %d of them."
                 % len(truth))


@exercise("9.2")
def _(answer, G):
    t = need_bool(answer)
    if t:
        return t
    truth = bool(grads(G))
    if answer == truth:
        return right("fake.detach() cuts the graph between D and G: no gradient reaches G.")
    return wrong("D saw fake.detach(): the graph stops there, so G's parameters get no gradient.")


@exercise("9.3")
def _(answer, out):
    t = need_bool(answer)
    if t:
        return t
    if answer == out.requires_grad:
        return right("inside no_grad nothing is recorded.")
    return wrong("inside torch.no_grad() operations are not recorded: the output does not "
                 "require grad, even though the weights do.")


@exercise("9.4")
def _(answer, net):
    for p in net.parameters():
        p.grad = None
    x = torch.ones(2, 2)
    out = net(x).sum()
    if out.requires_grad:
        out.backward()
    got = grads(net)
    for p in net.parameters():
        p.grad = None
    want = ["2.weight", "2.bias"]
    if got == want:
        return right("only the last layer receives gradients.")
    if not got:
        return wrong("no parameter got a gradient: freeze only net[0], not the whole network.")
    if "0.weight" in got or "0.bias" in got:
        return todo("the first layer still receives gradients (%s): call "
                    "net[0].requires_grad_(False)." % ", ".join(got))
    return wrong("these got gradients: %s; expected %s." % (got, want))


# ------------------------------------------------------------------ 10 pitfalls

@exercise("10.1")
def _(answer, y, run):
    pic = graph(y=y)
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("sigmoid saved its output and add_ changed it: " + err)
    if raised:
        return wrong("sigmoid saves its output y; add_ changed y in place (version 0 -> 1), "
                     "so the saved value is stale (red): " + err, pic)
    return wrong("it worked.")


@exercise("10.2")
def _(answer, run):
    raised, err = outcome(run)
    t = need_bool(answer)
    if t:
        return t
    if answer == raised:
        return right("no error: writes through .data do not bump the version counter, so "
                     "nothing notices.")
    if not raised:
        return wrong(".data hides the write from the version counter: backward() runs without "
                     "an error, and that is the pitfall.")
    return wrong("it failed: " + err)


@exercise("10.3")
def _(answer, x):
    t = need(answer, "a list of two numbers")
    if t:
        return t
    if same_values(answer, x.grad):
        return right("silently wrong: the true gradient is exp(x), but backward used the zeroed output.")
    if same_values(answer, x.detach().exp()):
        return wrong("that is the true gradient exp(x); but ExpBackward multiplies by the saved "
                     "output, which .data.mul_(0) zeroed: x.grad is silently wrong.")
    return wrong("ExpBackward multiplies the incoming gradient by the saved output y.")


@exercise("10.4")
def _(answer, w, n):
    t = need(answer, "a number")
    if t:
        return t
    if same_values(answer, w[0].item()):
        return right("w.detach().numpy() shares w's memory: n[0] = 99 changed the weight.")
    return wrong("detach().numpy() copies nothing: n and w are one storage.", memory(w=w, n=n))


@exercise("10.5")
def _(answer, w, safe=None):
    if safe is None:
        return todo("set safe to a NumPy array with w's values.")
    if isinstance(safe, torch.Tensor):
        return wrong("safe is a tensor; the task asks for a NumPy array (.numpy()).")
    if not isinstance(safe, np.ndarray):
        return wrong("safe should be a NumPy array.")
    if np.shares_memory(safe, w.detach().numpy()):
        return wrong("safe shares w's memory: .numpy() copies nothing. Add .copy().",
                     memory(w=w, safe=safe))
    if not same_values(list(safe.reshape(-1)), w.detach()):
        return wrong("safe does not hold w's values.")
    return right("an array of its own: w.detach().numpy().copy().")
