"""minitensor: a small autograd tensor engine on NumPy that behaves like PyTorch 2.13.

``import minitensor as torch`` and lesson code about tensors, copying and autograd
runs unchanged. The ``cuda`` device is simulated (host memory, device tag only).
"""
from .compat.quiet import install_warning_filter as _install_warning_filter
from .core.dtypes import (dtype, can_cast, float32, float64, float16, int64, int32, int16, int8,
                          uint8, bool_ as bool, get_default_dtype, set_default_dtype,
                          promote_types)
from .core.device import device
from .core.size import Size
from .core.tensor import Tensor
from .core.storage import UntypedStorage
from . import api as _api    # binds the ops and the Python protocol onto Tensor
from .ops.creation import (tensor, as_tensor, asarray, from_numpy, zeros, ones, empty, full,
                           eye, zeros_like, ones_like, empty_like, full_like, rand_like,
                           randn_like, arange, linspace, logspace, rand, randn, randint,
                           randperm, normal)
from .ops.random import (manual_seed, seed, initial_seed, get_rng_state, set_rng_state,
                         Generator)
from .autograd import no_grad, enable_grad, set_grad_enabled, is_grad_enabled, inference_mode
from .autograd import is_inference_mode_enabled, is_anomaly_enabled, is_anomaly_check_nan_enabled
from .ops.pointwise import (add, sub, subtract, mul, multiply, div, divide, true_divide,
                            floor_divide, remainder, fmod, pow, neg, negative, abs, exp, log,
                            sqrt, sin, cos, tanh, sigmoid, relu, sign, clamp, clip, clamp_min,
                            clamp_max, maximum, minimum, where, eq, ne, lt, le, gt, ge, greater,
                            greater_equal, less, less_equal, not_equal, equal, allclose,
                            isclose, logical_not, logical_and, logical_or, bitwise_not, isnan,
                            isinf, isfinite, logical_xor, bitwise_and, bitwise_or, bitwise_xor,
                            bitwise_left_shift, bitwise_right_shift, square, log2, log10, log1p,
                            expm1, exp2, rsqrt, tan, erf, erfc, sinh, cosh, asin, acos, atan,
                            arcsin, arccos, arctan, floor, ceil, round, trunc, fix, frac, fmax,
                            fmin, atan2, arctan2, outer, ger, lerp, xlogy, rsub, nan_to_num)
from .ops.indexing import (flip, roll, index_select, gather, take, take_along_dim, masked_fill,
                           masked_select, nonzero, argwhere, split, chunk, tensor_split,
                           diagonal, as_strided, movedim, moveaxis, sort, argsort, topk, cumsum,
                           cumprod, unbind, tile, unique)
from .ops.reduction import (sum, mean, prod, max, min, amax, amin, argmax, argmin, all, any,
                            norm, var, std, var_mean, std_mean, logsumexp, median, kthvalue,
                            count_nonzero, nansum)
from .ops.views import (reshape, flatten, squeeze, unsqueeze, t, transpose, swapaxes, permute,
                        narrow, narrow_copy, select, broadcast_to, ravel)
from .ops.linalg import matmul, mm, bmm, dot, mv
from .ops.join import (cat, concat, concatenate, stack, hstack, vstack, row_stack, dstack,
                       column_stack)
from .ops.activation import softmax, log_softmax
from .ops.copying import clone, detach
from .ops.pointwise import reciprocal, result_dtype
from .compat.finfo import finfo, iinfo
from .ops.creation import (scalar_tensor, randint_like, broadcast_tensors, broadcast_shapes,
                           bernoulli, multinomial)
from . import autograd, cuda, events, nn, optim, random, serialization
from .serialization import save, load
from .compat.tensor_str import set_printoptions, get_printoptions

float = float32
double = float64
half = float16
long = int64
int = int32
short = int16
cfloat = None
from .compat.layouts import (layout, strided, memory_format, contiguous_format,
                              preserve_format, channels_last)
__version__ = "2.13.0"    # the torch version whose behaviour minitensor follows

from .ops.creation import TYPED_CONSTRUCTORS as _TC   # legacy typed constructors
FloatTensor, DoubleTensor, HalfTensor, LongTensor, IntTensor, ShortTensor, CharTensor, \
    ByteTensor, BoolTensor = (_TC[n] for n in (
        "FloatTensor", "DoubleTensor", "HalfTensor", "LongTensor", "IntTensor", "ShortTensor",
        "CharTensor", "ByteTensor", "BoolTensor"))


def is_tensor(obj):
    return isinstance(obj, Tensor)


def typename(obj):
    if isinstance(obj, Tensor):
        return obj.type()
    module = getattr(type(obj), "__module__", "") or ""
    name = type(obj).__qualname__
    return name if module in ("", "builtins") else f"{module}.{name}"


def numel(input):
    return input.numel()


def is_floating_point(input):
    return input.is_floating_point()


def result_type(tensor1, tensor2):
    return result_dtype(tensor1, tensor2)


def __getattr__(name):
    raise AttributeError(f"module 'torch' has no attribute '{name}'")


# torch.add(t, ...) and the other functions of Tensor ops check their arguments with
# torch's parser, as the methods do (api.py)
globals().update(_api.torch_functions(globals()))
_install_warning_filter()   # NumPy's inf/nan warnings from inside ops: torch is silent
