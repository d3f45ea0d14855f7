"""The harness itself: a snippet that imported torch on its own would run real torch on
the minitensor side too, and every comparison would pass."""
import pytest

from harness import run


@pytest.mark.parametrize("snippet", [
    "from torch.utils.data import TensorDataset\nobs('n', 1)",
    "import torch.nn as nn\nobs('n', 1)",
    "def f():\n    import torch\nobs('n', 1)",
])
def test_a_snippet_that_imports_torch_is_refused(snippet):
    with pytest.raises(ValueError, match="must not import torch"):
        run(snippet, engine="minitensor")


def test_a_snippet_using_the_given_names_runs():
    assert run("obs('t', torch.ones(2).sum())", engine="minitensor")[0][0] == "t"
