"""Last-bit agreement with torch's float kernels, measured over many random values.

The snippet cases compare values with a tolerance; these tests count how many elements
agree with torch bit for bit, where minitensor chose its numerics to follow torch's
(a threshold, since neither side is correctly rounded everywhere)."""
import numpy as np
import pytest

import minitensor as mt

torch = pytest.importorskip("torch")
pytestmark = pytest.mark.differential


def _differing(name, x):
    t = getattr(torch.from_numpy(x), name)().numpy()
    m = getattr(mt.from_numpy(x), name)()._data
    return float(np.mean(t.view(np.int32) != m.view(np.int32)))


@pytest.mark.parametrize("lo, hi", [(-1, 1), (-16, 16), (-80, 80)])
def test_float32_exp_agrees_with_torch_bit_for_bit_almost_everywhere(lo, hi):
    # NumPy's own float32 exp differs from torch's on ~39% of elements (and a chain of
    # exps shows it in print); computed in float64 and rounded once, ~1% do
    x = np.random.default_rng(0).uniform(lo, hi, 20000).astype(np.float32)
    assert _differing("exp", x) < 0.02


def test_float32_exp_in_place_matches_out_of_place():
    x = np.random.default_rng(1).uniform(-10, 10, 1000).astype(np.float32)
    a = mt.from_numpy(x.copy())
    a.exp_()
    assert np.array_equal(a._data, mt.from_numpy(x).exp()._data)


@pytest.mark.parametrize("lo, hi", [(-1, 1), (-8, 8), (-30, 30)])
def test_float32_sigmoid_of_small_tensors_agrees_with_torch_bit_for_bit(lo, hi):
    # a lesson's tensors are small, and torch computes those as 1 / (1 + expf(-x)) with a
    # correctly rounded expf; NumPy's own float32 exp made 16% of elements differ (and
    # .item() shows all 17 digits), rounding a float64 exp makes 0.1%
    x = np.random.default_rng(2).uniform(lo, hi, 3000).astype(np.float32)
    differ = 0
    for i in range(0, x.size, 3):
        t = torch.from_numpy(x[i:i + 3].copy()).sigmoid().numpy()
        m = mt.from_numpy(x[i:i + 3].copy()).sigmoid()._data
        differ += int(np.sum(t.view(np.int32) != m.view(np.int32)))
    assert differ / x.size < 0.005
    y = mt.from_numpy(x[:3].copy())
    y.sigmoid_()                    # the in-place twin computes the same values
    assert np.array_equal(y._data, mt.from_numpy(x[:3].copy()).sigmoid()._data)
