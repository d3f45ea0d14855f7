"""``with quiet:`` silences NumPy's floating-point warnings inside an op, because
torch gives inf/nan silently. ``np.errstate`` costs over a microsecond per use;
setting NumPy's error-state context variable directly costs a fraction of that."""
import numpy as np

try:
    from numpy._core.umath import _extobj_contextvar, _make_extobj
except ImportError:       # another NumPy layout: fall back to the public API
    _extobj_contextvar = None


class _Quiet:
    __slots__ = ("_tokens", "_ignore")

    def __init__(self):
        self._tokens = []
        self._ignore = _make_extobj(all="ignore") if _extobj_contextvar is not None else None

    def __enter__(self):
        if self._ignore is None:
            cm = np.errstate(all="ignore")
            cm.__enter__()
            self._tokens.append(cm)
        else:
            self._tokens.append(_extobj_contextvar.set(self._ignore))

    def __exit__(self, *exc):
        tok = self._tokens.pop()
        if self._ignore is None:
            tok.__exit__(*exc)
        else:
            _extobj_contextvar.reset(tok)
        return False


quiet = _Quiet()
