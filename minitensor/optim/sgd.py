"""``optim.SGD`` with torch's update (torch/optim/sgd.py, the single-tensor path):

    g = grad (+ weight_decay * p);  buf = g (first step) or momentum*buf + (1-dampening)*g
    g = g + momentum*buf (nesterov) or buf;  p -= lr * g
"""
import numpy as np

from ..core.tensor import wrap
from .optimizer import Optimizer, _check_lr, _no_grad_step, _write, _scalar


class SGD(Optimizer):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False,
                 *, maximize=False, foreach=None, differentiable=False, fused=None):
        _check_lr(lr)
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening,
                    "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                    "foreach": foreach, "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    @_no_grad_step
    def step(self, closure=None):
        loss = self._loss(closure)
        for group in self.param_groups:
            lr = _scalar(group["lr"])
            wd, momentum = group["weight_decay"], group["momentum"]
            dampening, nesterov = group["dampening"], group["nesterov"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                dt = p._data.dtype.type
                g = p.grad._data
                if group["maximize"]:
                    g = -g
                if wd != 0:
                    g = g + dt(wd) * p._data
                if momentum != 0:
                    state = self.state[p]
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = wrap(np.array(g, copy=True), p._device)   # grad.detach().clone()
                    else:
                        _write("mul_", buf, buf._data * dt(momentum))
                        _write("add_", buf, buf._data + dt(1 - dampening) * g)
                    state["momentum_buffer"] = buf
                    g = g + dt(momentum) * buf._data if nesterov else buf._data
                _write("add_", p, p._data + dt(-lr) * g)
        return loss
