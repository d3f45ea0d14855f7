"""minitensor drops NumPy's floating-point warnings raised inside its own ops (torch
computes inf and nan silently), and only those: the learner's NumPy keeps warning."""
import warnings

import numpy as np
import pytest

import minitensor as torch
from minitensor._quiet import install_warning_filter


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
