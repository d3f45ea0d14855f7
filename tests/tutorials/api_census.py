"""Which torch APIs do the tutorial scripts use that minitensor lacks? (static, all at once)

    .venv/bin/python tests/tutorials/api_census.py            # per API: the scripts using it
    .venv/bin/python tests/tutorials/api_census.py --by-script

run.py stops at a script's first failure; this lists every missing name a script uses,
so phase 2 sees the whole to-do list. It reads each script (and the _stubs, which run on
the engine too) with ``ast``:

- dotted names reached from an imported torch module (``torch.cuda.is_available``,
  ``nn.Conv2d`` after ``from torch import nn``, ``DataLoader`` after ``from torch.utils.data
  import DataLoader``): missing when real torch has the name and minitensor (the same path
  under ``minitensor``) does not;
- attribute names used on anything else (``t.scatter_``, ``model.named_parameters``):
  missing when ``torch.Tensor`` (or ``torch.nn.Module``) has the attribute and
  minitensor's class does not. This is by name only, so it can over-report a name used on
  some other object; it never misses one used on a tensor or module.
"""
import argparse
import ast
import importlib
import os
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, ROOT)


def _aliases(tree):
    """name in the script -> the torch path it stands for."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == "torch" or a.name.startswith("torch."):
                    if a.asname:
                        out[a.asname] = a.name
                    else:
                        out["torch"] = "torch"
        elif isinstance(node, ast.ImportFrom) and node.module and (
                node.module == "torch" or node.module.startswith("torch.")):
            for a in node.names:
                out[a.asname or a.name] = f"{node.module}.{a.name}"
    return out


def _dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def _resolve(path, root):
    """Follow a dotted torch path on ``root`` (torch or minitensor); True if it exists."""
    parts = path.split(".")
    obj = root
    for i, p in enumerate(parts[1:], 1):
        if hasattr(obj, p):
            obj = getattr(obj, p)
            continue
        try:    # a submodule not imported yet
            obj = importlib.import_module(root.__name__ + "." + ".".join(parts[1:i + 1]))
        except Exception:
            return False
    return True


def census(path, torch, mt):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    aliases = _aliases(tree)
    used = set(aliases.values())
    inner = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assigned = {t.attr for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign))
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                if isinstance(t, ast.Attribute)}
    attr_names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            d = _dotted(node)
            head = d.split(".")[0] if d else None
            if head in aliases:
                if id(node) not in inner:   # the whole chain: torch.nn.functional.relu
                    used.add(aliases[head] + d[len(head):])
            elif node.attr not in assigned:  # self.name = ... is the script's own attribute
                attr_names.add(node.attr)
    missing = set()
    for p in used:
        if _resolve(p, torch) and not _resolve(p, mt):
            missing.add(p)
    for name in attr_names:
        if hasattr(torch.Tensor, name) and not hasattr(mt.Tensor, name):
            missing.add(f"Tensor.{name}")
        elif hasattr(torch.nn.Module, name) and not hasattr(mt.nn.Module, name):
            missing.add(f"nn.Module.{name}")
    return sorted(missing)


def files():
    out = []
    for name in sorted(os.listdir(os.path.join(HERE, "scripts"))):
        if name.endswith(".py"):
            out.append((name[:-3], os.path.join(HERE, "scripts", name)))
    for dirpath, _, names in os.walk(os.path.join(HERE, "_stubs")):
        for name in sorted(names):
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, name), HERE)
                out.append((rel, os.path.join(dirpath, name)))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--by-script", action="store_true")
    args = ap.parse_args(argv)
    import torch
    import minitensor
    by_api = defaultdict(list)
    for name, path in files():
        miss = census(path, torch, minitensor)
        if args.by_script and miss:
            print(f"{name}: {', '.join(miss)}")
        for m in miss:
            by_api[m].append(name)
    if not args.by_script:
        for api, users in sorted(by_api.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"{len(users):3d}  {api:45s} {', '.join(users)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
