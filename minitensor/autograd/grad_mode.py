"""Grad mode: whether ops record history. One module-level flag, as in micrograd-sized
engines; torch keeps it per thread, which lessons never need."""
import functools

enabled = True


def is_grad_enabled():
    return enabled


class _Mode:
    """Base for no_grad / enable_grad / set_grad_enabled: context manager and decorator."""
    mode = True

    def __enter__(self):
        global enabled
        self._prev = enabled
        enabled = self.mode

    def __exit__(self, *exc):
        global enabled
        enabled = self._prev
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with self.__class__() if not isinstance(self, set_grad_enabled) else set_grad_enabled(self.mode):
                return fn(*args, **kwargs)
        return wrapper

    def clone(self):
        return self.__class__()


class no_grad(_Mode):
    mode = False


class enable_grad(_Mode):
    mode = True


class inference_mode(_Mode):
    """Treated as no_grad: lessons only use it to switch recording off."""

    def __init__(self, mode=True):
        self.mode = not mode


class set_grad_enabled(_Mode):
    """Takes effect at once (like torch), and restores on exit when used with ``with``."""

    def __init__(self, mode):
        global enabled
        if not isinstance(mode, bool):
            raise TypeError(f"set_grad_enabled(): argument 'mode' (position 1) must be bool, not {type(mode).__name__}")
        self.mode = mode
        self._prev = enabled
        enabled = mode

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        global enabled
        enabled = self._prev
        return False
