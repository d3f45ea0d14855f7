"""minitensor drops NumPy's floating-point warnings raised inside its own ops (torch
computes inf and nan silently), and only those: the learner's NumPy keeps warning."""
import warnings

import numpy as np
import pytest

import minitensor as torch
from minitensor.compat.quiet import install_warning_filter


@pytest.fixture
def record():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        install_warning_filter()        # what `import minitensor` installed
        yield w


def test_ops_that_overflow_do_not_warn(record):
    x = torch.tensor([3e38, float("inf")])
    y = x * x + x - x
    assert torch.isinf(y[0]) and torch.isnan(y[1])
    assert torch.tensor([-1e5]).sigmoid().item() == 0.0     # exp(1e5) overflows inside
    m = torch.tensor([[3e38, 3e38], [3e38, 3e38]])
    assert torch.isinf(m.sum(0)).all() and torch.isinf(m.sum((0, 1)))   # reductions too
    z = x.clone()
    z.mul_(x).add_(z).sub_(x).div_(0)       # in place, through the same filter
    assert torch.isinf(z[0]) and torch.isnan(z[1])
    assert [str(w.message) for w in record] == []


def test_the_learners_numpy_still_warns(record):
    np.float32(3e38) * np.float32(10)
    np.array([1.0]) / 0
    messages = [str(w.message) for w in record]
    assert any("overflow encountered" in m for m in messages), messages
    assert any("divide by zero" in m for m in messages), messages


def test_other_warnings_from_minitensor_are_kept(record):
    a = torch.tensor([1.0], requires_grad=True)
    (a * 2).grad          # torch's UserWarning about a non-leaf's .grad
    assert any(".grad attribute of a Tensor that is not a leaf" in str(w.message) for w in record)


def test_a_fresh_interpreter_shows_only_the_learners_warnings():
    """What a learner's kernel does: import minitensor, overflow in a minitensor op (no
    warning, as torch), then in plain NumPy (NumPy's warning). pytest resets the filters
    around collection, so this runs in a subprocess."""
    import subprocess
    import sys
    code = ("import numpy as np, minitensor as torch\n"
            "x = torch.tensor([3e38]) * 10\n"
            "y = torch.tensor([float('inf')]).sin()\n"
            "print(x.item(), y.item())\n"
            "np.float32(3e38) * np.float32(10)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["inf", "nan"]
    assert r.stderr.count("RuntimeWarning") == 1, r.stderr
    assert "<string>:5" in r.stderr, r.stderr          # the learner's own line, not ours


ENGINES = ["minitensor", pytest.param("torch", marks=pytest.mark.differential)]


def _printed_in_fresh_process(script, engine):
    """What ``script`` prints in a new interpreter with ``engine`` imported as torch (a
    TORCH_WARN_ONCE warning is once per process, so each check needs its own)."""
    import subprocess
    import sys
    if engine == "torch":
        pytest.importorskip("torch")
    return subprocess.run([sys.executable, "-c", script, engine],
                          capture_output=True, text=True, check=True).stdout.split()


_READ_ONLY_TWICE = """
import sys, warnings
import numpy as np
torch = __import__(sys.argv[1])
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as w:
    for _ in range(3):
        a = np.ones(3)
        a.flags.writeable = False
        torch.from_numpy(a).add_(1)
        torch.as_tensor(a)
print(len([m for m in w if "not writable" in str(m.message)]), a[0])
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_read_only_numpy_array_warns_once_per_process_and_is_written(engine):
    # torch's TORCH_WARN_ONCE: a learner sees it once per kernel, not in every cell
    assert _printed_in_fresh_process(_READ_ONLY_TWICE, engine) == ["1", "2.0"]


def test_read_only_memory_map_stays_read_only(tmp_path):
    # writing there would kill the kernel (it does torch's): NumPy's refusal instead
    np.ones(3).tofile(tmp_path / "x.bin")
    m = np.memmap(tmp_path / "x.bin", dtype=np.float64, mode="r")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = torch.from_numpy(m)
    assert t.tolist() == [1.0, 1.0, 1.0] and not t._data.flags.writeable


_LIST_OF_ARRAYS = """
import sys, warnings
import numpy as np
torch = __import__(sys.argv[1])
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as w:
    for _ in range(3):
        t = torch.tensor([np.ones(2), np.ones(2)])
        torch.tensor([[1.0, 2.0], np.ones(2)])      # a list first: no warning
print(len([m for m in w if "list of numpy.ndarrays" in str(m.message)]), t.dtype)
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_list_of_numpy_arrays_warns_once_per_process(engine):
    assert _printed_in_fresh_process(_LIST_OF_ARRAYS, engine) == ["1", "torch.float64"]


_TYPED_STORAGE = """
import sys, warnings
torch = __import__(sys.argv[1])
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as w:
    for _ in range(3):
        torch.ones(2).storage().size()
print(len([m for m in w if "TypedStorage is deprecated" in str(m.message)]))
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_typed_storage_warns_once_per_process(engine):
    assert _printed_in_fresh_process(_TYPED_STORAGE, engine) == ["1"]


# ------------------------------------------------------------ where a warning points
# torch raises these in C++ (or with a stacklevel that reaches the caller), so Python shows
# the learner's line: "<ipython-input-3>:1: UserWarning: ...". minitensor's come from deep
# inside the package, through the parser or the door, and must point at the same line.
# (Two torch warnings point inside torch itself, F.mse_loss(size_average=) and
# nn.Softmax() without dim; minitensor shows the learner's line there too.)
_POINTS_AT_CALLER = {
    "non-leaf .grad": "(torch.ones(1, requires_grad=True) * 2).grad",
    "softmax without dim": "torch.nn.functional.softmax(torch.ones(2, 2))",
    "new_tensor(tensor)": "torch.ones(2).new_tensor(torch.ones(2))",
    "torch.tensor(tensor)": "torch.tensor(torch.ones(2))",
    "out= resized": "torch.exp(torch.ones(2), out=torch.ones(3))",
    "mse_loss sizes": "torch.nn.functional.mse_loss(torch.ones(3), torch.ones(1, 3))",
    "std of one element": "torch.ones(1).std()",
    "Variable(volatile=)": "torch.autograd.Variable(torch.ones(2), volatile=True)",
}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("name", sorted(_POINTS_AT_CALLER))
def test_a_warning_points_at_the_learners_line(engine, name):
    import importlib
    code = compile(_POINTS_AT_CALLER[name], "<learner's cell>", "eval")
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        eval(code, {"torch": importlib.import_module(engine)})
    assert w, "no warning"
    assert [(x.filename, x.lineno) for x in w] == [("<learner's cell>", 1)] * len(w)


_ONCE_PER_PROCESS_POINTS_AT = """
import sys, warnings
torch = __import__(sys.argv[1])
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as w:
    exec(compile("torch.ones(2).storage()\\ntorch.ones(2, 3, 4).T", "<cell>", "exec"))
print(*[f"{x.filename}:{x.lineno}" for x in w])
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_once_per_process_warning_points_at_the_learners_line(engine):
    # t.storage() and .T of 3 dims are TORCH_WARN_ONCE: checked in a fresh process
    assert _printed_in_fresh_process(_ONCE_PER_PROCESS_POINTS_AT, engine) == ["<cell>:1", "<cell>:2"]
