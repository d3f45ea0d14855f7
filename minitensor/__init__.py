"""minitensor: a small autograd tensor engine on NumPy that behaves like PyTorch 2.13.

``import minitensor as torch`` and lesson code about tensors, copying and autograd
runs unchanged. Like torch's CPU build it has no ``cuda`` unless
``minitensor.cuda.simulate(True)`` switches on a simulated one (host memory, device tag only).
"""
from .compat.quiet import install_warning_filter as _install_warning_filter
from .core.dtypes import (dtype, can_cast, float32, float64, float16, int64, int32, int16, int8,
                          uint8, bool_ as bool, get_default_dtype, set_default_dtype,
                          promote_types)
from .core.device import device
from .core import device as _device_mod
from .core.size import Size
from .core.tensor import Tensor
from .core.storage import UntypedStorage
from . import api as _api    # binds the ops and the Python protocol onto Tensor
from .ops.create import (tensor, as_tensor, asarray, from_numpy, zeros, ones, empty, full, eye,
                         zeros_like, ones_like, empty_like, full_like, arange, linspace,
                         logspace, scalar_tensor, broadcast_tensors, broadcast_shapes)
from .ops.random import (manual_seed, seed, initial_seed, get_rng_state, set_rng_state,
                         Generator, rand, randn, randint, randperm, normal, rand_like,
                         randn_like, randint_like, bernoulli, multinomial)
from .autograd import no_grad, enable_grad, set_grad_enabled, is_grad_enabled, inference_mode
from .autograd import is_inference_mode_enabled, is_anomaly_enabled, is_anomaly_check_nan_enabled
from .ops.binary import (add, sub, subtract, mul, multiply, div, divide, true_divide,
                         floor_divide, remainder, fmod, rsub)
from .ops.pow import pow
from .ops.unary import (neg, negative, abs, exp, log, sqrt, sin, cos, tanh, sigmoid, relu, sign,
                        square, log2, log10, log1p, expm1, exp2, rsqrt, tan, erf, erfc, sinh,
                        cosh, asin, acos, atan, arcsin, arccos, arctan, floor, ceil, round, trunc,
                        fix, frac, nan_to_num, reciprocal)
from .ops.pointwise import (clamp, clip, clamp_min, clamp_max, maximum, minimum, where, fmax,
                            fmin, atan2, arctan2, outer, ger, lerp, xlogy)
from .ops.compare import (eq, ne, lt, le, gt, ge, greater, greater_equal, less, less_equal,
                          not_equal, equal, allclose, isclose, logical_not, logical_and,
                          logical_or, logical_xor, bitwise_not, bitwise_and, bitwise_or,
                          bitwise_xor, bitwise_left_shift, bitwise_right_shift, isnan, isinf,
                          isfinite)
from .ops.gather import (index_select, gather, take, take_along_dim, masked_fill, masked_select,
                         nonzero, argwhere)
from .ops.sort import flip, roll, sort, argsort, topk, cumsum, cumprod, unique
from .ops.slice import (split, chunk, tensor_split, diagonal, as_strided, unbind, narrow,
                        narrow_copy, select)
from .ops.reduce import (sum, mean, prod, max, min, argmax, argmin, amax, amin, all, any,
                         count_nonzero, nansum)
from .ops.statistics import (logsumexp, norm, var, std, var_mean, std_mean, median, kthvalue)
from .ops.view import (reshape, flatten, squeeze, unsqueeze, t, transpose, swapaxes, permute,
                       broadcast_to, ravel, movedim, moveaxis)
from .ops.join import (cat, concat, concatenate, stack, hstack, vstack, row_stack, dstack,
                       column_stack, tile)
from .ops.linalg import matmul, mm, bmm, dot, mv
from .ops.activation import softmax, log_softmax
from .ops.copy import clone, detach
from .ops.operands import result_dtype as _result_dtype
from .compat.finfo import finfo, iinfo
from . import accelerator, autograd, cuda, events, nn, optim, random, serialization
from . import utils
from . import functional     # torch.functional: norm, split, ... (the same functions as torch.*)
from . import linalg                             # torch.linalg: norms, cross, svd, inv, det
from .ops.cross import cross
from .ops.svd import svd
from .ops.inverse import linalg_det as det, linalg_inv as inverse
from .autograd import functional as _autograd_functional   # noqa: F401  (torch.autograd.functional:
#   imported here, not by autograd/, as it is built on autograd.grad)
from .ops.conv import conv1d, conv2d             # torch.conv2d is F.conv2d
from .ops.gather import scatter
from .ops.unary import INPLACE as _unary_inplace
globals().update(_unary_inplace)                 # torch.sin_(t), torch.exp_(t): the in-place twins
from . import distributions                      # torch.distributions: Multinomial, Categorical
from .serialization import save, load
from .compat.tensor_str import set_printoptions, get_printoptions
from .compat.public_names import publish as _publish

_publish(__name__)     # type(t) prints <class 'minitensor.Tensor'>, as torch's <class 'torch.Tensor'>

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

from .ops.legacy import TYPED_CONSTRUCTORS as _TC   # legacy typed constructors
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
    return _result_dtype(tensor1, tensor2)


def set_default_device(device):
    """Where factories put a tensor made without ``device=`` (torch's default: cpu)."""
    _device_mod.set_default(device)


def get_default_device():
    return _device_mod.get_default()


def __getattr__(name):
    raise AttributeError(f"module 'torch' has no attribute '{name}'")


# torch.add(t, ...) and the other functions of Tensor ops check their arguments with
# torch's parser, as the methods do (api.py)
globals().update(_api.torch_functions(globals()))
_install_warning_filter()   # NumPy's inf/nan warnings from inside ops: torch is silent
from .compat import tracebacks as _tracebacks  # noqa: E402,F401  (under IPython: tracebacks end at the learner's line, as with torch)
