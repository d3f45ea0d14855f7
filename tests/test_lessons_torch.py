"""Every stored output of every lesson is what real PyTorch 2.13 prints.

Each lesson's code cells are replayed, in order, on real torch: ``import minitensor as
torch`` becomes ``import torch``, and the pictures (``widgets``, ``watch``, ``ask``,
``imagine``) are stubbed. What a cell shows (its last expression through IPython's
pretty printer, its stdout, or its error's type and message) must equal the output stored
in the notebook, which minitensor produced. The prediction questions are not replayed
(they draw pictures); their answers are the outputs of the cells after them, checked here.

A few cells cannot agree, and are listed in EXPECTED_TO_DIFFER with the reason; the test
also fails if one of them stops differing (then it should leave the list).
"""
import ast
import io
import json
import re
import warnings
from contextlib import redirect_stdout
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
from IPython.lib.pretty import pretty  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

# lesson -> {cell marker: why its output cannot be torch's}
EXPECTED_TO_DIFFER = {
    "02_creating_tensors": {
        "random-seeded": "minitensor's random generator is not torch's (the lesson says so)",
    },
    "06_copy": {
        "simulate-cuda": "minitensor's own switch for its simulated cuda: torch has no such call",
        "copy-keeps-device": "minitensor simulates cuda; torch's CPU build has no cuda",
        "copy-int-setup": "minitensor simulates cuda; torch's CPU build has no cuda",
        "copy-int-truncates": "needs the cuda tensor of copy-int-setup",
        "copy-int-drops-grad": "needs the cuda tensor of copy-int-setup",
        "copy-seed-example": "minitensor simulates cuda; torch's CPU build has no cuda",
    },
    "09_freezing": {
        "train-tiny-model": "random initial weights: the first losses differ (the lesson "
                            "prints torch's), the fitted line is the same",
    },
}
PICTURE = re.compile(r"^(memory picture|graph picture|minitensor lab)")


class Stub:
    """Stands in for the pictures: any attribute, any call, returns a Stub."""

    def __getattr__(self, name):
        return Stub()

    def __call__(self, *args, **kwargs):
        return Stub()


def torch_source(src):
    src = src.replace("import minitensor as torch", "import torch")
    src = src.replace("from minitensor import nn", "from torch import nn")
    lines = [ln for ln in src.splitlines()
             if not re.match(r"\s*(import widgets|from widgets)", ln)]
    return "\n".join(lines)


def run_cell(src, ns):
    """What IPython would show for this cell: ("ok", stdout + pretty(last value)) or the error."""
    tree = ast.parse(src)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    out = io.StringIO()
    try:
        with redirect_stdout(out), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(tree, "<cell>", "exec"), ns)
            value = eval(compile(last, "<cell>", "eval"), ns) if last else None
    except Exception as e:              # noqa: BLE001 (the error *is* the output)
        return ("error", type(e).__name__, str(e))
    text = out.getvalue()
    if value is not None and not isinstance(value, Stub):
        text += pretty(value, max_width=79)
    return ("ok", text.strip())


def stored(cell):
    """The same, from the notebook; None when the cell shows a picture."""
    text = []
    for o in cell.get("outputs", []):
        if o["output_type"] == "error":
            return ("error", o["ename"], o["evalue"])
        if o["output_type"] == "stream" and o["name"] == "stdout":
            text.append("".join(o["text"]))
        elif o["output_type"] in ("execute_result", "display_data"):
            plain = "".join(o["data"].get("text/plain", ""))
            if PICTURE.match(plain):
                return None
            text.append(plain)
    return ("ok", "".join(text).strip())


def replay(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    ns = {"widgets": Stub(), "watch": Stub(), "ask": Stub(), "imagine": Stub(),
          "__name__": "__lesson__"}
    torch.manual_seed(0)
    results = []
    for cell in nb["cells"]:
        tags = cell.get("metadata", {}).get("tags", [])
        if cell["cell_type"] != "code" or "predict" in tags or "nbval-ignore-output" in tags:
            continue
        src = "".join(cell["source"])
        if src.strip() == "lab":
            continue
        got = run_cell(torch_source(src), ns)
        want = stored(cell)
        if want is not None:
            results.append((cell["id"], want, got))
    return results


@pytest.mark.differential
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_outputs_are_torch_213s(path):
    expected = EXPECTED_TO_DIFFER.get(path.stem, {})
    results = replay(path)
    assert len(results) >= 5, "too few cells compared: the replay is broken"
    differ = {cid: (want, got) for cid, want, got in results if want != got}
    unexpected = {cid: d for cid, d in differ.items() if cid not in expected}
    assert not unexpected, "\n\n".join(
        "cell %s\n  minitensor: %r\n  torch:      %r" % (cid, w, g)
        for cid, (w, g) in unexpected.items())
    ids = {cid for cid, _, _ in results}
    gone = sorted(set(expected) - set(differ))
    assert not gone, "these cells now agree with torch (or no longer exist): %s; take them " \
                     "out of EXPECTED_TO_DIFFER (present: %s)" % (gone, sorted(ids & set(gone)))


def test_replay_sees_a_difference():
    # the comparison itself can fail: a wrong stored value is caught
    cell = {"cell_type": "code", "outputs": [{"output_type": "execute_result",
                                              "data": {"text/plain": "tensor([2., 2.])"}}]}
    ns = {}
    exec("import torch", ns)
    assert run_cell("torch.ones(2) * 2", ns) == stored(cell)
    assert run_cell("torch.ones(2) * 3", ns) != stored(cell)
    assert run_cell("torch.ones(2).copy_(torch.ones(3))", ns)[0] == "error"
