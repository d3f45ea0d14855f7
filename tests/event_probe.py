"""Run code with every op it writes probed: how many op events (create / inplace) did
each op call, operator, index or property produce by itself?

Code is rewritten with ``ast`` so that each call, operator, subscript and attribute read
goes through a probe; events emitted while a probe runs count for the innermost one, so
``(w * 2).sum()`` is two ops of one event each. An *op* is a call of a Tensor method or
of a ``torch.*`` / ``torch.nn.functional.*`` function, an operator, index or tensor-making
property (``.data``, ``.T``) on a tensor, ``x[i] = v`` and ``copy.copy``/``deepcopy`` of a
tensor. A learner writes one op and sees one step: an op may emit at most one op event,
and exactly one when it returns a new tensor or changes a tensor's ``_version``.
"""
import ast
import copy
import itertools
import operator
import sys
import types
import weakref

import minitensor
import minitensor.events as events
from minitensor.core import dispatch
import minitensor.nn.functional as F

OP_KINDS = (events.CREATE, events.INPLACE)
TENSOR_PROPERTIES = {"data", "T", "mT", "H", "mH"}
_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
           ast.Pow: operator.pow, ast.MatMult: operator.matmul, ast.BitAnd: operator.and_,
           ast.BitOr: operator.or_, ast.BitXor: operator.xor, ast.LShift: operator.lshift,
           ast.RShift: operator.rshift}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Invert: operator.invert,
          ast.Not: operator.not_}
_CMP = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
        ast.Gt: operator.gt, ast.GtE: operator.ge}
_AUG = {ast.Add: operator.iadd, ast.Sub: operator.isub, ast.Mult: operator.imul,
        ast.Div: operator.itruediv, ast.Pow: operator.ipow, ast.FloorDiv: operator.ifloordiv,
        ast.Mod: operator.imod, ast.BitAnd: operator.iand, ast.BitOr: operator.ior,
        ast.BitXor: operator.ixor}


def _op_functions():
    out = set()
    for ns in (vars(minitensor), vars(F)):
        for v in ns.values():
            if callable(v) and not isinstance(v, (type, types.ModuleType)):
                out.add(v)
    return out


