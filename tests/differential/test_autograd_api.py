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
''')

test_case = make_test(CASES)
