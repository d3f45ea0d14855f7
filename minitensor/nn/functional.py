"""``torch.nn.functional``: linear, activations and losses.

Activations reuse the engine's ops. ``linear`` and the losses have grad nodes
named as torch names them (AddmmBackward0, MseLossBackward0, NllLossBackward0),
and build the same graph shape as torch: e.g. a 3-d input into ``linear`` goes
view -> addmm -> view, and ``cross_entropy`` is log_softmax -> nll_loss.
"""

import numpy as np

from ..compat.arg_parser import PythonArgParser, checked_function, wrong_type
from ..compat.quiet import quiet
from ..core.dispatch import composite, make_view, record
from ..core.graph import Node
from ..core.tensor import Tensor
from ..ops import activation as _A, unary as _U
from ..ops.create import empty_like, zeros
from ..ops.linalg import mm, _column_major
from ..ops.operands import _device_of, broadcast_error, result_dtype
from ..ops.view import (reshape, t as _t, broadcast_to, unsqueeze, UnsafeViewBackward0,
                        ViewBackward0)
from ..compat.warn_once import warn


# torch's Python functions hand their arguments to these C parsers (torch._C._nn)
_LEAKY_RELU = PythonArgParser(["leaky_relu(Tensor input, Scalar negative_slope=0.01, *, Tensor out=None)"])
_NLL_LOSS = PythonArgParser([
    "nll_loss_nd(Tensor input, Tensor target, Tensor? weight=None, "
    "int64_t reduction=at::Reduction::Mean, SymInt ignore_index=-100)"])
_CROSS_ENTROPY = PythonArgParser([
    "cross_entropy_loss(Tensor input, Tensor target, Tensor? weight=None, "
    "int64_t reduction=at::Reduction::Mean, SymInt ignore_index=-100, double label_smoothing=0.0)"])
_ENUM = {"none": 0, "mean": 1, "sum": 2}     # torch's _Reduction.get_enum


# ----------------------------------------------------------------- activations
@composite("softmax")
def softmax(input, dim=None, _stacklevel=3, dtype=None):
    """torch's F.softmax (argument order as torch's); a given dim goes through the method,
    so a bad one gets the method's parser error."""
    if dim is None:
        input.dim()     # torch's Python asks for it first (an AttributeError for a non-tensor)
        return _A.softmax(input, None, dtype=dtype, _stacklevel=_stacklevel + 1)
    return input.softmax(dim) if dtype is None else input.softmax(dim, dtype=dtype)


@composite("log_softmax")
def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        input.dim()
        return _A.log_softmax(input, None, dtype=dtype, _stacklevel=_stacklevel + 1)
    return input.log_softmax(dim) if dtype is None else input.log_softmax(dim, dtype=dtype)


def relu(input, inplace=False):
    return _U.relu_(input) if inplace else _U.relu(input)


def sigmoid(input):
    return _U.sigmoid(input)


def tanh(input):
    return _U.tanh(input)


class LeakyReluBackward0(Node):
    saves = (("self", 0),)

    def backward(self, g):
        (x,) = self.saved()
        return (np.where(x > 0, g, g * x.dtype.type(self.negative_slope)),)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    _LEAKY_RELU.parse((input, negative_slope), {})
    if inplace:
        raise NotImplementedError("leaky_relu(inplace=True) is not modelled by minitensor")
    x = input._data
    out = np.where(x > 0, x, x * x.dtype.type(negative_slope))
    return record("leaky_relu", out, input._device, (input,), LeakyReluBackward0,
                  {"negative_slope": negative_slope})


# ---------------------------------------------------------------------- linear
class AddmmBackward0(Node):
    """out = self + mat1 @ mat2 (``self``, the bias, broadcasts over rows)."""
    saves = (("mat1", 1), ("mat2", 2))
    save_for = {"mat1": (2,), "mat2": (1,)}     # each only for the other's gradient

    def backward(self, g):
        mat1, mat2 = self.saved()
        (s1, d1), (s2, d2) = self._input_meta[1:]
        # torch returns a column-major gradient for a column-major input (e.g. w.t())
        g1 = g2 = None
        if mat2 is not None:
            g1 = (mat2 @ g.T).T if _column_major(s1, self.mat1_strides, d1.itemsize) else g @ mat2.T
        if mat1 is not None:
            g2 = (g.T @ mat1).T if _column_major(s2, self.mat2_strides, d2.itemsize) else mat1.T @ g
        return g, g1, g2


class SqueezeBackward4(ViewBackward0):
    pass


