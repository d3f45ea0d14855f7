"""Autograd: requires_grad, leaves, graph structure, backward, grad, modes, version checks, hooks."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### requires_grad_floating_only
with expect_error():
    torch.tensor([1, 2]).requires_grad_()
with expect_error():
    torch.tensor([True]).requires_grad_(True)
x = torch.tensor([1, 2])
with expect_error():
    x.requires_grad = True
obs('x', x)
obs('false_ok', torch.tensor([1, 2]).requires_grad_(False))
h = torch.tensor([1.], dtype=torch.float16).requires_grad_()
obs('h', h)

### requires_grad_leaves_only
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
b.requires_grad_(True)
obs('b_true_ok', b)
with expect_error():
    b.requires_grad_(False)
with expect_error():
    b.requires_grad = False
c = torch.tensor([1.])
r = c.requires_grad_()
obs('ret_self', r is c)
obs('c', c)
c.requires_grad = False
obs('c_off', c)

### is_leaf_rules
a = torch.tensor([1.], requires_grad=True)
b = torch.tensor([1.])
obs('a', a.is_leaf)
obs('b', b.is_leaf)
obs('a2', (a * 2).is_leaf)
obs('b2', (b * 2).is_leaf)
obs('ab', (a * b).is_leaf)
obs('detach', (a * 2).detach().is_leaf)
with torch.no_grad():
    obs('nograd', (a * 2).is_leaf)
obs('view_of_leaf', a.view(1).is_leaf)
obs('view_of_nograd', b.view(1).is_leaf)

### grad_fn_name_and_type
a = torch.tensor([1., 2.], requires_grad=True)
y = (a * 2).sum()
obs('name', y.grad_fn.name())
obs('type', type(y.grad_fn).__name__)
obs('leaf_gf', a.grad_fn)
obs('next', [(type(f).__name__ if f is not None else None, n) for f, n in y.grad_fn.next_functions])
acc = y.grad_fn.next_functions[0][0].next_functions[0][0]
obs('acc_type', type(acc).__name__)
obs('acc_name', acc.name())
obs('acc_variable_is_a', acc.variable is a)
obs('acc_next', acc.next_functions)

### next_functions_structure
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
c = torch.tensor([5., 6.])
y = (a * b + c * a - b / 2).exp().sum()
obs('g', graph(y.grad_fn))
z = a + c
obs('z', [(None if f is None else f.name(), n) for f, n in z.grad_fn.next_functions])
w = c + a
obs('w', [(None if f is None else f.name(), n) for f, n in w.grad_fn.next_functions])

### next_functions_input_nr_multi_output
x = torch.arange(6., requires_grad=True)
parts = x.split(2)
y = parts[0] * parts[2]
obs('g', graph(y.grad_fn))
u = x.view(2, 3).unbind(0)
z = u[1] + u[0]
obs('gz', graph(z.grad_fn))
m = x.view(2, 3).max(1)
obs('gm', graph(m.values.grad_fn))

### accumulate_grad_shared
a = torch.tensor([1., 2.], requires_grad=True)
y1 = a * 2
y2 = a * 3
f1 = y1.grad_fn.next_functions[0][0]
f2 = y2.grad_fn.next_functions[0][0]
obs('same_acc', f1 is f2)
obs('same_metadata', f1.variable is f2.variable)

### backward_scalar_and_accumulation
a = torch.tensor([1., 2., 3.], requires_grad=True)
obs('before', a.grad)
(a * a).sum().backward()
obs('g1', a.grad)
g_obj = a.grad
(a * 2).sum().backward()
obs('g2', a.grad)
obs('same_grad_object', a.grad is g_obj)
a.grad.zero_()
obs('zeroed', a.grad)
a.grad = None
a.sum().backward()
obs('g3', a.grad)

### grad_properties
a = torch.tensor([1., 2.], requires_grad=True)
(a * 3).sum().backward()
g = a.grad
obs('g', g)
obs('g_rg', g.requires_grad)
obs('g_leaf', g.is_leaf)
obs('repr', repr(a.grad))

### backward_with_gradient
a = torch.tensor([1., 2., 3.], requires_grad=True)
y = a * 2
y.backward(torch.tensor([1., 0.1, 0.01]))
obs('a.grad', a.grad)
b = torch.tensor([[1., 2.]], requires_grad=True)
(b ** 2).backward(gradient=torch.ones(1, 2))
obs('b.grad', b.grad)
c = torch.tensor(2., requires_grad=True)
(c * 3).backward(torch.tensor(2.))
obs('c.grad', c.grad)

### backward_gradient_shape_errors
a = torch.tensor([1., 2., 3.], requires_grad=True)
y = a * 2
with expect_error():
    y.backward(torch.ones(2))
with expect_error():
    y.backward(torch.ones(3, dtype=torch.int64))
with expect_error():
    y.backward()
with expect_error():
    y.backward(torch.ones(1, 3))
s = y.sum()
with expect_error():
    s.backward(torch.ones(3))
obs('a.grad', a.grad)

### backward_non_scalar_error
a = torch.tensor([1., 2.], requires_grad=True)
with expect_error():
    (a * 2).backward()
with expect_error():
    torch.autograd.grad(a * 2, a)

### backward_no_grad_fn_error
a = torch.tensor([1., 2.])
with expect_error():
    a.sum().backward()
b = torch.tensor([1., 2.], requires_grad=True)
with expect_error():
    b.detach().sum().backward()
with torch.no_grad():
    c = b * 2
with expect_error():
    c.sum().backward()

### backward_on_leaf_itself
a = torch.tensor(3., requires_grad=True)
a.backward()
obs('a.grad', a.grad)
b = torch.tensor([1., 2.], requires_grad=True)
b.backward(torch.tensor([5., 6.]))
obs('b.grad', b.grad)

### second_backward_error
a = torch.tensor([1., 2.], requires_grad=True)
y = (a * a).sum()
y.backward()
with expect_error():
    y.backward()
obs('a.grad', a.grad)

### second_backward_no_saved_ok
a = torch.tensor([1., 2.], requires_grad=True)
y = (a * 2).sum()
y.backward()
with expect_error():
    y.backward()
obs('a.grad', a.grad)
z = (a + 1).sum()
z.backward()
with expect_error():
    z.backward()
obs('a.grad2', a.grad)

### retain_graph
a = torch.tensor([1., 2.], requires_grad=True)
y = (a * a).sum()
y.backward(retain_graph=True)
obs('g1', a.grad)
y.backward()
obs('g2', a.grad)
with expect_error():
    y.backward()

### autograd_grad_function
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
y = (a * b).sum()
ga, gb = torch.autograd.grad(y, [a, b])
obs('ga', ga)
obs('gb', gb)
obs('a.grad', a.grad)
z = (a ** 3).sum()
(g,) = torch.autograd.grad(z, a, create_graph=True)
obs('g', g)
(g2,) = torch.autograd.grad(g.sum(), a)
obs('g2', g2)
w = (a * 2).sum()
obs('tuple_out', torch.autograd.grad(w, (a,)))
o = a * 2
obs('grad_outputs', torch.autograd.grad(o, a, grad_outputs=torch.tensor([1., 10.])))

### double_backward_pow_graph
x = torch.tensor([2., 3.], requires_grad=True)
(g,) = torch.autograd.grad((x ** 3).sum(), x, create_graph=True)
obs('g', g)
obs('graph', graph(g.grad_fn))
(g2,) = torch.autograd.grad(g.sum(), x, create_graph=True)
obs('g2', g2)
obs('graph2', graph(g2.grad_fn))
(g3,) = torch.autograd.grad(g2.sum(), x)
obs('g3', g3)

### autograd_grad_errors
a = torch.tensor([1., 2.], requires_grad=True)
b = torch.tensor([3., 4.], requires_grad=True)
y = (a * 2).sum()
with expect_error():
    torch.autograd.grad(y, b)
obs('allow_unused', torch.autograd.grad((a * 2).sum(), [a, b], allow_unused=True))
y2 = (a * a).sum()
torch.autograd.grad(y2, a)
with expect_error():
    torch.autograd.grad(y2, a)
with expect_error():
    torch.autograd.grad((a * 2).sum(), torch.tensor([1.]))

### autograd_backward_function
a = torch.tensor([1., 2.], requires_grad=True)
torch.autograd.backward((a * 3).sum())
obs('a.grad', a.grad)
torch.autograd.backward([a * 1, a * 2], [torch.ones(2), torch.ones(2)])
obs('a.grad2', a.grad)
b = torch.tensor([1., 2.], requires_grad=True)
(b * 2).sum().backward(inputs=[b])
obs('b.grad', b.grad)

### nonleaf_grad_none_with_warning
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
c = b.sum()
c.backward()
obs('b.grad', b.grad)
obs('a.grad', a.grad)
obs('c.grad', c.grad)

### retain_grad
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
b.retain_grad()
obs('retains', b.retains_grad)
obs('a_retains', a.retains_grad)
c = (b * b).sum()
c.backward()
obs('b.grad', b.grad)
obs('a.grad', a.grad)
a.retain_grad()
obs('leaf_retain_noop', a.retains_grad)
d = torch.tensor([1.])
with expect_error():
    d.retain_grad()

### retain_grad_accumulates
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
b.retain_grad()
b.sum().backward(retain_graph=True)
b.sum().backward()
obs('b.grad', b.grad)
obs('a.grad', a.grad)

### grad_modes_context
a = torch.tensor([1.], requires_grad=True)
obs('enabled', torch.is_grad_enabled())
with torch.no_grad():
    obs('in_no_grad', torch.is_grad_enabled())
    b = a * 2
    with torch.enable_grad():
        obs('in_enable', torch.is_grad_enabled())
        c = a * 2
    d = a * 2
obs('b', b)
obs('c', c)
obs('d', d)
with torch.set_grad_enabled(False):
    e = a * 2
obs('e', e)
obs('after', torch.is_grad_enabled())
torch.set_grad_enabled(False)
obs('fn_off', torch.is_grad_enabled())
f = a * 2
torch.set_grad_enabled(True)
obs('f', f)
obs('fn_on', torch.is_grad_enabled())

### grad_modes_decorators
a = torch.tensor([1.], requires_grad=True)
@torch.no_grad()
def f(x):
    return x * 2, torch.is_grad_enabled()
@torch.enable_grad()
def g(x):
    return x * 2
@torch.no_grad
def h(x):
    return x * 3
obs('f', f(a))
with torch.no_grad():
    obs('g', g(a))
obs('h', h(a))
obs('f_name', f.__name__)
obs('after', torch.is_grad_enabled())

### no_grad_exception_restores
a = torch.tensor([1.], requires_grad=True)
try:
    with torch.no_grad():
        raise ValueError('x')
except ValueError:
    pass
obs('enabled', torch.is_grad_enabled())
obs('y', a * 2)

### no_grad_inplace_on_leaf_ok
a = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    a.add_(1)
    a[0] = 7
    a.mul_(torch.tensor([1., 2.]))
obs('a', a)
(a * 2).sum().backward()
obs('a.grad', a.grad)
with torch.no_grad():
    a -= 0.5 * a.grad
obs('a2', a)

### inplace_leaf_requires_grad_error
a = torch.tensor([1., 2.], requires_grad=True)
with expect_error():
    a.add_(1)
with expect_error():
    a += 1
with expect_error():
    a.zero_()
with expect_error():
    a.fill_(0.)
with expect_error():
    a.mul_(2)
with expect_error():
    a.clamp_(0, 1)
with expect_error():
    a.copy_(torch.zeros(2))
obs('a', a)

### inplace_view_of_leaf_error
a = torch.tensor([1., 2., 3.], requires_grad=True)
v = a[1:]
with expect_error():
    v.add_(1)
w = a.view(3, 1)
with expect_error():
    w.mul_(2)
t = a.view(1, 3).t()
with expect_error():
    t.zero_()
with expect_error():
    a[0].fill_(1.)
obs('a', a)

### inplace_view_of_nonleaf_copyslices
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 1
v = b[1:]
v.mul_(10)
obs('b', b)
obs('v', v)
obs('g', graph(b.grad_fn))
obs('v_g', graph(v.grad_fn))
b.sum().backward()
obs('a.grad', a.grad)

### inplace_view_of_nonleaf_setitem
a = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
b = a.clone()
b[0, 1] = 0.
b[1] *= 3
obs('b', b)
obs('gname', b.grad_fn.name())
(b * b).sum().backward()
obs('a.grad', a.grad)

### view_base_grad_fn_after_view_inplace
a = torch.tensor([1., 2., 3., 4.], requires_grad=True)
b = a.clone()
v = b.view(2, 2)
v.add_(1)
obs('b', b)
obs('v', v)
obs('v_graph', graph(v.grad_fn))
v2 = b[:2]
obs('v2', v2)

### inplace_then_view_grad_flow
x = torch.ones(3, requires_grad=True)
y = torch.tensor([1., 2., 3.], requires_grad=True)
b = x * 2
b[0:2].mul_(y[0:2])
b.sum().backward()
obs('x.grad', x.grad)
obs('y.grad', y.grad)

### saved_tensor_version_error_mul
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
c = b * b
b.add_(1)
with expect_error():
    c.sum().backward()
obs('versions', b._version)

### saved_tensor_version_error_sigmoid
a = torch.tensor([1., 2.], requires_grad=True)
out = a.sigmoid()
c = out.detach()
c.zero_()
with expect_error():
    out.sum().backward()
obs('out', out)

### saved_tensor_version_error_exp_tanh
a = torch.tensor([0.5, 1.], requires_grad=True)
e = a.exp()
e.add_(1)
with expect_error():
    e.sum().backward()
t = a.tanh()
t.mul_(2)
with expect_error():
    t.sum().backward()
s = a * 2
p = s.pow(2)
s.mul_(2)
with expect_error():
    p.sum().backward()

### saved_tensor_leaf_modified
a = torch.tensor([1., 2.], requires_grad=True)
b = a * a
with torch.no_grad():
    a.mul_(2)
with expect_error():
    b.sum().backward()

### saved_tensor_not_saved_ok
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
c = b + 1
b.add_(5)
c.sum().backward()
obs('a.grad', a.grad)
d = a * 3
e = d * 2
d.mul_(2)
e.sum().backward()
obs('a.grad2', a.grad)

### saved_tensor_version_error_via_view
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 1
c = b.exp()
v = c[1:]
v.zero_()
with expect_error():
    c.sum().backward()

### register_hook_tensor
a = torch.tensor([1., 2.], requires_grad=True)
seen = []
h = a.register_hook(lambda g: seen.append(g.clone()))
(a * 3).sum().backward()
obs('seen', seen)
obs('a.grad', a.grad)
h.remove()
(a * 3).sum().backward()
obs('seen_after_remove', len(seen))

### register_hook_modifies_grad
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
b.register_hook(lambda g: g * 10)
b.sum().backward()
obs('a.grad', a.grad)
c = torch.tensor([1.], requires_grad=True)
c.register_hook(lambda g: g + 100)
(c * 2).sum().backward()
obs('c.grad', c.grad)
with expect_error():
    torch.tensor([1.]).register_hook(lambda g: g)

### grad_assignment_checks
a = torch.tensor([1., 2.], requires_grad=True)
a.grad = torch.tensor([5., 5.])
(a * 1).sum().backward()
obs('a.grad', a.grad)
with expect_error():
    a.grad = torch.tensor([1., 2., 3.])
with expect_error():
    a.grad = torch.tensor([1, 2])
with expect_error():
    a.grad = [1., 2.]
a.grad = None
obs('none', a.grad)

### graph_of_several_ops
x = torch.tensor([1., 2.], requires_grad=True)
w = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
y = torch.relu(w @ x + 1).sum()
obs('y', y)
obs('g', graph(y.grad_fn))
y.backward()
obs('x.grad', x.grad)
obs('w.grad', w.grad)

### relu_backward_zero_and_nan
# threshold_backward: result <= 0 gives +0 even for a negative grad; a NaN result passes it
x = torch.tensor([-1., 2., 0., float('nan')], requires_grad=True)
(x.relu() * torch.tensor([-3., -3., -3., -3.])).sum().backward()
obs('grad', x.grad)
obs('repr', repr(x.grad))

### diamond_graph_accumulation
x = torch.tensor(2., requires_grad=True)
a = x * 3
b = a * a + a.exp() + a
obs('g', graph(b.grad_fn))
b.backward()
obs('x.grad', x.grad)

### requires_grad_propagation
a = torch.tensor([1.], requires_grad=True)
b = torch.tensor([2.])
obs('a_b', (a + b).requires_grad)
obs('b_b', (b + b).requires_grad)
obs('cmp', (a > 0).requires_grad)
obs('argmax', a.argmax().requires_grad)
obs('int_cast', a.long().requires_grad)
obs('float_cast', a.double().requires_grad)
obs('index', a[0].requires_grad)
obs('detach', a.detach().requires_grad)
obs('max_indices', torch.max(a.view(1, 1), 1).indices.requires_grad)
obs('item_type', type(a.item()).__name__)

### set_detect_anomaly_flags
obs('anomaly', torch.is_anomaly_enabled())

### inference_mode_basic
a = torch.tensor([1.], requires_grad=True)
with torch.inference_mode():
    b = a * 2
obs('b', b)
obs('inf', b.is_inference())

### inference_mode_records_nothing_even_under_enable_grad
a = torch.tensor([1., 2.], requires_grad=True)
with torch.inference_mode():
    with torch.enable_grad():
        obs('grad_enabled', torch.is_grad_enabled())
        y = a * 2
        s = a.sum()
        m = a > 1
obs('y', y)
obs('y_rg', y.requires_grad)
obs('y_fn', y.grad_fn)
obs('inference', [y.is_inference(), s.is_inference(), m.is_inference()])

### accumulate_grad_copies_a_zero_stride_size1_gradient
# torch's layout contract takes a 0-stride size-1 dim for a view: sum's expanded
# gradient of a (1,) or (1, 1) leaf is copied into .grad (version 1), not stolen
for shape in [(1,), (1, 1), (2, 1), (3,), ()]:
    a = torch.zeros(shape, requires_grad=True)
    a.sum().backward()
    obs(f'grad{shape}', a.grad)

### stale_view_backward_remakes_its_history
# a view taken before its base changed in place and came to require grad
t0 = torch.zeros(2)
t1 = t0.view(-1)
t0.add_(2)
t0.requires_grad_()
obs('fn', t1.grad_fn.name())
t1.sum().backward()
obs('grad', t0.grad)
s0 = torch.tensor(0.)
s1 = s0.view(-1)
s0.add_(1)
s0.requires_grad_()
s1.backward()
obs('scalar_grad', s0.grad)
r0 = torch.zeros(2, 3)
r1 = r0[0]
r0.add_(1)
r0.requires_grad_()
r1.sum().backward()
obs('row_grad', r0.grad)

### stale_view_of_an_expanded_tensor_sums_its_gradient
# the view reads one element of b twice: as_strided_backward adds both gradients
b = torch.zeros(1)
e = b.expand(3)
v = e[1:]
b.add_(1)
b.requires_grad_()
v.sum().backward()
obs('grad', b.grad)

### a_leaf_detached_after_its_graph_was_built_gets_no_grad
a = torch.tensor(1., requires_grad=True)
seen = []
a.register_hook(lambda g: seen.append(g))
s = (a * 2).sum()
a.detach_()
s.backward()
obs('grad', a.grad)
obs('hook_ran', len(seen))
b = torch.tensor(1., requires_grad=True)
y = b * 3
b.requires_grad_(False)
y.backward()
obs('grad_b', b.grad)

### zero_grad_through_grad_none_after_backward
w = torch.tensor([1., 2.], requires_grad=True)
for i in range(3):
    loss = (w * w).sum()
    loss.backward()
    obs(f'grad{i}', w.grad)
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad.zero_()
obs('w', w)
### saved_tensors_as_the_autograd_docs_show_them
# torch's "Saved tensors" notes: an input is saved as itself, the output as a new tensor
# over the same memory and history; a number as a 0-d tensor; freed by backward
x = torch.tensor([1., 2.], requires_grad=True)
y = x.pow(2)
obs('self_is_x', (y.grad_fn._saved_self is x, x.equal(y.grad_fn._saved_self)))
obs('exponent', y.grad_fn._saved_exponent)
e = x.exp()
r = e.grad_fn._saved_result
obs('result', (r, r is e, r.equal(e), r.data_ptr() == e.data_ptr(), r.requires_grad,
               r.is_leaf, r._version))
obs('mul_number_other', (x * 3).grad_fn._saved_other)
obs('mul_float_other', (x * 2.5).grad_fn._saved_other)
m = x * x
obs('mul_both_are_x', (m.grad_fn._saved_self is x, m.grad_fn._saved_other is x))
obs('raw', type(e.grad_fn._raw_saved_result).__name__)
obs('dir_mul', sorted(k for k in dir(m.grad_fn) if k.startswith(('_saved', '_raw_saved'))))
obs('dir_clone', sorted(k for k in dir(x.clone().grad_fn) if k.startswith(('_saved', '_raw_saved'))))
obs('select', (x[1].grad_fn._saved_dim, x[1].grad_fn._saved_index, x[1].grad_fn._saved_self_sym_sizes))
obs('sum_sizes', (x.sum().grad_fn._saved_self_sym_sizes, x.view(2, 1).grad_fn._saved_self_sym_sizes))
obs('rpow_base', (2 ** x).grad_fn._saved_self)
s = x.sigmoid()
s.grad_fn.metadata['note'] = 1
obs('metadata', (s.grad_fn.metadata, (x * 2).grad_fn.metadata))
a = x * 1
z = a * a
a.add_(1)
with expect_error():
    z.grad_fn._saved_self
s.sum().backward()
with expect_error():
    s.grad_fn._saved_result
with expect_error():
    s.grad_fn._saved_nothing

### saved_only_when_a_gradient_reads_them
# torch saves an operand only for the gradients that read it: changing the other in
# place is then no error (mv, dot, bmm, addmm's mat1/mat2, fmod, remainder), while
# number ** tensor saves the exponent too
F = torch.nn.functional
x = torch.ones(2, 2, requires_grad=True)
ops = {'mul': lambda a, b: a * b, 'div': lambda a, b: a / b, 'pow': lambda a, b: a ** b,
       'mm': lambda a, b: a @ b, 'mv': lambda a, b: a @ b[0], 'vm': lambda a, b: a[0] @ b,
       'dot': lambda a, b: a[0] @ b[0], 'bmm': lambda a, b: torch.bmm(a[None], b[None]),
       'maximum': lambda a, b: torch.maximum(a, b), 'where': lambda a, b: torch.where(b > 0, a, b),
       'atan2': lambda a, b: torch.atan2(a, b), 'mse': lambda a, b: F.mse_loss(a, b),
       'linear': lambda a, b: F.linear(a, b), 'linear_bias': lambda a, b: F.linear(a, b, b[0]),
       'outer': lambda a, b: torch.outer(a[0], b[0]), 'clamp_t': lambda a, b: a.clamp(min=b),
       'fmod': lambda a, b: torch.fmod(a, b), 'remainder': lambda a, b: a % b,
       'lerp': lambda a, b: torch.lerp(a, b, 0.5), 'xlogy': lambda a, b: torch.xlogy(a, b),
       'rpow': lambda a, b: 2 ** a, 'rdiv': lambda a, b: 1 / a, 'exp': lambda a, b: a.exp()}
for name, f in ops.items():
    for which in ('grad_modified', 'const_modified', 'grad_as_b_modified', 'const_as_a_modified'):
        y = x * 1
        c = torch.full((2, 2), 2.)
        z = f(y, c) if which in ('grad_modified', 'const_modified') else f(c, y)
        (y if 'grad' in which else c).add_(1)
        with expect_error(f'{name} {which}'):
            z.sum().backward()
obs('grad', x.grad)
### nodes_of_in_place_fills_clamps_and_rounding_divisions
# a random fill or a rounding division leaves no gradient to pass (torch's zero nodes);
# clamp_min / clamp_max (and their in-place twins) have their own nodes, and a tensor
# bound gets the gradient where it won
x = torch.ones(3, requires_grad=True)
c = torch.full((3,), 2.)
cg = torch.full((3,), 1., requires_grad=True)
ops = {'uniform_': lambda y: y.uniform_(), 'normal_': lambda y: y.normal_(1, 2),
       'random_': lambda y: y.random_(), 'random_to': lambda y: y.random_(5),
       'random_from_to': lambda y: y.random_(0, 5), 'bernoulli_': lambda y: y.bernoulli_(),
       'bernoulli_t': lambda y: y.bernoulli_(torch.full((3,), 0.5)),
       'exponential_': lambda y: y.exponential_(),
       'div_floor': lambda y: y.div(2, rounding_mode='floor'), 'div_none': lambda y: y.div(c, rounding_mode=None),
       'div_floor_': lambda y: y.div_(2, rounding_mode='floor'), 'div_trunc_t_': lambda y: y.div_(c, rounding_mode='trunc'),
       'div_none_': lambda y: y.div_(c, rounding_mode=None), 'div_': lambda y: y.div_(2),
       'clamp_min_t': lambda y: y.clamp_min(c), 'clamp_max': lambda y: y.clamp_max(2),
       'clamp_min_': lambda y: y.clamp_min_(1), 'clamp_max_t_': lambda y: y.clamp_max_(c),
       'clamp_t_': lambda y: y.clamp_(max=c), 'clamp_min_grad_bound': lambda y: y.clamp_min(cg),
       'clamp_grad_bounds_': lambda y: y.clamp_(min=cg, max=c), 'clamp_max_grad_bound_': lambda y: y.clamp_max_(cg),
       'torch_clamp_min': lambda y: torch.clamp_min(y, 2), 'torch_clamp_max_t': lambda y: torch.clamp_max(y, cg)}
for name, f in ops.items():
    y = x * 1.5
    z = f(y)
    z.sum().backward()
    obs(name, (z.grad_fn.name(), z._version, x.grad, cg.grad))
    x.grad = None
    cg.grad = None

### method_called_without_its_arguments
y = torch.ones(3)
for name in ('add', 'mul', 'clamp_min', 'view', 'expand', 'permute', 'transpose', 'select', 'narrow',
             'copy_', 'fill_', 'div_', 'masked_fill', 'gather', 'repeat', 'reshape', 'index_select',
             'pow', 'eq', 'maximum', 'where', 'new_full', 'clamp_min_', 'clamp_max_'):
    with expect_error(name):
        getattr(y, name)()
### zero_dim_tensors_where_numbers_go
# a 0-d tensor in a number's place is a tensor: it gets its own gradient
x = torch.tensor([0.5, 1.5, 2.5], requires_grad=True)
s = torch.tensor(2.)
sg = torch.tensor(2., requires_grad=True)
m = torch.tensor([True, False, True])
F = torch.nn.functional
ops = {'add_s': lambda y: y + s, 'add_alpha': lambda y: torch.add(y, s, alpha=2), 'sub': lambda y: y - sg,
       'rsub_t': lambda y: torch.rsub(y, sg), 'rsub_alpha': lambda y: torch.rsub(y, sg, alpha=3),
       'mul': lambda y: y * sg, 'div': lambda y: y / sg, 'rdiv': lambda y: sg / y, 'pow': lambda y: y ** sg,
       'rpow': lambda y: sg ** y, 'clamp': lambda y: y.clamp(min=sg), 'clamp_': lambda y: y.clamp_(max=sg),
       'masked_fill': lambda y: y.masked_fill(m, sg), 'masked_fill_': lambda y: y.masked_fill_(m, sg),
       'fill_': lambda y: y.fill_(sg), 'where': lambda y: torch.where(m, sg, y), 'maximum': lambda y: torch.maximum(y, sg),
       'lerp': lambda y: torch.lerp(y, s, sg), 'add_': lambda y: y.add_(sg), 'mul_': lambda y: y.mul_(sg),
       'div_': lambda y: y.div_(sg), 'pow_': lambda y: y.pow_(sg), 'sub_alpha_': lambda y: y.sub_(sg, alpha=3),
       'copy_': lambda y: y.copy_(sg), 'setitem': lambda y: (y.__setitem__(0, sg), y)[1],
       'setitem_mask': lambda y: (y.__setitem__(m, sg), y)[1], 'atan2': lambda y: torch.atan2(y, sg),
       'fmod': lambda y: torch.fmod(y, sg), 'xlogy': lambda y: torch.xlogy(sg, y), 'min_t': lambda y: torch.min(y, sg)}
for name, f in ops.items():
    y = x * 1
    z = f(y)
    z.sum().backward()
    obs(name, (z.grad_fn.name(), x.grad, sg.grad))
    x.grad = None
    sg.grad = None
with expect_error():
    torch.rsub(torch.ones(2), torch.ones(3))
### custom_autograd_function
# torch.autograd.Function: ctx is the node (MyReLUBackward), saved tensors keep their
# versions, unused output gradients arrive as zeros, and torch's checks on what backward
# returns (count, type, shape)
import re
def show(label, f):
    with expect_error('raises ' + label):
        r = f()
        obs(label, re.sub(r" at 0x[0-9a-f]+", "", repr(r)))
class MyReLU(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x)
        ctx.k = k
        return x.clamp(min=0) * k
    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        ctx.seen = (ctx.needs_input_grad, type(ctx).__name__)
        return g * (x > 0) * ctx.k, None
x = torch.tensor([-1., 2.], requires_grad=True)
y = MyReLU.apply(x, 3)
show("y", lambda: (y, y.grad_fn, y.grad_fn.name(), y.grad_fn.next_functions, y.is_leaf, y.requires_grad))
show("backward", lambda: (y.sum().backward(), x.grad, y.grad_fn.seen)[1:])
show("no grad input", lambda: (lambda z: (z, z.grad_fn))(MyReLU.apply(torch.ones(2), 2)))
class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return g, g
show("bad count", lambda: Bad.apply(x).sum().backward())
class Bad2(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return g[:1]
show("bad shape", lambda: Bad2.apply(x).sum().backward())
class Two(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2, x * 3
    @staticmethod
    def backward(ctx, g1, g2):
        ctx.g2 = g2
        return g1 + g2
def two():
    x.grad = None
    a, b = Two.apply(x); a.sum().backward()
    return a.grad_fn is b.grad_fn, a.grad_fn.name(), x.grad, a.grad_fn.g2
show("two", two)
class Save(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x * 2; ctx.save_for_backward(x, y); return y
    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors; return g * 2
def inplace_err():
    w = x * 1; s = Save.apply(w); w.add_(1); s.sum().backward()
show("inplace err", inplace_err)
def saved_out():
    s = Save.apply(x); st = s.grad_fn.saved_tensors
    return st[0] is x, st[1] is s, st[1].equal(s), st[1].grad_fn.name(), len(st)
show("saved out", saved_out)
def freed():
    s = Save.apply(x); s.sum().backward(); return s.grad_fn.saved_tensors
show("freed", freed)
show("instantiate call", lambda: MyReLU()(x))
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x
    @staticmethod
    def backward(ctx, g): return g
show("identity", lambda: (lambda y: (y is x, y._base is x, y.grad_fn, y._version, y.is_leaf))(F.apply(x)))
class G(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return g, None
show("trailing none", lambda: (setattr(x, "grad", None), G.apply(x).sum().backward(), x.grad)[2])
class H(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return 5
show("non tensor grad", lambda: H.apply(x).sum().backward())
class K(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return 3
show("non tensor out", lambda: K.apply(x))
class N(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y2 = x * 2
        ctx.mark_non_differentiable(y2)
        return x * 3, y2
    @staticmethod
    def backward(ctx, g1, g2): return g1 * 3
show("non diff", lambda: (lambda a, b: (a.requires_grad, b.requires_grad, b.grad_fn))(*N.apply(x)))
show("int input", lambda: (lambda z: (type(z).__name__, z.grad_fn))(G.apply(torch.ones(2, dtype=torch.int64))))
show("ctx attrs", lambda: (lambda c: (c.saved_tensors, c.needs_input_grad, c.next_functions))(G.apply(torch.ones(2, requires_grad=True)).grad_fn))
with torch.no_grad():
    show("under no_grad", lambda: MyReLU.apply(x, 1).grad_fn)
class Mixed(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, s, b):
        ctx.save_for_backward(a, b)
        return a * s + b
    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * 2, None, g.sum(0)
def mixed():
    a = torch.ones(2, 3, requires_grad=True); b = torch.ones(3, requires_grad=True)
    out = Mixed.apply(a, 2., b); out.sum().backward()
    return a.grad, b.grad, out.grad_fn.next_functions
show("mixed", mixed)
def nested():
    w = torch.tensor([1., -2.], requires_grad=True)
    out = (MyReLU.apply(w * 2, 1) ** 2).sum(); out.backward(); return w.grad
show("nested", nested)
show("grad", lambda: torch.autograd.grad(MyReLU.apply(x, 2).sum(), x))
show("fn type", lambda: type(MyReLU.apply(x, 1).grad_fn).__mro__[1].__name__)
### hooks_and_what_they_may_return
# a gradient hook must return None or a tensor of the gradient's type and size (torch's
# check_single_result), a node pre-hook a tuple; post-accumulate-grad hooks on leaves;
# handles remove, also as context managers
import re
def show(label, f):
    with expect_error('raises ' + label):
        r = f()
        obs(label, re.sub(r" at 0x[0-9a-f]+", "", repr(r)))
for hname, h in (("double", lambda g: g.double()), ("int", lambda g: g.int()), ("num", lambda g: 3), ("shape", lambda g: torch.ones(3)), ("none", lambda g: None), ("scale", lambda g: g * 2)):
    for leaf in (True, False):
        x = torch.tensor([1., 2.], requires_grad=True)
        def run():
            if leaf:
                x.register_hook(h); (x * 2).sum().backward()
            else:
                y = x * 2; y.register_hook(h); y.sum().backward()
            return x.grad
        show(f"{hname} leaf={leaf}", run)
def named(g): return g[:1]
x = torch.tensor([1., 2.], requires_grad=True)
def r1():
    y = x * 2; y.register_hook(named); y.sum().backward()
show("named", r1)
def r2():
    y = x * 2; y.grad_fn.register_prehook(lambda go: (torch.ones(3),)); y.sum().backward()
show("pre size", r2)
def r3():
    y = x * 2; y.grad_fn.register_prehook(lambda go: 5); y.sum().backward()
show("pre int", r3)
def r4():
    x.grad = None
    y = x * 2; y.grad_fn.register_prehook(lambda go: (go[0] * 3,)); y.sum().backward(); return x.grad
show("pre ok", r4)
p = torch.ones(2, requires_grad=True)
show("post handle", lambda: p.register_post_accumulate_grad_hook(lambda t: None))
show("post nonleaf", lambda: (p * 2).register_post_accumulate_grad_hook(lambda t: None))
show("post nograd", lambda: torch.ones(2).register_post_accumulate_grad_hook(lambda t: None))
def r5():
    seen = []
    q = torch.ones(2, requires_grad=True)
    hd = q.register_post_accumulate_grad_hook(lambda t: seen.append((t is q, t.grad.tolist())))
    (q * 2).sum().backward(); (q * 3).sum().backward(); hd.remove(); (q * 4).sum().backward()
    return seen, q.grad
show("post calls", r5)
def r6():
    q = torch.ones(2, requires_grad=True)
    with q.register_hook(lambda g: g * 10):
        (q * 1).sum().backward()
    (q * 1).sum().backward()
    return q.grad
show("handle ctx", r6)
''')

test_case = make_test(CASES)
