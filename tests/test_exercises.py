"""The exercise notebooks: solutions pass, students' copies fail helpfully, nothing drifts.

* every generated notebook (lessons, exercise sources, students' copies, solutions) is
  up to date with the text it is made from;
* every solutions notebook, run top to bottom, passes every one of its checks;
* every student notebook, run as students get it, runs to the end and every check says
  what is missing ("not answered yet: ...");
* wrong answers get the message that names the misconception (and a picture where the
  check promises one).
"""
import importlib.util
import io
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "notebooks" / "exercises"
SOURCES = sorted((EXERCISES / "source").glob("*.ipynb"))
CHECK_CALL = re.compile(r'^check\("([0-9.]+)"', re.M)

sys.path.insert(0, str(ROOT / "scripts"))
import build_lessons  # noqa: E402
import make_exercises  # noqa: E402


def load_check():
    spec = importlib.util.spec_from_file_location("exercise_check", EXERCISES / "check.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


C = load_check()
import minitensor as torch  # noqa: E402  (after check.py, which imports it too)


def run_notebook(path):
    from nbclient import NotebookClient
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, kernel_name="python3", timeout=300, allow_errors=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return nb


def check_lines(nb):
    """[(exercise, first printed line)] for every cell that calls check(...), in order."""
    out = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for name in CHECK_CALL.findall(cell.source):
            errors = [o for o in cell.outputs if o.output_type == "error"]
            assert not errors, "%s raised %s: %s" % (name, errors[0].ename, errors[0].evalue)
            text = "".join(o.text for o in cell.outputs if o.output_type == "stream")
            lines = [l for l in text.splitlines() if l.startswith(("✓", "✗"))]
            out.append((name, lines[0] if lines else ""))
    return out


# ------------------------------------------------------------------ nothing drifts

def test_there_is_an_exercise_notebook_per_lesson():
    lessons = {p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")}
    assert {p.stem for p in SOURCES} == lessons


def test_lessons_and_sources_match_their_text_files():
    stale = [str(dst.relative_to(ROOT)) for src, dst in build_lessons.targets()
             if not dst.exists() or build_lessons.signature(nbformat.read(dst, as_version=4))
             != build_lessons.signature(build_lessons.build(src))]
    assert not stale, "run `python scripts/build_lessons.py && make notebooks`: %s" % stale


def test_students_and_solutions_are_up_to_date_with_the_source():
    stale = [str(dst.relative_to(ROOT)) for dst, _ in make_exercises.stale()]
    assert not stale, "run `python scripts/make_exercises.py && make notebooks`: %s" % stale


def test_every_check_in_the_notebooks_exists_and_every_exercise_is_used():
    used = []
    for src in SOURCES:
        for cell in nbformat.read(src, as_version=4).cells:
            if cell.cell_type == "code":
                used += CHECK_CALL.findall(cell.source)
    assert len(used) == len(set(used)), "an exercise is checked twice"
    assert set(used) == set(C.EXERCISES)


def test_students_copies_hold_no_solutions_and_no_outputs():
    for src in SOURCES:
        student = nbformat.read(EXERCISES / src.name, as_version=4)
        text = "\n".join(c.source for c in student.cells)
        assert "BEGIN SOLUTION" not in text and "END SOLUTION" not in text
        assert all(not c.get("outputs") for c in student.cells if c.cell_type == "code")
        solution = nbformat.read(EXERCISES / "solutions" / src.name, as_version=4)
        assert "BEGIN SOLUTION" not in "\n".join(c.source for c in solution.cells)


def test_the_stripper():
    src = "x = None\n    ### BEGIN SOLUTION\n    x = 1\n    ### END SOLUTION\ncheck(x)"
    assert make_exercises.split(src, student=True) == "x = None\n    # YOUR CODE HERE\ncheck(x)"
    assert make_exercises.split(src, student=False) == "x = None\n    x = 1\ncheck(x)"
    with pytest.raises(ValueError):
        make_exercises.split("### BEGIN SOLUTION\nx = 1", student=True)


# ------------------------------------------------------------------ running the notebooks

@pytest.mark.slow
@pytest.mark.parametrize("name", [p.name for p in SOURCES])
def test_solutions_pass_all_their_checks(name):
    results = check_lines(run_notebook(EXERCISES / "solutions" / name))
    assert results, "no checks found"
    failed = [(n, line) for n, line in results if not line.startswith("✓ %s right" % n)]
    assert not failed


@pytest.mark.slow
@pytest.mark.parametrize("name", [p.name for p in SOURCES])
def test_students_copies_fail_their_checks_with_helpful_messages(name):
    results = check_lines(run_notebook(EXERCISES / name))
    assert results, "no checks found"
    for n, line in results:
        assert line.startswith("✗ %s not answered yet: " % n), line
        hint = line.split(": ", 1)[1]
        assert len(hint) > 25 and ("replace None" in hint or "set " in hint or "call " in hint
                                   or "copy_()" in hint), line


# ------------------------------------------------------------------ misconception messages

def feedback(name, answer=None, **given):
    status, msg, picture = C.EXERCISES[name](answer, **given)
    buf = io.StringIO()
    with redirect_stdout(buf):
        C.check(name, answer, **given)
    assert buf.getvalue().startswith("✗" if status != "right" else "✓")
    return status, msg, picture


def fresh_a():
    return torch.tensor([1., 2., 3.], requires_grad=True)


def test_detach_does_not_copy():
    a = fresh_a()
    status, msg, picture = feedback("4.1", False, a=a, d=a.detach())
    assert status == "wrong" and "d shares a's storage: detach() does not copy" in msg
    assert picture is not None and picture.kind == "memory"


def test_slicing_does_not_copy_and_offsets_count_elements():
    a = torch.arange(6.)
    v = a[2:]
    status, msg, picture = feedback("1.1", False, a=a, v=v)
    assert "slicing does not copy" in msg and picture is not None
    assert "bytes" in feedback("1.2", 8, v=v)[1]
    assert feedback("1.2", 2, v=v)[0] == "right"


def test_clone_gradient_reaches_the_source():
    a = fresh_a()
    b = a.clone()
    ((a * 2).sum() + (b * 3).sum()).backward()
    status, msg, picture = feedback("3.2", [2., 2., 2.], a=a, b=b)
    assert "clone() is a node in the graph" in msg and picture.kind == "graph"
    assert "add up" in feedback("3.2", [6, 6, 6], a=a, b=b)[1]
    assert feedback("3.2", torch.tensor([5., 5., 5.]), a=a, b=b)[0] == "right"
    assert "not a leaf" in feedback("3.3", False, b=b)[1]


def test_version_counter_is_shared():
    a = fresh_a()
    d = a.detach()
    d[0] = 10.
    assert "version counter is shared" in feedback("4.3", 0, a=a)[1]


def test_stale_saved_tensor_is_drawn_before_backward_runs():
    x = fresh_a()
    y = x.exp()
    z = y.sum()
    y.detach().mul_(2)
    status, msg, picture = feedback("4.4", False, z=z, run=lambda: z.backward())
    assert status == "wrong" and "saved value is stale" in msg
    assert "STALE" in picture.text


def test_from_numpy_shares_and_tensor_copies():
    np = pytest.importorskip("numpy")
    arr = np.array([1., 2.])
    t, c = torch.from_numpy(arr), torch.tensor(arr)
    arr[0] = 9.
    assert "from_numpy(arr) shares" in feedback("2.3", (1., 1.), arr=arr, t=t, c=c)[1]
    assert "copies the data" in feedback("2.3", (9., 9.), arr=arr, t=t, c=c)[1]
    assert "the other way round" in feedback("2.3", (1., 9.), arr=arr, t=t, c=c)[1]
    assert "NumPy's default" in feedback("2.2", "float64", t=torch.tensor([1., 2.]))[1]


def test_which_copy_sets():
    import copy
    a = fresh_a()
    copies = dict(d=a.detach(), c=a.clone(), s=a.detach().clone(), k=copy.deepcopy(a))
    assert "clone() always copies" in feedback("7.1", {"d", "c"}, a=a, **copies)[1]
    assert "detach() does not copy" in feedback("7.1", set(), a=a, **copies)[1]
    assert "never to a" in feedback("7.2", {"c", "k"}, a=a, **copies)[1]
    assert feedback("7.2", {"c"}, a=a, **copies)[0] == "right"


def _layers():
    nn = torch.nn
    trained = nn.Linear(3, 2)
    frozen = nn.Linear(3, 2).requires_grad_(False)
    return trained, frozen, (frozen.weight, frozen.bias)


def test_copy_into_frozen_branch_misconceptions():
    nn = torch.nn
    trained, frozen, before = _layers()
    frozen.weight.copy_(trained.weight)             # forgot no_grad
    frozen.bias.copy_(trained.bias)
    msg = feedback("6.4", trained=trained, frozen=frozen, before=before)[1]
    assert "joined trained's graph" in msg and "torch.no_grad()" in msg

    trained, frozen, before = _layers()
    frozen.weight.data = trained.weight.data         # shares memory
    assert "shares trained.weight's memory" in feedback(
        "6.4", trained=trained, frozen=frozen, before=before)[1]

    trained, frozen, before = _layers()
    frozen.weight = nn.Parameter(trained.weight.detach().clone(), requires_grad=False)
    assert "new object" in feedback("6.4", trained=trained, frozen=frozen, before=before)[1]


def test_freezing_and_pitfalls():
    nn = torch.nn
    net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
    net.requires_grad_(False)
    assert "no parameter got a gradient" in feedback("9.4", net=net)[1]
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x.exp()
    y.data.mul_(0)
    y.sum().backward()
    assert "silently wrong" in feedback("10.3", [2.7183, 7.3891], x=x)[1]
    w = torch.tensor([1., 2.], requires_grad=True)
    status, msg, picture = feedback("10.5", w=w, safe=w.detach().numpy())
    assert "Add .copy()" in msg and picture is not None


def test_odd_answers_never_raise():
    a = fresh_a()
    for answer in ("yes", 3, [1, 2], object()):
        status, _, _ = feedback("4.1", answer, a=a, d=a.detach())
        assert status in ("todo", "wrong")
    buf = io.StringIO()
    with redirect_stdout(buf):
        C.check("3.2", "five", a=a, b=a.clone())
        C.check("no such exercise")
    assert buf.getvalue().count("✗") == 2
