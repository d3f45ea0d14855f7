"""Examples from the lessons, run verbatim on both engines."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### lesson_create_from_lists
t = torch.tensor([[1, 2, 3], [4, 5, 6]])
obs('t', t)
obs('repr', repr(t))
obs('shape', t.shape)
obs('dtype', t.dtype)
f = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
obs('f', repr(f))
obs('f_dtype', f.dtype)

### lesson_create_from_numpy
a = np.array([[1, 2], [3, 4]])
t = torch.tensor(a)
obs('t', repr(t))
f = torch.from_numpy(a)
obs('f', repr(f))
a[0, 0] = 100
obs('t_after', repr(t))
obs('f_after', repr(f))
b = np.ones(3, dtype=np.float32)
obs('b', repr(torch.from_numpy(b)))
obs('np_float64', repr(torch.tensor(np.array([0.5, 1.5]))))

### lesson_clone_example
a = torch.tensor(1., requires_grad=True)
b = a.clone()
c = a * 2
d = b * 3
(c + d).backward()
obs('b.grad', b.grad)
obs('a.grad', a.grad)
obs('repr_a_grad', repr(a.grad))
obs('b', repr(b))
obs('c', repr(c))
obs('d', repr(d))

### lesson_detach_shares_memory
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a.detach()
obs('b', repr(b))
obs('same_ptr', a.data_ptr() == b.data_ptr())
b[0] = 10.
obs('a', repr(a))
obs('versions', (a._version, b._version))

### lesson_detach_resize
a = torch.tensor([1., 2., 3., 4.], requires_grad=True)
b = a.detach()
b.resize_(2, 2)
obs('b', repr(b))
obs('a', repr(a))
obs('same_storage', a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr())
obs('same_ptr', a.data_ptr() == b.data_ptr())
b.resize_(1)
obs('b1', repr(b))
obs('a1', repr(a))
obs('a_shape', a.shape)

### lesson_backward_through_detached
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a.detach()
with expect_error():
    (b * 2).sum().backward()
obs('b_rg', b.requires_grad)
obs('a.grad', a.grad)

### lesson_sigmoid_detach_zero
a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
c = out.detach()
c.zero_()
obs('out', repr(out))
obs('out_version', out._version)
with expect_error():
    out.sum().backward()

### lesson_sigmoid_detach_zero_data
a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
c = out.data
c.zero_()
obs('out', repr(out))
obs('out_version', out._version)
out.sum().backward()
obs('a.grad', repr(a.grad))

### lesson_detach_inplace_makes_leaf
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
obs('before', (b.is_leaf, b.requires_grad, b.grad_fn is None))
b.detach_()
obs('after', (b.is_leaf, b.requires_grad, b.grad_fn is None))
obs('b', repr(b))
c = b * 3
obs('c', repr(c))

### lesson_detach_inplace_middle_of_graph
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
c = b * 3
b.detach_()
c.sum().backward()
obs('a.grad', repr(a.grad))
d = b * 4
obs('d', repr(d))

### lesson_new_tensor
x = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
y = x.new_tensor([3, 4])
obs('y', repr(y))
obs('y_dtype', y.dtype)
obs('y_rg', y.requires_grad)
z = x.new_tensor(x)
obs('z', repr(z))
obs('shares', z.data_ptr() == x.data_ptr())
obs('zeros', repr(x.new_zeros(2, 2)))
obs('ones', repr(x.new_ones(3)))

### lesson_copy_broadcast_float_into_int
dst = torch.zeros(2, 3, dtype=torch.int64)
src = torch.tensor([1.5, 2.5, -3.9])
dst.copy_(src)
obs('dst', repr(dst))
obs('dtype', dst.dtype)
obs('version', dst._version)

### lesson_copy_grad_flows
src = torch.tensor([1., 2., 3.], requires_grad=True)
dst = torch.zeros(2, 3)
dst.copy_(src)
obs('dst', repr(dst))
dst.sum().backward()
obs('src.grad', repr(src.grad))

### lesson_deepcopy
a = torch.tensor([1., 2.], requires_grad=True)
b = copy.deepcopy(a)
obs('b', repr(b))
obs('shares', a.data_ptr() == b.data_ptr())
b.grad = torch.ones(2)
obs('a.grad', a.grad)
c = a * 2
with expect_error():
    copy.deepcopy(c)

### lesson_from_numpy_sharing
n = np.arange(5.)
t = torch.from_numpy(n)
t.mul_(2)
obs('n', n)
n += 1
obs('t', repr(t))
obs('dtype', t.dtype)
back = t.numpy()
obs('back_shares', np.shares_memory(back, n))

### lesson_views_vs_copies
x = torch.arange(6)
v = x.view(2, 3)
r = x.reshape(3, 2)
c = x.clone()
i = x[[0, 1]]
s = x[1:4]
for name, t in [('v', v), ('r', r), ('c', c), ('i', i), ('s', s)]:
    obs(name, (t.untyped_storage().data_ptr() == x.untyped_storage().data_ptr(), t._base is x))
x[2] = 100
obs('v', repr(v))
obs('c', repr(c))
obs('i', repr(i))
obs('s', repr(s))

### lesson_strides_transpose_contiguous
x = torch.arange(6).view(2, 3)
t = x.t()
obs('strides', (x.stride(), t.stride()))
obs('contig', (x.is_contiguous(), t.is_contiguous()))
with expect_error():
    t.view(6)
c = t.contiguous()
obs('c', (c.stride(), c.is_contiguous(), c.data_ptr() == t.data_ptr()))
obs('c_view', repr(c.view(6)))

### lesson_grad_accumulates_zero_grad
w = torch.tensor([1., 2.], requires_grad=True)
for step in range(2):
    loss = (w ** 2).sum()
    loss.backward()
    obs(f'grad{step}', repr(w.grad))
w.grad.zero_()
obs('zeroed', repr(w.grad))
w.grad = None
obs('none', w.grad)

### lesson_no_grad_update
w = torch.tensor([1., -1.], requires_grad=True)
loss = (w * torch.tensor([3., 4.])).sum()
loss.backward()
with torch.no_grad():
    w -= 0.1 * w.grad
obs('w', repr(w))
obs('w_leaf', w.is_leaf)
obs('w_version', w._version)
w2 = torch.tensor([1., -1.], requires_grad=True)
with expect_error():
    w2 -= 0.1

### lesson_inplace_leaf_error
a = torch.tensor([1., 2.], requires_grad=True)
with expect_error():
    a.add_(1)
with expect_error():
    a[0] = 0.
with torch.no_grad():
    a.add_(1)
obs('a', repr(a))

### lesson_nonleaf_grad_warning
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 3
z = y.sum()
z.backward()
obs('y.grad', y.grad)
obs('x.grad', repr(x.grad))
y2 = x * 3
y2.retain_grad()
y2.sum().backward()
obs('y2.grad', repr(y2.grad))

### lesson_graph_names
x = torch.tensor([1., 2.], requires_grad=True)
y = (x * 2 + 1).relu().mean()
obs('repr', repr(y))
fn = y.grad_fn
names = []
while fn is not None:
    names.append(fn.name())
    fn = fn.next_functions[0][0] if fn.next_functions else None
obs('chain', names)

### lesson_type_promotion
a = torch.tensor([1, 2, 3])
b = torch.tensor([0.5, 1.5, 2.5])
obs('a+b', repr(a + b))
obs('a/2', repr(a / 2))
obs('a*2.0', repr(a * 2.0))
obs('a.float()', repr(a.float()))
obs('type', a.type())
obs('f_type', b.type())
obs('mixed_0d', repr(torch.tensor([1, 2], dtype=torch.int8) + torch.tensor(1000)))

### lesson_max_namedtuple
x = torch.tensor([[1., 9., 3.], [7., 2., 8.]])
m = x.max(dim=1)
obs('repr', repr(m))
values, indices = m
obs('values', repr(values))
obs('indices', repr(indices))
obs('keepdim', repr(x.max(dim=0, keepdim=True)))
''')

test_case = make_test(CASES)