def _shape(a):
    return "x".join(str(n) for n in a.shape)


def _check_mm(a, b):
    for name, x in (("mat1", a), ("mat2", b)):
        if x._data.ndim != 2:
            raise RuntimeError(f"{name} must be a matrix, got {x._data.ndim}-D tensor")
    if a._data.ndim != 2 or b._data.ndim != 2 or a._data.shape[1] != b._data.shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({_shape(a)} and {_shape(b)})")


def _dtype_name(t):
    return t.dtype._scalar_type


def addmm(input, mat1, mat2):
    # torch's order: the bias's dtype, the input's dtype, then the shapes
    if input._data.dtype != mat2._data.dtype:
        raise RuntimeError(f"self and mat2 must have the same dtype, but got "
                           f"{_dtype_name(input)} and {_dtype_name(mat2)}")
    if mat1._data.dtype != mat2._data.dtype:
        raise RuntimeError(f"mat1 and mat2 must have the same dtype, but got "
                           f"{_dtype_name(mat1)} and {_dtype_name(mat2)}")
    _check_mm(mat1, mat2)
    dev = _device_of("addmm", (input, mat1, mat2))
    try:
        out = input._data + mat1._data @ mat2._data
    except ValueError:      # the bias does not expand to the product's shape: torch's words
        input.expand(mat1._data.shape[0], mat2._data.shape[1])
        raise
    return record("addmm", out.astype(mat1._data.dtype, copy=False), dev,
                  (input, mat1, mat2), AddmmBackward0,
                  {"mat1_strides": mat1._data.strides, "mat2_strides": mat2._data.strides})


@composite("linear")
def _linear(input, weight, bias=None):
    nd = input._data.ndim
    if nd == 0 or weight._data.ndim == 0:
        raise RuntimeError(f"both arguments to linear need to be at least 1D, but they are "
                           f"{nd}D and {weight._data.ndim}D")
    wt = _t(weight)
    if bias is not None:
        if nd == 2:
            return addmm(bias, input, wt)
        x2 = reshape(input, -1, input._data.shape[-1])
        out = addmm(bias, x2, wt)
        return reshape(out, input._data.shape[:-1] + (wt._data.shape[-1],))
    if nd == 2:
        _check_mm(input, wt)
        return mm(input, wt)
    if nd == 1:
        out = mm(_checked(unsqueeze(input, 0), wt), wt)
        return make_view("squeeze", out, out._data.reshape(out._data.shape[1:]), SqueezeBackward4,
                         {"self_sizes": out._data.shape})
    x2 = _checked(reshape(input, -1, input._data.shape[-1]), wt)
    out = mm(x2, wt)
    return record("_unsafe_view", out._data.reshape(input._data.shape[:-1] + (wt._data.shape[-1],)),
                  out._device, (out,), UnsafeViewBackward0)



# F.linear is torch._C._nn.linear itself: its parser reads the arguments
linear = checked_function("linear", _linear, [
    "linear(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor out=None)"])

def _checked(x2, wt):
    _check_mm(x2, wt)
    return x2


# ---------------------------------------------------------------------- losses
_REDUCTIONS = ("none", "mean", "sum")


def _reduction(reduction, size_average=None, reduce=None):
    if size_average is not None or reduce is not None:
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        if size_average and reduce:
            reduction = "mean"
        elif reduce:
            reduction = "sum"
        else:
            reduction = "none"
        warn("size_average and reduce args will be deprecated, please use "
                      f"reduction='{reduction}' instead.")
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


class MseLossBackward0(Node):
    saves = (("self", 0), ("target", 1))

    def backward(self, g):
        x, y = self.saved()
        gi = (x - y) * (2 * g)
        if self.reduction == "mean":
            gi = gi / x.size if x.size else gi
        gi = gi.astype(x.dtype, copy=False)
        return gi, -gi


@composite("mse_loss")
def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    if weight is not None:
        raise NotImplementedError("mse_loss(weight=...) is not modelled by minitensor")
    if target.size() != input.size():      # torch's own test, so a non-tensor fails the same
        warn(
            f"Using a target size ({target.size()}) that is different to the input size "
            f"({input.size()}). This will likely lead to incorrect results due to broadcasting. "
            "Please ensure they have the same size.")
    if target.shape != input.shape:     # torch broadcasts before it reads the reduction
        _broadcast_shape(input, target)
    reduction = _reduction(reduction, size_average, reduce)
    if target.shape != input.shape:
        shape = _broadcast_shape(input, target)
        input, target = broadcast_to(input, shape), broadcast_to(target, shape)
    dt = result_dtype(input, target)
    if not dt.is_floating_point:
        raise NotImplementedError(f"\"mse_cpu\" not implemented for '{dt._scalar_type}'")
    x, y = input._data.astype(dt.np, copy=False), target._data.astype(dt.np, copy=False)
    with quiet:
        d = (x - y) ** 2
        out = d if reduction == "none" else d.sum() if reduction == "sum" else d.mean()
    out = np.asarray(out).astype(dt.np, copy=False)
    return record("mse_loss", out, input._device, (input, target), MseLossBackward0,
                  {"reduction": reduction})


