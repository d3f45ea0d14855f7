"""The engine's shape, checked: imports point only down, and only the door changes state.

minitensor/ has three floors and a front door: ``core/`` (the teaching kernel), ``compat/``
(what exists only to match torch 2.13 exactly), ``ops/`` (one op = function + grad node)
and the public modules on top (``api.py``, ``__init__``, ``autograd/``, ``nn/``, ``optim/``,
...). A module may import only from its own floor or the floors below it:

    api (everything else)  ->  ops  ->  compat  ->  core

These tests read the source with ``ast``: every import statement counts, also one inside
a function, and so does every ``events.emit`` and every version-counter bump.
"""
import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "minitensor"
FLOORS = {"core": 0, "compat": 1, "ops": 2}       # anything else: the public floor, 3
NAMES = {0: "core", 1: "compat", 2: "ops", 3: "api"}

# third-party modules a function may import (optional and heavy: not worth a module import)
OPTIONAL = {"IPython"}


def modules():
    """{dotted name: (path, is_package)} for every module of the package."""
    out = {}
    for p in sorted(PKG.rglob("*.py")):
        parts = p.relative_to(PKG.parent).with_suffix("").parts
        is_pkg = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_pkg else parts)
        out[name] = (p, is_pkg)
    return out


def floor(mod):
    parts = mod.split(".")
    return FLOORS.get(parts[1], 3) if len(parts) > 1 else 3


def _resolve(mod, is_pkg, node):
    """The absolute module a ``from ... import`` statement reads from."""
    if node.level == 0:
        return node.module
    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(mods=None):
    """[(importer, imported module, line, inside a function?)] for every import statement:
    a ``from x import y`` counts as importing ``x.y`` when that is a module, else ``x``."""
    mods = mods or modules()
    out = []
    for mod, (path, is_pkg) in mods.items():
        tree = ast.parse(path.read_text(), str(path))
        parents = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[child] = node

        def in_function(node):
            while node in parents:
                node = parents[node]
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    return True
            return False

        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    out.append((mod, a.name, node.lineno, in_function(node)))
            elif isinstance(node, ast.ImportFrom):
                src = _resolve(mod, is_pkg, node)
                for a in node.names:
                    sub = f"{src}.{a.name}"
                    out.append((mod, sub if sub in mods else src, node.lineno, in_function(node)))
    return out


def internal_edges():
    """Imports of one module of the package by another."""
    mods = modules()
    return mods, [(a, b, line, fn) for a, b, line, fn in imports(mods) if b in mods and b != a]


def cycles(edges):
    """Strongly connected components of more than one module (Tarjan)."""
    graph = {}
    for a, b, *_ in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle():
    _, edges = internal_edges()
    found = cycles(edges)
    assert not found, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_imports_point_only_down():
    _, edges = internal_edges()
    up = [f"{a}:{line} ({NAMES[floor(a)]}) imports {b} ({NAMES[floor(b)]})"
          for a, b, line, _ in edges if floor(b) > floor(a)]
    assert not up, "imports pointing up:\n" + "\n".join(up)


def test_function_level_imports_only_for_optional_dependencies():
    found = [f"{a}:{line} imports {b} inside a function" for a, b, line, fn in imports()
             if fn and b.split(".")[0] not in OPTIONAL]
    assert not found, "\n".join(found)


# Hooks the standard library documents as meant to be replaced: not wiring between modules.
STDLIB_HOOKS = {"warnings.formatwarning"}   # compat/tracebacks.py: a warning names 'Cell In[3]'


def test_no_module_assigns_another_modules_globals():
    """``other_module.name = value`` at any level: the kind of wiring that held the old loop
    together (tensor.py setting Tensor into four autograd modules)."""
    found = []
    for mod, (path, _) in modules().items():
        tree = ast.parse(path.read_text(), str(path))
        aliases = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                aliases |= {(a.asname or a.name).split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                src = _resolve(mod, path.name == "__init__.py", node)
                for a in node.names:
                    if f"{src}.{a.name}" in modules() or src.split(".")[0] != "minitensor":
                        aliases.add(a.asname or a.name)
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for sub in ast.walk(t):
                    if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) \
                            and sub.value.id in aliases \
                            and f"{sub.value.id}.{sub.attr}" not in STDLIB_HOOKS:
                        found.append(f"{mod}:{node.lineno} assigns {sub.value.id}.{sub.attr}")
    assert not found, "\n".join(found)


# ------------------------------------------------------------------ the one door
DOOR = {"minitensor.core.dispatch", "minitensor.core.backward"}


def _state_changes(mod, path):
    """Lines that emit an event (``events.emit(...)`` or ``emit(...)`` imported from the
    events module) or bump a version counter (``<x>.value += ...`` on a version counter,
    or a call of a ``bump`` helper)."""
    tree = ast.parse(path.read_text(), str(path))
    emit_names = {"emit"} if mod == "minitensor.core.events" else set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("events"):
            emit_names |= {a.asname or a.name for a in node.names if a.name == "emit"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr == "emit" and \
                    isinstance(f.value, (ast.Name, ast.Attribute)):
                found.append((node.lineno, "emits an event"))
            elif isinstance(f, ast.Name) and f.id in emit_names:
                found.append((node.lineno, "emits an event"))
            elif isinstance(f, (ast.Name, ast.Attribute)) and \
                    (f.id if isinstance(f, ast.Name) else f.attr) in ("_bump", "bump"):
                found.append((node.lineno, "bumps a version"))
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Attribute) \
                and node.target.attr == "value":
            found.append((node.lineno, "bumps a version"))
    return found


def test_only_the_door_emits_events_and_bumps_versions():
    found = [f"{mod}:{line} {what}" for mod, (path, _) in modules().items()
             if mod not in DOOR and mod != "minitensor.core.events"
             for line, what in _state_changes(mod, path)]
    assert not found, "outside the door:\n" + "\n".join(found)


def test_the_door_checker_sees_emits_and_bumps():
    """The checker itself can fail: it finds the door's own emits and bumps."""
    mods = modules()
    seen = {w for m in DOOR for _, w in _state_changes(m, mods[m][0])}
    assert seen == {"emits an event", "bumps a version"}


@pytest.mark.parametrize("src, expect", [
    ("from .core import events\ndef f():\n    events.emit('create', 'x')\n", ["emits an event"]),
    ("def f(t):\n    t._vc.value += 1\n", ["bumps a version"]),
    ("def f(t):\n    _bump(t)\n", ["bumps a version"]),
    ("def f(t):\n    return t + 1\n", []),
])
def test_the_door_checker_on_samples(tmp_path, src, expect):
    p = tmp_path / "m.py"
    p.write_text(src)
    assert [w for _, w in _state_changes("minitensor.ops.sample", p)] == expect


def test_reading_md_names_every_core_and_ops_file():
    """minitensor/READING.md is the reading order: a file it does not name is unread."""
    text = (PKG / "READING.md").read_text()
    missing = [f"{p.parent.name}/{p.name}" for folder in ("core", "ops")
               for p in sorted((PKG / folder).glob("*.py"))
               if p.name != "__init__.py" and p.name not in text]
    assert not missing, f"READING.md does not name {missing}"
