"""torch's TORCH_WARN_ONCE: a warning given once per process, whatever the filters say
(a learner sees it once per kernel, not in every cell)."""
import warnings

_given = set()


def warn_once(message, stacklevel=2, category=UserWarning):
    """``stacklevel`` counts from the caller of ``warn_once``, as ``warnings.warn``'s does."""
    if message in _given:
        return
    _given.add(message)
    warnings.warn(message, category, stacklevel=stacklevel + 1)