def _broadcast_shape(a, b):
    try:
        return np.broadcast_shapes(a._data.shape, b._data.shape)
    except ValueError:
        raise broadcast_error(a, b) from None


class NllLossBackward0(Node):
    saves = (("self", 0),)      # the target gets no edge (torch: one next_function)

    def backward(self, g):
        (x,) = self.saved()
        rows, cols, w = self.picked
        gx = np.zeros(self.flat_shape, dtype=x.dtype)
        if self.reduction == "none":
            gflat = np.asarray(g).reshape(-1)[rows]
        else:
            gflat = np.asarray(g).reshape(())
            if self.reduction == "mean":
                gflat = gflat / self.total_weight
        gx[rows, cols] = -w * gflat
        return (_unflatten_classes(gx, x.shape),)


def _flatten_classes(x):
    """(C,) -> (1, C); (N, C, d1, ...) -> (N*d1*..., C)."""
    if x.ndim == 1:
        return x[None, :]
    if x.ndim == 2:
        return x
    return np.moveaxis(x, 1, -1).reshape(-1, x.shape[1])


def _unflatten_classes(g, shape):
    if len(shape) <= 2:
        return g.reshape(shape)
    moved = (shape[0],) + tuple(shape[2:]) + (shape[1],)
    return np.moveaxis(g.reshape(moved), -1, 1)


@composite("nll_loss")
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    reduction = _reduction(reduction, size_average, reduce)
    _NLL_LOSS.parse((input, target, weight, _ENUM[reduction], ignore_index), {})
    x, t = input._data, target._data
    # torch's order: the dims and batch sizes (nll_loss_nd), the target's dims, its dtype
    if x.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {x.ndim})")
    if x.ndim > 1 and x.shape[0] != (t.shape[0] if t.ndim else 0):
        raise ValueError(f"Expected input batch_size ({x.shape[0]}) to match target batch_size "
                         f"({t.shape[0] if t.ndim else 0}).")
    if x.ndim <= 2 and t.ndim > 1:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if x.ndim > 2 and t.shape[1:] != x.shape[2:]:
        raise RuntimeError(f"Expected target size [{', '.join(map(str, x.shape[:1] + x.shape[2:]))}], "
                           f"got [{', '.join(map(str, t.shape))}]")
    if t.dtype not in (np.int64, np.uint8):
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {_dtype_name(target)}")
    if x.ndim == 1 and t.ndim != 0:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    n_classes = x.shape[0] if x.ndim == 1 else x.shape[1]
    xf = _flatten_classes(x)
    tf = t.reshape(-1).astype(np.int64)
    keep = tf != ignore_index
    bad = keep & ((tf < 0) | (tf >= n_classes))
    if bad.any():
        raise IndexError(f"Target {tf[bad][0]} is out of bounds.")
    rows = np.nonzero(keep)[0]
    cols = tf[keep]
    w = np.ones(n_classes, x.dtype) if weight is None else weight._data.astype(x.dtype)
    wk = w[cols]
    picked = -wk * xf[rows, cols]
    total = wk.sum(dtype=x.dtype)
    with quiet:
        if reduction == "none":
            out = np.zeros(tf.shape, x.dtype)
            out[rows] = picked
            out = out.reshape(t.shape)
        elif reduction == "sum":
            out = picked.sum(dtype=x.dtype)
        else:
            out = picked.sum(dtype=x.dtype) / total
    node_attrs = {"reduction": reduction, "picked": (rows, cols, wk), "flat_shape": xf.shape,
                  "total_weight": total, "ignore_index": ignore_index}
    return record("nll_loss", np.asarray(out, dtype=x.dtype), input._device, (input,),
                  NllLossBackward0, node_attrs)


class DivBackward1(Node):
    """Division by a Scalar from C++ (``tensor.div(Scalar)``), as in torch's losses."""
    saves = ()

    def backward(self, g):
        return (g / g.dtype.type(self.other),)


