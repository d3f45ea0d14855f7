"""``with quiet:`` silences NumPy's floating-point warnings inside an op, because
torch gives inf/nan silently. ``np.errstate`` costs over a microsecond per use;
setting NumPy's error-state context variable directly costs a fraction of that,
which matters because nearly every op passes through here."""
import warnings

import numpy as np

# NumPy's floating-point warnings ("overflow encountered in multiply", ...)
FP_WARNING = r"(overflow|invalid value|divide by zero|underflow) encountered in "


def install_warning_filter():
    """torch gives inf and nan silently; NumPy warns. A ``with quiet:`` around every hot
    op would cost ~0.4 us each, so instead a warning that NumPy raises from minitensor's
    own code (the frame calling the ufunc is in a ``minitensor`` module) is dropped by a
    filter, which costs nothing until a warning fires. The learner's own NumPy calls
    keep their warnings. Called once at import (and by the differential harness after
    it resets the filters to record every warning)."""
    warnings.filterwarnings("ignore", message=FP_WARNING, category=RuntimeWarning,
                            module=r"minitensor(\.|$)")

try:
    from numpy._core.umath import _extobj_contextvar, _make_extobj
except ImportError:       # another NumPy layout: fall back to the public API
    _extobj_contextvar = None


class _Quiet:
    """The fast form: push "ignore" onto NumPy's error-state context variable."""
    __slots__ = ("_tokens", "_set", "_reset", "_ignore")

    def __init__(self):
        self._tokens = []
        self._set = _extobj_contextvar.set
        self._reset = _extobj_contextvar.reset
        self._ignore = _make_extobj(all="ignore")

    def __enter__(self):
        self._tokens.append(self._set(self._ignore))

    def __exit__(self, *exc):
        self._reset(self._tokens.pop())


class _PublicQuiet:
    """The fallback: np.errstate, slower but public."""
    __slots__ = ("_stack",)

    def __init__(self):
        self._stack = []

    def __enter__(self):
        cm = np.errstate(all="ignore")
        cm.__enter__()
        self._stack.append(cm)

    def __exit__(self, *exc):
        self._stack.pop().__exit__(*exc)


quiet = _Quiet() if _extobj_contextvar is not None else _PublicQuiet()
