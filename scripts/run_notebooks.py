"""Re-execute notebooks in place so their stored outputs are fresh (`make notebooks`).

    python scripts/run_notebooks.py                  # lessons + exercise solutions
    python scripts/run_notebooks.py path/a.ipynb ... # just these (any notebook)

By default it runs notebooks/**/*.ipynb (the Chinese edition under notebooks/zh/ too),
skipping .ipynb_checkpoints and the students' exercise notebooks (exercises/*.ipynb, not
solutions/): those are kept as the students get them and are tested by a pytest test, not
by stored outputs.

Each notebook runs top to bottom in a fresh kernel of this Python (nbclient), from its
own directory. A cell that raises stops the run and the file is left untouched, except
cells tagged ``raises-exception``. The result is written only if it changed.

Deterministic on purpose, so that a re-run changes nothing git can see: no timing
metadata, PYTHONHASHSEED=0 for the kernel, and the random widget model ids (stored in
outputs and in the notebook's widget state) renamed to ids derived from the notebook's
path and the order the widgets were created in.

The live panel's widget state is not stored: without a kernel the panel is a picture,
which its output stores (a PNG of the lab's last state, widgets/panel.py). With its state
stored, `jupyter nbconvert --to html` would show the panel as a widget drawn by scripts
from a CDN (blank offline) instead of that picture.
"""
import argparse
import json
import os
import re
import sys
import uuid
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parent.parent
NAMESPACE = uuid.UUID("5f0e7f7e-0d7a-4b2c-9a51-6d696e69746e")  # fixed, arbitrary
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def default_notebooks():
    out = []
    for p in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        rel = p.relative_to(ROOT)
        if ".ipynb_checkpoints" in rel.parts:
            continue
        if rel.parts[-2:-1] == ("exercises",) or rel.parts[-3:-1] == ("exercises", "source"):
            continue  # students' copies, and the marked-up source they are built from
                      # (notebooks/exercises/ and the Chinese edition's notebooks/zh/exercises/)
        out.append(p)
    return out


def _model_ids(nb):
    """Widget model ids in creation order: the stored state first, then outputs."""
    ids = []
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    ids.extend(state)
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            mid = out.get("data", {}).get(WIDGET_VIEW, {}).get("model_id")
            if mid:
                ids.append(mid)
    return list(dict.fromkeys(ids))


def drop_panel_state(nb):
    """Remove the live panels' models from the stored widget state (see above), with the
    models only they refer to (their layout)."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})

    def refs(model):
        return set(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(model.get("state", {}))))
    panels = {m for m, s in state.items() if "graph_svg" in s.get("state", {})}
    if not panels:
        return nb
    theirs = set().union(*(refs(state[m]) for m in panels))
    others = set().union(set(), *(refs(s) for m, s in state.items() if m not in panels))
    for model_id in panels | (theirs - others):
        state.pop(model_id, None)
    return nb


def make_deterministic(nb, key):
    """Rename widget model ids and give id-less cells ids, both derived from ``key``."""
    for i, cell in enumerate(nb.cells):
        if not cell.get("id"):
            cell["id"] = uuid.uuid5(NAMESPACE, f"{key}:cell:{i}").hex[:8]
    ids = _model_ids(nb)
    if not ids:
        return nb
    mapping = {old: uuid.uuid5(NAMESPACE, f"{key}:widget:{n}").hex for n, old in enumerate(ids)}
    pattern = re.compile("|".join(re.escape(old) for old in sorted(mapping, key=len, reverse=True)))
    text = pattern.sub(lambda m: mapping[m.group(0)], nbformat.writes(nb))
    return nbformat.reads(text, as_version=4)


def run(path):
    path = Path(path).resolve()
    original = path.read_text(encoding="utf-8")
    nb = nbformat.reads(original, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=600,
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    try:
        key = path.relative_to(ROOT).as_posix()
    except ValueError:
        key = path.name
    nb = make_deterministic(drop_panel_state(nb), key)
    text = nbformat.writes(nb) + "\n"
    if text == original:
        return False
    tmp = path.with_suffix(".ipynb.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args(argv)
    os.environ["PYTHONHASHSEED"] = "0"  # inherited by the kernels
    paths = args.paths or default_notebooks()
    if not paths:
        print("minitensor: no notebooks to run")
        return 0
    failed = []
    for p in paths:
        try:
            changed = run(p)
        except CellExecutionError as e:
            failed.append(p)
            print(f"FAILED    {p}\n{e}", file=sys.stderr)
            continue
        print(f"{'refreshed' if changed else 'unchanged'} {p}")
    if failed:
        print(f"minitensor: {len(failed)} notebook(s) failed and were left untouched: "
              + " ".join(map(str, failed)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
