"""Convolution (``F.conv1d``, ``F.conv2d``) and its grad node ``ConvolutionBackward0``.

A convolution slides a small weight over the input. Written as im2col ("image to
columns"): cut out every patch the kernel sees, lay each patch out as a column, and the
convolution is one matrix product of the weight with those columns. One function
serves 1-d and 2-d (any number of spatial dims): shapes are (N, C, *spatial).

    out[n, o, p] = bias[o] + sum over c, k of weight[o, c, k] * padded[n, c, p*stride + k*dilation]

With ``groups`` the channels split into groups that do not see each other: each group
of output channels reads only its own group of input channels.
"""
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ..compat.arg_parser import checked_function
from ..compat.conv_args import conv_args, conv_dims
from ..core.dispatch import composite, record
from ..core.graph import Node
from .view import squeeze, unsqueeze


def _patches(xp, kernel, stride, dilation):
    """(N, C, *padded) -> (N, C, *out, *kernel): the patch under the kernel at each output
    position (a view: nothing is copied yet)."""
    d = len(kernel)
    span = tuple(dl * (k - 1) + 1 for k, dl in zip(kernel, dilation))
    w = sliding_window_view(xp, span, axis=tuple(range(2, 2 + d)))
    step = tuple(slice(None, None, s) for s in stride) + tuple(slice(None, None, dl) for dl in dilation)
    return w[(slice(None), slice(None)) + step]


def _columns(xp, kernel, stride, dilation, groups):
    """im2col: (N, G, C/G * prod(kernel), L) with L the number of output positions."""
    p = _patches(xp, kernel, stride, dilation)
    n, c = p.shape[:2]
    d = len(kernel)
    out = p.shape[2:2 + d]
    # (N, C, *out, *k) -> (N, C, *k, *out): each column is one patch
    p = p.transpose((0, 1) + tuple(range(2 + d, 2 + 2 * d)) + tuple(range(2, 2 + d)))
    return p.reshape(n, groups, (c // groups) * int(np.prod(kernel)), int(np.prod(out))), out


def _pad(x, pads):
    """Zero padding of the spatial dims; ``pads`` is ((before, after), ...) per dim."""
    return np.pad(x, ((0, 0), (0, 0)) + tuple(pads))


def convolution(input, weight, bias, stride, pads, dilation, groups):
    """The op itself, arguments already checked and normalised (tuples, one per spatial
    dim; ``pads`` as (before, after) pairs)."""
    x, w = input._data, weight._data
    kernel = w.shape[2:]
    cols, out = _columns(_pad(x, pads), kernel, stride, dilation, groups)
    g_out = w.shape[0] // groups
    wmat = w.reshape(groups, g_out, -1)                 # (G, O/G, C/G * prod(kernel))
    y = np.matmul(wmat, cols)                           # (N, G, O/G, L)
    y = y.reshape((x.shape[0], w.shape[0]) + tuple(out))
    if bias is not None:
        y = y + bias._data.reshape((-1,) + (1,) * len(kernel))
    return record("convolution", y.astype(x.dtype, copy=False), input._device,
                  (input, weight, bias), ConvolutionBackward0,
                  {"stride": stride, "padding": pads, "dilation": dilation, "groups": groups,
                   "transposed": False, "output_padding": (0,) * len(kernel)})


class ConvolutionBackward0(Node):
    """Gradients of a convolution: bias, sum of the output gradient; weight, the output
    gradient times the columns; input, the weight's transpose times the output gradient,
    put back where each column came from (col2im: patches overlap, so they add)."""
    saves = (("input", 0), ("weight", 1))
    save_for = {"input": (1,), "weight": (0,)}

    def backward(self, g):
        x, w = self.saved()
        (xshape, xdt), (wshape, _), bmeta = self._input_meta
        n, groups = xshape[0], self.groups
        kernel, d = wshape[2:], len(wshape) - 2
        g = g.reshape(n, groups, wshape[0] // groups, -1)          # (N, G, O/G, L)
        gx = gw = gb = None
        if w is not None:           # the input's gradient needs the weight
            wmat = w.reshape(groups, wshape[0] // groups, -1)
            dcols = np.matmul(wmat.transpose(0, 2, 1), g)         # (N, G, C/G*K, L)
            gx = self._col2im(dcols, xshape, kernel, xdt)
        if x is not None:           # the weight's gradient needs the input
            cols, _ = _columns(_pad(x, self.padding), kernel, self.stride, self.dilation, groups)
            gw = np.matmul(g, cols.transpose(0, 1, 3, 2)).sum(axis=0).reshape(wshape)
        if bmeta is not None:
            gb = g.sum(axis=(0, 3)).reshape(-1)
        # torch's are fresh contiguous tensors (AccumulateGrad keeps them, version 0)
        return tuple(None if a is None else np.ascontiguousarray(a) for a in (gx, gw, gb))

    def _col2im(self, dcols, xshape, kernel, dtype):
        d = len(kernel)
        padded = tuple(s + a + b for s, (a, b) in zip(xshape[2:], self.padding))
        out = tuple((p - dl * (k - 1) - 1) // s + 1
                    for p, k, s, dl in zip(padded, kernel, self.stride, self.dilation))
        # (N, G, C/G*K, L) -> (N, C, *kernel, *out)
        dcols = dcols.reshape(xshape[:2] + tuple(kernel) + out)
        gx = np.zeros(xshape[:2] + padded, dtype)
        for k in np.ndindex(*kernel):   # each kernel offset adds its part of every patch
            at = tuple(slice(ki * dl, ki * dl + s * (o - 1) + 1, s)
                       for ki, dl, s, o in zip(k, self.dilation, self.stride, out))
            gx[(slice(None), slice(None)) + at] += dcols[(slice(None), slice(None)) + k]
        unpad = tuple(slice(a, a + s) for s, (a, _) in zip(xshape[2:], self.padding))
        return gx[(slice(None), slice(None)) + unpad]


# ------------------------------------------------------------------ F.conv1d, F.conv2d
def _conv(dims, input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    conv_dims(input, dims)
    if input._data.ndim == dims + 1:        # one sample without a batch dim: add one
        out = _conv(dims, unsqueeze(input, 0), weight, bias, stride, padding, dilation, groups)
        return squeeze(out, 0)
    stride, pads, dilation = conv_args(input, weight, bias, stride, padding, dilation, groups)
    return convolution(input, weight, bias, stride, pads, dilation, groups)


@composite("conv1d")
def _conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(1, input, weight, bias, stride, padding, dilation, groups)


@composite("conv2d")
def _conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(2, input, weight, bias, stride, padding, dilation, groups)


def _signatures(name, n):
    head = f"{name}(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[{n}] stride=1, "
    return [head + f"SymIntArrayRef[{n}] padding=0, SymIntArrayRef[{n}] dilation=1, SymInt groups=1)",
            head + f'c10::string_view padding="valid", SymIntArrayRef[{n}] dilation=1, SymInt groups=1)']


# torch.conv2d and F.conv2d are one C++ function: its parser reads the arguments first
conv1d = checked_function("conv1d", _conv1d, _signatures("conv1d", 1))
conv2d = checked_function("conv2d", _conv2d, _signatures("conv2d", 2))
