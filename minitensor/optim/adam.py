"""``optim.Adam`` with torch's update (torch/optim/adam.py, the single-tensor path):

    step += 1;  g = grad (+ weight_decay * p)
    m.lerp_(g, 1 - beta1);  v = beta2*v + (1-beta2)*g*g
    denom = sqrt(v (or max v, amsgrad)) / sqrt(1 - beta2**step) + eps
    p -= lr / (1 - beta1**step) * m / denom
"""
import numpy as np

from ..ops.create import tensor as _tensor
from ..core.tensor import wrap
from .optimizer import Optimizer, _check_lr, _no_grad_step, _write, _scalar


def _lerp(start, end, weight):
    # torch's CPU lerp: exact at both ends
    w = start.dtype.type(weight)
    if abs(weight) < 0.5:
        return start + w * (end - start)
    return end - (end - start) * (start.dtype.type(1) - w)


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        _check_lr(lr)
        if not 0.0 <= lr:
            raise ValueError(f"Invalid learning rate: {lr}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        betas = tuple(_scalar(b) for b in betas)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "amsgrad": amsgrad, "maximize": maximize, "foreach": foreach,
                    "capturable": capturable, "differentiable": differentiable, "fused": fused,
                    "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        loss = self._loss(closure)
        for group in self.param_groups:
            lr = _scalar(group["lr"])
            beta1, beta2 = group["betas"]
            eps, wd = group["eps"], group["weight_decay"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = _tensor(0.0)
                    state["exp_avg"] = wrap(np.zeros_like(p._data), p._device)
                    state["exp_avg_sq"] = wrap(np.zeros_like(p._data), p._device)
                    if group["amsgrad"]:
                        state["max_exp_avg_sq"] = wrap(np.zeros_like(p._data), p._device)
                dt = p._data.dtype.type
                g = p.grad._data
                if group["maximize"]:
                    g = -g
                step_t, m, v = state["step"], state["exp_avg"], state["exp_avg_sq"]
                _write("add_", step_t, step_t._data + 1)
                if wd != 0:
                    if group["decoupled_weight_decay"]:
                        _write("mul_", p, p._data * dt(1 - lr * wd))
                    else:
                        g = g + dt(wd) * p._data
                _write("lerp_", m, _lerp(m._data, g, 1 - beta1))
                _write("mul_", v, v._data * dt(beta2))
                _write("addcmul_", v, v._data + dt(1 - beta2) * g * g)
                step = step_t.item()
                bias_correction1 = 1 - beta1 ** step
                bias_correction2 = 1 - beta2 ** step
                step_size = lr / bias_correction1
                bias_correction2_sqrt = bias_correction2 ** 0.5
                if group["amsgrad"]:
                    vmax = state["max_exp_avg_sq"]
                    _write("maximum", vmax, np.maximum(vmax._data, v._data))
                    denom = np.sqrt(vmax._data) / dt(bias_correction2_sqrt) + dt(eps)
                else:
                    denom = np.sqrt(v._data) / dt(bias_correction2_sqrt) + dt(eps)
                _write("addcdiv_", p, p._data + dt(-step_size) * m._data / denom)
        return loss