@composite("cross_entropy")
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    reduction = _reduction(reduction, size_average, reduce)
    _CROSS_ENTROPY.parse((input, target, weight, _ENUM[reduction], ignore_index, label_smoothing), {})
    if label_smoothing != 0.0:
        raise NotImplementedError("cross_entropy(label_smoothing=...) is not modelled by minitensor")
    dim = 0 if input._data.ndim == 1 else 1
    if target.shape == input.shape:     # torch reads same-shaped targets as probabilities
        if input._data.ndim == 0:       # (and first asks the input for its class dim's size)
            raise IndexError("Dimension specified as 1 but tensor has no dimensions")
        if not target.is_floating_point():
            raise RuntimeError("Expected floating point type for target with class probabilities, "
                               f"got {target.dtype._scalar_type}")
        if weight is not None or input._data.size == 0:
            raise NotImplementedError(
                "cross_entropy with class-probability targets and weight= (or empty input) is "
                "not modelled by minitensor")
        # torch's cross_entropy_loss_prob_target
        prod = log_softmax(input, dim) * target
        if reduction == "none":
            return -prod.sum(dim)
        if reduction == "sum":
            return -prod.sum()
        total = -prod.sum()
        n = input._data.size // input._data.shape[dim]
        return record("div", total._data / total._data.dtype.type(n), total._device, (total,),
                      DivBackward1, {"other": n})

    return nll_loss(log_softmax(input, dim), target, weight, None, ignore_index, None, reduction)


# ---------------------------------------------------------------------- dropout
@composite("dropout")
def dropout(input, p=0.5, training=True, inplace=False):
    """torch's CPU dropout (_dropout_impl): a Bernoulli(1 - p) mask scaled by 1 / (1 - p),
    multiplied in (MulBackward0); the input itself when not training or p == 0."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    _dropout_args(input, p)
    if not training or p == 0 or input._data.size == 0:
        return input
    if p == 1:
        noise = zeros((), dtype=input.dtype, device=input.device)
    else:
        noise = empty_like(input).bernoulli_(1 - p)
        noise.div_(1 - p)
    return input.mul_(noise) if inplace else input * noise


def _dropout_args(input, p):
    """What torch's C++ dropout checks after the Python one (a NaN passes ``p < 0``)."""
    if not isinstance(input, Tensor):
        raise wrong_type("dropout", "input", "Tensor", input, 1)
    if p != p:
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p}")


# ---------------------------------------------------------------------- more losses
def _size_warning(input, target):
    if target.size() != input.size():
        warn(
            f"Using a target size ({target.size()}) that is different to the input size "
            f"({input.size()}). This will likely lead to incorrect results due to broadcasting. "
            "Please ensure they have the same size.")


@composite("l1_loss")
def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    """torch's composite: (input - target).abs(), then the reduction (its own nodes)."""
    if weight is not None:
        raise NotImplementedError("l1_loss(weight=...) is not modelled by minitensor")
    _size_warning(input, target)
    reduction = _reduction(reduction, size_average, reduce)
    if target.shape != input.shape:
        shape = _broadcast_shape(input, target)
        input, target = broadcast_to(input, shape), broadcast_to(target, shape)
    d = (input - target).abs()
    return d if reduction == "none" else d.sum() if reduction == "sum" else d.mean()


class BinaryCrossEntropyBackward0(Node):
    saves = (("self", 0), ("target", 1))

    def backward(self, g):
        # torch's binary_cross_entropy_backward: g * (x - t) / max((1 - x) x, 1e-12) * w
        x, t = self.saved()
        with quiet:
            gi = g * (x - t) / np.maximum((1 - x) * x, x.dtype.type(1e-12))
        if self.weight is not None:
            gi = gi * self.weight
        if self.reduction == "mean" and x.size:
            gi = gi / x.size
        return gi.astype(x.dtype, copy=False), None


