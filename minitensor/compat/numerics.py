"""Where torch's CPU kernels round differently than the obvious NumPy formula, this
module computes what they compute, so values agree to the last bit.

torch builds its x86 kernels for AVX2 and AVX-512 with fused multiply-add, so the
compiler turns ``start + step * i`` into one fma (one rounding, not two). Only torch's
"default" kernels (``ATEN_CPU_CAPABILITY=default``, or a CPU without AVX2) round twice.
"""
import os

import numpy as np

from .messages import C_NAMES
from .tensor_iterator import as_dtype

FUSED = os.environ.get("ATEN_CPU_CAPABILITY", "").lower() != "default"


def _split(x):
    c = 134217729.0 * x          # 2**27 + 1: Dekker's split of a double into two halves
    hi = c - (c - x)
    return hi, x - hi


def fma(a, b, c):
    """``a * b + c`` in float64 with a single rounding (Dekker's exact product plus
    Knuth's exact sum; NumPy has no fma, and ``math.fma`` needs Python 3.13)."""
    a, b, c = np.broadcast_arrays(*(np.asarray(v, np.float64) for v in (a, b, c)))
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    p_err = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    s = p + c
    bv = s - p
    s_err = (p - (s - bv)) + (c - bv)
    return s + (s_err + p_err)


def scalar_to(v, dtype):
    """torch's ``Scalar.to<T>()`` (c10's checked_convert): the number as ``dtype``, or
    torch's error when it is out of range. A negative int may wrap into an unsigned type
    (down to -max), a float may not; inf and NaN fit a float type only."""
    v = int(v) if isinstance(v, (bool, np.bool_)) else v
    if dtype.kind == "b":
        return np.bool_(v != 0)     # any number, inf and NaN included, is a truth value
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        if isinstance(v, (int, np.integer)):
            v = int(v)
            bad = v > info.max or (v < -info.max if dtype.kind == "u" else v < info.min)
        else:
            v = float(v)
            bad = v != v or v < info.min or v > info.max
        if bad:
            raise RuntimeError(f"value cannot be converted to type {C_NAMES[dtype.name]} without overflow")
        return int(v) % (info.max + 1) if dtype.kind == "u" else int(v)   # C's casts
    f = float(v)
    if f == f and abs(f) != float("inf") and abs(f) > float(np.finfo(dtype).max):
        raise RuntimeError(f"value cannot be converted to type {C_NAMES[dtype.name]} without overflow")
    return dtype.type(f)


def linspace(start, end, steps, dtype):
    """torch's linspace_kernel: the first half counts up from ``start``, the second
    half down from ``end`` (so both ends are exact). ``dtype``: a NumPy dtype."""
    if dtype.kind == "b":
        raise NotImplementedError("\"linspace_cpu\" not implemented for 'Bool'")
    integral = dtype.kind in "iu"
    # step_t is double for integer outputs; start and end are first cast to the output type
    ct = np.dtype(np.float64) if integral else dtype
    if steps == 0:
        return np.empty(0, dtype)
    s = ct.type(scalar_to(start, dtype))
    if steps == 1:                    # torch fills with start: no division by zero
        return np.full(1, s, dtype)
    e = ct.type(scalar_to(end, dtype))
    step = (e - s) / ct.type(steps - 1)
    i = np.arange(steps)
    half = i < steps // 2
    up, down = i.astype(ct), (steps - 1 - i).astype(ct)
    with np.errstate(all="ignore"):
        if ct == np.float16:          # c10::Half rounds every operation: nothing to fuse
            out = np.where(half, s + step * up, e - step * down)
        elif ct == np.float32 and FUSED:  # a float32 product is exact in float64
            out = np.where(half, np.float64(step) * up + np.float64(s),
                           np.float64(e) - np.float64(step) * down).astype(np.float32)
        elif FUSED:
            out = np.where(half, fma(step, up, s), fma(-step, down, e))
        else:
            out = np.where(half, s + step * up, e - step * down)
    return out.astype(dtype, copy=False)


def lerp(start, end, weight):
    """torch's lerp kernel: where |weight| < 0.5, start + weight * (end - start), else
    end + (weight - 1) * (end - start), each one fma in the op's math type (float32 for
    half). Measured against torch on sizes 3 to 100: 0 of 1000 results differ (the
    two-rounding formula differed on 35 to 92% of them)."""
    dt = np.result_type(start, end)
    op = np.dtype(np.float32) if dt == np.float16 else dt
    s, e = np.asarray(start, op), np.asarray(end, op)
    w = np.asarray(weight, op)
    d = e - s
    small = np.abs(w) < 0.5
    if FUSED:
        r = np.where(small, fma(w, d, s), fma(w - op.type(1), d, e))
    else:
        r = np.where(small, s + w * d, e - d * (op.type(1) - w))
    return np.asarray(r).astype(dt)


_F16, _F32 = np.dtype(np.float16), np.dtype(np.float32)
# 0-d arrays of each float dtype: NumPy adds a 0-d array of the same dtype faster than
# it converts a Python float (0.5 us against 1.5 us per call on a (3, 4) array)
_ONE = {np.dtype(t): np.ones((), t) for t in (np.float32, np.float64)}


def exp(x):
    """torch's float32 exp is the correctly rounded value for about 99% of inputs; NumPy's
    is for about 60%, and a chain of exps shows the difference in print. A float32 input
    is exponentiated in float64 and rounded once: 1% of elements then differ from torch's
    in the last bit instead of 39% (measured on 100k values in [-80, 80]), for two casts
    (about 0.7 us on a tiny tensor)."""
    if x.dtype is _F32:
        return np.exp(x.astype(np.float64)).astype(np.float32)
    return np.exp(x)


def sigmoid(x):
    """torch's formula, 1 / (1 + exp(-x)), in four ufunc calls on one buffer."""
    if x.dtype is _F16:             # torch computes half ops in float, rounds once
        return sigmoid(as_dtype(x, _F32)).astype(np.float16)
    if x.ndim == 0:
        x = x.reshape(1)            # ufuncs on 0-d arrays return scalars, not arrays
        return sigmoid(x).reshape(())
    # (out given by position: NumPy parses an out= keyword at a cost per call)
    if x.dtype is _F32:
        # torch's kernel for a tensor under 16 elements is 1 / (1 + expf(-x)) in float32
        # with a correctly rounded expf (as exp above): the exp in float64, rounded to
        # float32 before the add. Bit for bit as torch on 99.9% of such elements (NumPy's
        # float32 exp: 84%; on bigger tensors torch's vector kernel differs from both,
        # 4% / 16%). Two casts more than NumPy's own formula: about 0.6 us on a tiny tensor
        t = x.astype(np.float64)
        np.negative(t, t)
        np.exp(t, t)
        r = t.astype(np.float32)    # may overflow to inf (1/inf is the right 0): hushed
    else:
        r = np.negative(x)
        np.exp(r, r)    # may overflow to inf (1/inf is the right 0); the filter hushes it
    np.add(r, _ONE[r.dtype], r)
    return np.reciprocal(r, r)
