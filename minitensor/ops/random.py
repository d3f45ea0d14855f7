"""Random numbers: a NumPy generator behind torch's API. Deterministic after
``manual_seed``, but not bit-equal to torch's own generator (not required)."""
import numpy as np


class Generator:
    _torch_name = "torch._C.Generator"     # what torch's messages call this type

    def __init__(self, device="cpu"):
        self._seed = 67280421310721   # torch's default initial seed
        self._rng = np.random.default_rng(self._seed)

    def manual_seed(self, seed):
        if not isinstance(seed, int):
            raise TypeError(f"manual_seed expected a long, but got {type(seed).__name__}")
        self._seed = seed
        self._rng = np.random.default_rng(seed & 0xFFFFFFFFFFFFFFFF)
        return self

    def initial_seed(self):
        return self._seed

    def seed(self):
        s = int(np.random.SeedSequence().entropy) & 0xFFFFFFFFFFFFFFFF
        self.manual_seed(s)
        return s

    def get_state(self):
        return self._rng.bit_generator.state

    def set_state(self, state):
        self._rng.bit_generator.state = state


default_generator = Generator()


def manual_seed(seed):
    return default_generator.manual_seed(int(seed))


def seed():
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(state):
    default_generator.set_state(state)
