"""torch 2.13's argument checks for convolution and pooling, with its messages
(aten/src/ATen/native/Convolution.cpp, Pool.h): only there so that a wrong call fails as
it does on torch. The ops themselves are in ops/conv.py and ops/pool.py."""


def _sizes(t):
    return "[" + ", ".join(str(n) for n in t.shape) + "]"


def expand(name, value, d):
    """An int or a list of one value stands for every spatial dim (torch's expand_param_if_needed)."""
    if isinstance(value, int):
        return (value,) * d
    value = tuple(value)
    if len(value) == 1:
        return value * d
    if len(value) != d:
        raise RuntimeError(
            f"expected {name} to be a single integer value or a list of {d} values to match the "
            f"convolution dimensions, but got {name}=[{', '.join(str(v) for v in value)}]")
    return value


def conv_dims(input, dims):
    """The input's rank must be dims + 1 (unbatched) or dims + 2 (batched)."""
    nd = input._data.ndim
    if nd not in (dims + 1, dims + 2):
        raise RuntimeError(
            f"Expected {dims + 1}D (unbatched) or {dims + 2}D (batched) input to conv{dims}d, "
            f"but got input of size: {_sizes(input)}")


def conv_args(input, weight, bias, stride, padding, dilation, groups):
    """Check a batched convolution's arguments; return (stride, pads, dilation) with pads
    as (before, after) per spatial dim (torch pads the extra one of 'same' after)."""
    d = weight._data.ndim - 2
    stride = expand("stride", stride, d)
    dilation = expand("dilation", dilation, d)
    if isinstance(padding, str):
        if padding == "valid":
            pads = ((0, 0),) * d
        elif padding == "same":
            if any(s != 1 for s in stride):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            total = [dl * (k - 1) for dl, k in zip(dilation, weight._data.shape[2:])]
            pads = tuple((t // 2, t - t // 2) for t in total)
        else:
            raise RuntimeError(f"Invalid padding string: '{padding}'")
    else:
        pads = tuple((p, p) for p in expand("padding", padding, d))
    x, w = input._data, weight._data
    if any(p < 0 for pair in pads for p in pair):
        raise RuntimeError("negative padding is not supported")
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    if any(dl <= 0 for dl in dilation):
        raise RuntimeError(f"dilation should be greater than zero, but got [{', '.join(map(str, dilation))}]")
    if groups <= 0:
        raise RuntimeError("non-positive groups is not supported")
    if x.ndim != w.ndim:
        raise RuntimeError(
            f"Expected {w.ndim - 1}D (unbatched) or {w.ndim}D (batched) input to conv{d}d, but "
            f"got input of size: {_sizes(input)}")
    if w.shape[0] % groups:
        raise RuntimeError(
            f"Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, "
            f"but got weight of size [{_sizes(weight)}] instead")     # torch prints [[...]]
    if x.shape[1] != w.shape[1] * groups:
        raise RuntimeError(
            f"Given groups={groups}, weight of size {_sizes(weight)}, expected input{_sizes(input)} "
            f"to have {w.shape[1] * groups} channels, but got {x.shape[1]} channels instead")
    if bias is not None and (bias._data.ndim != 1 or bias._data.shape[0] != w.shape[0]):
        raise RuntimeError(
            f"Given weight of size {_sizes(weight)}, expected bias to be 1-dimensional with "
            f"{w.shape[0]} elements, but got bias of size {_sizes(bias)} instead")
    padded = [s + a + b for s, (a, b) in zip(x.shape[2:], pads)]
    span = [dl * (k - 1) + 1 for dl, k in zip(dilation, w.shape[2:])]
    if any(p < k for p, k in zip(padded, span)):
        raise RuntimeError(
            f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). "
            f"Kernel size: ({' x '.join(map(str, span))}). Kernel size can't be greater than "
            "actual input size")
    if x.dtype != w.dtype:
        raise RuntimeError(f"expected scalar type {input.dtype._scalar_type} but found "
                           f"{weight.dtype._scalar_type}")
    if bias is not None and bias._data.dtype != x.dtype:
        raise RuntimeError(f"Input type ({_C_TYPES.get(input.dtype._scalar_type)}) and bias type "
                           f"({_C_TYPES.get(bias.dtype._scalar_type)}) should be the same")
    return stride, pads, dilation


_C_TYPES = {"Float": "float", "Double": "double", "Half": "c10::Half", "Long": "long int",
            "Int": "int", "BFloat16": "c10::BFloat16"}


# ------------------------------------------------------------------ pooling (Pool.h)
def _pair(op, name, value, omitted_ok=False):
    if isinstance(value, int):
        return (value, value)
    value = tuple(value)
    if omitted_ok and len(value) == 0:
        return None
    if len(value) == 1:
        return value * 2
    if len(value) != 2:
        what = {"kernel_size": "must either be a single int, or a tuple of two ints",
                "stride": "must either be omitted, a single int, or a tuple of two ints",
                "padding": "must either be a single int, or a tuple of two ints",
                "dilation": "must be either a single int, or a tuple of two ints"}[name]
        raise RuntimeError(f"{op}: {name} {what}")
    return value


def _out_size(size, k, pad, stride, dilation, ceil_mode):
    """torch's pooling_output_shape."""
    n = size + 2 * pad - dilation * (k - 1) - 1 + (stride - 1 if ceil_mode else 0)
    out = n // stride + 1
    if ceil_mode and (out - 1) * stride >= size + pad:
        out -= 1
    return out


def pool_args(op, input, kernel_size, stride, padding, dilation, ceil_mode):
    """Check a 2-d pool's arguments: (kernel, stride, padding, dilation, output size)."""
    x = input._data
    kernel = _pair(op, "kernel_size", kernel_size)
    stride = kernel if stride is None else (_pair(op, "stride", stride, True) or kernel)
    padding = _pair(op, "padding", padding)
    dilation = _pair(op, "dilation", dilation)
    if x.ndim not in (3, 4) or x.size == 0:
        if op == "avg_pool2d" and x.ndim < 3:
            raise IndexError(f"Dimension out of range (expected to be in range of "
                             f"[{-max(x.ndim, 1)}, {max(x.ndim, 1) - 1}], but got -3)")
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    if any(s == 0 for s in stride):
        raise RuntimeError("stride should not be zero")
    if any(k <= 0 for k in kernel):
        raise RuntimeError(f"kernel size should be greater than zero, but got kH: {kernel[0]} "
                           f"kW: {kernel[1]}")
    if any(d <= 0 for d in dilation):
        raise RuntimeError(f"dilation should be greater than zero, but got dilationH: "
                           f"{dilation[0]} dilationW: {dilation[1]}")
    for p, k, d in zip(padding, kernel, dilation):
        if p > (d * (k - 1) + 1) // 2:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got "
                               f"pad={p}, kernel_size={k} and dilation={d}")
    out = tuple(_out_size(s, k, p, st, d, ceil_mode)
                for s, k, p, st, d in zip(x.shape[-2:], kernel, padding, stride, dilation))
    if any(o < 1 for o in out):
        c, h, w = x.shape[-3:]
        raise RuntimeError(f"Given input size: ({c}x{h}x{w}). Calculated output size: "
                           f"({c}x{out[0]}x{out[1]}). Output size is too small")
    return kernel, stride, padding, dilation, out
