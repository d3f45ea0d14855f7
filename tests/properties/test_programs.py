"""Property tests: random small tensor programs must behave identically on both engines.

Each program (see programs.py) is rendered to a snippet and run on real torch and on
minitensor through the differential harness, which compares after every step: values,
shapes, dtypes, strides, offsets, versions, requires_grad/is_leaf/grad_fn, errors (type
and message, at the same step), warnings; and at the end every tensor's final value,
every leaf's .grad and which tensors share storage.
"""
import os

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis.database import DirectoryBasedExampleDatabase

from harness import check_case, run
from programs import (binary_ops, creation_ops, grad_ops, mixed_ops, programs, render,
                      render_binary, render_creation, render_grad, render_mixed, render_unary,
                      render_view, unary_ops, view_ops)
from regressions import (BINARY_REGRESSIONS, GRAD_REGRESSIONS, MIXED_REGRESSIONS, REGRESSIONS,
                         UNARY_REGRESSIONS, VIEW_REGRESSIONS, CREATION_REGRESSIONS)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DB = DirectoryBasedExampleDatabase(os.path.join(ROOT, ".hypothesis", "minitensor-properties"))

# Derandomized by default so a run's outcome depends only on the code (CI and the
# known-mismatch list in tests/known_mismatches.txt rely on it); PROPERTY_EXPLORE=1 hunts
# for new failing programs with fresh random draws.
EXPLORE = os.environ.get("PROPERTY_EXPLORE") == "1"
COMMON = dict(deadline=None, database=DB if EXPLORE else None, derandomize=not EXPLORE,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

N = int(os.environ.get("PROPERTY_EXAMPLES", "250"))


def _check(program):
    check_case(render(program))


@pytest.mark.parametrize("idx", range(len(REGRESSIONS)) if REGRESSIONS else [pytest.param(0, marks=pytest.mark.skip("no regressions yet"))])
def test_regression(idx):
    why, program = REGRESSIONS[idx]
    _check(program)


@pytest.mark.parametrize("idx", range(len(MIXED_REGRESSIONS)))
def test_mixed_regression(idx):
    why, prog = MIXED_REGRESSIONS[idx]
    check_case(render_mixed(prog))


@settings(max_examples=N, **COMMON)
@given(programs(max_steps=10))
def test_random_programs(program):
    _check(program)


@settings(max_examples=N, **COMMON)
@given(programs(max_steps=8, kinds=("create", "view", "view", "inplace", "inplace", "setitem", "copy")))
def test_views_and_inplace(program):
    _check(program)


@settings(max_examples=N, **COMMON)
@given(programs(max_steps=8, kinds=("create", "view", "inplace", "unary", "binary", "sum", "sum",
                                    "backward", "backward", "requires_grad_", "detach_", "copy")))
def test_autograd_programs(program):
    _check(program)


@settings(max_examples=N, **COMMON)
@given(mixed_ops())
def test_mixed_dtype_ops(prog):
    """Type promotion, 0-dim vs dim tensors vs Python scalars, in-place casting rules."""
    check_case(render_mixed(prog))


@pytest.mark.parametrize("idx", range(len(UNARY_REGRESSIONS)))
def test_unary_regression(idx):
    why, prog = UNARY_REGRESSIONS[idx]
    check_case(render_unary(prog))


@settings(max_examples=N, **COMMON)
@given(unary_ops())
def test_unary_ops_every_dtype(prog):
    """One unary op, reduction, cast or in-place op on a tensor of any dtype and rank:
    result dtypes, values near the dtype's edge, and each dtype's missing kernels."""
    check_case(render_unary(prog))


@pytest.mark.parametrize("idx", range(len(BINARY_REGRESSIONS)))
def test_binary_regression(idx):
    why, prog = BINARY_REGRESSIONS[idx]
    check_case(render_binary(prog))


@settings(max_examples=N, **COMMON)
@given(binary_ops())
def test_binary_ops_every_dtype_pair(prog):
    """One binary op between tensors of any two dtypes (0-d or 1-d): promotion, each
    dtype's missing kernels, the order of torch's checks, in-place casting rules."""
    check_case(render_binary(prog))


@pytest.mark.parametrize("idx", range(len(GRAD_REGRESSIONS)))
def test_grad_regression(idx):
    why, prog = GRAD_REGRESSIONS[idx]
    check_case(render_grad(prog))


@settings(max_examples=N, **COMMON)
@given(grad_ops())
def test_grads_of_every_op(prog):
    """A unary or binary expression on float tensors that require grad: the graph
    torch records, and every .grad after backward (values, strides, _version)."""
    check_case(render_grad(prog))


@pytest.mark.parametrize("idx", range(len(VIEW_REGRESSIONS)))
def test_view_regression(idx):
    why, prog = VIEW_REGRESSIONS[idx]
    check_case(render_view(prog))


@settings(max_examples=N, **COMMON)
@given(view_ops())
def test_views_of_every_layout(prog):
    """A view or view-like op of a tensor with an unusual layout (transposed, stepped,
    expanded, offset, empty, 0-d), then a write through it: layout, aliasing, versions."""
    check_case(render_view(prog))


@pytest.mark.parametrize("idx", range(len(CREATION_REGRESSIONS)))
def test_creation_regression(idx):
    why, expr = CREATION_REGRESSIONS[idx]
    check_case(render_creation(expr))


@settings(max_examples=N, **COMMON)
@given(creation_ops())
def test_factories_and_their_argument_errors(expr):
    """A factory call with one of many size forms and keyword arguments: the result, or
    torch's error (which argument is checked first, and the message)."""
    check_case(render_creation(expr))


@settings(max_examples=60, **COMMON)
@given(programs(max_steps=10))
def test_programs_run_on_torch(program):
    """The renderer itself is sound: every program runs to the end on real torch."""
    run(render(program), "torch")
