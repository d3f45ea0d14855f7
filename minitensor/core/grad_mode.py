"""Grad mode: whether ops record history. One module-level flag, as in micrograd-sized
engines; torch keeps it per thread, which lessons never need."""
import functools

enabled = True
inference = False      # inside inference_mode(): new tensors are inference tensors


def is_grad_enabled():
    return enabled


def is_inference_mode_enabled():
    return inference


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
        global enabled, inference
        self._prev = enabled, inference
        if self.inference:
            enabled, inference = False, True
        else:
            inference = False

    def __exit__(self, *exc):
        global enabled, inference
        enabled, inference = self._prev
        return False

    def clone(self):
        return inference_mode(self.inference)


class set_grad_enabled(_Mode):
    """Takes effect at once (like torch), and restores on exit when used with ``with``."""

    def __new__(cls, mode):
        return object.__new__(cls)

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

    def __call__(self, fn):
        # as a decorator torch restores the mode at once and sets it per call
        global enabled
        enabled = self._prev
        mode = self.mode

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with set_grad_enabled(mode):
                return fn(*args, **kwargs)
        return wrapper

    def clone(self):
        return set_grad_enabled(self.mode)
