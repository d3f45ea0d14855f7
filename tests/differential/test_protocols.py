"""Python-level protocols and legacy spellings lesson code uses: torch.Tensor(...),
torch.FloatTensor, isinstance/type, hashing, membership, pickling, NumPy functions,
augmented assignment through indexing, identity of grad_fn objects."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### legacy_tensor_constructor
obs('list', torch.Tensor([1, 2]))
obs('nested', torch.Tensor([[1, 2], [3, 4]]))
e = torch.Tensor(2, 3)
obs('sizes', (e.shape, e.dtype))
obs('empty', torch.Tensor())
obs('size_obj', torch.Tensor(torch.Size([2])).shape)
with expect_error():
    torch.Tensor('a')

### legacy_typed_constructors
obs('float', torch.FloatTensor([1, 2]))
obs('long', torch.LongTensor([1, 2]))
obs('double', torch.DoubleTensor([1.5]))
obs('int', torch.IntTensor([3]))
obs('bool', torch.BoolTensor([True, False]))
obs('byte', torch.ByteTensor([1, 2]))
obs('shape_ctor', torch.LongTensor(3).shape)
obs('isinst', isinstance(torch.zeros(2), torch.FloatTensor))
obs('isinst_long', isinstance(torch.zeros(2, dtype=torch.int64), torch.LongTensor))
obs('isinst_neg', isinstance(torch.zeros(2), torch.LongTensor))

### type_and_isinstance
x = torch.zeros(2)
obs('type_name', type(x).__name__)
obs('type_is', type(x) is torch.Tensor)
obs('isinstance', isinstance(x, torch.Tensor))
obs('is_tensor', torch.is_tensor(x))
obs('is_tensor_list', torch.is_tensor([1]))
obs('is_tensor_np', torch.is_tensor(np.zeros(2)))
obs('numel_fn', torch.numel(x))
obs('subclass_param', issubclass(torch.nn.Parameter, torch.Tensor))

### hash_and_membership
a = torch.tensor([1., 2.])
b = torch.tensor([1., 2.])
d = {a: 'a'}
obs('lookup', d[a])
obs('hash_is_id', hash(a) == id(a))
obs('in_set', a in {a})
obs('b_in_set', b in {a})
with expect_error():
    a in [b]
obs('scalar_in', 2. in a)
obs('scalar_not_in', 5 in a)

### truthiness_rules
obs('one', bool(torch.tensor([3])))
obs('zero_d', bool(torch.tensor(0)))
with expect_error():
    if torch.tensor([1, 2]):
        pass
with expect_error():
    bool(torch.tensor([]))
obs('and', (torch.tensor(True) and torch.tensor(False)))

### pickle_roundtrip
import pickle
x = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
y = pickle.loads(pickle.dumps(x))
obs('y', y)
obs('shares', same_storage(x, y))
v = torch.arange(6.)[2:]
w = pickle.loads(pickle.dumps(v))
obs('w', w)
obs('w_offset', w.storage_offset())
with expect_error():
    pickle.dumps(x * 2)
p = pickle.loads(pickle.dumps(torch.nn.Parameter(torch.ones(2))))
obs('p', p)

### numpy_functions_on_tensors
t = torch.tensor([1., 2., 3.])
obs('np_sum', np.sum(t.numpy()))
obs('np_asarray', np.asarray(t))
obs('np_array_dtype', np.array(torch.tensor([1, 2])).dtype.name)
obs('np_array_copy', np.shares_memory(np.array(t), t.numpy()))
obs('np_mean', float(np.mean(t.numpy())))
obs('tensor_of_np_sum', torch.tensor(np.float64(3.5)))
obs('tensor_from_np_int_scalar', torch.tensor(np.int64(3)).dtype)
obs('mixed_np_scalar_op', t * np.float64(2.0))

### numpy_arrays_in_operators
# torch's operators take no NumPy array: t + arr is NumPy's sum made a tensor again
# (__array_wrap__: NumPy's dtype, no graph, an error if t requires grad), arr + t and
# t < arr are TypeErrors, t == arr alone is torch's own, and t != arr is identity
t = torch.tensor([1., 2., 3.])
i = torch.tensor([1, 2, 3])
g = torch.tensor([1., 2., 3.], requires_grad=True)
arrays = {'f64': np.ones(3), 'i64': np.arange(3), 'f32': np.ones(3, np.float32),
          'b': np.array([True, False, True]), '0d': np.array(2.)}
for tn, x in (('t', t), ('i', i), ('g', g)):
    for an, a in arrays.items():
        for op in ('+', '-', '*', '/', '//', '%', '**', '@', '==', '!=', '<', '>=', '&'):
            for label, code in ((f'{tn}{op}{an}', f'x {op} a'), (f'{an}{op}{tn}', f'a {op} x')):
                with expect_error('raises ' + label):
                    obs(label, eval(code))
y = t.clone()
y += np.ones(3)         # no in-place op takes it either: y becomes NumPy's sum, float64
obs('iadd_array', (y, y is t))

### numpy_ufuncs_on_tensors
t = torch.tensor([1., 2., 3.])
obs('exp', np.exp(t))
obs('add', np.add(t, t))
obs('greater_is_uint8', np.greater(t, 1.5))
obs('isnan', np.isnan(t))
obs('matmul_0d', np.matmul(t, t))
obs('exp_0d', np.exp(torch.tensor(1.)))
obs('sqrt_of_view', np.sqrt(t[1:]))
obs('int_sin', np.sin(torch.tensor([1, 2])))
obs('with_out', np.negative(t, out=np.empty(3, np.float32)))
r = np.exp(t)
obs('result_is_leaf_owner', (r.is_leaf, r.requires_grad, r._base is None))
with expect_error():
    np.exp(torch.ones(2, requires_grad=True))

### torch_size_is_a_checked_tuple
S = torch.Size([2, 3])
for label, make in {
        'plus_tuple': lambda: S + (4,), 'tuple_plus': lambda: (4,) + S, 'plus_list': lambda: S + [4],
        'plus_size': lambda: S + S, 'times': lambda: S * 2, 'rtimes': lambda: 2 * S,
        'times0': lambda: S * 0, 'slice': lambda: S[1:], 'from_bools': lambda: torch.Size([True, 2]),
        'from_int_tensor': lambda: torch.Size([torch.tensor(2), 3]),
        'from_float_tensor': lambda: torch.Size([torch.tensor(2.), 3]),
        'from_numpy': lambda: torch.Size(np.array([2, 3])), 'from_generator': lambda: torch.Size(i for i in (1, 2)),
        'from_str': lambda: torch.Size('ab'), 'from_none': lambda: torch.Size([None]),
        'from_float_second': lambda: torch.Size([1, 2.5]), 'from_np_float': lambda: torch.Size([np.float64(2)]),
        'from_int': lambda: torch.Size(3), 'empty': lambda: torch.Size(), 'negative': lambda: torch.Size([-1]),
        'eq_tuple': lambda: (S == (2, 3), S == [2, 3], hash(S) == hash((2, 3)))}.items():
    with expect_error('raises ' + label):
        r = make()
        obs(label, (r, type(r).__name__))

### finfo_and_iinfo
for dt in (torch.float16, torch.float32, torch.float64):
    f = torch.finfo(dt)
    obs(str(dt), (repr(f), f.resolution, f.eps, f.bits, f.tiny, f.max))
for dt in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64):
    i = torch.iinfo(dt)
    obs(str(dt), (repr(i), i.min, i.max, i.bits))
for make in (lambda: torch.iinfo(torch.bool), lambda: torch.iinfo(torch.float32),
             lambda: torch.finfo(torch.int32)):
    with expect_error():
        make()

### numpy_byte_order_is_refused
for make in (lambda: torch.from_numpy(np.ones(2, '>f4')), lambda: torch.tensor(np.ones(2, '>f4')),
             lambda: torch.as_tensor(np.ones(2, '>i8')), lambda: torch.from_numpy(np.ones(2, '<f4'))):
    with expect_error():
        obs('t', make())

### augmented_assignment_through_indexing
x = torch.zeros(3)
x[1] += 5
obs('x', x)
obs('v', x._version)
y = torch.zeros(2, 2)
y[:, 0] *= 3
y[0] -= 1
obs('y', y)
obs('v_y', y._version)
a = torch.zeros(3, requires_grad=True)
with expect_error():
    a[0] += 1
b = a * 1
b[0] += 2
obs('b', b)

### grad_fn_identity
a = torch.tensor([1.], requires_grad=True)
y = a * 2
obs('same_obj', y.grad_fn is y.grad_fn)
obs('next_same', y.grad_fn.next_functions[0][0] is y.grad_fn.next_functions[0][0])
obs('eq', y.grad_fn == y.grad_fn)
z = y.view(1)
obs('view_gf_differs', z.grad_fn is y.grad_fn)

### iteration_and_unpacking
x = torch.tensor([[1, 2], [3, 4]])
a, b = x
obs('a', a)
obs('b_base', b._base is None)
obs('list0', list(torch.tensor([5, 6])))
obs('zip', [(int(p), int(q)) for p, q in zip(torch.tensor([1, 2]), torch.tensor([3, 4]))])
obs('enumerate_len', len(list(enumerate(torch.zeros(4, 2)))))
obs('sum_builtin', sum(torch.tensor([1, 2, 3])))
obs('max_builtin', max(torch.tensor([1, 5, 3])))
obs('sorted', sorted(torch.tensor([3, 1, 2]).tolist()))

### format_and_str_of_scalars
x = torch.tensor(3.14159)
obs('fmt', f'{x.item():.2f}')
obs('format', '{:.3f}'.format(x))
obs('int_fmt', f'{torch.tensor(7)}')
obs('str', str(torch.tensor([1, 2])))
obs('round', round(float(x), 2))
with expect_error():
    format(torch.tensor([1., 2.]), '.2f')

### index_with_tensors_and_numpy
x = torch.arange(10) * 10
obs('np_idx', x[np.array([1, 3])])
obs('np_int', x[np.int64(2)])
obs('tensor_idx', x[torch.tensor([0, 9])])
obs('bool_list', torch.arange(3)[[True, False, True]])
obs('slice_tensor_bounds', x[torch.tensor(2):torch.tensor(5)])
obs('neg_tensor', x[torch.tensor(-1)])

### comparison_operators_with_python
x = torch.tensor([1, 2, 3])
obs('rlt', 2 < x)
obs('req', 2 == x)
obs('eq_list', x == torch.tensor([1, 0, 3]))
obs('eq_obj', (x == x).all())
### numpy_scalars_are_weak_numbers
# torch reads a NumPy scalar as a Python number: it does not widen a tensor's dtype
t = torch.tensor([1., 2., 3.])
i = torch.tensor([1, 2])
for code in ["t * np.float64(2.0)", "np.float64(2.0) * t", "t + np.float32(1)", "i * np.float64(2.0)",
             "i + np.int64(2)", "i + np.int32(2)", "i.to(torch.int8) + np.int64(2)", "t * np.int64(2)",
             "i * np.bool_(True)", "torch.tensor(True) * np.float64(2)", "t.double() * np.float32(2)",
             "t.half() + np.float64(1)", "torch.add(t, np.float64(1))", "t ** np.float64(2)",
             "t > np.float64(1)", "torch.tensor(2.) * np.float64(1e300)", "i * np.uint8(3)",
             "torch.tensor([1], dtype=torch.uint8) * np.int8(-1)", "t.clone().mul_(np.float64(2))"]:
    with expect_error(code):
        obs(code, eval(code))
''')

test_case = make_test(CASES)
