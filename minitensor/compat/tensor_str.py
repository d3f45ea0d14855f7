"""Printing tensors: a NumPy port of torch 2.13's ``torch/_tensor_str.py``.

The goal is character-for-character equality with ``repr(torch_tensor)``, so the
structure, names and (odd-looking) arithmetic follow torch's file closely; when
in doubt, torch's source is the spec. Only the parts that matter for dense
real tensors are ported (no complex, sparse, quantized, nested or functorch).

Everything below the public entry points works on plain ``numpy.ndarray``s; the
tensor object is only consulted in :func:`tensor_repr` for its metadata.
"""
import contextlib
import dataclasses
import math

import numpy as np

from ..core.dtypes import get_default_dtype


@dataclasses.dataclass
class _PrinterOptions:
    precision: int = 4
    threshold: float = 1000
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: bool | None = None


PRINT_OPTS = _PrinterOptions()


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None):
    """Set options for printing, as ``torch.set_printoptions``.

    As in torch, ``sci_mode`` is always assigned, so any call that omits it
    resets it to None (automatic).
    """
    if profile is not None:
        if profile == "default":
            PRINT_OPTS.precision = 4
            PRINT_OPTS.threshold = 1000
            PRINT_OPTS.edgeitems = 3
            PRINT_OPTS.linewidth = 80
        elif profile == "short":
            PRINT_OPTS.precision = 2
            PRINT_OPTS.threshold = 1000
            PRINT_OPTS.edgeitems = 2
            PRINT_OPTS.linewidth = 80
        elif profile == "full":
            PRINT_OPTS.precision = 4
            PRINT_OPTS.threshold = math.inf
            PRINT_OPTS.edgeitems = 3
            PRINT_OPTS.linewidth = 80

    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth
    PRINT_OPTS.sci_mode = sci_mode


def get_printoptions():
    """The current options, as a dict that can be passed to ``set_printoptions(**d)``."""
    return dataclasses.asdict(PRINT_OPTS)


@contextlib.contextmanager
def printoptions(**kwargs):
    """Temporarily change the print options (``torch._tensor_str.printoptions``)."""
    old_kwargs = get_printoptions()
    set_printoptions(**kwargs)
    try:
        yield
    finally:
        set_printoptions(**old_kwargs)


# ------------------------------------------------------------------ formatting
class _Formatter:
    """Decides, from all the values that will be shown, one common style and width."""

    def __init__(self, arr, floating_dtype):
        self.floating_dtype = floating_dtype
        self.int_mode = True
        self.sci_mode = False
        self.max_width = 1

        flat = arr.reshape(-1)
        # Widths are a max over values, so each distinct value is formatted once
        # (torch loops over every element; the result is the same).
        if not floating_dtype:
            for value in np.unique(flat).tolist():
                self.max_width = max(self.max_width, len(f"{value}"))
            return

        nonzero_finite_vals = flat[np.isfinite(flat) & (flat != 0)]
        if nonzero_finite_vals.size == 0:
            # only zeros, infs and nans: keep the defaults (int mode, width 1)
            return

        # torch compares magnitudes in float64 (float16 would overflow at 1e8)
        nonzero_finite_abs = np.abs(nonzero_finite_vals).astype(np.float64)
        nonzero_finite_min = nonzero_finite_abs.min()
        nonzero_finite_max = nonzero_finite_abs.max()

        # ceil is exact in every float dtype, so this matches torch's per-value test
        self.int_mode = bool(np.all(nonzero_finite_vals == np.ceil(nonzero_finite_vals)))

        if PRINT_OPTS.sci_mode is None:
            with np.errstate(over="ignore"):  # 1e308 / 1e-308 is inf, as in torch
                ratio = nonzero_finite_max / nonzero_finite_min
            self.sci_mode = bool(ratio > 1000.0 or nonzero_finite_max > 1.0e8
                                 or nonzero_finite_min < 1.0e-4)
        else:
            self.sci_mode = PRINT_OPTS.sci_mode

        values = np.unique(nonzero_finite_vals).tolist()
        if self.sci_mode:
            spec = f"{{:.{PRINT_OPTS.precision}e}}"
            widths = [len(spec.format(v)) for v in values]
        elif self.int_mode:
            # the "+ 1" is the "." appended to integer-valued floats
            widths = [len(f"{v:.0f}") + 1 for v in values]
        else:
            spec = f"{{:.{PRINT_OPTS.precision}f}}"
            widths = [len(spec.format(v)) for v in values]
        self.max_width = max(self.max_width, *widths)

    def width(self):
        return self.max_width

    def format(self, value):
        if self.floating_dtype:
            if self.sci_mode:
                ret = f"{{:{self.max_width}.{PRINT_OPTS.precision}e}}".format(value)
            elif self.int_mode:
                ret = f"{value:.0f}"
                if not (math.isinf(value) or math.isnan(value)):
                    ret += "."
            else:
                ret = f"{{:.{PRINT_OPTS.precision}f}}".format(value)
        else:
            ret = f"{value}"
        # right-align; a value wider than max_width (e.g. "inf", "-0.") just sticks out
        return (self.max_width - len(ret)) * " " + ret


def _vector_str(arr, indent, summarize, formatter):
    # each element takes its width plus ", "
    element_length = formatter.width() + 2
    elements_per_line = max(1, math.floor((PRINT_OPTS.linewidth - indent) / element_length))
    edge = PRINT_OPTS.edgeitems

    if summarize and not edge:
        data = ["..."]
    elif summarize and arr.shape[0] > 2 * edge:
        data = ([formatter.format(v) for v in arr[:edge].tolist()]
                + [" ..."]
                + [formatter.format(v) for v in arr[-edge:].tolist()])
    else:
        data = [formatter.format(v) for v in arr.tolist()]

    lines = [", ".join(data[i:i + elements_per_line])
             for i in range(0, len(data), elements_per_line)]
    return "[" + ("," + "\n" + " " * (indent + 1)).join(lines) + "]"


