"""``optim.RMSprop`` with torch's update (torch/optim/rmsprop.py, the single-tensor path):

    step += 1;  g = grad (+ weight_decay * p)
    v = alpha*v + (1-alpha)*g*g                   (the running mean of squared gradients)
    avg = sqrt(v - mean_g**2) (centered) or sqrt(v), + eps
    buf = momentum*buf + g/avg; p -= lr*buf   (momentum)   or   p -= lr * g/avg
"""
import numpy as np

from ..ops.create import tensor as _tensor
from ..core.tensor import wrap
from .adam import _lerp
from .optimizer import Optimizer, _check_lr, _no_grad_step, _write, _scalar


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                 centered=False, capturable=False, foreach=None, maximize=False,
                 differentiable=False):
        _check_lr(lr)
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= momentum:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= alpha:
            raise ValueError(f"Invalid alpha value: {alpha}")
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps,
                    "centered": centered, "weight_decay": weight_decay, "capturable": capturable,
                    "foreach": foreach, "maximize": maximize, "differentiable": differentiable}
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        loss = self._loss(closure)
        for group in self.param_groups:
            lr = _scalar(group["lr"])
            alpha, eps, wd = group["alpha"], group["eps"], group["weight_decay"]
            momentum, centered = group["momentum"], group["centered"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _tensor(0.0)
                    state["square_avg"] = wrap(np.zeros_like(p._data), p._device)
                    if momentum > 0:
                        state["momentum_buffer"] = wrap(np.zeros_like(p._data), p._device)
                    if centered:
                        state["grad_avg"] = wrap(np.zeros_like(p._data), p._device)
                dt = p._data.dtype.type
                g = p.grad._data
                if group["maximize"]:
                    g = -g
                step_t, v = state["step"], state["square_avg"]
                _write("add_", step_t, step_t._data + 1)
                if wd != 0:
                    g = g + dt(wd) * p._data
                _write("mul_", v, v._data * dt(alpha))
                _write("addcmul_", v, v._data + dt(1 - alpha) * g * g)
                if centered:
                    ga = state["grad_avg"]
                    _write("lerp_", ga, _lerp(ga._data, g, 1 - alpha))
                    avg = np.sqrt(v._data + dt(-1) * ga._data * ga._data)
                else:
                    avg = np.sqrt(v._data)
                avg = avg + dt(eps)
                if momentum > 0:
                    buf = state["momentum_buffer"]
                    _write("mul_", buf, buf._data * dt(momentum))
                    _write("addcdiv_", buf, buf._data + g / avg)
                    _write("add_", p, p._data + dt(-lr) * buf._data)
                else:
                    _write("addcdiv_", p, p._data + dt(-lr) * g / avg)
        return loss
