"""Operators and functions, with broadcasting, and their gradients."""
from harness import make_test, parse_cases

_BASE = r'''
### arith_operators
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
b = torch.tensor([10., 20., 30.])
obs('add', a + b)
obs('sub', a - b)
obs('mul', a * b)
obs('div', a / b)
obs('pow', a ** 2)
obs('pow_t', a ** torch.tensor([1., 2., 0.5]))
obs('neg', -a)
obs('pos', +a)
obs('radd', 1 + a)
obs('rsub', 1 - a)
obs('rmul', 2 * a)
obs('rdiv', 1 / a)
obs('rpow', 2 ** a)
obs('matmul', a @ torch.ones(3, 2))
obs('floordiv', a // 2)
obs('mod', a % 2)
obs('abs_op', abs(-a))

### arith_functions
a = torch.tensor([1., -2., 3.])
b = torch.tensor([0.5, 4., -1.])
obs('add', torch.add(a, b))
obs('add_alpha', torch.add(a, b, alpha=2))
obs('sub_alpha', torch.sub(a, b, alpha=3))
obs('mul', torch.mul(a, b))
obs('div', torch.div(a, b))
obs('pow', torch.pow(a, 2))
obs('pow_scalar_base', torch.pow(2, a))
obs('neg', torch.neg(a))
obs('abs', torch.abs(a))
obs('method_add', a.add(b))
obs('method_add_scalar', a.add(1))
obs('method_sub', a.sub(b))
obs('method_mul', a.mul(2))
obs('method_div', a.div(b))
obs('method_pow', a.pow(3))
obs('square', a.square())
obs('reciprocal', a.reciprocal())
obs('sign', a.sign())
obs('rsub', torch.rsub(a, 1))

### unary_math
x = torch.tensor([0.5, 1., 2., 4.])
for name in ['exp', 'log', 'sqrt', 'sin', 'cos', 'tanh', 'sigmoid', 'relu', 'abs', 'neg', 'log2', 'log10',
             'log1p', 'expm1', 'rsqrt', 'floor', 'ceil', 'round', 'trunc', 'tan', 'exp2', 'erf']:
    obs(name, getattr(torch, name)(x))
    obs(name + '_method', getattr(x, name)())

### unary_edge_values
x = torch.tensor([-1., 0., float('inf'), float('nan')])
obs('log', x.log())
obs('sqrt', x.sqrt())
obs('exp', x.exp())
obs('sigmoid', x.sigmoid())
obs('relu', x.relu())
obs('tanh', x.tanh())
obs('div0', torch.tensor([1., -1., 0.]) / 0)
obs('int_div0', torch.tensor([1, -1, 0]) / 0)
with expect_error():
    torch.tensor([1]) // 0
obs('round_half', torch.tensor([0.5, 1.5, 2.5, -0.5]).round())
obs('round_dec', torch.tensor([1.2345]).round(decimals=2))

### clamp_variants
x = torch.tensor([-2., -0.5, 0.5, 2.])
obs('both', x.clamp(-1, 1))
obs('min', x.clamp(min=0))
obs('max', x.clamp(max=0))
obs('fn', torch.clamp(x, -1.5, 1.5))
obs('clip', x.clip(-1, 1))
obs('tensor_bounds', x.clamp(torch.tensor([0., 0., 0., 0.]), torch.tensor([1., 1., 1., 1.])))
obs('min_gt_max', x.clamp(1, -1))
with expect_error():
    x.clamp()
obs('clamp_min', x.clamp_min(0))
obs('clamp_max', x.clamp_max(0))

### maximum_minimum_where
a = torch.tensor([1., 5., 3.])
b = torch.tensor([[4.], [2.]])
obs('maximum', torch.maximum(a, b))
obs('minimum', torch.minimum(a, b))
obs('max_binary', torch.max(a, torch.tensor([2., 2., 2.])))
obs('where', torch.where(a > 2, a, torch.zeros(3)))
obs('where_bcast', torch.where(b > 3, a, b))
obs('where_method', a.where(a > 2, torch.tensor(-1.)))
obs('fmax', torch.fmax(torch.tensor([float('nan'), 1.]), torch.tensor([2., float('nan')])))
obs('max_nan', torch.maximum(torch.tensor([float('nan'), 1.]), torch.tensor([2., 3.])))
with expect_error():
    torch.where(a, a, a)

### comparisons
a = torch.tensor([1., 2., 3.])
b = torch.tensor([3., 2., 1.])
obs('lt', a < b)
obs('le', a <= b)
obs('gt', a > b)
obs('ge', a >= b)
obs('eq', a == b)
obs('ne', a != b)
obs('eq_scalar', a == 2)
obs('fn_eq', torch.eq(a, b))
obs('fn_gt', torch.gt(a, 1))
obs('method_lt', a.lt(b))
obs('equal', torch.equal(a, a.clone()))
obs('equal_false', torch.equal(a, b))
obs('allclose', torch.allclose(a, a + 1e-9))
obs('isclose', torch.isclose(a, b))
obs('bcast_cmp', a.view(3, 1) < b)
obs('eq_none', a == None)
obs('logical', (a > 1) & (b > 1))
obs('logical_or', (a > 2) | (b > 2))
obs('xor', (a > 1) ^ (b > 1))
obs('invert', ~(a > 1))
obs('logical_not', torch.logical_not(a))
obs('isnan', torch.isnan(torch.tensor([1., float('nan')])))
obs('isinf', torch.tensor([1., float('inf')]).isinf())
obs('isfinite', torch.isfinite(torch.tensor([1., float('inf'), float('nan')])))
obs('all', (a > 0).all())
obs('any', (a > 2).any())
obs('all_dim', torch.tensor([[True, False], [True, True]]).all(dim=1))

### broadcasting_shapes
obs('a', (torch.zeros(3, 1) + torch.zeros(1, 4)).shape)
obs('b', (torch.zeros(2, 1, 3) * torch.zeros(4, 1)).shape)
obs('c', (torch.zeros(5) - torch.zeros(2, 1)).shape)
obs('d', (torch.zeros(()) + torch.zeros(2, 3)).shape)
obs('e', (torch.zeros(0, 3) + torch.zeros(3)).shape)
obs('f', (torch.zeros(1, 0) + torch.zeros(2, 1)).shape)
with expect_error():
    torch.zeros(2, 3) + torch.zeros(3, 2)
with expect_error():
    torch.zeros(2) * torch.zeros(3)
with expect_error():
    torch.zeros(4, 2, 3) - torch.zeros(5, 3)

### binary_grads_broadcast
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
b = torch.tensor([2., 3., 4.], requires_grad=True)
c = torch.tensor(2., requires_grad=True)
y = (a * b + a / b - b ** c + a ** 2) * c
obs('y', y)
obs('g', graph(y.grad_fn))
y.sum().backward()
obs('a.grad', a.grad)
obs('b.grad', b.grad)
obs('c.grad', c.grad)

### unary_grads
for name in ['exp', 'log', 'sqrt', 'sin', 'cos', 'tanh', 'sigmoid', 'relu', 'abs', 'neg', 'square', 'reciprocal', 'rsqrt', 'log1p', 'expm1']:
    x = torch.tensor([0.5, 1.5, 3.], requires_grad=True)
    y = getattr(torch, name)(x)
    obs(name, y)
    y.sum().backward()
    obs(name + '.grad', x.grad)

### relu_abs_grad_at_zero
x = torch.tensor([-1., 0., 1.], requires_grad=True)
x.relu().sum().backward()
obs('relu', x.grad)
x.grad = None
x.abs().sum().backward()
obs('abs', x.grad)
x.grad = None
x.clamp(0, 1).sum().backward()
obs('clamp', x.grad)
x.grad = None
torch.maximum(x, torch.zeros(3)).sum().backward()
obs('maximum', x.grad)
x.grad = None
x.sqrt().sum().backward()
obs('sqrt_neg', x.grad)

### clamp_where_max_grads
x = torch.tensor([-2., 0.5, 2.], requires_grad=True)
y = torch.tensor([1., 1., 1.], requires_grad=True)
z = x.clamp(-1, 1) + torch.where(x > 0, x * 2, y * 3) + torch.minimum(x, y) + torch.maximum(x, y)
obs('z', z)
z.sum().backward()
obs('x.grad', x.grad)
obs('y.grad', y.grad)

### pow_grads_edge
x = torch.tensor([0., 2.], requires_grad=True)
(x ** 2).sum().backward()
obs('sq', x.grad)
x.grad = None
(x ** 0.5).sum().backward()
obs('sqrt_pow', x.grad)
x.grad = None
(x ** 0).sum().backward()
obs('pow0', x.grad)
e = torch.tensor([2., 3.], requires_grad=True)
(torch.tensor([2., 0.]) ** e).sum().backward()
obs('exp_grad', e.grad)

### pow_shortcuts_bit_exact
# torch computes x ** 3 as x * x * x, x ** -0.5 as 1 / sqrt(x), x ** -2 as 1 / (x * x),
# and half powers in float: a learner's == between the two spellings is True
for dt, bits in ((torch.float32, torch.int32), (torch.float64, torch.int64), (torch.float16, torch.int16)):
    x = torch.linspace(0.1, 4.1, 200).to(dt).requires_grad_()
    obs('cube', (x ** 3 == x * x * x).all())
    obs('inv_sq', (x ** -2 == 1 / (x * x)).all())
    for e in (2, 3, -0.5, -1, -2):
        obs('bits', (x ** e).detach().view(bits))
    g = torch.linspace(-1, 1, 200).to(dt)
    (x ** 3).backward(g)
    obs('cube_grad', (x.grad == g * (3 * (x * x))).all())
    x.grad = None
    (x ** 0.5).backward(g)
    obs('sqrt_grad', (x.grad == g * (0.5 * x ** -0.5)).all())

### sum_mean_variants
x = torch.arange(24.).view(2, 3, 4)
obs('sum', x.sum())
obs('sum0', x.sum(0))
obs('sum_neg', x.sum(-1))
obs('sum_tuple', x.sum((0, 2)))
obs('sum_keep', x.sum(1, keepdim=True))
obs('sum_kw', torch.sum(x, dim=2, keepdim=True))
obs('mean', x.mean())
obs('mean1', x.mean(1))
obs('mean_keep', x.mean((0, 1), keepdim=True))
obs('sum_empty', torch.zeros(0).sum())
obs('mean_empty', torch.zeros(0).mean())
obs('sum_list_dims', x.sum(dim=[0, 1]))
obs('sum_int', torch.arange(5).sum())
obs('var', x.var())
obs('std1', x.std(1))
obs('var_unbiased', x.var(0, unbiased=False))
obs('norm', x.norm())
obs('cumsum', torch.arange(4.).cumsum(0))

### max_min_variants
x = torch.tensor([[1., 5., 3.], [4., 2., 6.]])
obs('max', x.max())
obs('min', x.min())
m = x.max(dim=1)
obs('max_dim', m)
obs('max_dim_fields', (m.values, m.indices))
obs('max_dim_tuple', tuple(m))
obs('min_dim0', torch.min(x, 0))
obs('max_keep', x.max(1, keepdim=True))
obs('amax', x.amax(0))
obs('amin', x.amin(dim=(0, 1)))
obs('argmax', x.argmax())
obs('argmax_dim', x.argmax(1))
obs('argmin_keep', x.argmin(0, keepdim=True))
obs('max_repr', repr(x.max(dim=0)))
obs('ties', torch.tensor([3., 1., 3.]).argmax())
obs('ties_dim', torch.tensor([[3., 3.]]).max(1))
obs('sort', x.sort(dim=1))
obs('topk', x.topk(2))
obs('median', torch.tensor([3., 1., 2., 4.]).median())
obs('mode_sum', x.max(0)[0].sum())
with expect_error():
    torch.zeros(0).max()
with expect_error():
    x.max(2)

### prod_variants
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
obs('prod', x.prod())
obs('prod0', x.prod(0))
obs('prod_keep', x.prod(1, keepdim=True))
obs('prod_int', torch.tensor([2, 3]).prod())
with expect_error():
    x.prod((0, 1))

### reduction_grads
x = torch.tensor([[1., 5., 3.], [4., 2., 6.]], requires_grad=True)
x.sum(0).sum().backward()
obs('sum0', x.grad)
x.grad = None
x.mean(1, keepdim=True).sum().backward()
obs('mean1', x.grad)
x.grad = None
x.max().backward()
obs('max', x.grad)
x.grad = None
x.max(dim=1).values.sum().backward()
obs('max_dim', x.grad)
x.grad = None
x.prod().backward()
obs('prod', x.grad)
x.grad = None
x.amax(0).sum().backward()
obs('amax', x.grad)
x.grad = None
x.min(0)[0].sum().backward()
obs('min0', x.grad)
x.grad = None
x.var().backward()
obs('var', x.grad)

### reduction_grad_fns
x = torch.tensor([[1., 5.], [4., 2.]], requires_grad=True)
obs('sum', x.sum())
obs('sum_dim', x.sum(0))
obs('mean', x.mean())
obs('mean_dim', x.mean(0))
obs('max', x.max())
obs('max_dim', x.max(0))
obs('min_dim', x.min(0))
obs('prod', x.prod())
obs('prod_dim', x.prod(1))
obs('argmax', x.argmax())
obs('amax', x.amax(0))

### max_tie_grad
x = torch.tensor([2., 2., 1.], requires_grad=True)
x.max().backward()
obs('max_tie', x.grad)
y = torch.tensor([[2., 2.]], requires_grad=True)
y.max(1).values.sum().backward()
obs('max_dim_tie', y.grad)
z = torch.tensor([2., 2., 1.], requires_grad=True)
z.amax().backward()
obs('amax_tie', z.grad)

### matmul_shapes
a = torch.arange(6.).view(2, 3)
b = torch.arange(12.).view(3, 4)
obs('mm', torch.mm(a, b))
obs('matmul', torch.matmul(a, b))
obs('mv', a @ torch.ones(3))
obs('vm', torch.ones(2) @ a)
obs('dot', torch.ones(3) @ torch.arange(3.))
obs('dot_fn', torch.dot(torch.ones(3), torch.arange(3.)))
obs('bmm', torch.bmm(torch.ones(2, 2, 3), torch.ones(2, 3, 1)))
obs('batched_bcast', (torch.ones(4, 2, 3) @ torch.ones(3, 5)).shape)
obs('batched_bcast2', (torch.ones(2, 1, 2, 3) @ torch.ones(5, 3, 1)).shape)
obs('vec_batch', (torch.ones(3) @ torch.ones(4, 3, 2)).shape)
obs('method_mm', a.mm(b).shape)
obs('mv_fn', torch.mv(a, torch.ones(3)))
obs('outer', torch.outer(torch.arange(2.), torch.arange(3.)))
obs('int_mm', torch.tensor([[1, 2]]) @ torch.tensor([[3], [4]]))

### matmul_errors
with expect_error():
    torch.ones(2, 3) @ torch.ones(2, 3)
with expect_error():
    torch.mm(torch.ones(2, 3), torch.ones(4))
with expect_error():
    torch.mm(torch.ones(2, 3, 1), torch.ones(1, 2))
with expect_error():
    torch.bmm(torch.ones(2, 3), torch.ones(3, 2))
with expect_error():
    torch.bmm(torch.ones(2, 2, 3), torch.ones(3, 3, 1))
with expect_error():
    torch.ones(3) @ torch.ones(4)
with expect_error():
    torch.tensor(1.) @ torch.ones(2)
with expect_error():
    torch.ones(2, 2, 3) @ torch.ones(3, 2, 4)
with expect_error():
    torch.dot(torch.ones(2, 2), torch.ones(2, 2))
with expect_error():
    torch.ones(2, 3) @ 2

### matmul_grads
a = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
b = torch.tensor([[5., 6., 7.], [8., 9., 10.]], requires_grad=True)
y = a @ b
obs('y', y)
y.sum().backward()
obs('a.grad', a.grad)
obs('b.grad', b.grad)
v = torch.tensor([1., -1.], requires_grad=True)
z = a @ v
obs('z', z)
z.sum().backward()
obs('v.grad', v.grad)
bb = torch.ones(3, 2, 2, requires_grad=True)
w = torch.bmm(bb, torch.ones(3, 2, 1))
obs('w', w)
w.sum().backward()
obs('bb.grad', bb.grad)
mm = torch.mm(a, a)
obs('mm', mm)

### matmul_broadcast_grad
a = torch.ones(4, 2, 3, requires_grad=True)
b = torch.arange(6., requires_grad=True).view(3, 2)
y = a @ b
obs('y_shape', y.shape)
y.sum().backward()
obs('a.grad', a.grad)
d = torch.tensor([1., 2.], requires_grad=True)
e = d @ d
obs('e', e)
e.backward()
obs('d.grad', d.grad)

### cat_stack
a = torch.tensor([[1., 2.]])
b = torch.tensor([[3., 4.], [5., 6.]])
obs('cat0', torch.cat([a, b]))
obs('cat1', torch.cat([b, b], dim=1))
obs('cat_neg', torch.cat((a, a), -1))
obs('cat_tuple', torch.cat((a,)))
obs('concat', torch.concat([a, a]))
obs('stack0', torch.stack([a, a]))
obs('stack1', torch.stack([b, b], 1))
obs('stack_neg', torch.stack([b, b], -1).shape)
obs('hstack', torch.hstack([torch.ones(2), torch.zeros(1)]))
obs('vstack', torch.vstack([torch.ones(2), torch.zeros(2)]))
obs('cat_empty', torch.cat([torch.zeros(0), torch.ones(2)]))
obs('cat_shares', same_storage(torch.cat([a]), a))

### cat_stack_of_transposed_inputs_is_contiguous
# torch's cat and stack write a contiguous result whatever the inputs' strides
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
obs('cat0', torch.cat([a.t(), a.t()]))
obs('cat1', torch.cat([a.t(), a.t()], 1))
obs('stack', (torch.stack([a.t(), a.t()]), torch.stack([a.t(), a.t()], 2)))
c = torch.ones(2, 3, 4).permute(2, 0, 1)
obs('3d', (torch.cat([c, c]).stride(), torch.stack([c, c]).stride(), torch.stack([c, c], 1).stride()))

### cat_stack_errors
a = torch.tensor([[1., 2.]])
with expect_error():
    torch.cat([a, torch.ones(1, 3)])
with expect_error():
    torch.cat([])
with expect_error():
    torch.stack([a, torch.ones(2, 2)])
with expect_error():
    torch.cat([a, a], dim=2)
with expect_error():
    torch.stack([a, a], dim=4)
with expect_error():
    torch.cat(a)
with expect_error():
    torch.cat([a, torch.ones(2)])
with expect_error():
    torch.stack([])

### cat_stack_grads
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3.], requires_grad=True)
c = torch.cat([a, b])
obs('c', c)
obs('g', graph(c.grad_fn))
(c * torch.tensor([1., 2., 3.])).sum().backward()
obs('a.grad', a.grad)
obs('b.grad', b.grad)
s = torch.stack([a, a * 2])
obs('s', s)
s.sum().backward()
obs('a.grad2', a.grad)

### softmax_log_softmax
x = torch.tensor([[1., 2., 3.], [1., 1., 1.]])
obs('softmax', torch.softmax(x, dim=1))
obs('softmax0', x.softmax(0))
obs('log_softmax', torch.log_softmax(x, dim=1))
obs('log_softmax_m', x.log_softmax(-1))
obs('big', torch.softmax(torch.tensor([1000., 0.]), 0))
obs('log_big', torch.log_softmax(torch.tensor([1000., 0.]), 0))
obs('F_softmax', torch.nn.functional.softmax(x, dim=-1))
obs('logsumexp', torch.logsumexp(x, dim=1))
with expect_error():
    torch.softmax(x, dim=2)
with expect_error():
    torch.softmax(torch.tensor([1, 2]), dim=0)

### softmax_grads
x = torch.tensor([[1., 2., 3.], [0., -1., 4.]], requires_grad=True)
w = torch.tensor([[1., 0., 0.], [0., 2., 1.]])
s = torch.softmax(x, dim=1)
obs('s', s)
(s * w).sum().backward()
obs('softmax.grad', x.grad)
x.grad = None
l = torch.log_softmax(x, dim=1)
obs('l', l)
(l * w).sum().backward()
obs('log_softmax.grad', x.grad)

### inplace_twins
x = torch.tensor([1., 2., 3.])
r = x.add_(1)
obs('add_ret_self', r is x)
obs('add_', x.clone())
x.sub_(torch.tensor([1., 1., 1.]))
obs('sub_', x.clone())
x.mul_(2)
obs('mul_', x.clone())
x.div_(4)
obs('div_', x.clone())
x.pow_(2)
obs('pow_', x.clone())
x.clamp_(0.5, 1.5)
obs('clamp_', x.clone())
x.neg_()
obs('neg_', x.clone())
x.abs_()
obs('abs_', x.clone())
x.exp_()
obs('exp_', x.clone())
x.fill_(3)
obs('fill_', x.clone())
x.zero_()
obs('zero_', x.clone())
x.add_(torch.tensor([1., 2., 3.]), alpha=2)
obs('add_alpha', x.clone())
x.sqrt_()
x.log_()
x.sigmoid_()
x.tanh_()
x.relu_()
obs('chain', x)
obs('version', x._version)

### inplace_operators
x = torch.tensor([1., 2., 3.])
y = x
x += 1
obs('same_obj', y is x)
x -= torch.tensor([0.5, 0.5, 0.5])
x *= 2
x /= 2
x **= 2
obs('x', x)
obs('version', x._version)
i = torch.tensor([5, 7])
i //= 2
obs('i_floordiv', i)
i %= 2
obs('i_mod', i)
b = torch.tensor([True, False])
b &= torch.tensor([True, True])
b |= torch.tensor([False, False])
obs('b', b)

### inplace_broadcasting
x = torch.zeros(2, 3)
x.add_(torch.tensor([1., 2., 3.]))
x.mul_(torch.tensor([[1.], [2.]]))
obs('x', x)
with expect_error():
    torch.zeros(3).add_(torch.zeros(2, 3))
with expect_error():
    torch.zeros(1, 3).mul_(torch.ones(2, 3))
y = torch.zeros(3)
y += torch.tensor(5.)
obs('y', y)
with expect_error():
    torch.zeros(3).fill_(torch.tensor([1., 2.]))
obs('fill_0d', torch.zeros(2).fill_(torch.tensor(4.)))

### inplace_grads_nonleaf
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 2
b.add_(1)
obs('b1', b)
b.mul_(a)
obs('b2', b)
b.pow_(2)
obs('b3', b)
b.clamp_(max=50.)
obs('b4', b)
obs('g', graph(b.grad_fn))
b.sum().backward()
obs('a.grad', a.grad)

### inplace_grads_more
a = torch.tensor([0.5, -1., 2.], requires_grad=True)
b = a.clone()
b.sigmoid_()
obs('b', b)
b.sum().backward()
obs('sig', a.grad)
a.grad = None
c = a.clone()
c.relu_()
c.exp_()
with expect_error():
    c.sum().backward()
obs('relu_exp', a.grad)
a.grad = None
d = a.clone()
d.zero_()
d.sum().backward()
obs('zero', a.grad)
a.grad = None
e = a.clone()
e.fill_(2.)
e.sum().backward()
obs('fill', a.grad)
a.grad = None
f = a.clone()
f.div_(torch.tensor([2., 4., 8.]))
f.sub_(a)
f.sum().backward()
obs('div_sub', a.grad)

### inplace_grad_fn_names
a = torch.tensor([1., 2.], requires_grad=True)
for op in ['add_(1)', 'sub_(1)', 'mul_(2)', 'div_(2)', 'pow_(2)', 'clamp_(0, 1)', 'zero_()', 'fill_(1)',
           'neg_()', 'exp_()', 'sigmoid_()', 'tanh_()', 'relu_()', 'abs_()', 'sqrt_()']:
    b = a * 1
    eval('b.' + op)
    obs(op, b)

### elementwise_grad_fn_names
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
obs('add', a + b)
obs('add_scalar', a + 1)
obs('radd', 1 + a)
obs('sub', a - b)
obs('rsub', 1 - a)
obs('mul_scalar', a * 2)
obs('div', a / b)
obs('div_scalar', a / 2)
obs('rdiv', 2 / a)
obs('pow', a ** b)
obs('pow_scalar', a ** 2)
obs('rpow', 2 ** a)
obs('neg', -a)
obs('matmul', a @ b)
obs('mv', torch.ones(2, 2) @ a)
obs('mm', a.view(1, 2) @ b.view(2, 1))
obs('maximum', torch.maximum(a, b))
obs('where', torch.where(a > 1, a, b))
obs('clamp', a.clamp(0, 1))
obs('clamp_min', a.clamp(min=0))
obs('softmax', a.softmax(0))
obs('log_softmax', a.log_softmax(0))
obs('cat', torch.cat([a, b]))
obs('stack', torch.stack([a, b]))
obs('to_double', a.double())
obs('expand', a.expand(2, 2))
obs('view', a.view(2, 1))
obs('t', a.view(1, 2).t())
obs('select', a[0])
obs('slice', a[1:])
obs('index', a[[0]])
obs('cmp_no_grad', a > b)

### mixed_dtype_grads
a = torch.tensor([1., 2.], requires_grad=True)
i = torch.tensor([3, 4])
y = a * i
obs('y', y)
y.sum().backward()
obs('a.grad', a.grad)
d = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
z = a * d
obs('z', z)
z.sum().backward()
obs('a.grad2', a.grad)
obs('d.grad', d.grad)

### float16_ops
h = torch.tensor([1., 2., 3.], dtype=torch.float16)
obs('add', h + h)
obs('mul_scalar', h * 1.5)
obs('exp', h.exp())
obs('sum', h.sum())
obs('mean', h.mean())
obs('div', h / 3)
obs('mm', (h.view(3, 1) @ h.view(1, 3)).dtype)
obs('softmax', h.softmax(0))

### integer_ops
i = torch.tensor([7, -3, 0])
obs('add', i + 1)
obs('mul', i * i)
obs('neg', -i)
obs('pow', i ** 2)
obs('abs', i.abs())
obs('sum', i.sum())
obs('max', i.max())
obs('clamp', i.clamp(-1, 1))
obs('floordiv', i // 2)
obs('rem', i % 4)
obs('fmod', torch.fmod(i, 4))
obs('bitand', i & 3)
obs('shift', torch.tensor([1, 2]) << 2)
obs('where', torch.where(i > 0, i, -i))
with expect_error():
    i ** -1
obs('u8_sub_wrap', torch.tensor([1], dtype=torch.uint8) - 2)

### bool_ops
b = torch.tensor([True, False, True])
obs('sum', b.sum())
obs('add', b + b)
obs('mul', b * b)
obs('float', b.float() * 2)
obs('and', b & torch.tensor([False, False, True]))
with expect_error():
    b - b
obs('any', b.any())
obs('mean_err_or_not', b.float().mean())
### integer_pow_negative_tensor_exponent
# NumPy refuses integers to negative powers; torch gives 1 for base 1, +-1 for base -1, else
# 0, and refuses only a negative Python-number exponent
b = torch.tensor([-3, -2, -1, 0, 1, 2, 3], dtype=torch.int8)
for e in [-1, -2, -3, 2]:
    obs(f'tensor exp {e}', b ** torch.tensor(e, dtype=torch.int8))
    with expect_error(f'number exp {e}'):
        obs(f'number exp {e} value', b ** e)
for code in ["torch.tensor([2, 0]) ** torch.tensor([-1, -1])", "torch.pow(torch.tensor([1, 2]), torch.tensor([-1, 2]))",
             "torch.tensor([4, 2]).pow_(torch.tensor([-1, 2]))", "torch.tensor([4, 2]).pow_(-1)",
             "torch.tensor([1, 2], dtype=torch.uint8) ** torch.tensor([-1, 2], dtype=torch.int8)",
             "2 ** torch.tensor([-1, 2])", "torch.tensor([0], dtype=torch.int8) ** torch.tensor([[-1]], dtype=torch.int8)",
             "torch.tensor(-3) ** torch.tensor(-1)", "torch.tensor([-1, -1]) ** torch.tensor([-3, -4])"]:
    with expect_error(code):
        obs(code, eval(code))

### numbers_past_the_dtype_range_round_to_inf
for code in ["torch.tensor(2.) * 1e300", "torch.tensor([2.]) + 1e300", "1e300 * torch.tensor([2.])",
             "torch.tensor([2.]).half() * 70000", "torch.tensor([2.]) - 1e39", "torch.tensor([2.]) / 1e-300",
             "torch.tensor([2.]) * float('nan')", "torch.tensor([2.]).double() * 1e300"]:
    obs(code, eval(code))

### var_std_accumulate_in_double
# torch accumulates var/std in double and rounds once (found by the unary sweep):
# float32 (-3, 1e30, 2).std() is finite, and the last bits agree
x = torch.tensor([-3., 1e30, 2.])
obs('std', x.std())
obs('std0', x.std(0))
obs('var', x.var())
y = torch.tensor([[0.1, -2.7, 3.3, 1e4], [5.5, 0.25, -7.125, 3.]])
for code in ["y.var()", "y.std()", "y.var(0)", "y.std(1)", "y.var(1, keepdim=True)",
             "y.half().var()", "y.half().std(1)", "y.var(correction=0)", "y.std(0, unbiased=False)"]:
    obs(code, [float(v).hex() for v in eval(code).flatten().tolist()])
obs('half_big', torch.tensor([-3., 300, 2.], dtype=torch.float16).var())
obs('half_inf', torch.tensor([-3e4, 3e4], dtype=torch.float16).var())

### logical_reductions_keep_uint8
# torch's all/any keep uint8 (the old byte-mask convention); other dtypes give bool
for dt in [torch.uint8, torch.int8, torch.float32, torch.bool]:
    a = torch.tensor([[1, 0], [2, 3]], dtype=dt)
    obs(f'all {dt}', a.all())
    obs(f'any0 {dt}', a.any(0))
    obs(f'all1k {dt}', torch.all(a, 1, keepdim=True))
obs('empty_all', torch.ones(0, dtype=torch.uint8).all())

### empty_tensors_keep_torch_strides
# a fresh empty tensor is laid out contiguously and its views permute those strides
for code in ["torch.zeros(0, 3).t()", "torch.zeros(3, 0).t()", "torch.zeros(2, 0, 3).permute(2, 0, 1)",
             "torch.zeros(2, 0, 3).transpose(0, 1)", "torch.zeros(2, 0, 3)[:, :, 1]",
             "(torch.zeros(0, 3) + 1).t()", "torch.empty(0, 2).unsqueeze(1)", "torch.zeros(2, 0).expand(3, 2, 0)"]:
    t = eval(code)
    obs(code, (t.shape, t.stride(), t.is_contiguous()))
for code in ["torch.tensor(0).nonzero()", "torch.tensor(5).nonzero()", "torch.zeros(2, 2).nonzero()",
             "torch.tensor([[0, 1], [2, 0]]).nonzero()", "torch.tensor([0., 1., 2.]).nonzero()"]:
    t = eval(code)
    obs(code, (t, t.stride()))

### setitem_and_masked_fill_range_checks
# a number written by indexing or masked_fill is range-checked like fill_, except that
# a half destination rounds to inf (measured on torch 2.13)
for dt in [torch.uint8, torch.int8, torch.int64, torch.float16, torch.float32, torch.bool]:
    for v in [300, -1, 2.5, 1e5, 1e39, float('nan'), 2 ** 63]:
        x = torch.zeros(2, dtype=dt)
        with expect_error(f'setitem {dt} {v}'):
            x[0] = v
        obs(f'x {dt} {v}', x)
        with expect_error(f'masked_fill {dt} {v}'):
            obs(f'mf {dt} {v}', torch.zeros(2, dtype=dt).masked_fill(torch.tensor([True, False]), v))
with expect_error('masked_fill 0-d tensor'):
    torch.zeros(2, dtype=torch.int8).masked_fill(torch.tensor([True, False]), torch.tensor(300))
obs('mf_inplace', torch.zeros(2, dtype=torch.uint8).masked_fill_(torch.tensor([True, False]), -3))

### casts_out_of_range_are_silent
# torch casts out-of-range values without a warning (NumPy would warn)
for code in ["torch.tensor([1e300]).float()", "torch.tensor([1e300, float('nan')]).long()",
             "torch.tensor([1e10]).to(torch.uint8)", "torch.tensor([70000]).half()",
             "torch.zeros(1).copy_(torch.tensor([1e300]))",
             "torch.zeros(1, dtype=torch.int32).copy_(torch.tensor([float('inf')]))",
             "torch.tensor([[1e300]]).t().float()"]:
    obs(code, eval(code).shape)

### more_unary_kernels
a = torch.tensor([-1.5, 0., 0.25, 2.])
obs('erf0d', torch.tensor(-1.).erf())
obs('erf_int', torch.tensor(1, dtype=torch.int8).erf())
obs('erfc', a.erfc())
obs('erfc_', a.clone().erfc_())
obs('frac_', a.clone().frac_())
obs('bitwise_not_', torch.tensor([1, -2], dtype=torch.int32).bitwise_not_())
for dt in [torch.bool, torch.float32, torch.int8]:
    obs(f'logical_not_ {dt}', torch.tensor([1, 0], dtype=dt).logical_not_())
b = torch.tensor([0.5, 2.], requires_grad=True)
b.erfc().sum().backward()
obs('erfc_grad', b.grad)
obs('softmax_empty_int', torch.ones((0, 2), dtype=torch.int8).softmax(0))
obs('softmax_empty', torch.ones((0, 2), requires_grad=True).log_softmax(1))

### overflow_and_nan_are_silent
# torch computes inf and nan without a warning; NumPy warns unless the op runs inside
# minitensor (see minitensor/_quiet.py)
big = torch.tensor([3e38, -3e38, float('inf'), float('nan'), 0.])
half = torch.tensor([6e4, -6e4, 0.], dtype=torch.float16)
dbl = torch.tensor([1e308, -1e308, 0.], dtype=torch.float64)
for x in (big, half, dbl):
    for code in ["x * x", "x + x", "x - x", "x / x", "x / 0", "x ** 2", "x * 300", "x.exp()", "x.log()",
                 "x.sqrt()", "x.sin()", "x.sum()", "x.prod()", "x.cumsum(0)", "x.cumprod(0)", "x.mean(0)",
                 "x.var()", "x @ x", "x.outer(x)", "x.reciprocal()", "x.rsqrt()", "x.tan()",
                 "x.clone().mul_(x)", "x.clone().add_(x)", "x.clone().sub_(-x)", "x.clone().div_(0)",
                 "x.clone().div_(x)", "x.clone().mul_(300)", "x.clone().pow_(2)", "x.clone().add_(x, alpha=2)",
                 "x.clone().exp_()", "x.clone().log_()", "x.clone().sqrt_()", "x.clone().reciprocal_()",
                 "x.clone().tan_()", "x.clone().rsqrt_()", "x.clone().sigmoid_()"]:
        obs(f'{x.dtype} {code}', eval(code))

### nan_ordering_and_propagation
# NaN is the largest value for topk and a descending sort (before +inf), median
# propagates it, and sign(nan) is 0
t = torch.tensor([[1., float('nan'), 3., float('inf')], [2., 5., float('-inf'), 4.]])
obs('topk', t.topk(2))
obs('topk_small', t.topk(2, largest=False))
obs('sort_desc', t.sort(descending=True))
obs('sort', t.sort())
obs('median', t.median())
obs('median1', t.median(1))
obs('median0', t.median(0))
obs('sign', torch.tensor([float('nan'), -0., 0., -2., 3.]).sign())
obs('sign_', torch.tensor([float('nan'), -2.]).sign_())
x = torch.tensor([1., float('nan'), float('inf'), -float('inf')], requires_grad=True)
y = x.nan_to_num()
obs('nan_to_num', y)
y.sum().backward()
obs('nan_to_num_grad', x.grad)
obs('nan_to_num_args', torch.nan_to_num(torch.tensor([float('nan'), float('inf')]), 2., 3., -3.))
obs('nan_to_num_half', torch.tensor([float('inf')], dtype=torch.float16).nan_to_num())
obs('nan_to_num_int', torch.tensor([1, 2]).nan_to_num())
z = torch.tensor([float('nan')])
obs('nan_to_num_', z.nan_to_num_())
obs('nan_to_num_version', z._version)

### float16_reductions_in_float32
# torch sums, averages and accumulates half in float32 and rounds once; prod rounds
# every partial product to half; norms agree with a float64 computation
h = torch.tensor([[0.1, -2.7, 3.3, 100.], [5.5, 0.25, -7.125, 3.], [1e-3, 65., -30., 0.7]],
                 dtype=torch.float16)
for code in ["h.sum()", "h.sum(0)", "h.sum(1, keepdim=True)", "h.mean()", "h.mean(0)", "h.cumsum(1)",
             "h.cumsum(0)", "h.norm()", "h.norm(dim=1)", "h.prod(1)", "h.prod()",
             "torch.tensor([6e4, -6e4, 0.], dtype=torch.float16).prod()", "(h * 7).sum(1)"]:
    obs(code, [float(v).hex() for v in eval(code).flatten().tolist()])

### floor_division_and_lerp_are_torchs_kernels
# a // b is torch's div_floor: (a - fmod(a, b)) / b corrected to the floor (5. // 0.1 is
# 49., as in Python; inf // 300 is nan). lerp is one fma on each side of weight 0.5.
for code in ["torch.tensor([5.0]) // torch.tensor([0.1])", "torch.tensor([5.0]).double() // 0.1",
             "torch.div(torch.tensor([5.0]), 0.1, rounding_mode='floor')",
             "torch.tensor([float('inf'), -7.5, 7.5, -0.0, 1.0, 3.0]) // torch.tensor([300., 2., -2., 3., float('inf'), 0.])",
             "torch.tensor([1e30]).half() // torch.tensor([300.]).half()",
             "torch.tensor([5.0, -1.3], dtype=torch.float16) // torch.tensor([0.1, 0.7], dtype=torch.float16)"]:
    obs(code, eval(code))
x = torch.tensor([0.1, 0.7, 3.3, -2.9, 1e3])
y = torch.tensor([9.1, -2.7, 1e3, 0.33, -7.7])
for w in [0.1, 0.3, 0.49, 0.5, 0.6, 0.9, 1.7, -0.4]:
    obs(f'lerp {w}', [float(v).hex() for v in torch.lerp(x, y, w).tolist()])
    obs(f'lerp64 {w}', [float(v).hex() for v in torch.lerp(x.double(), y.double(), w).tolist()])
obs('lerp_t', [float(v).hex() for v in torch.lerp(x, y, torch.tensor([0.2, 0.5, 0.7, 0.01, 0.99])).tolist()])
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 5.], requires_grad=True)
w = torch.tensor([0.25, 0.75], requires_grad=True)
r0 = torch.lerp(a, b, 0.3)
r1 = torch.lerp(a, b, w)
obs('lerp graphs', (r0.grad_fn.name(), r1.grad_fn.name()))
(r0.sum() + r1.sum()).backward()
obs('lerp grads', (a.grad, b.grad, w.grad))
c = torch.tensor([0.1, 0.7])
c.lerp_(torch.tensor([9., 8.]), 0.6)
obs('lerp_', (c, c._version))
for code in ["torch.add(torch.tensor([True, False]), torch.tensor([True, True]), alpha=2)",
             "torch.add(torch.tensor([True, False]), torch.tensor([False, True]), alpha=0)",
             "torch.add(torch.tensor([1, 2]), torch.tensor([1, 1]), alpha=2.5)",
             "torch.sub(torch.tensor([1, 2]), torch.tensor([1, 1]), alpha=0.5)",
             "torch.add(torch.tensor([1, 2]), torch.tensor([True, True]), alpha=2)",
             "torch.tensor([True]).pow_(False)", "torch.tensor([True, False]).pow_(True)"]:
    with expect_error(code):
        obs(code, eval(code))

### atan2_values_grads_and_inplace
y = torch.tensor([1., -2., 0., 3.], requires_grad=True)
x = torch.tensor([2., 1., -1., 0.], requires_grad=True)
a = torch.atan2(y, x)
obs('a', a)
a.sum().backward()
obs('gy', y.grad)
obs('gx', x.grad)
obs('method', y.detach().atan2(x.detach()))
obs('alias', torch.arctan2(torch.tensor([1, 2]), torch.tensor([3, 4])))
z = y.detach().clone()
z.atan2_(x.detach())
obs('inplace', z)
obs('ver', z._version)
w = y * 1
w.atan2_(x)
obs('graph', w)
with expect_error():
    torch.ones(2).atan2(2.)

### casts_of_expanded_tensors_keep_torch_layout
# NumPy's astype puts an expanded (0-stride) dim innermost; torch's result is contiguous
x = torch.tensor([1, 2]).expand(3, 2)
obs('exp', x.exp())
obs('mul_float', x * 2.5)
obs('div', x / 2)
obs('sqrt', x.sqrt())
obs('sigmoid', x.sigmoid())
h = torch.tensor([1., 2.], dtype=torch.float16).expand(3, 2)
obs('half_sigmoid', h.sigmoid())
obs('half_square', h ** 2)
obs('half_pow', h ** 0.5)
c = torch.tensor([[1], [2]], dtype=torch.int32).expand(2, 3)
obs('col_exp', c.exp())
'''

CASES = parse_cases(_BASE)

test_case = make_test(CASES)
