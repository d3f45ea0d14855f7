"""Grad mode: whether ops record history. One module-level flag, as in micrograd-sized
engines; torch keeps it per thread, which lessons never need. (``no_grad`` and its
friends, with their decorator forms, are ``autograd/grad_mode.py``.)"""

enabled = True
inference = False      # inside inference_mode(): new tensors are inference tensors


def set_mode(grad, inference_=None):
    """Switch recording on or off (and inference mode, when given)."""
    global enabled, inference
    enabled = grad
    if inference_ is not None:
        inference = inference_


class mode:
    """``with mode(False):`` records nothing inside; the previous mode comes back after."""

    def __init__(self, grad, inference_=None):
        self.grad, self.inference = grad, inference_

    def __enter__(self):
        self.prev = (enabled, inference)
        set_mode(self.grad, self.inference)

    def __exit__(self, *exc):
        set_mode(*self.prev)
        return False
