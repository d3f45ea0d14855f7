"""Pooling: ``max_pool2d`` (``MaxPool2DWithIndicesBackward0``), ``avg_pool2d``
(``AvgPool2DBackward0``) and ``adaptive_avg_pool2d`` (``AdaptiveAvgPool2DBackward0``).

Like a convolution, a pool slides a window over each channel; instead of a weighted sum
it keeps the window's largest value (and where it was: the gradient goes back only
there) or its mean (the gradient is shared out over the window)."""
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ..compat.arg_parser import PythonArgParser
from ..compat.conv_args import pool_args
from ..compat.quiet import quiet
from ..core.dispatch import composite, record
from ..core.graph import Node
from .operands import _no_kernel


def _windows(x, kernel, stride, padding, dilation, out, fill):
    """(N, C, H, W) -> (N, C, oh, ow, kh, kw): the window under each output position,
    the input padded with ``fill`` (also on the right when ceil_mode needs more)."""
    need = [(o - 1) * s + d * (k - 1) + 1 for o, s, d, k in zip(out, stride, dilation, kernel)]
    pads = [(p, max(n - h - p, p)) for p, n, h in zip(padding, need, x.shape[2:])]
    xp = np.pad(x, ((0, 0), (0, 0)) + tuple(pads), constant_values=fill)
    span = [d * (k - 1) + 1 for d, k in zip(dilation, kernel)]
    w = sliding_window_view(xp, span, axis=(2, 3))
    w = w[:, :, ::stride[0], ::stride[1], ::dilation[0], ::dilation[1]]
    return w[:, :, :out[0], :out[1]]


# ------------------------------------------------------------------ max pool
class MaxPool2DWithIndicesBackward0(Node):
    saves = (("self", 0),)

    def backward(self, g):
        (xshape, xdt), = self._input_meta
        n, c, h, w = self.indices.shape[:2] + tuple(xshape[-2:])
        gx = np.zeros((n * c, h * w), xdt)     # each output's gradient to where its max was
        rows = np.repeat(np.arange(n * c), self.indices[0, 0].size)
        np.add.at(gx, (rows, self.indices.reshape(-1)), g.reshape(-1))
        return (gx.reshape(xshape),)


@composite("max_pool2d_with_indices")
def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False):
    """Returns the pooled tensor and the flat (h * W + w) index of each maximum."""
    x = input._data
    kernel, stride, padding, dilation, out = pool_args(
        "max_pool2d", input, kernel_size, stride, padding, dilation, ceil_mode)
    batched = x.ndim == 4
    x4 = x if batched else x[None]
    with quiet:
        lowest = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
        win = _windows(x4, kernel, stride, padding, dilation, out, lowest)
    flat = win.reshape(win.shape[:4] + (-1,))
    nan = np.isnan(flat)
    arg = np.where(nan.any(-1), nan.argmax(-1), flat.argmax(-1))   # NaN wins, as in torch
    vals = np.take_along_axis(flat, arg[..., None], -1)[..., 0].astype(x.dtype)
    # the window's k-th element -> its (h, w) in the input
    ki, kj = np.divmod(arg, kernel[1])
    oi = np.arange(out[0])[:, None] * stride[0]
    oj = np.arange(out[1])[None, :] * stride[1]
    hi = oi + ki * dilation[0] - padding[0]
    wj = oj + kj * dilation[1] - padding[1]
    indices = (hi * x4.shape[3] + wj).astype(np.int64)
    node_attrs = {"indices": indices}
    if not batched:
        vals, indices = vals[0], indices[0]
    out = record("max_pool2d_with_indices", vals, input._device, (input,),
                 MaxPool2DWithIndicesBackward0, node_attrs)
    return out, record("max_pool2d_with_indices", indices, input._device, (input,))


