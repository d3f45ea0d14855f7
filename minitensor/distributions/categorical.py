"""``Categorical``: one draw picks index i with probability probs[i]."""
from ..core.size import Size
from ..ops.pointwise import clamp
from ..ops.random import multinomial
from ..ops.statistics import logsumexp
from ..ops.unary import log
from .distribution import Distribution

_EPS = 1.1920928955078125e-07      # torch.finfo(torch.float32).eps, as probs_to_logits clamps


class Categorical(Distribution):
    arg_constraints = {"probs": "simplex", "logits": "real_vector"}

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            self.probs = probs / probs.sum(-1, keepdim=True)      # normalised to sum to 1
            _check_simplex(self.probs, self)
        else:
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            self.logits = logits - logsumexp(logits, -1, keepdim=True)
        param = self.probs if probs is not None else self.logits
        self._param = param
        self._num_events = param.size()[-1]
        super().__init__(param.size()[:-1], Size(), validate_args)

    def __getattr__(self, name):
        # the parameter not given is computed on first use and then kept (torch's lazy_property)
        if name == "probs":
            self.probs = self.__dict__["logits"].softmax(-1)
            return self.probs
        if name == "logits":
            self.logits = log(clamp(self.__dict__["probs"], _EPS, 1 - _EPS))
            return self.logits
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    @property
    def param_shape(self):
        return self._param.size()

    def sample(self, sample_shape=Size()):
        sample_shape = Size(sample_shape)
        probs_2d = self.probs.reshape(-1, self._num_events)
        samples_2d = multinomial(probs_2d, sample_shape.numel(), True).T
        return samples_2d.reshape(self._extended_shape(sample_shape))


def _check_simplex(probs, dist):
    """torch's validation of a probs parameter (constraints.simplex)."""
    ok = bool(((probs >= 0).all(-1) & ((probs.sum(-1) - 1).abs() < 1e-6)).all())
    if not ok:
        raise ValueError(
            f"Expected parameter probs (Tensor of shape {tuple(probs.shape)}) of distribution "
            f"{type(dist).__name__}(probs: {probs.size()}) to satisfy the constraint Simplex(), "
            f"but found invalid values:\n{probs}")


