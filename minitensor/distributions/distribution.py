"""``Distribution``: what every distribution has (torch/distributions/distribution.py)."""
from ..core.size import Size


class Distribution:
    """A distribution's shapes: ``batch_shape`` (how many independent distributions it
    holds) and ``event_shape`` (the shape of one draw); a sample of ``sample_shape`` has
    shape ``sample_shape + batch_shape + event_shape``."""
    arg_constraints = {}

    def __init__(self, batch_shape=Size(), event_shape=Size(), validate_args=None):
        self._batch_shape = Size(batch_shape)
        self._event_shape = Size(event_shape)

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    def _extended_shape(self, sample_shape=Size()):
        return Size(tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape))

    def sample(self, sample_shape=Size()):
        raise NotImplementedError

    def __repr__(self):
        # the parameters set so far (torch computes the other one lazily, on first use)
        names = [k for k in self.arg_constraints if k in self.__dict__]
        args = ", ".join(f"{p}: {self.__dict__[p] if self.__dict__[p].numel() == 1 else self.__dict__[p].size()}"
                         for p in names)
        return f"{type(self).__name__}({args})"
