"""dtype inference, type promotion, conversions, dtype= arguments."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### infer_from_python
obs('int', torch.tensor(1).dtype)
obs('float', torch.tensor(1.).dtype)
obs('bool', torch.tensor(True).dtype)
obs('mixed_list', torch.tensor([1, 2.5]))
obs('bool_int_list', torch.tensor([True, 2]))
obs('bool_float', torch.tensor([True, 2.5]))
obs('nested', torch.tensor([[1, 2], [3, 4]]).dtype)
obs('empty', torch.tensor([]).dtype)
obs('empty_nested', torch.tensor([[], []]))
obs('tuple', torch.tensor((1, 2)))
obs('big_int', torch.tensor([2**40]))

### infer_from_numpy
obs('f64', torch.tensor(np.array([1., 2.])).dtype)
obs('f32', torch.tensor(np.array([1., 2.], dtype=np.float32)).dtype)
obs('i32', torch.tensor(np.array([1, 2], dtype=np.int32)).dtype)
obs('i64', torch.tensor(np.array([1, 2])).dtype)
obs('bool', torch.tensor(np.array([True])).dtype)
obs('u8', torch.tensor(np.array([1], dtype=np.uint8)).dtype)
obs('f16', torch.tensor(np.array([1], dtype=np.float16)).dtype)
obs('np_scalar_f64', torch.tensor(np.float64(1.5)).dtype)
obs('np_scalar_f32', torch.tensor(np.float32(1.5)).dtype)
obs('from_numpy_f64', torch.from_numpy(np.zeros(2)).dtype)
obs('as_tensor_i32', torch.as_tensor(np.zeros(2, dtype=np.int32)).dtype)

### default_dtype_get_set
obs('default', torch.get_default_dtype())
torch.set_default_dtype(torch.float64)
obs('after', torch.get_default_dtype())
obs('t', torch.tensor([1.5]).dtype)
obs('zeros', torch.zeros(2).dtype)
obs('arange_f', torch.arange(0., 2.).dtype)
obs('int_unaffected', torch.tensor([1]).dtype)
obs('promote_scalar', (torch.tensor([1]) * 1.5).dtype)
torch.set_default_dtype(torch.float32)
obs('restored', torch.tensor([1.5]).dtype)
with expect_error():
    torch.set_default_dtype(torch.int64)

### promote_tensor_tensor
pairs = [(torch.int64, torch.float32), (torch.int32, torch.int64), (torch.uint8, torch.int8),
         (torch.bool, torch.int32), (torch.float16, torch.float32), (torch.float32, torch.float64),
         (torch.uint8, torch.bool), (torch.int16, torch.uint8), (torch.float16, torch.int64),
         (torch.bool, torch.bool), (torch.bool, torch.float16)]
for a, b in pairs:
    x = torch.ones(2, dtype=a)
    y = torch.ones(2, dtype=b)
    obs(f'{a}+{b}', (x + y).dtype)
    obs(f'{a}*{b}', (x * y).dtype)

### promote_types_function
obs('a', torch.promote_types(torch.int32, torch.float32))
obs('b', torch.promote_types(torch.uint8, torch.int8))
obs('c', torch.promote_types(torch.bool, torch.uint8))
obs('d', torch.promote_types(torch.float16, torch.int64))
obs('e', torch.result_type(torch.tensor([1]), 1.0))
obs('f', torch.result_type(torch.tensor([1], dtype=torch.int8), torch.tensor(1000)))
obs('g', torch.can_cast(torch.float32, torch.int32))
obs('h', torch.can_cast(torch.int32, torch.float32))

### promote_zero_dim
x = torch.ones(3, dtype=torch.int32)
obs('i32+0d_i64', (x + torch.tensor(5)).dtype)
obs('i32+0d_f64', (x + torch.tensor(5., dtype=torch.float64)).dtype)
f = torch.ones(3, dtype=torch.float16)
obs('f16+0d_f64', (f + torch.tensor(1., dtype=torch.float64)).dtype)
obs('f16+1d_f64', (f + torch.ones(1, dtype=torch.float64)).dtype)
u = torch.ones(3, dtype=torch.uint8)
obs('u8+0d_i8', (u + torch.tensor(1, dtype=torch.int8)).dtype)
obs('0d+0d', (torch.tensor(1, dtype=torch.int8) + torch.tensor(1, dtype=torch.int16)).dtype)
b = torch.ones(3, dtype=torch.bool)
obs('bool+0d_i64', (b + torch.tensor(1)).dtype)
obs('bool+0d_f', (b + torch.tensor(1.)).dtype)

### promote_python_scalars
i = torch.tensor([1, 2], dtype=torch.int32)
obs('i32*int', (i * 2).dtype)
obs('i32*float', (i * 2.5).dtype)
obs('i32*bool', (i * True).dtype)
obs('f16*float', (torch.ones(2, dtype=torch.float16) * 1e3).dtype)
obs('u8+int', (torch.ones(2, dtype=torch.uint8) + 300))
obs('bool+int', (torch.tensor([True]) + 1).dtype)
obs('bool+float', (torch.tensor([True]) + 1.).dtype)
obs('bool+bool', (torch.tensor([True]) + True))
obs('i64+float', (torch.tensor([1]) + 0.5))
obs('radd', (2 + torch.tensor([1])).dtype)
obs('rsub', (2.5 - torch.tensor([1])))
obs('rdiv', (1 / torch.tensor([2])))
obs('rpow', (2 ** torch.tensor([3])))
obs('rpow_f', (2.0 ** torch.tensor([3])))
obs('pow_f', (torch.tensor([2]) ** 0.5))

### true_division
obs('int_int', torch.tensor([1, 2]) / torch.tensor([2, 4]))
obs('int_scalar', torch.tensor([3]) / 2)
obs('div_fn', torch.div(torch.tensor([5]), 2))
obs('floor', torch.div(torch.tensor([5, -5]), 2, rounding_mode='floor'))
obs('trunc', torch.div(torch.tensor([5, -5]), 2, rounding_mode='trunc'))
obs('floordiv', torch.tensor([5, -5]) // 2)
obs('floordiv_f', torch.tensor([5., -5.]) // 2)
obs('true_divide', torch.true_divide(torch.tensor([1]), 3))
obs('mod', torch.tensor([5, -5]) % 3)
obs('mod_f', torch.tensor([5.5, -5.5]) % 3)
obs('bool_div', torch.tensor([True]) / torch.tensor([True]))
obs('i8_div', (torch.tensor([1], dtype=torch.int8) / 2).dtype)
obs('f64_div', (torch.tensor([1], dtype=torch.int64) / torch.tensor(2., dtype=torch.float64)).dtype)

### int_div_inplace_error
x = torch.tensor([4, 6])
with expect_error():
    x /= 2
with expect_error():
    x.div_(2)
obs('x', x)
y = torch.tensor([4., 6.])
y /= 2
obs('y', y)

### inplace_promotion_rules
x = torch.ones(2, dtype=torch.int32)
x += 2
obs('x', x)
with expect_error():
    x += 1.5
with expect_error():
    x.add_(torch.tensor([1.5, 1.5]))
f = torch.ones(2)
f += torch.tensor([1, 2])
obs('f', f)
f.mul_(torch.tensor([2.], dtype=torch.float64))
obs('f_after_f64', f)
b = torch.tensor([True, False])
with expect_error():
    b.add_(1)
h = torch.ones(2, dtype=torch.float16)
h.add_(torch.ones(2, dtype=torch.float64))
obs('h', h)

### to_dtype_conversions
x = torch.tensor([1.7, -2.7, 0.])
obs('to_int', x.to(torch.int64))
obs('long', x.long())
obs('int', x.int())
obs('bool', x.bool())
obs('double', x.double())
obs('half', x.half())
obs('float_of_int', torch.tensor([1, 2]).float())
obs('to_kw', x.to(dtype=torch.float64))
obs('u8_neg', torch.tensor([-1.]).to(torch.uint8))
obs('to_same_is_self', x.to(torch.float32) is x)
obs('float_same_is_self', x.float() is x)
obs('to_copy', x.to(torch.float32, copy=True) is x)
obs('type_conv', x.type(torch.int32))
obs('char', x.char())
obs('short', x.short())
obs('byte', torch.tensor([3.9]).byte())

### to_other_tensor
a = torch.tensor([1, 2])
b = torch.zeros(2, dtype=torch.float64)
obs('to_tensor', a.to(b))
obs('type_as', a.type_as(b))
obs('to_device_dtype', a.to('cpu', torch.float16))
obs('to_cpu_same', a.to('cpu') is a)
obs('cpu_same', a.cpu() is a)

### type_strings
obs('f', torch.tensor([1.]).type())
obs('d', torch.tensor([1.], dtype=torch.float64).type())
obs('l', torch.tensor([1]).type())
obs('i', torch.tensor([1], dtype=torch.int32).type())
obs('b', torch.tensor([True]).type())
obs('u8', torch.tensor([1], dtype=torch.uint8).type())
obs('h', torch.tensor([1.], dtype=torch.float16).type())
obs('s', torch.tensor([1], dtype=torch.int16).type())
obs('c', torch.tensor([1], dtype=torch.int8).type())
obs('to_str', torch.tensor([1.5]).type('torch.IntTensor'))
obs('to_str2', torch.tensor([1]).type('torch.DoubleTensor'))
obs('type_fn', torch.typename(torch.tensor([1.])))
with expect_error():
    torch.tensor([1.]).type('torch.Nonsense')

### dtype_attributes
for dt in [torch.float16, torch.float32, torch.float64, torch.int8, torch.uint8, torch.int16, torch.int32, torch.int64, torch.bool]:
    obs(repr(dt), (str(dt), dt.is_floating_point, dt.is_signed, dt.itemsize, dt.is_complex))
obs('aliases', (torch.float is torch.float32, torch.double is torch.float64, torch.long is torch.int64,
                torch.int is torch.int32, torch.half is torch.float16, torch.short is torch.int16))
obs('is_fp', torch.is_floating_point(torch.tensor([1.])))
obs('is_fp_int', torch.tensor([1]).is_floating_point())
obs('eq', torch.float32 == torch.float)
obs('isinst', isinstance(torch.float32, torch.dtype))
obs('finfo', (torch.finfo(torch.float32).eps, torch.finfo(torch.float16).max, torch.iinfo(torch.int8).min))

### dtype_kwarg_everywhere
obs('tensor', torch.tensor([1, 2], dtype=torch.float32))
obs('zeros', torch.zeros(2, dtype=torch.int32))
obs('ones', torch.ones(2, dtype=torch.bool))
obs('full', torch.full((2,), 3, dtype=torch.float64))
obs('arange', torch.arange(3, dtype=torch.float32))
obs('linspace', torch.linspace(0, 1, 3, dtype=torch.float64))
obs('eye', torch.eye(2, dtype=torch.int64))
obs('empty', torch.empty(2, dtype=torch.int8).dtype)
obs('rand', torch.rand(2, dtype=torch.float64).dtype)
obs('zeros_like', torch.zeros_like(torch.ones(2), dtype=torch.int64))
obs('sum', torch.tensor([1, 2]).sum(dtype=torch.float32))
obs('mean', torch.tensor([1., 2.]).mean(dtype=torch.float64))
obs('softmax', torch.softmax(torch.tensor([1., 2.]), 0, dtype=torch.float64))
obs('cumsum', torch.tensor([1, 2]).cumsum(0, dtype=torch.float32))
obs('as_tensor', torch.as_tensor([1, 2], dtype=torch.float16))

### dtype_of_reductions
i = torch.tensor([1, 2, 3], dtype=torch.int32)
obs('sum_i32', i.sum())
obs('sum_bool', torch.tensor([True, True]).sum())
obs('prod_i8', torch.tensor([2, 3], dtype=torch.int8).prod())
obs('max_i32', i.max())
obs('argmax', i.argmax())
with expect_error():
    i.mean()
obs('mean_f64', torch.tensor([1., 2.], dtype=torch.float64).mean())
obs('sum_u8', torch.tensor([200, 100], dtype=torch.uint8).sum())
obs('sum_f16', torch.tensor([1., 2.], dtype=torch.float16).sum())

### dtype_of_unary_on_ints
i = torch.tensor([1, 4])
obs('sqrt', i.sqrt())
obs('exp', i.exp())
obs('sin', torch.sin(i))
obs('sigmoid', i.sigmoid())
obs('neg', -i)
obs('abs', torch.tensor([-1, 2]).abs())
obs('relu', torch.relu(torch.tensor([-1, 2])))
obs('log_bool', torch.tensor([True, False]).log())
obs('tanh_u8', torch.tensor([1], dtype=torch.uint8).tanh())
with expect_error():
    -torch.tensor([True])

### comparison_dtypes
obs('lt', torch.tensor([1, 2]) < 1.5)
obs('eq_mixed', torch.tensor([1, 2]) == torch.tensor([1., 3.]))
obs('ne', torch.tensor([1.]) != 1)
obs('ge_bool', torch.tensor([True]) >= torch.tensor([0]))
obs('eq_f16_f64', torch.tensor([0.1], dtype=torch.float16) == torch.tensor([0.1], dtype=torch.float64))

### where_and_clamp_dtypes
c = torch.tensor([True, False])
obs('where_i_f', torch.where(c, torch.tensor([1, 2]), torch.tensor([0.5, 0.5])))
obs('where_scalar', torch.where(c, torch.tensor([1, 2]), 0))
obs('where_scalar_f', torch.where(c, torch.tensor([1, 2]), 0.5))
obs('clamp_int_float', torch.tensor([1, 5]).clamp(min=2.5))
obs('clamp_int', torch.tensor([1, 5]).clamp(2, 4))
obs('maximum_mixed', torch.maximum(torch.tensor([1, 5]), torch.tensor([2.])))

### matmul_dtypes
with expect_error():
    torch.ones(2, 2) @ torch.ones(2, 2, dtype=torch.float64)
with expect_error():
    torch.ones(2, 2) @ torch.ones(2, 2, dtype=torch.int64)
obs('int_mm', torch.tensor([[1, 2], [3, 4]]) @ torch.tensor([[1], [1]]))
obs('f64_mm', (torch.ones(2, 2, dtype=torch.float64) @ torch.ones(2, 2, dtype=torch.float64)).dtype)
with expect_error():
    torch.cat([torch.ones(2), torch.ones(2, dtype=torch.int64)]) + 0
obs('cat_mixed', torch.cat([torch.ones(2), torch.ones(2, dtype=torch.int64)]))
obs('stack_mixed', torch.stack([torch.ones(2, dtype=torch.int32), torch.ones(2, dtype=torch.float64)]).dtype)

### tensor_dtype_float_to_int_cast_value
obs('trunc', torch.tensor([2.9, -2.9]).int())
obs('dtype_in_tensor', torch.tensor([2.9, -2.9], dtype=torch.int64))
obs('bool_from_float', torch.tensor([0.0, 0.1, -2.]).bool())
obs('f16_round', torch.tensor([0.1], dtype=torch.float16).tolist())
obs('f16_overflow', torch.tensor([70000.], dtype=torch.float16))
obs('int8_wrap', torch.tensor([127], dtype=torch.int8) + 1)
with expect_error():
    torch.tensor([300], dtype=torch.uint8)
with expect_error():
    torch.tensor([2**70])
''')

test_case = make_test(CASES)
