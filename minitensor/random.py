"""``torch.random``: seeding and the default generator (they live in ``ops/random.py``)."""
from .ops.random import (Generator, default_generator, manual_seed, seed,  # noqa: F401
                         initial_seed, get_rng_state, set_rng_state)
