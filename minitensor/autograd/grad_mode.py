"""torch.autograd.grad_mode: no_grad, enable_grad, set_grad_enabled, inference_mode, as
context managers and decorators, over the one flag in ``core/grad_mode.py``."""
import functools

from ..core import grad_mode as core
from ..core.dtypes import type_name


def is_grad_enabled():
    return core.enabled


def is_inference_mode_enabled():
    return core.inference


class _Mode:
    """Base for no_grad / enable_grad / set_grad_enabled: context manager and decorator."""
    mode = True

    def __new__(cls, orig_func=None):
        # torch allows both @no_grad() and a bare @no_grad
        self = super().__new__(cls)
        if orig_func is None:
            return self
        return self(orig_func)

    def __init__(self, orig_func=None):
        pass

    def __enter__(self):
        self._prev = core.enabled
        core.set_mode(self.mode)

    def __exit__(self, *exc):
        core.set_mode(self._prev)
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self.clone():     # a fresh context per call: calls may nest or recurse
                return fn(*args, **kwargs)
        return wrapper

    def clone(self):
        return self.__class__()


class no_grad(_Mode):
    mode = False


class enable_grad(_Mode):
    mode = True


class inference_mode(_Mode):
    """No recording, and the tensors made inside are marked as inference tensors."""

    def __new__(cls, mode=True):
        self = object.__new__(cls)
        if isinstance(mode, bool):
            return self
        self.__init__(True)        # bare @inference_mode
        return self(mode)

    def __init__(self, mode=True):
        self.inference = mode
        self.mode = not mode

    def __enter__(self):
        self._prev = core.enabled, core.inference
        if self.inference:
            core.set_mode(False, True)
        else:
            core.set_mode(core.enabled, False)

    def __exit__(self, *exc):
        core.set_mode(*self._prev)
        return False

    def clone(self):
        return inference_mode(self.inference)


class set_grad_enabled(_Mode):
    """Takes effect at once (like torch), and restores on exit when used with ``with``."""

    def __new__(cls, mode):
        return object.__new__(cls)

    def __init__(self, mode):
        if not isinstance(mode, bool):
            raise TypeError(f"set_grad_enabled(): argument 'enabled' (position 1) must be bool, not {type_name(mode)}")
        self.mode = mode
        self._prev = core.enabled
        core.set_mode(mode)

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        core.set_mode(self._prev)
        return False

    def __call__(self, fn):
        # as a decorator torch restores the mode at once and sets it per call
        core.set_mode(self._prev)
        mode = self.mode

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with set_grad_enabled(mode):
                return fn(*args, **kwargs)
        return wrapper

    def clone(self):
        return set_grad_enabled(self.mode)
