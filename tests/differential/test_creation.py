"""Creation functions: tensor, as_tensor, from_numpy, zeros/ones/full/empty, random, ranges, *_like, new_*."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### tensor_from_lists
obs('1d', torch.tensor([1, 2, 3]))
obs('2d', torch.tensor([[1., 2.], [3., 4.]]))
obs('3d', torch.tensor([[[1], [2]], [[3], [4]]]))
obs('scalar', torch.tensor(5))
obs('rg', torch.tensor([1., 2.], requires_grad=True))
obs('nested_tensors_0d', torch.tensor([torch.tensor(1.), torch.tensor(2.)]))

### tensor_ragged_error
with expect_error():
    torch.tensor([[1, 2], [3]])
with expect_error():
    torch.tensor([1, 'a'])
with expect_error():
    torch.tensor('abc')
with expect_error():
    torch.tensor([[1, 2], 3])
with expect_error():
    torch.tensor(None)

### tensor_requires_grad_int_error
with expect_error():
    torch.tensor([1, 2], requires_grad=True)
with expect_error():
    torch.zeros(2, dtype=torch.int64, requires_grad=True)
obs('ok', torch.zeros(2, requires_grad=True))

### tensor_from_numpy_copies
a = np.array([1., 2., 3.])
t = torch.tensor(a)
a[0] = 100.
obs('t', t)
obs('dtype', t.dtype)

### as_tensor_shares_numpy
a = np.array([1., 2., 3.])
t = torch.as_tensor(a)
a[0] = 100.
obs('t', t)
t2 = torch.as_tensor(a, dtype=torch.float32)
a[1] = -1.
obs('t2_copy', t2)
l = torch.as_tensor([1, 2])
obs('from_list', l)

### as_tensor_of_tensor
x = torch.tensor([1., 2.])
obs('same', torch.as_tensor(x) is x)
y = torch.as_tensor(x, dtype=torch.float64)
obs('y', y)
obs('y_is_x', y is x)

### from_numpy_shares_both_ways
a = np.arange(4, dtype=np.float32)
t = torch.from_numpy(a)
a[0] = 10
obs('t_after_np_write', t)
t[1] = 20
obs('a_after_t_write', a)
t.add_(1)
obs('a_after_add_', a)
obs('dtype', t.dtype)
obs('version', t._version)
n = t.numpy()
obs('n_is_a_data', np.shares_memory(n, a))

### from_numpy_dtypes
for dt in [np.float64, np.float32, np.float16, np.int64, np.int32, np.int16, np.int8, np.uint8, np.bool_]:
    obs(np.dtype(dt).name, torch.from_numpy(np.zeros(2, dtype=dt)).dtype)

### from_numpy_noncontiguous
a = np.arange(12.).reshape(3, 4)[:, ::2]
t = torch.from_numpy(a)
obs('t', t)
obs('stride', t.stride())
a[0, 0] = -5
obs('t00', t[0, 0].item())
b = np.arange(6.).reshape(2, 3).T
tb = torch.from_numpy(b)
obs('tb', tb)

### tensor_of_lists_holding_numpy_and_tensors
# each element has a dtype (NumPy scalars, arrays and tensors their own; a Python float
# the default) and torch promotes them: [np.float64(1), 2.] is float64, [np int32
# array, int32 array] int32; a 0-d array leading a list has no len(). (torch warns
# about lists of arrays once per process, so that warning is not compared here.)
import warnings
cases = {
    'arrays_f64': lambda: [np.ones(2), np.ones(2)],
    'arrays_i32': lambda: [np.ones(2, np.int32), np.ones(2, np.int32)],
    'arrays_i32_f32': lambda: [np.ones(2, np.int32), np.ones(2, np.float32)],
    'arrays_f16_i64': lambda: [np.ones(2, np.float16), np.ones(2, np.int64)],
    'array_and_list': lambda: [np.ones(2, np.int32), [1.5, 2]],
    'list_then_array': lambda: [[1, 2], np.ones(2)],
    'ragged_array': lambda: [[1, 2], np.ones(3)],
    'np_f64': lambda: [np.float64(1), np.float64(2)],
    'np_f32': lambda: [np.float32(1), np.float32(2)],
    'np_i32': lambda: [np.int32(1), np.int32(2)],
    'np_f16_int': lambda: [np.float16(1), 2],
    'np_u8_i8': lambda: [np.uint8(1), np.int8(2)],
    'np_bool': lambda: [np.bool_(True), 1],
    'bool_array_and_int_array': lambda: [np.array([True, False]), np.array([1, 2])],
    'bool_list_and_int_array': lambda: [[True, False], np.array([1, 2])],
    'zero_d_first': lambda: [np.array(1.), np.array(2.)],
    'zero_d_tensors_i32': lambda: [torch.tensor(1, dtype=torch.int32), torch.tensor(2, dtype=torch.int32)],
    'tensor_f64_and_float': lambda: [torch.tensor(1., dtype=torch.float64), 2.0],
    'tensor_i32_and_int': lambda: [torch.tensor(1, dtype=torch.int32), 2],
    'nested_np': lambda: [[np.float32(1), 2], [3, 4]],
    'empty': lambda: [],
}
for name, make in cases.items():
    for fn in ('tensor', 'as_tensor'):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            with expect_error(f'raises {name} {fn}'):
                obs(f'{name} {fn}', getattr(torch, fn)(make()))
    with expect_error(f'raises {name} float64'):
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            obs(f'{name} float64', torch.tensor(make(), dtype=torch.float64))

### from_numpy_of_a_read_only_array
# torch warns (once per process, so the warning is not compared here) and then writes
# through it all the same: into the array, which NumPy itself would refuse to write
import warnings
a = np.arange(6.).reshape(2, 3)
a.flags.writeable = False
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    t = torch.from_numpy(a)
    s = torch.as_tensor(a[:, 1:])
t.copy_(torch.ones(3))
obs('after_copy_', a.copy())
t.add_(1)
t[0, 0] = 7
t.mul_(torch.tensor([1., 2., 3.]))
s.zero_()
obs('after_writes', a.copy())
obs('shares', (t.data_ptr() == a.ctypes.data, s.storage_offset(), s.untyped_storage().nbytes()))
obs('version', (t._version, s._version))
obs('numpy_writable', t.numpy().flags.writeable)
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    e = torch.from_numpy(np.broadcast_to(np.ones(3), (2, 3)))
obs('expanded', e.stride())
with expect_error():
    e.add_(1)

### from_numpy_errors
with expect_error():
    torch.from_numpy([1, 2])
with expect_error():
    torch.from_numpy(np.array(['a']))
with expect_error():
    torch.from_numpy(np.zeros(2, dtype=object))

### numpy_roundtrip
t = torch.arange(6.).view(2, 3)
n = t.numpy()
obs('n', n)
n[0, 0] = 42
obs('t_after', t)
obs('int', torch.tensor([1, 2]).numpy())
obs('bool', torch.tensor([True]).numpy())
obs('nt', t.t().numpy())
obs('np_array', np.asarray(torch.tensor([1., 2.])))

### zeros_ones_full
obs('zeros', torch.zeros(2, 3))
obs('zeros_tuple', torch.zeros((2, 3)))
obs('zeros_list', torch.zeros([2]))
obs('zeros_size', torch.zeros(torch.Size([1, 2])))
obs('ones', torch.ones(3))
obs('ones0d', torch.ones(()))
obs('zeros_empty', torch.zeros(0, 2))
obs('full_int', torch.full((2, 2), 7))
obs('full_float', torch.full((2,), 1.5))
obs('full_bool', torch.full((2,), True))
obs('full_rg', torch.full((2,), 1.5, requires_grad=True))
obs('zeros_rg', torch.zeros(2, requires_grad=True))

### zeros_bad_sizes
with expect_error():
    torch.zeros(-1)
with expect_error():
    torch.zeros(2.5)
with expect_error():
    torch.ones('a')
with expect_error():
    torch.full(2, 1.)

### empty_shape_dtype
e = torch.empty(2, 3)
obs('shape', e.shape)
obs('dtype', e.dtype)
obs('stride', e.stride())
e2 = torch.empty((4,), dtype=torch.int64)
obs('e2', (e2.shape, e2.dtype, e2.requires_grad))
el = torch.empty_like(torch.ones(2, 2, dtype=torch.float64))
obs('el', (el.shape, el.dtype))
obs('empty0', torch.empty(0))

### rand_randn_shapes
torch.manual_seed(0)
r = torch.rand(1000)
obs('rand', (r.shape, r.dtype, bool((r >= 0).all()), bool((r < 1).all())))
n = torch.randn(3, 4)
obs('randn', (n.shape, n.dtype, n.requires_grad))
obs('randn_f64', torch.randn(2, dtype=torch.float64).dtype)
obs('rand_tuple', torch.rand((2, 3)).shape)
obs('randn_rg', torch.randn(2, requires_grad=True).requires_grad)
big = torch.randn(10000)
obs('randn_stats', (abs(big.mean().item()) < 0.05, abs(big.std().item() - 1) < 0.05))
obs('rand_like', torch.rand_like(torch.zeros(2, 2, dtype=torch.float64)).dtype)
obs('randn_like', torch.randn_like(torch.zeros(3)).shape)

### randint_shapes
r = torch.randint(0, 10, (1000,))
obs('dtype', r.dtype)
obs('range', (bool((r >= 0).all()), bool((r < 10).all())))
obs('all_values', sorted(set(r.tolist())) == list(range(10)))
r2 = torch.randint(5, (3, 2))
obs('r2', (r2.shape, r2.dtype, bool((r2 < 5).all())))
r3 = torch.randint(3, 5, (2,), dtype=torch.float32)
obs('r3', (r3.dtype, bool((r3 >= 3).all())))
obs('like', torch.randint_like(torch.zeros(2), 4).dtype)
with expect_error():
    torch.randint(5, 2, (3,))

### rand_int_dtype_error
with expect_error():
    torch.rand(2, dtype=torch.int64)
with expect_error():
    torch.randn(2, dtype=torch.int32)

### manual_seed_determinism
torch.manual_seed(123)
a = torch.rand(5)
b = torch.randn(3)
c = torch.randint(0, 100, (4,))
torch.manual_seed(123)
a2 = torch.rand(5)
b2 = torch.randn(3)
c2 = torch.randint(0, 100, (4,))
obs('same', (torch.equal(a, a2), torch.equal(b, b2), torch.equal(c, c2)))
obs('differs', torch.equal(a, torch.rand(5)))
g = torch.manual_seed(5)
obs('returns_generator', type(g).__name__)
obs('initial_seed', torch.initial_seed())

### randperm_and_normal
p = torch.randperm(10)
obs('p', (p.dtype, sorted(p.tolist())))
n = torch.normal(0., 1., size=(3,))
obs('normal', (n.shape, n.dtype))
u = torch.empty(100).uniform_(2, 3)
obs('uniform', (bool((u >= 2).all()), bool((u < 3).all())))
nm = torch.zeros(3).normal_()
obs('normal_', (nm.shape, nm._version))
b = torch.bernoulli(torch.full((100,), 0.5))
obs('bern', (b.dtype, set(b.tolist()) <= {0., 1.}))
m = torch.multinomial(torch.tensor([0., 1., 0.]), 2, replacement=True)
obs('multinomial', m)

### arange_variants
obs('a1', torch.arange(5))
obs('a2', torch.arange(1, 4))
obs('a3', torch.arange(0, 1, 0.25))
obs('a4', torch.arange(5.))
obs('a5', torch.arange(10, 0, -3))
obs('a6', torch.arange(0, 5, 2, dtype=torch.float64))
obs('empty', torch.arange(0))
obs('float_end', torch.arange(1, 2.5))
obs('tensor_arg', torch.arange(torch.tensor(3)))
obs('float_step_count', torch.arange(0, 1, 0.1).shape)
with expect_error():
    torch.arange(0, 5, 0)
with expect_error():
    torch.arange(5, 0, 1)

### linspace_logspace
obs('l1', torch.linspace(0, 1, 5))
obs('l2', torch.linspace(-1, 1, steps=3))
obs('l3', torch.linspace(0, 10, 1))
obs('l4', torch.linspace(0, 1, 0))
obs('lint', torch.linspace(0, 10, 4, dtype=torch.int64))
obs('log1', torch.logspace(0, 2, 3))
obs('log2', torch.logspace(0, 3, 4, base=2))
with expect_error():
    torch.linspace(0, 1, -1)

### linspace_bits_and_ranges
# torch's kernel counts up from start for the first half and down from end for the second,
# each element one fused multiply-add: compare the bits, not just the values
for dt, bits in ((torch.float32, torch.int32), (torch.float64, torch.int64), (torch.float16, torch.int16)):
    obs('bits', torch.linspace(-1, 1, 200, dtype=dt).view(bits))
    obs('bits_odd', torch.linspace(0.1, 4.1, 77, dtype=dt).view(bits))
    obs('bits_down', torch.linspace(2.5, -7.25, 65, dtype=dt).view(bits))
for dt in (torch.int64, torch.int32, torch.int16, torch.uint8):
    obs('int', torch.linspace(0.5, 100.7, 41, dtype=dt))
obs('neg_wraps_unsigned', torch.linspace(-1, 5, 3, dtype=torch.uint8))
obs('one_step_ignores_end', torch.linspace(0, float('inf'), 1, dtype=torch.int64))
obs('no_steps_no_check', torch.linspace(0, 1e6, 0, dtype=torch.int8))
for args in [(0, 1000, 5, torch.uint8), (-256, 5, 3, torch.uint8), (-1.0, 5, 3, torch.uint8),
             (0, 2 ** 31, 3, torch.int32), (0, 1e6, 3, torch.float16), (0, 1e39, 3, torch.float32),
             (0, float('nan'), 3, torch.int64), (0, 1, 3, torch.bool)]:
    with expect_error():
        torch.linspace(args[0], args[1], args[2], dtype=args[3])

### eye_variants
obs('e3', torch.eye(3))
obs('e23', torch.eye(2, 3))
obs('e_int', torch.eye(2, dtype=torch.int64))
obs('e0', torch.eye(0))
with expect_error():
    torch.eye(-1)

### like_functions
x = torch.tensor([[1, 2], [3, 4]], dtype=torch.int32)
obs('zeros_like', torch.zeros_like(x))
obs('ones_like', torch.ones_like(x))
obs('full_like', torch.full_like(x, 9))
obs('full_like_float', torch.full_like(x, 2.7))
obs('empty_like', (torch.empty_like(x).shape, torch.empty_like(x).dtype))
f = torch.ones(2, requires_grad=True)
obs('zl_rg', torch.zeros_like(f))
obs('zl_rg_true', torch.zeros_like(f, requires_grad=True))
t = torch.zeros(3, 2).t()
obs('like_keeps_strides', torch.zeros_like(t).stride())
obs('like_keeps_strides_ones', torch.ones_like(t).stride())
obs('like_expanded', torch.zeros_like(torch.zeros(3, 1).expand(3, 4)).stride())

### new_methods
x = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)
obs('new_tensor', x.new_tensor([3, 4]))
obs('new_tensor_dtype', x.new_tensor([3, 4], dtype=torch.int64))
obs('new_zeros', x.new_zeros(2, 3))
obs('new_zeros_tuple', x.new_zeros((1,)))
obs('new_ones', x.new_ones(2))
obs('new_full', x.new_full((2,), 5))
e = x.new_empty(3)
obs('new_empty', (e.shape, e.dtype, e.requires_grad))
obs('new_tensor_rg', x.new_tensor([1.], requires_grad=True))
i = torch.tensor([1, 2])
obs('int_new_full', i.new_full((2,), 2.5))
obs('int_new_ones', i.new_ones(2))

### new_tensor_of_tensor_warns
x = torch.tensor([1., 2.])
y = x.new_tensor(x)
obs('y', y)
obs('shares', same_storage(x, y))

### tensor_of_tensor_warns
x = torch.tensor([1., 2.], requires_grad=True)
y = torch.tensor(x)
obs('y', y)
obs('shares', same_storage(x, y))

### zeros_names_dims_combos
obs('a', torch.zeros(1, 1, 1).shape)
obs('b', torch.ones(2, 0, 3).numel())
obs('c', torch.zeros(size=(2,)))
obs('d', torch.full(size=(2,), fill_value=1))

### tensor_from_numpy_scalars_and_lists_of_arrays
obs('np_int', torch.tensor(np.int32(3)))
obs('np_bool', torch.tensor(np.bool_(True)))
obs('np_f32_in_list', torch.tensor([np.float32(1.5), 2.5]).dtype)

### scalar_tensor_and_0d
obs('scalar_tensor', torch.scalar_tensor(3))
obs('zeros0', torch.zeros([]))
obs('full0', torch.full((), 2))
### creation_needs_a_size
for f in ["zeros", "ones", "empty", "rand", "randn"]:
    with expect_error(f + '()'):
        getattr(torch, f)()
    with expect_error(f + '(dtype)'):
        getattr(torch, f)(dtype=torch.float64)
    obs(f + '(())', tuple(getattr(torch, f)(()).shape))
x = torch.zeros(2)
for f in ["new_zeros", "new_ones", "new_empty"]:
    with expect_error(f + '()'):
        getattr(x, f)()
for args in ["5", "0, 5", "5.0"]:
    with expect_error('randint ' + args):
        eval(f"torch.randint({args})")
obs('randint 0-dim', tuple(torch.randint(0, 5, ()).shape))
obs('normal 0-dim', tuple(torch.normal(0., 1., ()).shape))
x = torch.zeros(3)
x.fill_(torch.tensor(2., requires_grad=True))
obs('fill_ tensor', x)
### factories_called_without_arguments
for name in ('cat', 'stack', 'zeros_like', 'ones_like', 'empty_like', 'full_like', 'rand_like',
             'randn_like', 'tensor', 'as_tensor', 'from_numpy', 'full', 'arange', 'eye', 'linspace',
             'logspace', 'randint', 'zeros', 'ones', 'empty', 'rand', 'randn'):
    with expect_error(name):
        getattr(torch, name)()
''')

test_case = make_test(CASES)
