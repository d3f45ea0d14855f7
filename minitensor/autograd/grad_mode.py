"""``torch.autograd.grad_mode``: the grad-mode switches (they live in ``core/grad_mode.py``)."""
from ..core.grad_mode import (no_grad, enable_grad, set_grad_enabled, inference_mode,  # noqa: F401
                              is_grad_enabled, is_inference_mode_enabled)
