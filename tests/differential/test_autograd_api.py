"""The rest of torch.autograd's surface lesson code meets (issue 20): the deprecated
``Variable`` wrapper, ``torch.functional`` as a module, ``autograd.functional``
(jacobian, vjp, jvp, hessian), saved-tensor hooks, and the profiler."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### variable_returns_a_detached_tensor
Variable = torch.autograd.Variable
t = torch.tensor([1., 2.])
v = Variable(t)
obs('v', v)
obs('repr', repr(v))
obs('type', (type(v).__name__, Variable.__name__, Variable.__module__.split('.', 1)[1]))
obs('shares', (same_ptr(v, t), v is t))
t.add_(1)
obs('shares_version', (v._version, t._version, v))
obs('isinstance', (isinstance(t, Variable), isinstance(torch.nn.Parameter(t), Variable),
                   isinstance(1, Variable), isinstance(t.numpy(), Variable)))
obs('empty', Variable())

### variable_requires_grad
Variable = torch.autograd.Variable
t = torch.tensor([1., 2.])
v = Variable(t, requires_grad=True)
obs('v', (v, repr(v), t.requires_grad))
(v * v).sum().backward()
obs('grad', (v.grad, t.grad))
x = torch.ones(2, requires_grad=True)
y = x * 3
z = Variable(y)
obs('history_dropped', (z, z.grad_fn, z.requires_grad, y.grad_fn is not None))
w = Variable(y, True)
obs('positional', (w, w.is_leaf, w.grad_fn))
p = Variable(torch.nn.Parameter(torch.zeros(2)))
obs('parameter', (type(p).__name__, p))
obs('data_kw', Variable(data=t, requires_grad=1))

### variable_errors_and_warnings
Variable = torch.autograd.Variable
t = torch.tensor([1., 2.])
obs('volatile', Variable(t, volatile=True))
for args, kwargs in [((1,), {}), (([1., 2.],), {}), ((t, 'a'), {}), ((t, None), {}),
                     ((t, t), {}), ((t, 1, 2, 3, 4, 5), {}), ((t,), {'foo': 1}),
                     ((t,), {'data': t}), ((t, True, True), {}), ((t,), {'_grad_fn': 1}),
                     ((t,), {'requires_grad': -1}), ((t,), {'requires_grad': 300}),
                     ((torch.tensor([1, 2]), True), {}), ((t.numpy(),), {})]:
    with expect_error():
        Variable(*args, **kwargs)
obs('int_no_grad', Variable(torch.tensor([1, 2]), requires_grad=False))

### variable_legacy_tutorial_loop
# the NLP tutorials' style: every tensor wrapped before use
autograd = torch.autograd
lin = det_init(nn.Linear(3, 2))
x = autograd.Variable(torch.tensor([[1., 0., -1.]]))
target = autograd.Variable(torch.LongTensor([1]))
loss = F.nll_loss(F.log_softmax(lin(x), dim=1), target)
loss.backward()
obs('loss', loss)
obs('grads', (lin.weight.grad, lin.bias.grad))
obs('node', graph(loss.grad_fn))

### torch_functional_module
tf = torch.functional
obs('same_functions', (tf.norm is torch.norm, tf.split is torch.split, tf.unique is torch.unique,
                       tf.broadcast_tensors is torch.broadcast_tensors,
                       tf.broadcast_shapes is torch.broadcast_shapes,
                       tf.F is torch.nn.functional, torch.functional is tf))
x = torch.tensor([[3., 4.], [0., -1.]], requires_grad=True)
n = tf.norm(x)
n.backward()
obs('norm', (n, x.grad, tf.norm(x, dim=1), tf.norm(x, p=1)))
obs('split', tf.split(torch.arange(5), 2))
obs('unique', tf.unique(torch.tensor([3, 1, 3, 2]), return_counts=True))
obs('broadcast', (tf.broadcast_tensors(torch.ones(2, 1), torch.zeros(3)),
                  tf.broadcast_shapes((2, 1), (3,))))
obs('has_relu', hasattr(tf, 'relu'))
with expect_error():
    tf.norm(torch.ones(2), dim=3)

### jacobian_tutorial_and_shapes
AF = torch.autograd.functional
def exp_adder(x, y):
    return 2 * x.exp() + 3 * y
obs('one', AF.jacobian(exp_adder, (torch.tensor([0.5]), torch.tensor([1.]))))
obs('three', AF.jacobian(exp_adder, (torch.tensor([0., 1., 2.]), torch.ones(3))))
obs('single', AF.jacobian(lambda x: x ** 2, torch.tensor([1., 2.])))
obs('two_outputs', AF.jacobian(lambda x: (x ** 2, x.sum()), torch.tensor([1., 2.])))
obs('matrix_in_out', AF.jacobian(lambda x: x.t() * 3, torch.tensor([[1., 2.], [3., 4.]])))
obs('scalar_out', AF.jacobian(lambda x: (x * x).sum(), torch.tensor([1., 2.])))
obs('scalar_in', AF.jacobian(lambda x: x * torch.tensor([1., 2.]), torch.tensor(3.)))
obs('constant', AF.jacobian(lambda x: torch.tensor(1.), torch.tensor([1., 2.])))
obs('unused_input', AF.jacobian(lambda x, y: x * 2, (torch.tensor([1.]), torch.tensor([2.]))))
obs('vectorize', AF.jacobian(lambda x: x ** 2, torch.tensor([1., 2.]), vectorize=True))
obs('repr', repr(AF.jacobian(exp_adder, (torch.tensor([0.5]), torch.tensor([1.])))))

### jacobian_leaves_inputs_alone_and_create_graph
AF = torch.autograd.functional
x = torch.tensor([1., 2.], requires_grad=True)
J = AF.jacobian(lambda x: x ** 3, x)
obs('plain', (J, x.grad, J.requires_grad, J.grad_fn))
J = AF.jacobian(lambda x: x ** 3, x, create_graph=True)
obs('graph', (J, J.grad_fn.name(), J.grad_fn.next_functions[0][0].name()))
J.sum().backward()
obs('second_derivative', x.grad)

### jacobian_errors
AF = torch.autograd.functional
t = torch.tensor([1., 2.])
for call in [lambda: AF.jacobian(lambda x: 3, t), lambda: AF.jacobian(lambda x: x, [1., 2.]),
             lambda: AF.jacobian(lambda x: x, (t, 2)),
             lambda: AF.jacobian(lambda x: (x, [1]), t),
             lambda: AF.jacobian(lambda x: torch.tensor(1.), t, strict=True),
             lambda: AF.jacobian(lambda x, y: x * 2, (t, t), strict=True),
             lambda: AF.jacobian(lambda x: x * 2, t, strict=True, vectorize=True),
             lambda: AF.jacobian(lambda x: x, t, strategy='sideways')]:
    with expect_error():
        call()

### vjp_tutorial
AF = torch.autograd.functional
def do_some_doubling(x):
    y = x * 2
    while y.data.norm() < 1000:
        y = y * 2
    return y
out = AF.vjp(do_some_doubling, torch.tensor([1., 2., 3.]), v=torch.tensor([0.1, 1.0, 0.0001]))
obs('doubling', out)
obs('repr', repr(out))
obs('scalar_no_v', AF.vjp(lambda x: (x ** 2).sum(), torch.tensor([1., 2.])))
obs('two_inputs', AF.vjp(lambda x, y: x * y, (torch.tensor([1., 2.]), torch.tensor([3., 4.])),
                         torch.ones(2)))
obs('two_outputs', AF.vjp(lambda x: (x * 2, x.sum()), torch.tensor([1., 2.]),
                          (torch.tensor([1., -1.]), torch.tensor(2.))))
x = torch.tensor([1., 2.], requires_grad=True)
o, g = AF.vjp(lambda x: x * x, x, torch.ones(2), create_graph=True)
obs('create_graph', (o, g, x.grad))

### vjp_errors
AF = torch.autograd.functional
t = torch.tensor([1., 2.])
for call in [lambda: AF.vjp(lambda x: x * 2, t),
             lambda: AF.vjp(lambda x: x * 2, t, torch.ones(3)),
             lambda: AF.vjp(lambda x: (x, x), t, (torch.ones(2),)),
             lambda: AF.vjp(lambda x: (x, x), t, (torch.ones(2), torch.ones(3))),
             lambda: AF.vjp(lambda x: x * 2, t, [1., 1.]),
             lambda: AF.vjp(lambda x, y: x * 2, (t, t), t, strict=True),
             lambda: AF.vjp(lambda x: torch.ones(2), t, t, strict=True)]:
    with expect_error():
        call()

### jvp_hessian_vhp_hvp
AF = torch.autograd.functional
obs('jvp', AF.jvp(lambda x: x ** 2, torch.tensor([1., 2.]), torch.tensor([1., -1.])))
obs('jvp_tuple', AF.jvp(lambda x, y: (x * y, x.sum()),
                        (torch.tensor([1., 2.]), torch.tensor([3., 4.])),
                        (torch.ones(2), torch.tensor([1., -1.]))))
obs('jvp_scalar', AF.jvp(lambda x: x * 3, torch.tensor(2.)))
obs('hessian', AF.hessian(lambda x: (x ** 3).sum(), torch.tensor([1., 2.])))
obs('hessian_tuple', AF.hessian(lambda x, y: (x ** 2 * y).sum(),
                                (torch.tensor([1., 2.]), torch.tensor([3., 1.]))))
v = torch.tensor([1., 0.5])
obs('vhp', AF.vhp(lambda x: (x ** 3).sum(), torch.tensor([1., 2.]), v))
obs('hvp', AF.hvp(lambda x: (x ** 3).sum(), torch.tensor([1., 2.]), v))
for call in [lambda: AF.hessian(lambda x: x ** 3, torch.tensor([1., 2.])),
             lambda: AF.hessian(lambda x: (x, x), torch.tensor([1., 2.])),
             lambda: AF.jvp(lambda x: x, torch.tensor([1., 2.])),
             lambda: AF.jvp(lambda x: x, torch.tensor([1., 2.]), torch.ones(3)),
             lambda: AF.vhp(lambda x: x * x, torch.tensor([1., 2.]), v)]:
    with expect_error():
        call()
### saved_tensor_register_hooks
x = torch.tensor([1., -2., 3.], requires_grad=True)
y = x.pow(2)
raw = y.grad_fn._raw_saved_self
calls = []
def pack(t):
    calls.append(('pack', t, t is x, same_ptr(t, x)))
    return ('kept', t.clone())
def unpack(p):
    calls.append(('unpack', p[0]))
    return p[1]
obs('returns', raw.register_hooks(pack, unpack))
obs('packed_at_once', calls)
s = y.grad_fn._saved_self
obs('unpacked', (s, s is x, s.equal(x), calls[-1]))
with expect_error():
    raw.register_hooks(pack, unpack)
x.detach().add_(1)          # hooks keep their own copy: no version check any more
y.sum().backward()
obs('grad_from_the_unpacked_copy', (x.grad, calls[-1], len(calls)))
with expect_error():
    y.grad_fn._saved_self
with expect_error():
    raw.register_hooks(pack, unpack)

### saved_tensor_register_hooks_output_and_errors
a = torch.tensor([0.5, 1.], requires_grad=True)
e = a.exp()
got = []
e.grad_fn._raw_saved_result.register_hooks(lambda t: got.append(t) or t * 2, lambda t: t)
obs('pack_saw', (got[0], got[0].grad_fn, got[0].requires_grad))
e.sum().backward()
obs('grad_uses_unpacked', a.grad)
with expect_error():
    (a * 2).grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda t: t)
z = a.pow(2)
try:                        # (the message ends with the object's address)
    z.grad_fn._raw_saved_self.register_hooks(1, 2)
except TypeError as err:
    obs('not_callable', str(err).split(' at 0x')[0])
z.grad_fn._raw_saved_self.register_hooks(lambda t: t, lambda p: 3)
with expect_error():
    z.grad_fn._saved_self
def bad(t):
    t.add_(1)
    return t
w = torch.tensor([1., 2.], requires_grad=True) * 1
with expect_error():
    w.sin().grad_fn._raw_saved_self.register_hooks(bad, lambda t: t)

### saved_tensors_hooks_context
log = []
def pk(t):
    log.append(('pack', tuple(t.shape), t.requires_grad, t.grad_fn is not None, t is a,
                torch.is_grad_enabled()))
    return t * 1
def up(t):
    log.append(('unpack', tuple(t.shape)))
    return t
a = torch.tensor([1., 2.], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pk, up) as h:
    b = a * a
    c = b.exp()
    d = a + 1
    m = a * 3
obs('entered', h)
obs('packs', list(log))
obs('saved_result', (c.grad_fn._saved_result, log[-1]))
c.sum().backward()
obs('grad', (a.grad, log[-3:], len(log)))
n = a.pow(2)
obs('outside_no_hooks', (len(log), n.grad_fn._saved_self is a))
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    x = torch.tensor([1., 2.], requires_grad=True)
    y = x * x
obs('identity_hooks', (x is y.grad_fn._saved_self, y.grad_fn._saved_self is y.grad_fn._saved_other,
                       same_ptr(y.grad_fn._saved_self, x), y.grad_fn._saved_self.requires_grad))

### saved_tensors_hooks_nesting_and_errors
outer, inner = [], []
a = torch.tensor([1., 2.], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: outer.append(1) or t, lambda t: t):
    with torch.autograd.graph.saved_tensors_hooks(lambda t: inner.append(1) or t, lambda t: t):
        p = a.sin()
    q = a.cos()
obs('innermost_applies', (len(outer), len(inner)))
v = torch.tensor([1., 2.], requires_grad=True) * 1
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    r = v.sin()
with torch.no_grad():
    v.add_(1)
r.sum().backward()          # no version check through hooks, as in torch
obs('stale_but_allowed', r)
with torch.autograd.graph.saved_tensors_hooks(lambda t: 5, lambda p: p):
    w = a.pow(2)
with expect_error():
    w.sum().backward()
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g
seen = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: seen.append('pack') or t,
                                              lambda t: seen.append('unpack') or t):
    s = Square.apply(a)
s.sum().backward()
obs('custom_function', (seen, a.grad))
### profiler_records_the_ops_run
import re
def skeleton(table):      # times are each engine's own: compare the table's words and shape
    return [re.sub(r'\d+(\.\d+)?(%|us|ms|s)?', '#', line).split() for line in table.splitlines()]
a = torch.tensor([1., 2.])
b = torch.tensor([3., 4.], requires_grad=True)
with torch.autograd.profiler.profile() as prof:
    for _ in range(3):
        c = (a + b) * b
        d = (c / a).exp().sin()
    v = d.view(2, 1)
    w = a.clone().detach() if False else a.view(1, 2)
    inside = prof.key_averages()
obs('inside', list(inside))
obs('names', [e.name for e in prof.function_events])
avg = prof.key_averages()
obs('averages', [(e.key, e.count) for e in avg])
obs('types', (type(prof.function_events).__name__, type(avg).__name__,
              type(avg[0]).__name__, type(prof.function_events[0]).__name__))
obs('times', all(e.cpu_time_total >= 0 and e.self_cpu_time_total <= e.cpu_time_total + 1e-9
                 and abs(e.cpu_time - e.cpu_time_total / e.count) < 1e-6 for e in avg))
obs('table', skeleton(avg.table()))
obs('table_sorted_rows', sorted(skeleton(avg.table(sort_by='self_cpu_time_total'))[3:-2]))
obs('row_limit', len(avg.table(sort_by='count', row_limit=2).splitlines()))
obs('per_event_table', len(prof.table().splitlines()))
obs('str', skeleton(str(prof))[:4])

### profiler_record_function_and_empty
a = torch.tensor([1., 2.])
b = torch.tensor([3., 4.])
with torch.autograd.profiler.profile(use_cuda=False) as prof:
    with torch.autograd.profiler.record_function('outer'):
        a * b
        with torch.autograd.profiler.record_function('inner'):
            a + b
obs('names', [e.name for e in prof.function_events])
obs('keys', [(e.key, e.count) for e in prof.key_averages()])
outer = prof.function_events[0]
obs('outer_covers_inside', outer.cpu_time_total >= max(e.cpu_time_total for e in prof.function_events[1:]))
with torch.autograd.profiler.profile() as empty:
    pass
obs('empty', (empty.key_averages().table(), list(empty.function_events)))
with torch.autograd.profiler.record_function('no profiler'):
    a - b
obs('alone', 'ok')
''')

test_case = make_test(CASES)
