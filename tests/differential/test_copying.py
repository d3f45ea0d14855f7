"""Copying: clone, detach, detach_, copy_, new_tensor, copy/deepcopy, .data, .numpy(), resize_, set_."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### clone_basic
x = torch.tensor([1., 2., 3.])
c = x.clone()
obs('c', c)
obs('shares', same_storage(c, x))
c[0] = 9
obs('x', x)
obs('c_base', c._base is None)

### clone_differentiable
a = torch.tensor([1., 2.], requires_grad=True)
b = a.clone()
obs('b', b)
obs('graph', graph(b.grad_fn))
(b * torch.tensor([3., 4.])).sum().backward()
obs('a.grad', a.grad)

### clone_preserves_strides
x = torch.arange(6.).view(2, 3).t()
c = x.clone()
obs('c', c)
obs('stride', c.stride())
obs('contig', c.is_contiguous())
cc = x.clone(memory_format=torch.contiguous_format)
obs('cc_stride', cc.stride())
e = torch.zeros(3, 1).expand(3, 4).clone()
obs('expanded_clone_stride', e.stride())
s = torch.arange(10.)[::2].clone()
obs('sliced_clone_stride', s.stride())
p = torch.zeros(2, 3, 4).permute(2, 0, 1).clone()
obs('perm_clone_stride', p.stride())
o = torch.arange(10.)[3:].clone()
obs('offset_clone', (o.storage_offset(), o.untyped_storage().nbytes()))

### clone_of_view_is_not_view
x = torch.arange(6.)
v = x.view(2, 3)
c = v.clone()
obs('c_base', c._base is None)
obs('c_view', c._is_view())
obs('version', c._version)

### detach_shares_storage_and_version
a = torch.tensor([1., 2., 3.], requires_grad=True)
d = a.detach()
obs('d', d)
obs('same_ptr', same_ptr(d, a))
obs('same_storage', same_storage(d, a))
d[0] = 10.
obs('a', a)
obs('versions', (a._version, d._version))
d.add_(1)
obs('versions2', (a._version, d._version))
obs('d_base', d._base is None)
obs('d_is_view', d._is_view())

### detach_of_nonleaf
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
d = b.detach()
obs('d', d)
obs('shares', same_storage(d, b))
obs('b', b)

### detach_of_view
x = torch.arange(6.)
v = x[2:]
d = v.detach()
obs('d', d)
obs('d_offset', d.storage_offset())
obs('d_base', d._base is x)
obs('d_is_view', d._is_view())

### detach_inplace_makes_leaf
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
r = b.detach_()
obs('r_is_b', r is b)
obs('b', b)
c = b * 3
obs('c', c)

### detach_inplace_on_view_error
a = torch.tensor([1., 2., 3.], requires_grad=True)
b = a * 2
v = b[1:]
with expect_error():
    v.detach_()
x = torch.arange(4.)
w = x.view(2, 2)
with expect_error():
    w.detach_()
obs('w', w)

### detach_inplace_on_leaf
a = torch.tensor([1., 2.], requires_grad=True)
a.detach_()
obs('a', a)

### copy_basic
dst = torch.zeros(3)
src = torch.tensor([1., 2., 3.])
r = dst.copy_(src)
obs('r_is_dst', r is dst)
obs('dst', dst)
obs('shares', same_storage(dst, src))
src[0] = 99
obs('dst_after', dst)

### copy_broadcasting
dst = torch.zeros(2, 3)
dst.copy_(torch.tensor([1., 2., 3.]))
obs('dst', dst)
dst.copy_(torch.tensor(7.))
obs('scalar', dst)
dst.copy_(torch.tensor([[1.], [2.]]))
obs('col', dst)
with expect_error():
    dst.copy_(torch.ones(4))
with expect_error():
    torch.zeros(3).copy_(torch.zeros(2, 3))

### copy_broadcast_shapes_sweep
# every pair of these shapes, same dtype and casting: src broadcasts to dst's very shape
# or torch raises (NumPy's assignment would also drop src's leading size-1 dims)
shapes = [(), (0,), (1,), (3,), (2,), (1, 3), (2, 3), (3, 1), (1, 1, 3), (0, 3), (2, 1, 3)]
for ds in shapes:
    for ss in shapes:
        for dt in (torch.float32, torch.int64):
            d = torch.zeros(ds)
            with expect_error(f'raises {ds}<-{ss} {dt}'):
                d.copy_(torch.ones(ss, dtype=dt))
            obs(f'{ds}<-{ss} {dt}', (d, d._version))

### copy_casts_to_destination_dtype
dst = torch.zeros(2, 3, dtype=torch.int64)
dst.copy_(torch.tensor([1.7, -2.7, 3.2]))
obs('dst', dst)
b = torch.zeros(2, dtype=torch.bool)
b.copy_(torch.tensor([0.5, 0.]))
obs('b', b)
f = torch.zeros(2)
f.copy_(torch.tensor([1, 2]))
obs('f', f)
h = torch.zeros(1, dtype=torch.float16)
h.copy_(torch.tensor([0.1], dtype=torch.float64))
obs('h', h)

### copy_gradient_flows_to_source
src = torch.tensor([1., 2., 3.], requires_grad=True)
dst = torch.zeros(3)
dst.copy_(src)
obs('dst', dst)
obs('graph', graph(dst.grad_fn))
(dst * torch.tensor([1., 10., 100.])).sum().backward()
obs('src.grad', src.grad)

### copy_gradient_broadcast_source
src = torch.tensor([1., 2.], requires_grad=True)
dst = torch.zeros(3, 2)
dst.copy_(src)
dst.sum().backward()
obs('src.grad', src.grad)
obs('dst', dst)

### copy_into_leaf_requiring_grad_error
a = torch.zeros(2, requires_grad=True)
with expect_error():
    a.copy_(torch.ones(2))
with torch.no_grad():
    a.copy_(torch.ones(2))
obs('a', a)

### copy_into_view_of_nonleaf
a = torch.tensor([1., 2., 3., 4.], requires_grad=True)
b = a * 1
b[:2].copy_(torch.tensor([10., 20.]))
obs('b', b)
b.sum().backward()
obs('a.grad', a.grad)

### copy_into_view_updates_base
x = torch.zeros(2, 3)
x[1].copy_(torch.tensor([1., 2., 3.]))
obs('x', x)
x.t()[0].copy_(torch.tensor([5., 6.]))
obs('x2', x)
obs('version', x._version)

### copy_overlapping_self
x = torch.arange(5.)
x[1:].copy_(x[:-1].clone())
obs('x', x)

### copy_from_the_same_memory
# copy_ from a tensor over the very same memory: torch writes nothing but still counts
# a version, and records CopyBackwards when the source needs grad
n = np.arange(4.)
u, w = torch.from_numpy(n), torch.from_numpy(n)
u.copy_(w)
obs('u', u)
obs('u_version', u._version)
x = torch.arange(4.)
x.copy_(x.detach())
x.copy_(x)
obs('x_version', x._version)
a = torch.ones(3, requires_grad=True)
b = a * 2
b.copy_(b)
obs('b', b)
b.copy_(b.detach())
obs('b2', b)
b.sum().backward()
obs('a.grad', a.grad)
c = torch.zeros(3)
c.copy_(a)
obs('c', c)
c.sum().backward()
obs('a.grad2', a.grad)

### copy_module_copy
a = torch.tensor([1., 2.])
c = copy.copy(a)
obs('c', c)
obs('shares', same_storage(a, c))
d = copy.deepcopy(a)
obs('d', d)
obs('d_shares', same_storage(a, d))

### deepcopy_leaf_requires_grad
a = torch.tensor([1., 2.], requires_grad=True)
(a * 2).sum().backward()
d = copy.deepcopy(a)
obs('d', d)
obs('d.grad', d.grad)
obs('grad_shares', same_storage(d.grad, a.grad))
obs('is_leaf', d.is_leaf)

### deepcopy_memo_keeps_shared_storage
x = torch.arange(6.)
v = x[2:4]
y, w = copy.deepcopy([x, v])
obs('y', y)
obs('w', w)
obs('w_shares_y', same_storage(w, y))
obs('w_shares_x', same_storage(w, x))
w[0] = 100.
obs('y_after', y)
obs('w_offset', w.storage_offset())

### deepcopy_nonleaf_error
a = torch.tensor([1., 2.], requires_grad=True)
b = a * 2
with expect_error():
    copy.deepcopy(b)
with expect_error():
    copy.deepcopy([a, b])
obs('detached_ok', copy.deepcopy(b.detach()))

### deepcopy_parameter
p = torch.nn.Parameter(torch.tensor([1., 2.]))
q = copy.deepcopy(p)
obs('q', q)
obs('type', type(q).__name__)
obs('repr', repr(q))
obs('shares', same_storage(p, q))

### data_attribute
a = torch.tensor([1., 2.], requires_grad=True)
d = a.data
obs('d', d)
obs('shares', same_storage(d, a))
d[0] = 5.
obs('a', a)
obs('versions', (a._version, d._version))
b = a * 2
obs('b.data', b.data)

### data_assignment
a = torch.tensor([1., 2.], requires_grad=True)
a.data = torch.tensor([7., 8., 9.])
obs('a', a)
obs('rg', a.requires_grad)
with expect_error():
    a.data = torch.tensor([1, 2])
obs('a2', a)

### numpy_requires_grad_error
a = torch.tensor([1., 2.], requires_grad=True)
with expect_error():
    a.numpy()
obs('detach_numpy', a.detach().numpy())
obs('force', a.numpy(force=True))
b = a * 2
with expect_error():
    b.numpy()
with expect_error():
    np.array(a)

### numpy_sharing
t = torch.zeros(3)
n = t.numpy()
n[1] = 5
obs('t', t)
t[2] = 7
obs('n', n)
obs('n_dtype', str(n.dtype))
v = torch.arange(6.).view(2, 3)[:, 1]
nv = v.numpy()
obs('nv', nv)
obs('nv_strides', nv.strides)

### tensor_of_tensor_copies_with_warning
a = torch.tensor([1., 2.])
b = torch.tensor(a)
obs('b', b)
b[0] = 100
obs('a', a)
obs('shares', same_storage(a, b))
c = torch.tensor(torch.tensor([1., 2.], requires_grad=True), requires_grad=True)
obs('c', c)

### new_tensor_detaches_copy
a = torch.tensor([1., 2.], requires_grad=True)
b = a.new_tensor(a)
obs('b', b)
obs('shares', same_storage(a, b))
c = a.new_tensor([5, 6])
obs('c', c)
d = a.new_tensor(np.array([1, 2], dtype=np.int32))
obs('d', d)

### resize_grow_and_shrink
x = torch.arange(6.)
x.resize_(2, 3)
obs('x', x)
x.resize_(2)
obs('shrunk', x)
obs('nbytes', x.untyped_storage().nbytes())
x.resize_(3, 3)
obs('grown_shape', (x.shape, x.dtype))
obs('grown_first', x.flatten()[:6].tolist())
obs('version', x._version)

### resize_on_detached_shares
a = torch.arange(6.)
d = a.detach()
d.resize_(2, 3)
obs('d', d)
obs('a', a)
obs('shares', same_storage(a, d))
d.resize_(4, 4)
obs('a_after_grow', a)
obs('d_shape', d.shape)
obs('shares_after_grow', same_storage(a, d))

### resize_requires_grad_error
a = torch.ones(3, requires_grad=True)
with expect_error():
    a.resize_(6)
b = a * 2
with expect_error():
    b.resize_(2)
with torch.no_grad():
    with expect_error():
        a.resize_(1)

### resize_as
x = torch.arange(4.)
x.resize_as_(torch.zeros(2, 2))
obs('x', x)
y = torch.zeros(5)
y.resize_as_(torch.zeros(1, 2, dtype=torch.int64))
obs('y', y)

### resize_view_error
x = torch.arange(6.)
v = x[:3]
v.resize_(3)
obs('v_same_size', v)
with expect_error():
    x.view(2, 3).resize_(6, 2)

### set_source_tensor
a = torch.arange(4.)
b = torch.zeros(2)
r = b.set_(a)
obs('r_is_b', r is b)
obs('b', b)
obs('shares', same_storage(a, b))
b[0] = -1
obs('a', a)

### set_with_storage
a = torch.arange(6.)
b = torch.zeros(1)
b.set_(a.untyped_storage(), 2, (2, 2), (2, 1))
obs('b', b)
obs('offset', b.storage_offset())
obs('shares', same_storage(a, b))

### set_dtype_mismatch_error
with expect_error():
    torch.zeros(2).set_(torch.zeros(2, dtype=torch.int64))

### transpose_inplace_on_detached
a = torch.arange(6.).view(2, 3)
d = a.detach()
d.transpose_(0, 1)
obs('d', d)
obs('a', a)
obs('shares', same_storage(a, d))
d.t_()
obs('d2', d)
e = torch.arange(6.).view(2, 3).detach()
e.unsqueeze_(0)
obs('e', e)
e.squeeze_()
obs('e2', e)

### transpose_inplace_requires_grad
a = torch.ones(2, 3, requires_grad=True)
with expect_error():
    a.t_()
b = a * 2
b.t_()
obs('b', b)
b.sum().backward()
obs('a.grad', a.grad)

### clone_no_grad_and_detach_order
a = torch.tensor([1., 2.], requires_grad=True)
with torch.no_grad():
    c = a.clone()
obs('c', c)
obs('dc', a.detach().clone())
obs('cd', a.clone().detach())

### requires_grad_on_copies
a = torch.tensor([1., 2.], requires_grad=True)
d = a.detach().requires_grad_()
obs('d', d)
obs('shares', same_storage(a, d))
(d * 3).sum().backward()
obs('d.grad', d.grad)
obs('a.grad', a.grad)
### save_and_load_keep_storages_shared
# tensors saved together that share a storage share one after loading; a view saved
# alone writes its whole storage; leaves keep requires_grad, histories are not saved;
# weights_only (the default since 2.6) refuses a pickled module
import io
t = torch.arange(6.)
v = t[2:4]
buf = io.BytesIO()
torch.save([t, v], buf)
buf.seek(0)
a, b = torch.load(buf)
obs('shared', (same_storage(a, b), b.storage_offset(), b._base is a, a._version, b._version))
a[2] = 100
obs('write_through', b)
buf = io.BytesIO()
torch.save(v, buf)
buf.seek(0)
c = torch.load(buf)
obs('view_alone', (c, c.untyped_storage().nbytes(), c.storage_offset()))
g = torch.ones(2, requires_grad=True)
buf = io.BytesIO()
torch.save({'w': g, 'n': 3, 'nonleaf': g * 2, 'p': nn.Parameter(torch.ones(1)),
            'size': torch.Size([2, 3]), 'same': [t, t], 'transposed': torch.arange(6).view(2, 3).t(),
            'empty': torch.zeros(5)[3:3]}, buf)
buf.seek(0)
d = torch.load(buf)
obs('dict', (d['w'], d['w'].is_leaf, d['n'], d['nonleaf'], d['nonleaf'].is_leaf, type(d['p']).__name__,
             d['size'], d['same'][0] is d['same'][1], d['transposed'].stride(), d['empty'].storage_offset()))
m = nn.Linear(2, 1)
buf = io.BytesIO()
torch.save(m.state_dict(), buf)
buf.seek(0)
sd = torch.load(buf)
obs('state_dict', (list(sd), type(sd).__name__, sd['weight'].equal(m.weight), sd['weight'].requires_grad))
buf = io.BytesIO()
torch.save(m, buf)
buf.seek(0)
try:
    torch.load(buf)
except Exception as e:      # (the refused global is named by its module: minitensor's own)
    obs('weights_only', (type(e).__name__, str(e).replace('minitensor.', 'torch.')))
buf.seek(0)
obs('module', type(torch.load(buf, weights_only=False)).__name__)
''')

test_case = make_test(CASES)
