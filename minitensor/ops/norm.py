"""Normalisation: ``layer_norm`` and ``batch_norm``, with their grad nodes
``NativeLayerNormBackward0`` and ``NativeBatchNormBackward0``.

Both compute ``xhat = (x - mean) / sqrt(var + eps)`` and return ``xhat * weight + bias``;
they differ in which elements share a mean: layer norm, the last dims of one sample;
batch norm, one channel across the batch (and the spatial dims). In training batch norm
also moves the running mean and (unbiased) variance towards the batch's, in place.

The gradient through the normalisation, for a group of N elements (g' = g * weight):

    dx = invstd / N * (N g' - sum(g') - xhat * sum(g' xhat))
"""
import numpy as np

from ..core.dispatch import composite, record, write
from ..core.graph import Node


def _xhat_grad(x, g, w, axes, mean, invstd):
    """The gradient of ``x`` when ``mean``/``invstd`` come from ``x`` itself."""
    n = np.prod([x.shape[a] for a in axes])
    xhat = (x - mean) * invstd
    gp = g if w is None else g * w
    s1 = gp.sum(axis=axes, keepdims=True)
    s2 = (gp * xhat).sum(axis=axes, keepdims=True)
    return invstd / n * (n * gp - s1 - xhat * s2), xhat


# ------------------------------------------------------------------ layer norm
class NativeLayerNormBackward0(Node):
    saves = (("input", 0), ("weight", 1))
    save_for = {"input": (0, 1), "weight": (0,)}

    def backward(self, g):
        x, w = self.saved()
        (_, xdt), wmeta, bmeta = self._input_meta
        x64, g64 = x.astype(np.float64), g.astype(np.float64)
        w64 = None if w is None else w.astype(np.float64)
        gx, xhat = _xhat_grad(x64, g64, w64, self.axes, self.mean, self.invstd)
        lead = tuple(range(x.ndim - len(self.axes)))
        gw = None if wmeta is None else (g64 * xhat).sum(axis=lead).astype(wmeta[1])
        gb = None if bmeta is None else g64.sum(axis=lead).astype(bmeta[1])
        return gx.astype(xdt), gw, gb


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    x = input._data
    shape = tuple(normalized_shape)
    if x.shape[x.ndim - len(shape):] != shape or len(shape) > x.ndim:
        raise RuntimeError(
            f"Given normalized_shape={list(shape)}, expected input with shape "
            f"[*, {', '.join(map(str, shape))}], but got input of size{list(x.shape)}")
    axes = tuple(range(x.ndim - len(shape), x.ndim))
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=axes, keepdims=True)
    invstd = 1 / np.sqrt(x64.var(axis=axes, keepdims=True) + eps)
    out = (x64 - mean) * invstd
    if weight is not None:
        out = out * weight._data
    if bias is not None:
        out = out + bias._data
    return record("native_layer_norm", out.astype(x.dtype), input._device,
                  (input, weight, bias), NativeLayerNormBackward0,
                  {"axes": axes, "mean": mean, "invstd": invstd})


# ------------------------------------------------------------------ batch norm
class NativeBatchNormBackward0(Node):
    saves = (("input", 0), ("weight", 1))
    save_for = {"input": (0, 1), "weight": (0,)}

    def backward(self, g):
        x, w = self.saved()
        (_, xdt), wmeta, bmeta = self._input_meta
        x64, g64 = x.astype(np.float64), g.astype(np.float64)
        w64 = None if w is None else w.astype(np.float64).reshape(self.bshape)
        axes = self.axes
        if self.training:
            gx, xhat = _xhat_grad(x64, g64, w64, axes, self.mean, self.invstd)
        else:       # mean and invstd are the running stats: constants
            xhat = (x64 - self.mean) * self.invstd
            gx = g64 * self.invstd * (1 if w64 is None else w64)
        gw = None if wmeta is None else (g64 * xhat).sum(axis=axes).astype(wmeta[1])
        gb = None if bmeta is None else g64.sum(axis=axes).astype(bmeta[1])
        return gx.astype(xdt), gw, gb


@composite("batch_norm")
def batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps):
    """Arguments as torch.batch_norm's after F.batch_norm's check; channels are dim 1."""
    x = input._data
    c = x.shape[1] if x.ndim > 1 else 1
    for name, t in (("running_mean", running_mean), ("running_var", running_var),
                    ("weight", weight), ("bias", bias)):
        if t is not None and t._data.size != c:
            raise RuntimeError(f"{name} should contain {c} elements not {t._data.size}")
    axes = (0,) + tuple(range(2, x.ndim))
    bshape = (1, c) + (1,) * (x.ndim - 2)
    x64 = x.astype(np.float64)
    if training:
        mean = x64.mean(axis=axes, keepdims=True)
        var = x64.var(axis=axes, keepdims=True)
        if running_mean is not None:
            n = x.size // c
            m = momentum
            unbiased = var.reshape(-1) * n / max(n - 1, 1)
            # torch's kernel writes the running stats as it goes: no version bump, no history
            for stat, batch in ((running_mean, mean.reshape(-1)), (running_var, unbiased)):
                write(stat, ((1 - m) * stat._data + m * batch).astype(stat._data.dtype))
    else:
        mean = running_mean._data.astype(np.float64).reshape(bshape)
        var = running_var._data.astype(np.float64).reshape(bshape)
    invstd = 1 / np.sqrt(var + eps)
    out = (x64 - mean) * invstd
    if weight is not None:
        out = out * weight._data.reshape(bshape)
    if bias is not None:
        out = out + bias._data.reshape(bshape)
    return record("native_batch_norm", out.astype(x.dtype), input._device,
                  (input, weight, bias), NativeBatchNormBackward0,
                  {"axes": axes, "bshape": bshape, "mean": mean, "invstd": invstd,
                   "training": training})
