"""``torch.nn.init``: fill a tensor in place, under no_grad (one version bump each).

Random fills draw from minitensor's generator, so ``manual_seed`` makes them
deterministic (they are not bit-equal to torch's draws)."""
import math

import numpy as np

from ..autograd import no_grad
from ..core.dispatch import inplace
from ..ops.random import _gen
from ..compat.warn_once import warn


def _fill(op, tensor, values):
    with no_grad():
        inplace(op, tensor, np.asarray(values).astype(tensor._data.dtype, copy=False), (tensor,))
    return tensor


def _no_op_if_empty(tensor):
    if 0 in tensor.shape:
        warn("Initializing zero-element tensors is a no-op")
        return True
    return False


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    u = _gen(generator).random(tensor._data.shape)
    return _fill("uniform_", tensor, a + (b - a) * u)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    z = _gen(generator).standard_normal(tensor._data.shape)
    return _fill("normal_", tensor, mean + std * z)


def constant_(tensor, val):
    return _fill("fill_", tensor, np.full(tensor._data.shape, val))


def ones_(tensor):
    return _fill("fill_", tensor, np.ones(tensor._data.shape))


def zeros_(tensor):
    return _fill("zero_", tensor, np.zeros(tensor._data.shape))


def calculate_gain(nonlinearity, param=None):
    linear_fns = ["linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                  "conv_transpose3d"]
    if nonlinearity in linear_fns or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            negative_slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, (int, float)):
            negative_slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + negative_slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _calculate_fan_in_and_fan_out(tensor):
    dimensions = tensor.dim()
    if dimensions < 2:
        raise ValueError(
            "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
    num_input_fmaps = tensor.size(1)
    num_output_fmaps = tensor.size(0)
    receptive_field_size = 1
    for s in tensor.shape[2:]:
        receptive_field_size *= s
    return num_input_fmaps * receptive_field_size, num_output_fmaps * receptive_field_size


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError(f"Mode {mode} not supported, please use one of {valid_modes}")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if _no_op_if_empty(tensor):
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    gain = calculate_gain(nonlinearity, a)
    bound = math.sqrt(3.0) * gain / math.sqrt(fan)
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if _no_op_if_empty(tensor):
        return tensor
    fan = _calculate_correct_fan(tensor, mode)
    std = calculate_gain(nonlinearity, a) / math.sqrt(fan)
    return normal_(tensor, 0, std, generator)


def xavier_uniform_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    a = math.sqrt(3.0) * gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)
