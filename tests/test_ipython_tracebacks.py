"""A lesson cell that raises shows a traceback that ends at the learner's own line, with
torch's message and no frame from inside minitensor (minitensor/compat/tracebacks.py), in a real
kernel; the escape hatch shows every frame; the stored lessons carry no machine path."""
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "widgets"))
from kernel import Kernel  # noqa: E402

ANSI = re.compile(r"\x1b\[[0-9;]*m")
STALE = ("x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = x.exp()\nz = y.sum()\n"
         "y.detach().mul_(2)")
MESSAGE = "one of the variables needed for gradient computation has been modified by an inplace"


def text(error):
    return ANSI.sub("", "\n".join(error["traceback"]))


def engine_frames(tb_text):
    """Frames whose file is inside the minitensor package, as IPython prints them."""
    return re.findall(r"File \S*minitensor[/\\]\S+\.py:\d+", tb_text)


@pytest.fixture
def kernel():
    k = Kernel(timeout=60)
    yield k
    k.close()


def test_a_raising_cell_ends_at_the_learners_line(kernel):
    kernel.run(STALE)
    err = kernel.run("z.backward()", raises=True)
    tb = text(err)
    assert err["ename"] == "RuntimeError" and MESSAGE in err["evalue"]
    assert engine_frames(tb) == [], tb
    assert str(ROOT) not in tb and "site-packages" not in tb, tb
    frames = re.findall(r"^Cell In\[\d+\], line \d+", tb, re.M)
    assert len(frames) == 1, tb                    # the learner's cell, and only it
    assert "----> 1 z.backward()" in tb, tb
    assert len(tb.splitlines()) < 12, tb           # was 53 lines through five engine files


def test_the_learners_own_callbacks_stay_in_the_traceback(kernel):
    kernel.run("def hook(g):\n    raise ValueError('my hook says no')")
    err = kernel.run("w = torch.ones(2, requires_grad=True)\n_ = w.register_hook(hook)\n"
                     "(w * 2).sum().backward()", raises=True)
    tb = text(err)
    assert engine_frames(tb) == [], tb
    assert "my hook says no" in tb and "raise ValueError('my hook says no')" in tb, tb


def test_developers_can_see_every_frame(kernel):
    kernel.run(STALE)
    kernel.run("import minitensor.compat.tracebacks as mi\nmi.show_internal_frames(True)")
    full = text(kernel.run("z.backward()", raises=True))
    assert len(engine_frames(full)) >= 2, full
    kernel.run("mi.show_internal_frames(False)")
    short = text(kernel.run("z.backward()", raises=True))
    assert engine_frames(short) == [], short


def stored_outputs(nb_path):
    nb = json.loads(nb_path.read_text())
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            yield json.dumps(out)


NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + \
    sorted((ROOT / "notebooks" / "exercises" / "solutions").glob("*.ipynb"))


@pytest.mark.parametrize("nb_path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_lesson_outputs_carry_no_machine_path(nb_path):
    machine = re.compile(r"(/(work|home|root|tmp|usr|opt)/[^\s\"']*|[A-Za-z]:\\\\|site-packages"
                         r"|ipykernel_\d+)")
    for out in stored_outputs(nb_path):
        plain = ANSI.sub("", out.replace("\\u001b", "\x1b"))
        hits = [m.group(0) for m in machine.finditer(plain)]
        assert not hits, "%s stores a path of the machine that ran it: %s" % (nb_path.name, hits[:3])


def test_a_warning_from_a_cell_names_the_cell_not_a_temporary_file(kernel):
    kernel.run("import warnings\nwarnings.simplefilter('always')")
    kernel.run("warnings.warn('look here')")
    stderr = "".join(o.get("text", "") for o in kernel.outputs() if o.get("name") == "stderr")
    assert re.match(r"Cell In\[\d+\]:1: UserWarning: look here", stderr), stderr
    assert "ipykernel_" not in stderr and "/tmp/" not in stderr, stderr
