"""nn.Embedding, nn.LayerNorm, nn.BatchNorm1d/2d and their functionals: values, grads,
grad node names and edges, running stats in train and eval, printing, errors.

Parameter init is random (and minitensor's generator is not torch's), so weights are set
with ``det_init`` before any value is compared."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### embedding_lookup_and_grad
e = det_init(nn.Embedding(5, 3))
obs('repr', repr(e))
idx = torch.tensor([[0, 2, 2], [4, 1, 0]])
y = e(idx)
obs('y', y)
obs('graph', graph(y.grad_fn))
(y * torch.arange(18.).reshape(2, 3, 3)).sum().backward()
obs('grad', e.weight.grad)
obs('int32', e(torch.tensor([1, 3], dtype=torch.int32)))
obs('scalar_index', e(torch.tensor(2)))
obs('F', F.embedding(torch.tensor([1, 1]), e.weight))
obs('init_shape', (nn.Embedding(10, 4).weight.shape, nn.Embedding(10, 4).weight.requires_grad))
with expect_error():
    e(torch.tensor([1.0]))
with expect_error():
    e(torch.tensor([5]))
with expect_error():
    e(torch.tensor([-1]))

### embedding_padding_and_options
e = nn.Embedding(4, 2, padding_idx=1)
obs('repr', repr(e))
obs('padding_row', e.weight[1])
det_init(e)
e(torch.tensor([1, 1, 2])).sum().backward()
obs('grad', e.weight.grad)
e2 = det_init(nn.Embedding(4, 2, padding_idx=-1, scale_grad_by_freq=True))
obs('repr2', (repr(e2), e2.padding_idx))
e2(torch.tensor([0, 0, 0, 2, 3])).sum().backward()
obs('grad2', e2.weight.grad)
pre = nn.Embedding.from_pretrained(torch.tensor([[1., 2.], [3., 4.]]))
obs('pretrained', (repr(pre), pre.weight.requires_grad, pre(torch.tensor([1]))))
with expect_error():
    nn.Embedding(4, 2, padding_idx=4)

### layer_norm
ln = nn.LayerNorm(4)
obs('repr', repr(ln))
obs('params', (ln.weight, ln.bias))
det_init(ln)
x = torch.tensor([[1., 2., 4., -1.], [0.5, 0.5, 3., 2.]], requires_grad=True)
y = ln(x)
obs('y', y)
obs('graph', graph(y.grad_fn))
(y * torch.tensor([1., -2., 3., 0.5])).sum().backward()
obs('grads', (x.grad, ln.weight.grad, ln.bias.grad))
ln2 = nn.LayerNorm([2, 3], eps=1e-3, elementwise_affine=False)
obs('repr2', repr(ln2))
x3 = torch.arange(12.).reshape(2, 2, 3).requires_grad_()
y3 = ln2(x3)
obs('y3', y3)
(y3 ** 3).sum().backward()
obs('x3.grad', x3.grad)
obs('F', F.layer_norm(torch.tensor([[3., 1., 2.]]), (3,)))
obs('F_graph', graph(F.layer_norm(x, (4,)).grad_fn))
obs('no_bias', repr(nn.LayerNorm(3, bias=False)))
with expect_error():
    ln(torch.ones(2, 5))

### batch_norm_1d_train_eval
bn = nn.BatchNorm1d(3)
obs('repr', repr(bn))
obs('buffers', [(n, b) for n, b in bn.named_buffers()])
obs('state_keys', list(bn.state_dict().keys()))
det_init(bn)
x = torch.tensor([[1., 2., 3.], [2., 0., -1.], [4., 1., 0.5], [0., 0., 1.]], requires_grad=True)
y = bn(x)
obs('y', y)
obs('graph', graph(y.grad_fn))
obs('running', (bn.running_mean, bn.running_var, bn.num_batches_tracked))
obs('versions', (bn.running_mean._version, bn.running_var._version, bn.num_batches_tracked._version))
(y * torch.arange(12.).reshape(4, 3)).sum().backward()
obs('grads', (x.grad, bn.weight.grad, bn.bias.grad))
bn(x * 2)
obs('running2', (bn.running_mean, bn.running_var, bn.num_batches_tracked))
bn.eval()
x.grad = None
ye = bn(x)
obs('eval', ye)
obs('eval_graph', graph(ye.grad_fn))
(ye * torch.arange(12.).reshape(4, 3)).sum().backward()
obs('eval_grad', x.grad)
obs('eval_keeps_stats', (bn.running_mean, bn.num_batches_tracked))
obs('eval_single_sample', bn(torch.tensor([[1., 2., 3.]])))

### batch_norm_options_and_3d
bn = det_init(nn.BatchNorm1d(2, momentum=None, affine=False))
obs('repr', repr(bn))
x = torch.tensor([[[1., 2., 3.], [0., 1., -1.]], [[2., 2., 0.], [4., 3., 1.]]])
y = bn(x)
obs('y', y)
bn(x + 1)
obs('cumulative', (bn.running_mean, bn.running_var, bn.num_batches_tracked))
nt = nn.BatchNorm1d(2, track_running_stats=False)
obs('no_track', (repr(nt), nt.running_mean, list(nt.state_dict().keys())))
nt.eval()
obs('no_track_eval', nt(x[:, :, 0]))
obs('F', F.batch_norm(x, torch.zeros(2), torch.ones(2), training=False))
rm, rv = torch.zeros(2), torch.ones(2)
obs('F_train', F.batch_norm(x, rm, rv, training=True, momentum=0.5))
obs('F_stats', (rm, rv))
with expect_error():
    nn.BatchNorm1d(3)(torch.ones(1, 3))
with expect_error():
    nn.BatchNorm1d(3)(torch.ones(2, 3, 4, 5))
with expect_error():
    nn.BatchNorm1d(3)(torch.ones(2, 4))
with expect_error():
    nn.BatchNorm2d(3)(torch.ones(2, 3, 4))

### batch_norm_2d
bn = det_init(nn.BatchNorm2d(2, eps=1e-3, momentum=0.2))
obs('repr', repr(bn))
x = (torch.arange(24.).reshape(2, 2, 3, 2) % 5).requires_grad_()
y = bn(x)
obs('y', y)
(y ** 2 * torch.arange(24.).reshape(2, 2, 3, 2)).sum().backward()
obs('grads', (x.grad, bn.weight.grad, bn.bias.grad))
obs('running', (bn.running_mean, bn.running_var))
net = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU())
obs('seq_repr', repr(net))
''')

test_case = make_test(CASES)
