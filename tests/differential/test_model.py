"""The tensor model: storage, views, strides, offsets, pointers, versions, metadata."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### basic_metadata_2x3
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
obs('x', x)
obs('dim', x.dim())
obs('ndim', x.ndim)
obs('numel', x.numel())
obs('size', x.size())
obs('size_repr', repr(x.size()))
obs('shape_repr', repr(x.shape))
obs('size0', x.size(0))
obs('size_neg', x.size(-1))
obs('element_size', x.element_size())
obs('nbytes', x.nbytes)
obs('itemsize', x.itemsize)
obs('stride', x.stride())
obs('stride1', x.stride(1))
obs('storage_offset', x.storage_offset())

### metadata_0dim
x = torch.tensor(3.5)
obs('x', x)
obs('dim', x.dim())
obs('shape', repr(x.shape))
obs('numel', x.numel())
obs('stride', x.stride())
obs('item', x.item())
obs('tolist', x.tolist())

### metadata_empty
x = torch.tensor([])
obs('x', x)
obs('shape', repr(x.shape))
obs('numel', x.numel())
obs('dtype', x.dtype)
obs('repr', repr(x))

### element_size_per_dtype
for dt in [torch.float16, torch.float32, torch.float64, torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64, torch.bool]:
    t = torch.zeros(3, dtype=dt)
    obs(repr(dt), (t.element_size(), t.nbytes, t.untyped_storage().nbytes()))

### size_is_tuple_subclass
s = torch.zeros(2, 3, 4).shape
obs('isinstance_tuple', isinstance(s, tuple))
obs('len', len(s))
obs('slice', s[1:])
obs('slice_repr', repr(s[1:]))
obs('numel', s.numel())
obs('eq_tuple', s == (2, 3, 4))
obs('eq_list', s == [2, 3, 4])
obs('str', str(s))
obs('sum', sum(s))
obs('unpack', [a for a in s])
obs('torch_size', repr(torch.Size([1, 2])))
obs('add', repr(s + (5,)))

### size_dim_out_of_range
x = torch.zeros(2, 3)
with expect_error():
    x.size(2)
with expect_error():
    x.stride(-3)

### item_errors
with expect_error():
    torch.tensor([1., 2.]).item()
with expect_error():
    torch.tensor([]).item()
obs('one_elem', torch.tensor([[7]]).item())
obs('bool_item', torch.tensor(True).item())
obs('int_item', torch.tensor(5).item())
obs('f64_item', torch.tensor(0.1, dtype=torch.float64).item())
obs('f32_item', torch.tensor(0.1).item())

### tolist_shapes
obs('l1', torch.arange(4).tolist())
obs('l2', torch.arange(6).view(2, 3).tolist())
obs('lf', torch.tensor([[1.5, 2.5]]).tolist())
obs('lb', torch.tensor([True, False]).tolist())
obs('l0', torch.tensor(2).tolist())
obs('lempty', torch.zeros(0, 3).tolist())
obs('ltrans', torch.arange(6).view(2, 3).t().tolist())

### contiguous_returns_self
x = torch.arange(6.).view(2, 3)
c = x.contiguous()
obs('same_obj', c is x)
t = x.t()
obs('t_contig', t.is_contiguous())
ct = t.contiguous()
obs('ct_is_t', ct is t)
obs('ct', ct)
obs('shares', same_ptr(ct, t))
obs('ct_stride', ct.stride())

### views_share_storage
x = torch.arange(12.).view(3, 4)
v = x[1]
obs('v', v)
obs('same_storage', same_storage(v, x))
obs('same_ptr', same_ptr(v, x))
obs('ptr_diff_bytes', v.data_ptr() - x.data_ptr())
obs('base', v._base is x)
obs('x_base', x._base is None)
obs('is_view', v._is_view())
obs('x_is_view', x._is_view())

### base_of_view_of_view
x = torch.arange(12.)
v = x.view(3, 4)
w = v[1:, 2:]
obs('w', w)
obs('w_base_is_x', w._base is x)
obs('v_base_is_x', v._base is x)
obs('w_base_is_v', w._base is v)

### version_counter_inplace
x = torch.zeros(3)
obs('v0', x._version)
x.add_(1)
obs('v1', x._version)
x.mul_(2)
x[0] = 5
obs('v3', x._version)
x += 1
obs('v4', x._version)
obs('x', x)

### version_shared_by_views
x = torch.zeros(2, 3)
v = x[0]
w = x.t()
v.fill_(1)
obs('x', x._version)
obs('v', v._version)
obs('w', w._version)
w.zero_()
obs('after', (x._version, v._version, w._version))

### version_not_bumped_by_outofplace
x = torch.ones(3)
y = x + 1
z = x.view(3)
obs('versions', (x._version, y._version, z._version))
z2 = x.clone()
obs('clone_v', z2._version)

### typed_storage_of_older_lessons
# t.storage() is torch's deprecated TypedStorage (blog posts before 2.0 compare its
# data_ptr to show sharing); torch warns once per process, so that is not compared here
import warnings
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    t = torch.arange(6.).view(2, 3)
    v = t[1, 1:]
    s = t.storage()
    obs('repr', repr(s))
    obs('str_bool', str(torch.tensor([True, False]).storage()))
    obs('repr_empty', repr(torch.zeros(0).storage()))
    obs('repr_float32_digits', repr(torch.tensor([0.1]).storage()))
    obs('sizes', (s.size(), len(s), s.nbytes(), s.element_size(), str(s.dtype), str(s.device)))
    obs('same_memory', (v.storage().data_ptr() == t.storage().data_ptr(),
                        v.storage().data_ptr() == v.untyped_storage().data_ptr(),
                        t.clone().storage().data_ptr() == s.data_ptr()))
    obs('view_storage_size', v.storage().size())
    obs('items', (s[0], s[-1], s.tolist(), list(s), type(s).__name__, type(s.untyped()).__name__))
    with expect_error():
        s[6]
    s[0] = 9
    obs('write_through', (t, t._version))
    obs('int64', repr(torch.tensor([1, 2]).storage()))

### storage_offset_slices
x = torch.arange(20).view(4, 5)
obs('a', x[1:, 2:].storage_offset())
obs('b', x[2].storage_offset())
obs('c', x[:, 3].storage_offset())
obs('d', x[1:3, 1:4].stride())
obs('e', x[::2, ::3])
obs('f', x[3, 4].storage_offset())
obs('g', x.t()[2].storage_offset())

### untyped_storage_size
x = torch.arange(10, dtype=torch.float32)
v = x[2:5]
obs('st_nbytes', v.untyped_storage().nbytes())
obs('x_nbytes', x.untyped_storage().nbytes())
obs('v_nbytes', v.nbytes)
obs('len_storage', len(v.untyped_storage()))

### data_ptr_offset_in_bytes
x = torch.arange(10, dtype=torch.float64)
obs('d', x[3:].data_ptr() - x.data_ptr())
y = torch.arange(10, dtype=torch.int16)
obs('d16', y[3:].data_ptr() - y.data_ptr())
obs('storage_same', x[3:].untyped_storage().data_ptr() == x.untyped_storage().data_ptr())

### fresh_tensors_distinct_storage
a = torch.zeros(3)
b = torch.zeros(3)
obs('diff', same_storage(a, b))
c = a + 0
obs('add_new', same_storage(a, c))

### is_contiguous_variants
x = torch.arange(24).view(2, 3, 4)
obs('x', x.is_contiguous())
obs('perm', x.permute(2, 0, 1).is_contiguous())
obs('slice_last', x[:, :, :2].is_contiguous())
obs('slice_first', x[1:].is_contiguous())
obs('expand', torch.zeros(3, 1).expand(3, 4).is_contiguous())
obs('size1_dims', torch.zeros(1, 4).t().is_contiguous())
obs('step', x[:, ::2].is_contiguous())
obs('empty_t', torch.zeros(0, 3).t().is_contiguous())

### strides_of_views
x = torch.arange(24.).view(2, 3, 4)
obs('x', x.stride())
obs('t', x.transpose(0, 2).stride())
obs('p', x.permute(1, 2, 0).stride())
obs('e', torch.zeros(3, 1).expand(3, 4).stride())
obs('u', x.unsqueeze(1).stride())
obs('s', torch.zeros(2, 1, 3).squeeze(1).stride())
obs('sel', x.select(1, 1).stride())
obs('flat', x.flatten().stride())
obs('step', x[:, :, ::2].stride())

### dim_and_size_names
x = torch.zeros(4, 5, 6)
obs('shape', x.shape)
obs('size', x.size())
obs('size_neg2', x.size(-2))
obs('shape_getitem', x.shape[-1])
obs('T_shape', repr(torch.zeros(2, 3).T.shape))
obs('mT_shape', repr(x.mT.shape))

### len_and_iter
x = torch.arange(6).view(3, 2)
obs('len', len(x))
rows = list(x)
obs('rows', rows)
obs('row_shares', same_storage(rows[1], x))
obs('row_base', rows[1]._base is x)
with expect_error():
    len(torch.tensor(3))
with expect_error():
    iter(torch.tensor(3))

### bool_and_int_of_tensor
obs('bool1', bool(torch.tensor([1])))
obs('bool0', bool(torch.tensor(0.)))
obs('int', int(torch.tensor(3.7)))
obs('float', float(torch.tensor(2)))
with expect_error():
    bool(torch.tensor([1, 2]))
with expect_error():
    float(torch.tensor([1., 2.]))
obs('index', [10, 20, 30][torch.tensor(1)])

### data_ptr_of_empty
x = torch.zeros(0)
obs('ptr_zero', x.data_ptr() == 0)
obs('nbytes', x.untyped_storage().nbytes())

### nbytes_views
x = torch.zeros(4, 4)
obs('nb', x[1:3].nbytes)
obs('nb_t', x.t().nbytes)
obs('nb_exp', torch.zeros(1).expand(100).nbytes)

### repr_basic
obs('f', repr(torch.tensor([1., 2., 3.])))
obs('f2', repr(torch.tensor([[1.5, -2.25], [3., 4.]])))
obs('i', repr(torch.tensor([1, 2, 3])))
obs('b', repr(torch.tensor([True, False])))
obs('0d', repr(torch.tensor(3.)))
obs('0d_int', repr(torch.tensor(3)))
obs('f64', repr(torch.tensor([1., 2.], dtype=torch.float64)))
obs('i32', repr(torch.tensor([1, 2], dtype=torch.int32)))
obs('u8', repr(torch.tensor([1, 2], dtype=torch.uint8)))
obs('f16', repr(torch.tensor([1., 2.], dtype=torch.float16)))
obs('empty', repr(torch.zeros(0)))
obs('empty2', repr(torch.zeros(0, 3)))
obs('empty_int', repr(torch.zeros(0, dtype=torch.int64)))

### repr_float_formats
obs('small', repr(torch.tensor([0.0001, 1.])))
obs('big', repr(torch.tensor([1e10, 1.])))
obs('mixed', repr(torch.tensor([1.23456789, 100.5])))
obs('ints_as_float', repr(torch.tensor([1., 10., 100.])))
obs('neg', repr(torch.tensor([-1., 0.5])))
obs('nan_inf', repr(torch.tensor([float('nan'), float('inf'), -float('inf'), 1.])))
obs('tiny', repr(torch.tensor([1e-8])))
obs('third', repr(torch.tensor([1/3])))
obs('large_int', repr(torch.tensor([123456789])))
obs('zero', repr(torch.tensor([0.])))
obs('negzero', repr(torch.tensor([-0.])))
obs('mixed_sci', repr(torch.tensor([1e-5, 1e5])))

### repr_grad_info
a = torch.tensor([1., 2.], requires_grad=True)
obs('leaf', repr(a))
obs('mul', repr(a * 2))
obs('sum', repr((a * 2).sum()))
obs('0d_leaf', repr(torch.tensor(1., requires_grad=True)))
obs('detach', repr(a.detach()))
with torch.no_grad():
    obs('nograd', repr(a * 2))

### repr_dtype_suffix
obs('f64_0d', repr(torch.tensor(1., dtype=torch.float64)))
obs('i32_0d', repr(torch.tensor(1, dtype=torch.int32)))
obs('f64_grad', repr(torch.tensor([1.], dtype=torch.float64, requires_grad=True)))
obs('f64_gradfn', repr(torch.tensor([1.], dtype=torch.float64, requires_grad=True) * 2))
obs('bool_empty', repr(torch.zeros(0, dtype=torch.bool)))

### repr_3d_and_big
obs('3d', repr(torch.arange(12.).view(2, 2, 3)))
obs('big', repr(torch.arange(2000)))
obs('big2d', repr(torch.arange(2000.).view(40, 50)))
obs('wide', repr(torch.arange(30.)))
obs('longrow', repr(torch.linspace(0, 1, 20)))

### str_equals_repr
x = torch.tensor([1., 2.])
obs('str', str(x))
obs('fmt', f"{torch.tensor(2.5)}")
obs('format_spec', format(torch.tensor(2.5), '.2f'))

### parameter_repr
p = torch.nn.Parameter(torch.tensor([1., 2.]))
obs('repr', repr(p))
obs('p', p)
obs('isinst', isinstance(p, torch.Tensor))
''')

test_case = make_test(CASES)
