"""``Multinomial(total_count, probs)``: how many of ``total_count`` categorical draws fell
on each category (d2l.ai's coin: ``Multinomial(100, tensor([0.5, 0.5])).sample()``)."""
from ..core.size import Size
from ..ops.create import arange
from .categorical import Categorical
from .distribution import Distribution


class Multinomial(Distribution):
    arg_constraints = {"probs": "simplex", "logits": "real_vector"}

    def __init__(self, total_count=1, probs=None, logits=None, validate_args=None):
        if not isinstance(total_count, int):
            raise NotImplementedError("inhomogeneous total_count is not supported")
        self.total_count = total_count
        self._categorical = Categorical(probs=probs, logits=logits)
        batch_shape = self._categorical.batch_shape
        event_shape = self._categorical.param_shape[-1:]
        super().__init__(batch_shape, event_shape, validate_args)

    @property
    def probs(self):
        return self._categorical.probs

    @property
    def logits(self):
        return self._categorical.logits

    @property
    def param_shape(self):
        return self._categorical.param_shape

    @property
    def mean(self):
        return self.probs * self.total_count

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def sample(self, sample_shape=Size()):
        sample_shape = Size(sample_shape)
        # total_count draws of the category, each one's index ...
        draws = self._categorical.sample(Size((self.total_count,)) + sample_shape)
        # ... counted per category: (total_count, *shape) -> (*shape, categories)
        k = self._num_events()
        counts = (draws.unsqueeze(-1) == arange(k)).sum(0)
        return counts.type_as(self.probs).contiguous()      # laid out as torch's fresh counts

    def _num_events(self):
        return self._categorical._num_events
