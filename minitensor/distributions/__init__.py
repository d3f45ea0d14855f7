"""``torch.distributions``: the few a learner meets first (d2l.ai samples coin tosses with
``Multinomial(100, probs).sample()``). A distribution holds its parameters and draws
samples with the engine's own random ops; it prints as torch's does."""
from .distribution import Distribution
from .categorical import Categorical
from .multinomial import Multinomial

__all__ = ["Distribution", "Categorical", "Multinomial"]
