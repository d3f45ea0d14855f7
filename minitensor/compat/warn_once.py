"""Where an engine warning points, and torch's TORCH_WARN_ONCE.

torch raises most warnings in C++, and Python attributes them to the line that called
into torch: the learner's line. minitensor's warnings come from deep inside the package,
so every one goes through ``warn`` here, which points it at the first frame outside
minitensor (a fixed ``stacklevel`` would point into the parser or the door whenever an
op is reached through them). That also makes the default filter's "once per location"
mean once per learner line, as with torch."""
import os
import sys
import warnings

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_given = set()


def warn(message, category=UserWarning):
    """``warnings.warn``, pointed at the learner's line."""
    frame, level = sys._getframe(1), 2      # level 2: warn's caller
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, category, stacklevel=level)


def warn_once(message, category=UserWarning):
    """A warning given once per process, whatever the filters say (a learner sees it
    once per kernel, not in every cell)."""
    if message in _given:
        return
    _given.add(message)
    warn(message, category)         # warn skips this frame too: it is inside minitensor