@composite("binary_cross_entropy")
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _reduction(reduction, size_average, reduce)
    if target.size() != input.size():
        raise ValueError(
            f"Using a target size ({target.size()}) that is different to the input size "
            f"({input.size()}) is deprecated. Please ensure they have the same size.")
    if target.dtype is not input.dtype:
        raise RuntimeError(f"Found dtype {target.dtype._scalar_type} but expected {input.dtype._scalar_type}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"binary_cross_entropy\" not implemented for '{input.dtype._scalar_type}'")
    x, t = input._data, target._data
    if x.size and (np.any(x < 0) or np.any(x > 1) or np.any(np.isnan(x))):
        raise RuntimeError("all elements of input should be between 0 and 1")
    w = None
    if weight is not None:
        w = np.broadcast_to(weight._data, x.shape)
    with quiet:     # torch clamps each log at -100 so that 0 * log(0) is no NaN
        lx = np.maximum(np.log(x), x.dtype.type(-100))
        l1x = np.maximum(np.log(1 - x), x.dtype.type(-100))
        loss = (t - 1) * l1x - t * lx
    if w is not None:
        loss = loss * w
    loss = loss.astype(x.dtype, copy=False)
    out = loss if reduction == "none" else np.asarray(loss.sum() if reduction == "sum" else loss.mean())
    return record("binary_cross_entropy", np.asarray(out, x.dtype), input._device, (input, target),
                  BinaryCrossEntropyBackward0, {"reduction": reduction, "weight": w})


class BinaryCrossEntropyWithLogitsBackward0(Node):
    saves = (("self", 0), ("target", 1))

    def backward(self, g):
        # torch: (sigmoid(x) - t) * g, with pos_weight: ((pw - 1) t + 1) sigmoid(x) - pw t
        x, t = self.saved()
        with quiet:
            s = 1 / (1 + np.exp(-x))
            if self.pos_weight is not None:
                pw = self.pos_weight
                gi = g * (((pw - 1) * t + 1) * s - pw * t)
            else:
                gi = g * (s - t)
        if self.weight is not None:
            gi = gi * self.weight
        if self.reduction == "mean" and x.size:
            gi = gi / x.size
        return gi.astype(x.dtype, copy=False), None


@composite("binary_cross_entropy_with_logits")
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    reduction = _reduction(reduction, size_average, reduce)
    if target.size() != input.size():
        raise ValueError(f"Target size ({target.size()}) must be the same as input size "
                         f"({input.size()})")
    x, t = input._data, target._data
    with quiet:
        # torch: loss = (1 - t) x - log_sigmoid(x) (weighted by (pw - 1) t + 1 with pos_weight)
        log_sig = np.minimum(x, 0) - np.log1p(np.exp(-np.abs(x)))
        pw = None if pos_weight is None else pos_weight._data
        if pw is not None:
            log_sig = log_sig * ((pw - 1) * t + 1)
        loss = (1 - t) * x - log_sig
    w = None
    if weight is not None:
        w = weight._data
        loss = loss * w
    loss = loss.astype(x.dtype, copy=False)
    out = loss if reduction == "none" else np.asarray(loss.sum() if reduction == "sum" else loss.mean())
    return record("binary_cross_entropy_with_logits", np.asarray(out, x.dtype), input._device,
                  (input, target), BinaryCrossEntropyWithLogitsBackward0,
                  {"reduction": reduction, "weight": w, "pos_weight": pw})


# ---------------------------------------------------------------------- layers' functions
from ..ops.embedding import embedding as _embedding            # noqa: E402
from ..ops.norm import batch_norm as _batch_norm, layer_norm    # noqa: E402


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    if padding_idx is not None:
        if padding_idx > 0:
            assert padding_idx < weight.size(0), "Padding_idx must be within num_embeddings"
        elif padding_idx < 0:
            assert padding_idx >= -weight.size(0), "Padding_idx must be within num_embeddings"
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None or sparse:
        raise NotImplementedError("embedding(max_norm=..., sparse=True) is not modelled by minitensor")
    return _embedding(weight, input, padding_idx, scale_grad_by_freq)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5):
    if training:
        size = input.size()
        n = size[0]
        for s in size[2:]:
            n *= s
        if n == 1:
            raise ValueError(f"Expected more than 1 value per channel when training, got input size {size}")
    return _batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


from ..ops.conv import conv1d, conv2d                          # noqa: E402
from ..ops.pool import avg_pool2d, max_pool2d_with_indices     # noqa: E402
from ..ops.pool import adaptive_avg_pool2d as _adaptive_avg_pool2d   # noqa: E402


def _list_with_default(out_size, defaults):
    """torch's: an output size of None keeps the input's size in that dim."""
    if isinstance(out_size, int):
        return out_size
    if len(defaults) <= len(out_size):
        raise ValueError(f"Input dimension should be at least {len(out_size) + 1}")
    return [v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size):])]


def adaptive_avg_pool2d(input, output_size):
    return _adaptive_avg_pool2d(input, _list_with_default(output_size, input.size()))


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    out, indices = max_pool2d_with_indices(input, kernel_size, stride, padding, dilation, ceil_mode)
    return (out, indices) if return_indices else out