def _tensor_str_with_formatter(arr, indent, summarize, formatter):
    dim = arr.ndim
    if dim == 0:
        return formatter.format(arr.item())
    if dim == 1:
        return _vector_str(arr, indent, summarize, formatter)

    edge = PRINT_OPTS.edgeitems
    if summarize and arr.shape[0] > 2 * edge:
        slices = ([_tensor_str_with_formatter(arr[i], indent + 1, summarize, formatter)
                   for i in range(edge)]
                  + ["..."]
                  + [_tensor_str_with_formatter(arr[i], indent + 1, summarize, formatter)
                     for i in range(len(arr) - edge, len(arr))])
    else:
        slices = [_tensor_str_with_formatter(arr[i], indent + 1, summarize, formatter)
                  for i in range(arr.shape[0])]

    # sub-blocks of an N-d tensor are separated by N-1 newlines
    return "[" + ("," + "\n" * (dim - 1) + " " * (indent + 1)).join(slices) + "]"


def _get_summarized_data(arr):
    """The values that will actually be printed, so the formatter ignores hidden ones."""
    dim = arr.ndim
    edge = PRINT_OPTS.edgeitems
    if dim == 0:
        return arr
    if dim == 1:
        if arr.shape[0] > 2 * edge:
            # with edge == 0, arr[-0:] is the whole row: torch does the same
            return np.concatenate((arr[:edge], arr[-edge:]))
        return arr
    if not edge:
        return np.empty((0,) * dim, dtype=arr.dtype)
    if arr.shape[0] > 2 * edge:
        rows = list(range(edge)) + list(range(len(arr) - edge, len(arr)))
    else:
        rows = range(arr.shape[0])
    return np.stack([_get_summarized_data(arr[i]) for i in rows])


def _tensor_str(arr, indent, floating_dtype):
    if arr.size == 0:
        return "[]"
    summarize = arr.size > PRINT_OPTS.threshold
    formatter = _Formatter(_get_summarized_data(arr) if summarize else arr, floating_dtype)
    return _tensor_str_with_formatter(arr, indent, summarize, formatter)


def _add_suffixes(tensor_str, suffixes, indent, force_newline):
    tensor_strs = [tensor_str]
    # torch's arithmetic, kept as is: it counts 2 more than the last line's length
    last_line_len = len(tensor_str) - tensor_str.rfind("\n") + 1
    for suffix in suffixes:
        suffix_len = len(suffix)
        if force_newline or last_line_len + suffix_len + 2 > PRINT_OPTS.linewidth:
            tensor_strs.append(",\n" + " " * indent + suffix)
            last_line_len = indent + suffix_len
            force_newline = False
        else:
            tensor_strs.append(", " + suffix)
            last_line_len += suffix_len + 2
    tensor_strs.append(")")
    return "".join(tensor_strs)


# ------------------------------------------------------------------ public entry points
def tensor_repr(t, *, tensor_contents=None):
    """``repr(t)`` (and ``str(t)``) exactly as torch prints a plain tensor.

    ``tensor_contents``, as in torch, replaces the printed values but keeps the suffixes.
    """
    prefix = "tensor("
    indent = len(prefix)
    suffixes = []
    arr = t._data
    dtype = t.dtype
    default_dtype = get_default_dtype()

    # torch prints the device whenever it is not the default one (always cpu here)
    if t.device.type != "cpu":
        suffixes.append("device='" + str(t.device) + "'")

    # int64 and bool are "default" because a literal like [1, 2] or [True] gives them
    has_default_dtype = dtype.name in (default_dtype.name, "int64", "bool")

    if t.device.type == "meta":
        # meta tensors have no values; note the dtype test is the stricter one
        suffixes.append("size=" + str(tuple(arr.shape)))
        if dtype.name != default_dtype.name:
            suffixes.append("dtype=" + repr(dtype))
        tensor_str = "..."
    elif arr.size == 0:
        # NumPy-style: the shape is shown unless it is plain (0,)
        if arr.ndim != 1:
            suffixes.append("size=" + str(tuple(arr.shape)))
        # no values to hint that it is int64, so only the default float dtype is implied
        if dtype.name != default_dtype.name:
            suffixes.append("dtype=" + repr(dtype))
        tensor_str = "[]"
    else:
        if not PRINT_OPTS.edgeitems:
            suffixes.append("size=" + str(tuple(arr.shape)))
        if not has_default_dtype:
            suffixes.append("dtype=" + repr(dtype))
        tensor_str = None  # computed below unless custom contents were given
    if tensor_contents is not None:
        tensor_str = tensor_contents
    elif tensor_str is None:
        tensor_str = _tensor_str(arr, indent, dtype.is_floating_point)

    grad_fn = t.grad_fn
    if grad_fn is not None:
        suffixes.append(f"grad_fn=<{grad_fn.name().rsplit('::', 1)[-1]}>")
    elif t.requires_grad:
        suffixes.append("requires_grad=True")

    return _add_suffixes(prefix + tensor_str, suffixes, indent, force_newline=False)


def parameter_repr(p, *, tensor_contents=None):
    """``repr(nn.Parameter)``: torch prints a header line, then the plain tensor repr
    (with ``requires_grad=True`` when the parameter requires grad, as it does by default)."""
    return "Parameter containing:\n" + tensor_repr(p, tensor_contents=tensor_contents)
