"""Misuse: every bad input raises exactly what torch raises (type and message), never a numpy traceback."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### err_binary_shape_mismatch
with expect_error():
    torch.ones(2, 3) + torch.ones(2, 4)
with expect_error():
    torch.ones(3) * torch.ones(4)
with expect_error():
    torch.ones(2, 3).add_(torch.ones(3, 3))
with expect_error():
    torch.maximum(torch.ones(2), torch.ones(3))
with expect_error():
    torch.where(torch.ones(2) > 0, torch.ones(3), torch.ones(2))

### err_view_reshape
x = torch.arange(12.)
with expect_error():
    x.view(5, -1)
with expect_error():
    x.reshape(5, 3)
with expect_error():
    x.view(3, 4).t().view(-1)
with expect_error():
    x.view('a')
with expect_error():
    x.view(-2, 6)
with expect_error():
    x.reshape(-1, -1)

### err_dim_out_of_range
x = torch.zeros(2, 3)
for expr in ['x.sum(2)', 'x.sum(-3)', 'x.mean(5)', 'x.softmax(2)', 'x.max(2)', 'x.argmax(3)',
             'x.unsqueeze(3)', 'x.squeeze(2)', 'x.transpose(0, 2)', 'torch.cat([x, x], 2)', 'x.flatten(3)',
             'x.select(2, 0)', 'x.narrow(-3, 0, 1)', 'x.prod(2)', 'x.log_softmax(-3)', 'x.size(5)']:
    with expect_error(expr):
        eval(expr)

### err_dim_on_0d
x = torch.tensor(3.)
obs('sum0', x.sum(0))
obs('sum_neg1', x.sum(-1))
with expect_error():
    x.sum(1)
obs('softmax0', x.softmax(0))
obs('unsq', x.unsqueeze(0))
with expect_error():
    x.unsqueeze(2)
obs('max0', x.max(0))

### err_index_out_of_range
x = torch.arange(6).view(2, 3)
for expr in ['x[2]', 'x[-3]', 'x[0, 3]', 'x[:, -4]', 'x[[0, 2]]', 'x[torch.tensor([5])]', 'x[0, 0, 0]',
             'x.select(1, 3)', 'x.narrow(0, 1, 2)', 'x.index_select(0, torch.tensor([2]))',
             'x.gather(1, torch.tensor([[3]]))']:
    with expect_error(expr):
        eval(expr)

### err_setitem_out_of_range
x = torch.zeros(3)
with expect_error():
    x[3] = 1
with expect_error():
    x[[0, 5]] = 1
with expect_error():
    x[:2] = torch.ones(3)
with expect_error():
    x[0] = 'a'
with expect_error():
    x[0] = torch.ones(2)
obs('x', x)

### err_wrong_argument_types
x = torch.ones(2, 3)
for expr in ['x + "a"', 'x * None', 'x @ [1, 2, 3]', 'torch.add(x, "a")', 'x.sum("a")', 'x.view(None)',
             'x.transpose(0)', 'x.permute(0)', 'torch.zeros("a")', 'torch.cat(x, x)', 'x.clamp("a")',
             'torch.exp([1.])', 'torch.sigmoid(3.)', 'x.reshape(2, "3")', 'x.expand("a")',
             'torch.matmul(x, 3)', 'x.pow("a")', 'torch.stack(x)', 'x.to("cpux")', 'x.to(3.5)', 'x.type(5)',
             'x.unsqueeze(1.0)', 'x.max(dim="a")', 'x.softmax()']:
    with expect_error(expr):
        eval(expr)

### err_unknown_kwargs
x = torch.ones(2)
with expect_error():
    torch.zeros(2, foo=1)
with expect_error():
    x.sum(axis=0, foo=1)
with expect_error():
    torch.tensor([1.], requires_grad=True, bar=2)
with expect_error():
    x.add(x, beta=2)
obs('axis_alias', x.sum(axis=0))

### err_dtype_mismatches
with expect_error():
    torch.ones(2) @ torch.ones(2, dtype=torch.float64)
with expect_error():
    torch.mm(torch.ones(2, 2), torch.ones(2, 2, dtype=torch.int32))
with expect_error():
    torch.ones(2, dtype=torch.int64).add_(torch.ones(2))
with expect_error():
    torch.ones(2, dtype=torch.bool).mul_(2.)
with expect_error():
    torch.ones(2).index_select(0, torch.tensor([0.]))
with expect_error():
    torch.ones(2)[torch.tensor([0.5])]
with expect_error():
    torch.ones(2).masked_fill(torch.tensor([1, 0]), 0.)
with expect_error():
    torch.zeros(2, dtype=torch.int64).exp_()
with expect_error():
    torch.zeros(2, dtype=torch.int64).sigmoid_()
with expect_error():
    torch.zeros(2, dtype=torch.int64).sqrt_()
with expect_error():
    torch.softmax(torch.tensor([1, 2]), 0)
with expect_error():
    torch.tensor([1, 2]).mean()

### err_grad_related
a = torch.tensor([1., 2.], requires_grad=True)
with expect_error():
    a.numpy()
with expect_error():
    a.resize_(3)
with expect_error():
    a.add_(1)
with expect_error():
    (a * 2).backward()
with expect_error():
    torch.tensor([1.]).sum().backward()
with expect_error():
    torch.tensor([1]).requires_grad_()
with expect_error():
    (a * 2).requires_grad_(False)
with expect_error():
    copy.deepcopy(a * 2)
with expect_error():
    a.grad = torch.zeros(3)
with expect_error():
    torch.autograd.grad((a * 2).sum(), torch.tensor([1.]))

### err_item_and_conversions
with expect_error():
    torch.zeros(2).item()
with expect_error():
    int(torch.zeros(2))
with expect_error():
    float(torch.zeros(0))
with expect_error():
    bool(torch.zeros(3))
with expect_error():
    torch.zeros(2, 2).tolist()[2]
with expect_error():
    [1, 2][torch.tensor(1.)]
with expect_error():
    [1, 2][torch.tensor([1])]

### err_creation
for expr in ['torch.zeros(-2)', 'torch.ones(2, -1)', 'torch.full((2,), "a")', 'torch.tensor([[1], [1, 2]])',
             'torch.tensor([1, None])', 'torch.arange(1, 0)', 'torch.arange(0, 1, -1)', 'torch.linspace(0, 1)',
             'torch.eye(2, -1)', 'torch.randint(0, 0, (2,))',
             'torch.rand(-1)', 'torch.empty(2, 3, dtype="float")', 'torch.tensor([1.], dtype=float)',
             'torch.zeros((2, 3), (1,))', 'torch.ones(2, dtype=torch.float32, device="nope")']:
    with expect_error(expr):
        eval(expr)

### err_expand_and_broadcast
x = torch.ones(2, 1)
with expect_error():
    x.expand(3, 2)
with expect_error():
    x.expand(2)
with expect_error():
    x.expand_as(torch.ones(3))
with expect_error():
    torch.broadcast_to(x, (3, 3))
with expect_error():
    torch.ones(3).expand(3, 2)

### err_split_cat_stack
x = torch.arange(6.)
with expect_error():
    x.split([2, 2])
with expect_error():
    x.chunk(0)
with expect_error():
    torch.cat([x, x.view(2, 3)])
with expect_error():
    torch.stack([x, x[:5]])
with expect_error():
    torch.cat([x, 1])

### err_matmul_messages
for expr in ['torch.ones(2, 3) @ torch.ones(2, 3)', 'torch.ones(3) @ torch.ones(2, 2)', 'torch.ones(2, 2) @ torch.ones(3)',
             'torch.mm(torch.ones(3), torch.ones(3))', 'torch.bmm(torch.ones(1, 2, 3), torch.ones(1, 2, 3))',
             'torch.mv(torch.ones(2, 3), torch.ones(2))', 'torch.ones(2, 3, 4) @ torch.ones(5, 4, 2)',
             'torch.tensor(2.) @ torch.tensor(3.)', 'torch.dot(torch.ones(2), torch.ones(3))']:
    with expect_error(expr):
        eval(expr)

### err_inplace_output_shape
x = torch.ones(3)
with expect_error():
    x.add_(torch.ones(2, 3))
with expect_error():
    x.copy_(torch.ones(2))
with expect_error():
    x.mul_(torch.ones(4))
with expect_error():
    x.clamp_(torch.ones(2), torch.ones(2))
obs('x', x)

### err_noncontig_view_hint
x = torch.arange(6.).view(2, 3).t()
with expect_error():
    x.view(6)
with expect_error():
    x.view(3, 2).view(-1)
obs('reshape_ok', x.reshape(6))

### err_negative_step_and_bad_slices
x = torch.arange(5)
with expect_error():
    x[::-1]
with expect_error():
    x[::-2]
with expect_error():
    x[4:0:-1]
obs('flip', x.flip(0))
with expect_error():
    x[1:2:0]

### err_module_level
with expect_error():
    torch.ones(2).nonexistent_method()
with expect_error():
    torch.ones(2).shape = (3,)
with expect_error():
    torch.ones(2).dtype = torch.int64
with expect_error():
    torch.ones(2).is_leaf = False
with expect_error():
    torch.ones(2).grad_fn = None

### err_no_numpy_leaks_misc
for expr in ['torch.ones(2, 3).sum((0, 0))', 'torch.ones(2).view(2, 2)', 'torch.ones(2, 2).permute(0, 1, 2)',
             'torch.ones(2, 2).squeeze(-3)', 'torch.ones(2).pow(torch.ones(3))', 'torch.ones(2).clamp(torch.ones(3))',
             'torch.ones(2).masked_fill(torch.ones(3) > 0, 1.)', 'torch.ones(2).repeat(1, 2, -1)',
             'torch.ones(2, 2).mean((0, 5))', 'torch.log_softmax(torch.ones(2), 1)']:
    with expect_error(expr):
        eval(expr)

### err_bool_division_kernels
# torch has no Bool kernel for floor/trunc division and remainder (found by harvest.py)
a = torch.tensor([True, False])
b = torch.tensor([True, True])
for expr in ['a // b', 'a // torch.tensor([False, False])', 'a % b', 'torch.floor_divide(a, b)',
             "torch.div(a, b, rounding_mode='floor')", "torch.div(a, b, rounding_mode='trunc')",
             'a // True', 'a.__ifloordiv__(b)', 'torch.remainder(a, True)']:
    with expect_error(expr):
        eval(expr)
obs('int_floordiv_bool', torch.tensor([3]) // torch.tensor([True]))

### err_division_shape_before_kernel
# TensorIterator checks shapes first: a shape error wins over ZeroDivisionError and the
# missing Bool kernel (found by harvest.py)
i, j = torch.zeros(2, dtype=torch.int8), torch.zeros(3, dtype=torch.int8)
p, q = torch.tensor([True, False]), torch.tensor([True, False, True])
for expr in ['i // j', 'i % j', 'torch.fmod(i, j)', "torch.div(i, j, rounding_mode='trunc')",
             'p // q', 'p % q', "torch.div(p, q, rounding_mode='floor')", 'i // 0', '3 % j']:
    with expect_error(expr):
        eval(expr)

### err_kernels_missing_for_a_dtype
# torch's dtype checks (found by the unary sweep in tests/properties): the message names
# the kernel and the dtype, and comes before the dim check where torch's does
for expr in ['~torch.ones(2)', '~torch.ones(2, dtype=torch.float64)', 'torch.ones(2) & torch.ones(2)',
             'torch.ones(2, dtype=torch.float64) | 1', 'torch.ones(2, dtype=torch.int8) & torch.ones(2)',
             'torch.bitwise_xor(torch.ones(2).half(), torch.ones(2).half())',
             'torch.ones(2, dtype=torch.float64).bitwise_not()', 'torch.ones(2).bitwise_not_()',
             'torch.ones(2, dtype=torch.int8).frac()', 'torch.ones(2, dtype=torch.bool).frac()',
             'torch.ones(2, dtype=torch.int64).frac_()',
             'torch.ones(2, dtype=torch.bool).argmax()', 'torch.ones(2, dtype=torch.bool).argmin(0)',
             'torch.ones(2, dtype=torch.bool).argmax(5)', 'torch.ones(2, dtype=torch.bool).median()',
             'torch.ones(2, dtype=torch.bool).median(0)', 'torch.ones(2, dtype=torch.bool).topk(1)',
             'torch.ones(2, dtype=torch.bool).topk(5)',
             'torch.ones(2, 2, dtype=torch.int8).softmax(0)', 'torch.ones(2, 2, dtype=torch.int8).softmax(1)',
             'torch.ones(2, 1, dtype=torch.int8).log_softmax(0)', 'torch.ones(2, dtype=torch.int8).softmax(0)',
             'torch.ones(2, 3, dtype=torch.int16).log_softmax(-2)']:
    with expect_error(expr):
        eval(expr)

### err_empty_and_zero_dim_inputs
for expr in ['torch.tensor(3).chunk(2)', 'torch.tensor(3).chunk(0)', 'torch.tensor(3).split(1)',
             'torch.tensor(3).split([1])', 'torch.tensor(3).tensor_split(2)',
             'torch.ones((0, 2)).argmax()', 'torch.ones((0, 2)).argmin(0)', 'torch.ones((2, 0)).median(1)',
             'torch.ones((0, 2)).argmax(1)', 'torch.ones((2, 0)).median(0)']:
    with expect_error(expr):
        obs(expr, eval(expr))

### err_backward_checks_in_torch_order
# _make_grads (shapes, implicit scalar grads) runs before the engine's requires-grad check
t0 = torch.zeros(2, 3)
t1 = t0.view(-1)
t0.requires_grad_()           # t1, a view taken before, now reports requires_grad
for expr in ['t1.backward()', 't1.backward(torch.ones(6))', 'torch.zeros(3).backward(torch.ones(2))',
             'torch.autograd.backward([torch.zeros(1), torch.ones(3, requires_grad=True)])',
             'torch.zeros(3).backward()', 'torch.zeros(3).backward(torch.ones(3, dtype=torch.long))']:
    with expect_error(expr):
        eval(expr)

### err_method_argument_positions
# a method counts positions from the first argument after self, torch.add from self
t = torch.ones(2, 2)
for expr in ["t.add('a')", "torch.add(t, 'a')", "t.matmul(None)", "torch.matmul(t, None)", "t.mul([1.5])",
             "t.maximum('a')", "t.dot('a')", "t.add_('a')", "t.sub(None)"]:
    with expect_error(expr):
        eval(expr)

### err_fill_value_out_of_range
# full and fill_ convert their number with torch's range check (c10's checked_convert)
for expr in ['torch.full((2,), 300, dtype=torch.uint8)', 'torch.full((2,), 1e6, dtype=torch.int16)',
             'torch.full((2,), 1e39, dtype=torch.float32)', 'torch.zeros(2, dtype=torch.int8).fill_(300)',
             'torch.zeros(2, dtype=torch.float16).fill_(1e6)']:
    with expect_error(expr):
        eval(expr)
obs('neg_wraps', torch.full((2,), -1, dtype=torch.uint8))
obs('fill_neg_wraps', torch.zeros(2, dtype=torch.uint8).fill_(-1))
obs('fill_inf', torch.zeros(2).fill_(float('inf')))
''')

test_case = make_test(CASES)