# ------------------------------------------------------------------ average pool
class AvgPool2DBackward0(Node):
    saves = (("self", 0),)

    def backward(self, g):
        (xshape, xdt), = self._input_meta
        batched = len(xshape) == 4
        g4 = g if batched else g[None]
        shape4 = xshape if batched else (1,) + tuple(xshape)
        kh, kw = self.kernel
        sh, sw = self.stride
        ph, pw = self.padding
        n, c, h, w = shape4
        oh, ow = g4.shape[2:]
        gp = np.zeros((n, c, h + 2 * ph + kh, w + 2 * pw + kw), np.float64)
        share = g4 / self.divisor
        for i in range(kh):          # each window offset gets its share of every output
            for j in range(kw):
                gp[:, :, i:i + sh * (oh - 1) + 1:sh, j:j + sw * (ow - 1) + 1:sw] += share
        gx = gp[:, :, ph:ph + h, pw:pw + w].astype(xdt)
        return (gx if batched else gx[0],)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    x = input._data
    kernel, stride, padding, _, out = pool_args(
        "avg_pool2d", input, kernel_size, stride, padding, 1, ceil_mode)
    if ceil_mode:
        raise NotImplementedError("avg_pool2d(ceil_mode=True) is not modelled by minitensor")
    x4 = x if x.ndim == 4 else x[None]
    win = _windows(x4.astype(np.float64), kernel, stride, padding, (1, 1), out, 0.0)
    if divisor_override:
        divisor = np.full(out, float(divisor_override))
    elif count_include_pad:
        divisor = np.full(out, float(kernel[0] * kernel[1]))
    else:   # only the window's cells that lie inside the input count
        ones = _windows(np.ones((1, 1) + x4.shape[2:]), kernel, stride, padding, (1, 1), out, 0.0)
        divisor = ones.sum(axis=(-2, -1))[0, 0]
    vals = (win.sum(axis=(-2, -1)) / divisor).astype(x.dtype)
    if x.ndim == 3:
        vals = vals[0]
    return record("avg_pool2d", vals, input._device, (input,), AvgPool2DBackward0,
                  {"kernel": kernel, "stride": stride, "padding": padding,
                   "divisor": divisor})


# ------------------------------------------------------------------ adaptive average pool
def _adaptive_windows(size, out):
    """torch's windows for ``out`` outputs over ``size`` inputs: [floor(i*size/out),
    ceil((i+1)*size/out)), so they cover the input and may overlap by one."""
    return [((i * size) // out, -(-((i + 1) * size) // out)) for i in range(out)]


class AdaptiveAvgPool2DBackward0(Node):
    saves = (("self", 0),)

    def backward(self, g):
        (xshape, xdt), = self._input_meta
        gx = np.zeros(xshape, np.float64)
        for i, (h0, h1) in enumerate(_adaptive_windows(xshape[-2], g.shape[-2])):
            for j, (w0, w1) in enumerate(_adaptive_windows(xshape[-1], g.shape[-1])):
                # the window's mean: each of its cells gets an equal share
                gx[..., h0:h1, w0:w1] += g[..., i:i + 1, j:j + 1] / ((h1 - h0) * (w1 - w0))
        return (gx.astype(xdt),)


_ADAPTIVE = PythonArgParser(["adaptive_avg_pool2d(Tensor input, SymIntArrayRef[2] output_size)"])


def _adaptive_avg_pool2d(input, output_size):
    """The kernel: each output cell is the mean of its window (windows as torch cuts them)."""
    x = input._data
    oh, ow = output_size
    if x.ndim not in (3, 4):
        raise RuntimeError(f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got {list(x.shape)}")
    for d in (-2, -1):
        if x.shape[d] == 0:
            raise RuntimeError(
                f"adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch "
                f"dimensions, but input has sizes {list(x.shape)} with dimension {d + x.ndim} "
                f"being empty")
    if x.dtype.kind != "f":
        raise _no_kernel("adaptive_avg_pool2d", x.dtype)
    vals = np.empty(x.shape[:-2] + (oh, ow), x.dtype)
    for i, (h0, h1) in enumerate(_adaptive_windows(x.shape[-2], oh)):
        for j, (w0, w1) in enumerate(_adaptive_windows(x.shape[-1], ow)):
            vals[..., i, j] = x[..., h0:h1, w0:w1].astype(np.float64).mean(axis=(-2, -1))
    return record("adaptive_avg_pool2d", vals, input._device, (input,), AdaptiveAvgPool2DBackward0)


@composite("adaptive_avg_pool2d")
def adaptive_avg_pool2d(input, output_size):
    """torch's composite: a 1x1 output is a mean over the last two dims (MeanBackward1),
    any other size the adaptive kernel."""
    _ADAPTIVE.parse((input, output_size), {})
    size = [output_size] * 2 if isinstance(output_size, int) else list(output_size)
    if len(size) != 2:
        raise RuntimeError("adaptive_avg_pool2d: output_size must be 2")
    if size[0] < 0 or size[1] < 0:
        raise RuntimeError(f"adaptive_avg_pool2d: elements of output_size must be greater than "
                           f"or equal to 0 but received {{{size[0]}, {size[1]}}}")
    if size == [1, 1]:
        return input.mean((-1, -2), keepdim=True)
    return _adaptive_avg_pool2d(input, size)
