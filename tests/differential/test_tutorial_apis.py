"""APIs the public tutorials call (tests/tutorials/scripts/): ``scatter``/``scatter_``/
``torch.scatter`` (basics_transforms' one-hot target) with ScatterBackward0/1, and the
functional in-place forms ``torch.sin_(t)`` & co. (introyt_tensors), and
``torch.distributions``' Multinomial and Categorical (d2l_probability): values, grads, node
names, versions, printing and errors (random draws by shape, dtype and sums only)."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### scatter_one_hot
obs('one_hot', torch.zeros(10, dtype=torch.float).scatter_(0, torch.tensor(3), value=1))
obs('kw', torch.zeros(10).scatter_(dim=0, index=torch.tensor(7), value=1))
obs('int', torch.zeros(4, dtype=torch.int64).scatter_(0, torch.tensor([1, 3]), 5))
obs('float_into_int', torch.tensor([1, 2, 3]).scatter_(0, torch.tensor([0]), 2.7))
obs('bool', torch.zeros(3, dtype=torch.bool).scatter(0, torch.tensor([0]), 1.5))
obs('zero_dim', torch.tensor(2.).scatter(0, torch.tensor(0), 5.))
z = torch.tensor(2., requires_grad=True)
s0 = torch.tensor(3., requires_grad=True)
y0 = z.scatter(0, torch.tensor(0), s0)
y0.backward()
obs('zero_dim_grads', (y0, z.grad, s0.grad))
obs('empty_index', torch.zeros(3).scatter(0, torch.tensor([], dtype=torch.long), 1.))
obs('int32_index', torch.zeros(3).scatter(0, torch.tensor([2], dtype=torch.int32), 1.))
obs('value_tensor_kw', torch.zeros(3).scatter(0, torch.tensor([0, 1]), value=torch.tensor(4.)))

### scatter_src_values_and_grads
x = torch.arange(12.).reshape(3, 4).requires_grad_()
src = (torch.arange(8.).reshape(2, 4) * 10).requires_grad_()
idx = torch.tensor([[0, 1, 2, 0], [2, 0, 1, 1]])
y = x.scatter(0, idx, src)
obs('y', y)
obs('graph', graph(y.grad_fn))
obs('saved', (y.grad_fn._saved_dim, y.grad_fn._saved_index))
(y * torch.arange(12.).reshape(3, 4)).sum().backward()
obs('grads', (x.grad, src.grad))
y1 = torch.scatter(x, 1, torch.tensor([[3, 0], [1, 2], [0, 0]]), src[:, :2].detach().repeat(2, 1)[:3])
obs('torch_scatter_dim1', y1)
obs('kw', torch.scatter(x.detach(), dim=1, index=idx[:, :2], src=src.detach()))
obs('smaller_index', torch.zeros(2, 2).scatter(0, torch.tensor([[1]]), 1.))
obs('src_larger', torch.zeros(3).scatter(0, torch.tensor([0, 1]), torch.tensor([5., 6., 7.])))

### scatter_value_grads_and_inplace
x = torch.arange(12.).reshape(3, 4).clone().requires_grad_()
idx = torch.tensor([[0, 1, 2, 0], [2, 0, 1, 1]])
y = torch.scatter(x, 1, idx, 5.)
obs('y', y)
obs('graph', graph(y.grad_fn))
(y * torch.arange(12.).reshape(3, 4)).sum().backward()
obs('grad', x.grad)
x.grad = None
src = torch.ones(2, 4, requires_grad=True)
w = x * 1
w.scatter_(0, idx, src)
obs('inplace_src', (w, w._version))
obs('inplace_graph', graph(w.grad_fn))
w.sum().backward()
obs('inplace_grads', (x.grad, src.grad))
w = x.detach().clone()
r = w.scatter_(0, idx, 3.)
obs('returns_self', (r is w, w._version, w))
with expect_error():
    x.scatter_(0, idx, 1.)
with expect_error():
    torch.zeros(3).expand(2, 3).scatter_(1, torch.tensor([[0]]), 1.)

### scatter_reduce_argument
x = torch.ones(3, requires_grad=True)
obs('add', x.scatter(0, torch.tensor([0, 0]), 2., reduce='add'))
obs('multiply', x.scatter(0, torch.tensor([0, 0]), 2., reduce='multiply'))
obs('int', torch.ones(3, dtype=torch.int64).scatter(0, torch.tensor([0, 0]), 2, reduce='multiply'))
with expect_error():
    x.scatter(0, torch.tensor([0, 0]), 2., reduce='add').sum().backward()
with expect_error():
    torch.zeros(3).scatter(0, torch.tensor([0]), 1., reduce='foo')

### scatter_errors
for f in (lambda: torch.zeros(3).scatter(0, torch.tensor([0.]), 1.),
          lambda: torch.zeros(3).scatter(0, torch.tensor([0], dtype=torch.int16), 1.),
          lambda: torch.zeros(3).scatter(0, torch.tensor([5]), 1.),
          lambda: torch.zeros(3).scatter(0, torch.tensor([-1]), 1.),
          lambda: torch.zeros(3).scatter(1, torch.tensor([0]), 1.),
          lambda: torch.zeros(3, 3).scatter(0, torch.tensor([0]), 1.),
          lambda: torch.zeros(3).scatter(0, torch.tensor([[0]]), 1.),
          lambda: torch.zeros(3).scatter(0, torch.tensor([0]), torch.ones(1, 1)),
          lambda: torch.zeros(3).scatter(0, torch.tensor([0]), torch.ones(3, dtype=torch.float64)),
          lambda: torch.zeros(3).scatter_(0, torch.tensor([0]), torch.tensor([1, 2])),
          lambda: torch.zeros(2, 2).scatter(0, torch.tensor([[0, 0, 0]]), 1.),
          lambda: torch.zeros(2, 2).scatter(0, torch.tensor([[0, 0]]), torch.ones(1, 1)),
          lambda: torch.zeros(3).scatter(0, torch.tensor([0, 1]), torch.tensor(4.)),
          lambda: torch.zeros(3).scatter(0, torch.tensor([0]), 'a'),
          lambda: torch.zeros(3).scatter(0, [0], 1.),
          lambda: torch.zeros(3).scatter(0, torch.tensor([0])),
          lambda: torch.zeros(3).scatter(0, torch.tensor([0]), value=torch.tensor([1.])),
          lambda: torch.zeros(3, dtype=torch.int8).scatter(0, torch.tensor([0]), 300),
          lambda: torch.scatter([0., 1.], 0, torch.tensor([0]), 1.)):
    with expect_error():
        f()

### unary_inplace_functions
names = ['exp_', 'exp2_', 'expm1_', 'log_', 'log2_', 'log10_', 'log1p_', 'sqrt_', 'rsqrt_',
         'reciprocal_', 'sin_', 'cos_', 'tan_', 'asin_', 'acos_', 'atan_', 'sinh_', 'cosh_',
         'tanh_', 'sigmoid_', 'erf_', 'erfc_', 'neg_', 'abs_', 'relu_', 'frac_', 'square_',
         'floor_', 'ceil_', 'round_', 'trunc_', 'fix_', 'nan_to_num_', 'negative_', 'arcsin_',
         'arccos_', 'arctan_']
for n in names:
    a = torch.tensor([0.25, -0.5, 0.75])
    leaf = torch.tensor([0.25, -0.5, 0.75], requires_grad=True)
    b = leaf * 1
    r = getattr(torch, n)(b)
    b.sum().backward()
    m = getattr(torch.tensor([0.25, -0.5, 0.75]), n)()
    obs(n, (getattr(torch, n)(a) is a, a, a._version, r is b, b.grad_fn.name(), leaf.grad, m))
obs('round_decimals', torch.round_(torch.tensor([1.2345, 2.5]), decimals=2))
obs('nan_to_num_kw', torch.nan_to_num_(torch.tensor([float('nan'), float('inf')]), nan=1., posinf=2.))
obs('missing', [hasattr(torch, n) for n in ('sign_', 'absolute_')])
with expect_error():
    torch.sin_(torch.tensor([1, 2]))
with expect_error():
    torch.sin_([1., 2.])
with expect_error():
    torch.exp_(torch.ones(2, requires_grad=True))
with expect_error():
    torch.sin_(torch.ones(2), 1)
with expect_error():
    torch.neg_(torch.tensor([True]))

### distributions_multinomial
from_module = torch.distributions.multinomial.Multinomial is torch.distributions.Multinomial
p = torch.tensor([0.5, 0.5])
m = torch.distributions.Multinomial(100, p)
obs('attrs', (from_module, repr(m), m.batch_shape, m.event_shape, m.mean, m.variance, m.probs,
              m.logits, m.total_count))
s = m.sample()
obs('sample', (s.shape, s.dtype, s.sum(), bool((s >= 0).all())))
obs('sample_shapes', (m.sample((3,)).shape, m.sample((3, 2)).shape, m.sample((3,)).sum(-1)))
torch.manual_seed(0)
frac = torch.distributions.Multinomial(10000, p).sample() / 10000
obs('law_of_large_numbers', bool((frac - 0.5).abs().max() < 0.05))
b = torch.distributions.Multinomial(10, torch.tensor([[0.2, 0.8], [1, 3.]]))
obs('batched', (repr(b), b.batch_shape, b.probs, b.sample((4,)).shape, b.sample((4,)).sum(-1)))
obs('logits', torch.distributions.Multinomial(10, logits=torch.tensor([0., 1.])).probs)
obs('certain', torch.distributions.Multinomial(1, torch.tensor([0., 1.])).sample((5,)))
counts = torch.distributions.Multinomial(1, p).sample((100,))
cum = counts.cumsum(dim=0)
est = cum / cum.sum(dim=1, keepdims=True)
obs('d2l_estimates', (est.shape, est.dtype, bool(((est >= 0) & (est <= 1)).all())))
for f in (lambda: torch.distributions.Multinomial(10, torch.tensor([-1., 1.])),
          lambda: torch.distributions.Multinomial(10),
          lambda: torch.distributions.Multinomial(10, p, logits=p),
          lambda: torch.distributions.Multinomial(10, torch.tensor(0.5)),
          lambda: torch.distributions.Multinomial(10.5, p)):
    with expect_error():
        f()

### distributions_categorical
c = torch.distributions.Categorical(torch.tensor([1., 3.]))
obs('repr', repr(c))
obs('probs', c.probs)
obs('logits', c.logits)
obs('repr_after_logits', repr(c))
obs('one', repr(torch.distributions.Categorical(torch.tensor([0.25]))))
obs('sample', (c.sample().shape, c.sample().dtype, c.sample((5, 2)).shape))
obs('certain', torch.distributions.Categorical(torch.tensor([0., 0., 1.])).sample((4,)))
with expect_error():
    torch.distributions.Categorical(torch.tensor([-1., 3.]))
''')

test_case = make_test(CASES)
