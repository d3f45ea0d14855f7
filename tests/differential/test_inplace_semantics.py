"""In-place changes seen through aliases (views, detach, .data, from_numpy) and what
autograd makes of them: versions, CopySlices, saved-tensor checks, leaf rules."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### alias_detach_inplace_then_backward_uses_new_values
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 1
c = b + 0
d = b.detach()
d.mul_(10)
obs('b', b)
obs('c', c)
(c * 1).sum().backward()
obs('a.grad', a.grad)

### alias_detach_inplace_breaks_saved
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 1
c = b * b
b.detach().add_(1)
with expect_error():
    c.sum().backward()
obs('b_version', b._version)

### alias_data_inplace_is_invisible_to_autograd
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 1
c = b * b
b.data.add_(1)
obs('b_version', b._version)
c.sum().backward()
obs('a.grad', a.grad)

### alias_leaf_detach_inplace_then_backward
w = torch.tensor([1., 2.], requires_grad=True)
y = (w * w).sum()
w.detach().mul_(3)
with expect_error():
    y.backward()
obs('w', w)
obs('w_version', w._version)

### alias_leaf_data_update_then_backward
w = torch.tensor([1., 2.], requires_grad=True)
y = (w * w).sum()
w.data.mul_(3)
y.backward()
obs('w.grad', w.grad)
obs('w_version', w._version)

### version_after_each_op_kind
x = torch.zeros(4)
seq = []
x.add_(1); seq.append(x._version)
x[0] = 2; seq.append(x._version)
x[1:3] = 5; seq.append(x._version)
x[[0, 3]] = 7; seq.append(x._version)
x[x > 6] = 0; seq.append(x._version)
x.copy_(torch.ones(4)); seq.append(x._version)
x.zero_(); seq.append(x._version)
x.fill_(3); seq.append(x._version)
x.clamp_(max=2); seq.append(x._version)
x += 1; seq.append(x._version)
obs('seq', seq)
obs('x', x)

### version_not_bumped_by_reads_and_views
x = torch.zeros(3)
_ = x.sum(); _ = x + 1; _ = x.view(3); _ = x[0]; _ = x.clone(); _ = x.detach(); _ = x.tolist(); _ = repr(x)
obs('v', x._version)
_ = x.numpy()
obs('v_numpy', x._version)

### version_bumped_by_numpy_write_no
x = torch.zeros(3)
n = x.numpy()
n[0] = 5
obs('x', x)
obs('v', x._version)

### version_from_numpy_shared
a = np.zeros(3)
t = torch.from_numpy(a)
t[0] = 1
obs('t', t)
obs('a', a)
t2 = torch.from_numpy(a)
obs('v2', t2._version)
obs('shares', same_ptr(t, t2))

### inplace_on_view_of_nonleaf_rewrites_base_graph
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
b = x * 2
v = b[1:3]
obs('before', b.grad_fn.name())
v.exp_()
obs('after', b.grad_fn.name())
obs('v_after', v.grad_fn.name())
obs('b', b)
b.sum().backward()
obs('x.grad', x.grad)

### inplace_on_base_then_use_view
x = torch.tensor([1., 2., 3.], requires_grad=True)
b = x * 1
v = b[:2]
b.mul_(2)
obs('v', v)
obs('v_gf', v.grad_fn.name())
v.sum().backward()
obs('x.grad', x.grad)

### inplace_on_two_views_same_base
x = torch.tensor([1., 2., 3., 4.], requires_grad=True)
b = x.clone()
b[:2].mul_(3)
b[2:].add_(b[:2])
obs('b', b)
b.sum().backward()
obs('x.grad', x.grad)

### inplace_requires_grad_source_into_plain_tensor
w = torch.tensor([2.], requires_grad=True)
y = torch.zeros(3)
y[1] = w * 5
obs('y', y)
y.add_(w)
obs('y2', y)
y.sum().backward()
obs('w.grad', w.grad)

### inplace_on_nograd_tensor_with_grad_input
y = torch.zeros(2)
w = torch.tensor([1., 2.], requires_grad=True)
y.add_(w)
obs('y', y)
obs('y_leaf', y.is_leaf)
y.mul_(w)
y.sum().backward()
obs('w.grad', w.grad)

### inplace_in_no_grad_then_graph_uses_value
w = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    w.mul_(2)
obs('w', w)
obs('w_version', w._version)
(w ** 2).sum().backward()
obs('w.grad', w.grad)

### inplace_output_of_op_saving_its_output
a = torch.tensor([0., 1.], requires_grad=True)
for op in ['exp', 'sigmoid', 'tanh', 'relu', 'sqrt']:
    o = getattr(torch, op)(a + 1)
    o.add_(1)
    with expect_error(op):
        o.sum().backward()

### inplace_input_of_op_saving_its_input
a = torch.tensor([0.5, 1.], requires_grad=True)
for op in ['exp', 'sigmoid', 'tanh', 'relu', 'sin', 'log', 'abs']:
    i = a * 1
    o = getattr(torch, op)(i)
    i.add_(1)
    with expect_error(op):
        o.sum().backward()

### inplace_input_of_add_is_fine
a = torch.tensor([0.5, 1.], requires_grad=True)
i = a * 1
o = i + 3
i.mul_(5)
o.sum().backward()
obs('a.grad', a.grad)

### error_message_names_the_op
a = torch.tensor([1., 2.], requires_grad=True)
b = a.exp()
c = b * 2
d = c.tanh()
c.add_(1)
with expect_error():
    d.sum().backward()
e = a.exp()
f = e.view(2, 1)
f.mul_(2)
with expect_error():
    e.sum().backward()

### leaf_inplace_through_many_views
a = torch.zeros(2, 3, requires_grad=True)
for expr in ['a.t()', 'a[0]', 'a.view(6)', 'a[:, 1:]', 'a.unsqueeze(0)', 'a.expand(2, 2, 3)', 'a.detach()']:
    with expect_error(expr):
        eval(expr).add_(1)
obs('a', a)

### leaf_setitem_no_grad_ok
a = torch.zeros(3, requires_grad=True)
with torch.no_grad():
    a[1] = 5
    a.view(3)[2] = 7
obs('a', a)
obs('grad_fn', a.grad_fn)
(a * a).sum().backward()
obs('a.grad', a.grad)

### detach_then_requires_grad_is_new_leaf
a = torch.tensor([1., 2.], requires_grad=True)
b = (a * 2).detach().requires_grad_()
obs('b', b)
(b * 3).sum().backward()
obs('b.grad', b.grad)
obs('a.grad', a.grad)

### detach_inplace_on_shared_graph
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
c = b * 3
d = b + 1
b.detach_()
obs('b', b)
c.sum().backward()
obs('a.grad', a.grad)
with expect_error():
    d.sum().backward()
obs('a.grad2', a.grad)

### requires_grad_change_on_base_seen_by_view
a = torch.zeros(3)
v = a[1:]
a.requires_grad_()
obs('a', a)
obs('v', v)
w = a[1:]
obs('w', w)

### copy_between_aliases
x = torch.arange(6.)
with expect_error():
    x[1:].copy_(x[:-1])
obs('x', x)
y = torch.arange(4.)
y.copy_(y[[3, 2, 1, 0]])
obs('y', y)

### grad_of_expanded_leaf_view
a = torch.tensor([[1.], [2.]], requires_grad=True)
e = a.expand(2, 3)
(e * torch.arange(6.).view(2, 3)).sum().backward()
obs('a.grad', a.grad)

### backward_from_view_of_result
a = torch.tensor([1., 2., 3.], requires_grad=True)
y = (a * a)[1:]
y.sum().backward()
obs('a.grad', a.grad)
z = (a * 2).view(3, 1).t()
z.backward(torch.ones(1, 3))
obs('a.grad2', a.grad)
### overlap_partial_and_full
# torch's MemOverlap rule: an error only when both layouts are dense and they cover
# memory that overlaps without being the same elements in the same layout
for code in ["x.view(1, 4).add_(x)", "x.add_(x.view(1, 4))", "x[1:].add_(x[:-1])",
             "x[1:].copy_(x[:-1])", "x[:2].copy_(x[2:])", "x.view(2, 2).copy_(x.view(2, 2).t())",
             "x.view(2, 2).add_(x.view(2, 2).t())", "x.view(2, 2).t().mul_(x.view(2, 2))",
             "x.view(2, 2).copy_(x.view(2, 2))", "x[::2].add_(x[1::2])", "x[::2].add_(x[::2])",
             "x[::2].add_(x[:2])", "x.view(2, 2).copy_(x.view(2, 2)[:1])"]:
    x = torch.arange(4.)
    with expect_error(code):
        exec(code)
    obs(code + ' x', x)

### overlap_checks_come_after_the_leaf_check
for code in ["x.expand(2, 3).add_(1)", "x.expand(2, 3).exp_()", "x.expand(2, 3).fill_(1)",
             "x.expand(2, 3).zero_()", "x.expand(2, 3).clamp_(0, 1)", "x.expand(2, 3).copy_(torch.ones(2, 3))"]:
    x = torch.zeros(3, requires_grad=True)
    with expect_error(code):
        exec(code)
    y = torch.zeros(3)
    with expect_error('no grad: ' + code):
        exec(code.replace('x.', 'y.'))
    obs(code + ' y', y)
y = torch.zeros(3)
y.expand(2, 3).masked_fill_(torch.ones(2, 3, dtype=torch.bool), 1)
obs('masked_fill_ on expanded', y)

### inplace_error_order_shape_before_dtype
x = torch.zeros(1, dtype=torch.int8)
with expect_error('shape first'):
    x.add_(torch.zeros(2, dtype=torch.float16))
with expect_error('then dtype'):
    x.add_(torch.zeros(1, dtype=torch.float16))
for dt in [torch.bool, torch.int64, torch.uint8]:
    with expect_error(f'div_ {dt}'):
        torch.zeros(3, dtype=dt).div_(2)
y = torch.zeros(2, 1)
with expect_error('shape before overlap'):
    y.copy_(y.t())

### setitem_graph_is_torch_copy_to
# x[idx] = v is copy_to(x[idx] or x itself, v): copy_ when the shapes agree, fill_ from a
# 0-dim value, else copy_ from v viewed without its leading 1s and expanded
w = torch.zeros(1, requires_grad=True)
def base(*s):
    return torch.zeros(s) + w.sum()
v0 = torch.tensor(1., requires_grad=True)
cases = [("x[0] = 2.", (3,)), ("x[:] = 2.", (3,)), ("x[:] = v0", (3,)), ("x[0:5] = v0", (2, 3)),
         ("x[:] = torch.tensor([1., 2, 3], requires_grad=True)", (3,)),
         ("x[:] = torch.tensor([1.], requires_grad=True)", (3,)),
         ("x[0] = torch.tensor([1.], requires_grad=True)", (3,)), ("x[0] = v0", (3,)),
         ("x[[0, 1]] = v0", (3,)), ("x[:] = v0.expand(3)", (3,)), ("x[...] = v0", ()),
         ("x[0, ...] = v0", (2, 2)), ("x[0, ...] = torch.tensor([1., 3], requires_grad=True)", (2, 2)),
         ("x[...] = torch.tensor([[1., 3]], requires_grad=True)", (2, 2)), ("x[..., :] = 5", (2, 2)),
         ("x[None] = v0", (3,)), ("x[True] = v0", (3,)), ("x[False] = v0", (3,)),
         ("x[:] = torch.tensor(2., dtype=torch.float64, requires_grad=True)", (3,))]
for code, shape in cases:
    x = base(*shape)
    exec(code)
    obs(code, x)
    obs(code + ' graph', graph(x.grad_fn))
    obs(code + ' version', x._version)
n = torch.zeros(3, dtype=torch.int64)
n[:] = torch.tensor(2.7)
obs('int dst from a float 0-dim', n)

### setitem_advanced_index_after_basic_view
# torch applies the ints, slices and Nones first (a view) and index_put_s into that view:
# x[0, [0, 1]] = v makes x's history CopySlices; x[:, [0, 1]] = v is IndexPutBackward0 on x
cases = ["x[0, [0, 1]] = v2", "x[[0, 1]] = v3", "x[:, [0, 1]] = v2.unsqueeze(0)", "x[1:, [0, 1]] = 7.",
         "x[..., [0, 2]] = 1.", "x[0, ..., [1]] = 4.", "x[None, 0, [0, 1]] = v2", "x[[0, 2], 1] = v2",
         "x[torch.tensor([True, False, True]), 0] = 9.", "x[torch.tensor([[True, False, True]] * 3)] = 3.",
         "x[1, torch.tensor([True, False, True])] = v2", "x[2, [5]] = 1.", "x[::2, [1]] = 2.",
         "x[0, [0, 0]] = v2", "x[-1, [-1]] = 8."]
for code in cases:
    a = torch.ones(3, 3, requires_grad=True)
    x = a * 1
    v2 = torch.tensor([5., 6.], requires_grad=True)
    v3 = torch.ones(2, 3, requires_grad=True)
    with expect_error(code):
        exec(code)
        obs(code + ' graph', graph(x.grad_fn))
        obs(code + ' version', x._version)
        x.sum().backward()
        obs(code + ' x', x)
        obs(code + ' grads', (a.grad, v2.grad, v3.grad))

### setitem_on_a_leaf_itself
for idx in ["...", ":", "(slice(None),)", "(..., slice(None))", "None", "0"]:
    x = torch.zeros(3, requires_grad=True)
    with expect_error(idx):
        exec(f"x[{idx}] = 7")
z = torch.zeros((), requires_grad=True)
with expect_error('0-dim ...'):
    z[...] = 7
### view_requires_grad_through_its_base
a = torch.ones(2, requires_grad=True)
b = a * 2
with torch.no_grad():
    v = b.view(-1)
    w = a.view(-1)
obs('no_grad view of a non-leaf', (v.requires_grad, v.is_leaf))
obs('no_grad view of a leaf', (w.requires_grad, w.is_leaf))
r = w * 2
obs('op on it', (r.requires_grad, graph(r.grad_fn)))
t0 = torch.zeros(2)
t1 = t0[1:]
t2 = t0.detach()
t0.requires_grad_()
obs('detach / view', (t2.requires_grad, t1.requires_grad, t1.is_leaf))
obs('op on the view', graph((t1 * 2).grad_fn))
t3 = t1[0:]
obs('view of the view', graph(t3.grad_fn))
t0.requires_grad_(False)
obs('after requires_grad_(False)', (t1.requires_grad, (t1 * 2).requires_grad))
s0 = torch.tensor(0.)
s1 = s0.view(-1)
s0.add_(2)
s0.requires_grad_()
obs('stale view remade on is_leaf', (s1.is_leaf, s1.requires_grad))
obs('its history', graph(s1.grad_fn))
### copy_from_the_same_data_returns_early
# torch's copy_ skips its checks (and the write) when src is the same data, layout and dtype
x = torch.tensor(0).expand(2)
x.copy_(x)
obs('x', x)
x.copy_(x.view(-1))
obs('version', x._version)
with expect_error('other data into an expanded tensor'):
    x.copy_(torch.ones(2, dtype=torch.int64))
a = torch.ones(2, requires_grad=True)
b = a * 1
b.copy_(b)
obs('b', b)
obs('b graph', graph(b.grad_fn))

### a_view_made_a_leaf_with_requires_grad_
# arange(...).reshape(...) is a view of the arange; requires_grad_() makes it a leaf that
# requires grad, and torch's in-place refusal names it a view of a leaf
x = torch.arange(12.).reshape(3, 4).requires_grad_()
obs('x', (x._is_view(), x.is_leaf, x.requires_grad))
with expect_error():
    x.mul_(2)
with expect_error():
    x.scatter_(0, torch.tensor([[0]]), 1.)
with expect_error():
    x[0] = 1.
y = torch.arange(4.).requires_grad_()
with expect_error():
    y.add_(1)
with torch.no_grad():
    x.mul_(2)
obs('no_grad', x)
''')

test_case = make_test(CASES)