class Probe:
    """Counts op events per probed expression; ``findings`` lists the ops that broke
    the rule: (source text, events, why)."""

    def __init__(self):
        self.stack = []
        self.findings = []
        self.checked = 0
        self.seen = weakref.WeakValueDictionary()      # id -> tensor already known
        self.op_functions = _op_functions()
        self.sources = {}
        self._ids = itertools.count()
        self._sub = None

    # -------------------------------------------------------------- events
    def __enter__(self):
        self._sub = events.subscribe(self._on_event)
        return self

    def __exit__(self, *exc):
        self._sub.close()

    def _on_event(self, e):
        if e.kind in OP_KINDS and self.stack:
            self.stack[-1].append(e.op)

    # -------------------------------------------------------------- the probes
    def _tensor(self, x):
        return isinstance(x, minitensor.Tensor)

    def _know(self, *xs):
        for x in xs:
            if self._tensor(x):
                self.seen[id(x)] = x
            elif isinstance(x, (tuple, list)):
                self._know(*x)

    def _fresh(self, r):
        if self._tensor(r):
            return self.seen.get(id(r)) is not r
        if isinstance(r, (tuple, list)):
            return any(self._fresh(x) for x in r)
        return False

    def run(self, pid, is_op, fn, args, receivers=()):
        """Evaluate ``fn(*args)`` as probe ``pid``."""
        versions = [(t, t._version) for t in receivers if self._tensor(t)
                    and not t.is_inference()]
        frame = []
        self.stack.append(frame)
        try:
            result = fn(*args)
        finally:
            self.stack.pop()
        if is_op and dispatch._steps is None:   # (learner code run inside a composite op,
            self.checked += 1                   # a custom Function's forward: one step)
            changed = any(t._version != v for t, v in versions)
            fresh = self._fresh(result)
            why = None
            if len(frame) > 1:
                why = "more than one op event"
            elif (fresh or changed) and len(frame) != 1:
                why = "a new tensor or a write, but no op event"
            if why:
                self.findings.append((self.sources.get(pid, "?"), list(frame), why))
        self._know(result, *args)
        return result

    def call(self, pid, func, *args, **kwargs):
        self_ = getattr(func, "__self__", None)
        try:
            known = func in self.op_functions
        except TypeError:           # an unhashable callable
            known = False
        is_op = (self._tensor(self_) or known or (
            func in (copy.copy, copy.deepcopy) and args and self._tensor(args[0])))
        receivers = [self_] + [a for a in args if self._tensor(a)]
        return self.run(pid, is_op, lambda: func(*args, **kwargs), (), receivers)

    def binop(self, pid, fn, a, b):
        return self.run(pid, self._tensor(a) or self._tensor(b), fn, (a, b))

    def unary(self, pid, fn, a):
        return self.run(pid, self._tensor(a), fn, (a,))

    def getitem(self, pid, x, i):
        return self.run(pid, self._tensor(x), operator.getitem, (x, i))

    def setitem(self, pid, x, i, v):
        self.run(pid, self._tensor(x), operator.setitem, (x, i, v), receivers=(x,))

    def augment(self, pid, fn, a, b):
        return self.run(pid, self._tensor(a), fn, (a, b), receivers=(a,))

    def getattr(self, pid, x, name):
        return self.run(pid, self._tensor(x) and name in TENSOR_PROPERTIES, getattr, (x, name))

    # -------------------------------------------------------------- rewriting
    def rewrite(self, source):
        probe = self

        def name(n):
            return ast.Name(id="__probe__", ctx=ast.Load()) if n is None else ast.Attribute(
                value=ast.Name(id="__probe__", ctx=ast.Load()), attr=n, ctx=ast.Load())

        def pid(node):
            k = next(probe._ids)
            probe.sources[k] = ast.get_source_segment(source, node) or ast.dump(node)[:80]
            return ast.Constant(k)

        def fn_const(f):
            return ast.Attribute(value=ast.Name(id="__operator__", ctx=ast.Load()),
                                 attr=f.__name__, ctx=ast.Load())

        class T(ast.NodeTransformer):
            def visit_Call(self, node):
                func = node.func
                if isinstance(func, ast.Attribute):     # a method: no property probe
                    func = ast.Attribute(value=self.visit(func.value), attr=func.attr,
                                         ctx=ast.Load())
                else:
                    func = self.visit(func)
                args = [self.visit(a) for a in node.args]
                kws = [ast.keyword(arg=k.arg, value=self.visit(k.value)) for k in node.keywords]
                return ast.Call(func=name("call"), args=[pid(node), func] + args, keywords=kws)

            def visit_BinOp(self, node):
                f = _BINOPS[type(node.op)]
                return ast.Call(func=name("binop"), args=[pid(node), fn_const(f),
                                self.visit(node.left), self.visit(node.right)], keywords=[])

            def visit_UnaryOp(self, node):
                f = _UNARY[type(node.op)]
                return ast.Call(func=name("unary"), args=[pid(node), fn_const(f),
                                self.visit(node.operand)], keywords=[])

            def visit_Compare(self, node):
                if len(node.ops) != 1 or type(node.ops[0]) not in _CMP:
                    return self.generic_visit(node)
                f = _CMP[type(node.ops[0])]
                return ast.Call(func=name("binop"), args=[pid(node), fn_const(f),
                                self.visit(node.left), self.visit(node.comparators[0])],
                                keywords=[])

            def visit_Subscript(self, node):
                if not isinstance(node.ctx, ast.Load):
                    return self.generic_visit(node)
                return ast.Call(func=name("getitem"), args=[pid(node), self.visit(node.value),
                                self.visit(node.slice)], keywords=[])

            def visit_Attribute(self, node):
                if not isinstance(node.ctx, ast.Load):
                    return self.generic_visit(node)
                return ast.Call(func=name("getattr"), args=[pid(node), self.visit(node.value),
                                ast.Constant(node.attr)], keywords=[])

            def visit_Assign(self, node):
                t = node.targets[0]
                if len(node.targets) == 1 and isinstance(t, ast.Subscript):
                    return ast.Expr(ast.Call(func=name("setitem"), args=[
                        pid(node), self.visit(t.value), self.visit(t.slice),
                        self.visit(node.value)], keywords=[]))
                return self.generic_visit(node)

            def visit_AugAssign(self, node):
                if isinstance(node.target, ast.Name) and type(node.op) in _AUG:
                    load = ast.Name(id=node.target.id, ctx=ast.Load())
                    return ast.Assign(targets=[node.target], value=ast.Call(
                        func=name("augment"), args=[pid(node), fn_const(_AUG[type(node.op)]),
                                                    load, self.visit(node.value)], keywords=[]))
                return self.generic_visit(node)

        tree = T().visit(ast.parse(source))
        return ast.fix_missing_locations(tree)

    def exec_cell(self, source, ns):
        """Run a cell statement by statement, as IPython does (a raising statement ends the
        cell); the exception, if any, is returned."""
        ns.setdefault("__probe__", self)
        ns.setdefault("__operator__", operator)
        tree = self.rewrite(source)
        for stmt in tree.body:
            for v in list(ns.values()):
                self._know(v)
            mod = ast.Module(body=[stmt], type_ignores=[])
            try:
                exec(compile(mod, "<cell>", "exec"), ns)
            except Exception as e:      # lessons show errors on purpose
                return e
        return None


def lesson_cells(path):
    import json
    nb = json.loads(open(path, encoding="utf-8").read())
    for c in nb["cells"]:
        if c["cell_type"] == "code":
            src = "".join(c["source"])
            # IPython syntax a lesson might use: left out
            src = "\n".join(l for l in src.split("\n") if not l.startswith(("%", "!")))
            yield src


def fake_widgets():
    """A stand-in for the widgets package: every name is a function doing nothing."""
    mod = types.ModuleType("widgets")

    class _Nothing:
        def __call__(self, *a, **k):
            return self

        def __getattr__(self, name):
            return self

    mod.__getattr__ = lambda name: _Nothing()
    return mod


if __name__ == "__main__":      # python tests/event_probe.py notebooks/03_clone.ipynb ...
    sys.modules["widgets"] = fake_widgets()
    for path in sys.argv[1:]:
        with Probe() as p:
            ns = {}
            for cell in lesson_cells(path):
                p.exec_cell(cell, ns)
        print(path, p.checked, "ops checked")
        for f in p.findings:
            print("  ", f)
