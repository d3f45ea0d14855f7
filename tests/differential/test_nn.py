"""nn.Parameter, Module, layers, losses, functional, optimisers.

Init is random, so every model gets deterministic weights with ``det_init`` (values
computed from NumPy and copied in under no_grad) before anything is compared."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### parameter_basics
p = nn.Parameter(torch.tensor([1., 2.]))
obs('p', p)
obs('repr', repr(p))
obs('str', str(p))
obs('is_leaf', p.is_leaf)
obs('type', type(p).__name__)
obs('isinstance', isinstance(p, torch.Tensor))
q = nn.Parameter(torch.tensor([1., 2.]), requires_grad=False)
obs('q', q)
obs('q_repr', repr(q))
r = p * 2
obs('r', r)
obs('r_type', type(r).__name__)
obs('p_2d_repr', repr(nn.Parameter(torch.zeros(2, 2))))
obs('detach_type', type(p.detach()).__name__)
obs('data_type', type(p.data).__name__)
obs('clone_type', type(p.clone()).__name__)
with expect_error():
    nn.Parameter(torch.tensor([1, 2]))

### parameter_shares_data
t = torch.tensor([1., 2.])
p = nn.Parameter(t)
obs('shares', same_storage(p, t))
t[0] = 5
obs('p', p)
obs('empty', nn.Parameter().shape)

### linear_forward_backward
m = det_init(nn.Linear(3, 2))
obs('repr', repr(m))
obs('weight', m.weight)
obs('bias', m.bias)
obs('weight_repr', repr(m.weight))
x = torch.tensor([[1., 2., 3.], [0., -1., 1.]])
y = m(x)
obs('y', y)
y.sum().backward()
obs('w.grad', m.weight.grad)
obs('b.grad', m.bias.grad)
obs('in_out', (m.in_features, m.out_features))
obs('1d_input', m(torch.tensor([1., 1., 1.])))

### linear_no_bias_and_shapes
m = det_init(nn.Linear(2, 4, bias=False))
obs('repr', repr(m))
obs('bias', m.bias)
obs('params', [p.shape for p in m.parameters()])
obs('y3d', m(torch.ones(5, 3, 2)).shape)
with expect_error():
    m(torch.ones(3, 3))
obs('w_shape', nn.Linear(5, 7).weight.shape)
obs('default_init_range', bool((nn.Linear(4, 3).weight.abs() <= 0.5).all()))

### named_parameters_and_modules
net = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
obs('names', [n for n, _ in net.named_parameters()])
obs('shapes', [tuple(p.shape) for p in net.parameters()])
obs('types', [type(p).__name__ for p in net.parameters()])
obs('children', [type(c).__name__ for c in net.children()])
obs('modules', [type(c).__name__ for c in net.modules()])
obs('named_modules', [n for n, _ in net.named_modules()])
obs('len', len(net))
obs('index', repr(net[0]))
obs('repr', repr(net))
obs('state_keys', list(net.state_dict().keys()))
obs('state_val_type', type(net.state_dict()['0.weight']).__name__)

### custom_module
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(2, 3)
        self.act = nn.Tanh()
        self.fc2 = nn.Linear(3, 1)
        self.scale = nn.Parameter(torch.tensor(2.))
        self.plain = torch.tensor([1.])
    def forward(self, x):
        return self.fc2(self.act(self.fc1(x))) * self.scale
net = det_init(Net())
obs('names', [n for n, _ in net.named_parameters()])
obs('repr', repr(net))
x = torch.tensor([[0.5, -0.5], [1., 2.]])
out = net(x)
obs('out', out)
out.sum().backward()
obs('grads', [p.grad for p in net.parameters()])
obs('training', net.training)
net.eval()
obs('eval', (net.training, net.fc1.training))
net.train()
obs('train', (net.training, net.act.training))
r = net.train(False)
obs('train_ret', (r is net, net.training))

### module_zero_grad
m = det_init(nn.Linear(2, 2))
m(torch.ones(1, 2)).sum().backward()
obs('grad', m.weight.grad)
m.zero_grad()
obs('after', m.weight.grad)
m(torch.ones(1, 2)).sum().backward()
m.zero_grad(set_to_none=False)
obs('zeroed', m.weight.grad)

### module_requires_grad_freeze
m = det_init(nn.Linear(2, 2))
r = m.requires_grad_(False)
obs('ret', r is m)
obs('rg', [p.requires_grad for p in m.parameters()])
y = m(torch.ones(1, 2))
obs('y', y)
m.bias.requires_grad_(True)
y2 = m(torch.ones(1, 2))
obs('y2', y2)
y2.sum().backward()
obs('grads', (m.weight.grad, m.bias.grad))

### two_branch_freeze_one
class TwoBranch(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2)
        self.b = nn.Linear(2, 2)
        self.head = nn.Linear(4, 1)
    def forward(self, x):
        return self.head(torch.cat([torch.relu(self.a(x)), torch.sigmoid(self.b(x))], dim=1))
net = det_init(TwoBranch())
for p in net.b.parameters():
    p.requires_grad_(False)
x = torch.tensor([[1., -2.], [0.5, 0.5]])
opt = optim.SGD([p for p in net.parameters() if p.requires_grad], lr=0.1)
for step in range(3):
    opt.zero_grad()
    loss = net(x).pow(2).mean()
    loss.backward()
    opt.step()
    obs(f'loss{step}', loss)
obs('a.weight', net.a.weight)
obs('b.weight', net.b.weight)
obs('b.grad', net.b.weight.grad)
obs('head.bias', net.head.bias)

### activations_modules
x = torch.tensor([-2., -0.5, 0., 0.5, 2.])
obs('relu', nn.ReLU()(x))
obs('sigmoid', nn.Sigmoid()(x))
obs('tanh', nn.Tanh()(x))
obs('softmax', nn.Softmax(dim=0)(x))
obs('logsoftmax', nn.LogSoftmax(dim=0)(x))
obs('reprs', [repr(nn.ReLU()), repr(nn.Sigmoid()), repr(nn.Tanh()), repr(nn.Softmax(dim=1))])
xr = x.clone().requires_grad_()
nn.ReLU()(xr).sum().backward()
obs('relu_grad', xr.grad)
obs('leaky', nn.LeakyReLU(0.1)(x))
obs('identity', nn.Identity()(x))

### functional_api
x = torch.tensor([[-1., 2., 0.5]])
obs('relu', F.relu(x))
obs('sigmoid', F.sigmoid(x) if hasattr(F, 'sigmoid') else torch.sigmoid(x))
obs('tanh', torch.tanh(x))
obs('softmax', F.softmax(x, dim=1))
obs('log_softmax', F.log_softmax(x, dim=-1))
w = torch.tensor([[1., 0., -1.], [0.5, 0.5, 0.5]])
b = torch.tensor([0.1, -0.1])
obs('linear', F.linear(x, w, b))
obs('linear_nobias', F.linear(x, w))
obs('mse', F.mse_loss(x, torch.zeros(1, 3)))
obs('mse_sum', F.mse_loss(x, torch.zeros(1, 3), reduction='sum'))
obs('mse_none', F.mse_loss(x, torch.zeros(1, 3), reduction='none'))
obs('ce', F.cross_entropy(x, torch.tensor([1])))
obs('nll', F.nll_loss(F.log_softmax(x, 1), torch.tensor([2])))
obs('relu_inplace', F.relu(x.clone(), inplace=True))

### mse_loss_module
loss_fn = nn.MSELoss()
obs('repr', repr(loss_fn))
p = torch.tensor([1., 2., 3.], requires_grad=True)
t = torch.tensor([1.5, 2., 0.])
l = loss_fn(p, t)
obs('l', l)
l.backward()
obs('p.grad', p.grad)
obs('sum', nn.MSELoss(reduction='sum')(p, t))
obs('none', nn.MSELoss(reduction='none')(p, t))
obs('bcast_warn', nn.MSELoss()(torch.ones(3, 1), torch.zeros(3)))

### cross_entropy_module
loss_fn = nn.CrossEntropyLoss()
logits = torch.tensor([[2., 1., 0.1], [0.5, 2.5, 0.3]], requires_grad=True)
target = torch.tensor([0, 1])
l = loss_fn(logits, target)
obs('l', l)
l.backward()
obs('grad', logits.grad)
obs('sum', nn.CrossEntropyLoss(reduction='sum')(logits, target))
obs('none', nn.CrossEntropyLoss(reduction='none')(logits, target))
obs('probs_target', nn.CrossEntropyLoss()(logits, torch.tensor([[1., 0., 0.], [0., 0.5, 0.5]])))
obs('1d', nn.CrossEntropyLoss()(torch.tensor([1., 2., 3.]), torch.tensor(2)))
with expect_error():
    loss_fn(logits, torch.tensor([0, 5]))
with expect_error():
    loss_fn(logits, torch.tensor([0.5, 1.]))

### sgd_plain
m = det_init(nn.Linear(2, 1))
opt = optim.SGD(m.parameters(), lr=0.1)
x = torch.tensor([[1., 2.], [3., -1.]])
y = torch.tensor([[1.], [0.]])
for i in range(4):
    opt.zero_grad()
    loss = nn.MSELoss()(m(x), y)
    loss.backward()
    opt.step()
    obs(f'loss{i}', loss)
obs('w', m.weight)
obs('b', m.bias)
obs('grad_after_zero_grad', (opt.zero_grad(), m.weight.grad)[1])
obs('versions_bumped', m.weight._version > 0)

### sgd_momentum_weight_decay
m = det_init(nn.Linear(2, 2))
opt = optim.SGD(m.parameters(), lr=0.05, momentum=0.9, weight_decay=0.01)
x = torch.tensor([[1., 2.], [-1., 0.5]])
for i in range(5):
    opt.zero_grad()
    loss = (m(x) ** 2).sum()
    loss.backward()
    opt.step()
obs('w', m.weight)
obs('b', m.bias)
obs('state_keys', sorted(opt.state[m.weight].keys()))
obs('buf', opt.state[m.weight]['momentum_buffer'])
obs('param_groups_lr', opt.param_groups[0]['lr'])

### sgd_nesterov_and_dampening
m = det_init(nn.Linear(2, 1))
opt = optim.SGD(m.parameters(), lr=0.1, momentum=0.5, nesterov=True)
for i in range(3):
    opt.zero_grad()
    m(torch.tensor([[1., -1.]])).sum().backward()
    opt.step()
obs('w', m.weight)
m2 = det_init(nn.Linear(2, 1))
opt2 = optim.SGD(m2.parameters(), lr=0.1, momentum=0.5, dampening=0.3)
for i in range(3):
    opt2.zero_grad()
    m2(torch.tensor([[1., -1.]])).sum().backward()
    opt2.step()
obs('w2', m2.weight)
with expect_error():
    optim.SGD(m.parameters(), lr=-1)
with expect_error():
    optim.SGD(m.parameters(), lr=0.1, nesterov=True)

### adam_steps
m = det_init(nn.Linear(3, 2))
opt = optim.Adam(m.parameters(), lr=0.01)
x = torch.tensor([[1., 2., 3.], [-1., 0., 1.]])
t = torch.tensor([0, 1])
for i in range(5):
    opt.zero_grad()
    loss = nn.CrossEntropyLoss()(m(x), t)
    loss.backward()
    opt.step()
    obs(f'loss{i}', loss)
obs('w', m.weight)
obs('b', m.bias)
obs('state_keys', sorted(opt.state[m.weight].keys()))
obs('step', opt.state[m.weight]['step'])
obs('exp_avg', opt.state[m.weight]['exp_avg'])

### adam_options
m = det_init(nn.Linear(2, 1))
opt = optim.Adam(m.parameters(), lr=0.1, betas=(0.8, 0.9), eps=1e-6, weight_decay=0.1)
for i in range(3):
    opt.zero_grad()
    (m(torch.tensor([[1., 2.]])) ** 2).sum().backward()
    opt.step()
obs('w', m.weight)
obs('b', m.bias)
obs('defaults', sorted(k for k in opt.defaults if k in ('lr', 'betas', 'eps', 'weight_decay', 'amsgrad')))

### optimizer_zero_grad_set_to_none
m = det_init(nn.Linear(2, 1))
opt = optim.SGD(m.parameters(), lr=0.1)
m(torch.ones(1, 2)).sum().backward()
opt.zero_grad()
obs('none', m.weight.grad)
m(torch.ones(1, 2)).sum().backward()
opt.zero_grad(set_to_none=False)
obs('zeros', m.weight.grad)
m(torch.ones(1, 2)).sum().backward()
opt.zero_grad(set_to_none=True)
obs('none2', m.bias.grad)

### optimizer_skips_params_without_grad
a = nn.Parameter(torch.tensor([1., 2.]))
b = nn.Parameter(torch.tensor([3., 4.]))
opt = optim.SGD([a, b], lr=0.5)
(a * 2).sum().backward()
opt.step()
obs('a', a)
obs('b', b)
opt2 = optim.Adam([a, b], lr=0.5)
opt2.step()
obs('a2', a)
obs('state_len', len(opt2.state))

### optimizer_param_groups
a = nn.Parameter(torch.tensor([1.]))
b = nn.Parameter(torch.tensor([1.]))
opt = optim.SGD([{'params': [a]}, {'params': [b], 'lr': 1.0}], lr=0.1)
(a + b).sum().backward()
opt.step()
obs('a', a)
obs('b', b)
obs('lrs', [g['lr'] for g in opt.param_groups])
with expect_error():
    optim.SGD([], lr=0.1)

### sequential_training_loop
net = det_init(nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1), nn.Sigmoid()))
x = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
y = torch.tensor([[0.], [1.], [1.], [0.]])
opt = optim.SGD(net.parameters(), lr=0.5, momentum=0.9)
loss_fn = nn.MSELoss()
for i in range(20):
    opt.zero_grad()
    loss = loss_fn(net(x), y)
    loss.backward()
    opt.step()
obs('final_loss', loss)
obs('pred', net(x))
with torch.no_grad():
    p = net(x)
obs('pred_nograd', p)

### module_call_hooks_and_forward_errors
m = nn.Linear(2, 2)
with expect_error():
    m(torch.ones(2, 3))
with expect_error():
    m(torch.ones(2, 2, dtype=torch.float64))
with expect_error():
    m(torch.ones(2, 2, dtype=torch.int64))
class NoForward(nn.Module):
    pass
with expect_error():
    NoForward()(torch.ones(1))

### module_attribute_registration
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(2))
        self.sub = nn.Linear(1, 1)
m = M()
obs('names', [n for n, _ in m.named_parameters()])
m.extra = nn.Parameter(torch.zeros(1))
obs('names2', [n for n, _ in m.named_parameters()])
del m.extra
obs('names3', [n for n, _ in m.named_parameters()])
m.w = nn.Parameter(torch.zeros(3))
obs('w', m.w)
with expect_error():
    m.w = torch.zeros(3)
obs('num', sum(p.numel() for p in m.parameters()))

### module_to_double_and_float
m = det_init(nn.Linear(2, 1))
r = m.double()
obs('ret', r is m)
obs('dtype', m.weight.dtype)
obs('out', m(torch.ones(1, 2, dtype=torch.float64)))
m.float()
obs('back', m.weight.dtype)
obs('to', m.to(torch.float64).bias.dtype)
obs('param_type', type(m.weight).__name__)
### optimizer_state_dict_round_trip
p = nn.Parameter(torch.tensor([1., 2.]))
q = nn.Parameter(torch.ones(1))
o = optim.SGD([p, q], lr=0.1, momentum=0.9)
(p * p).sum().backward()
o.step()
sd = o.state_dict()
obs('sgd', sd)
obs('shares_state', sd['state'][0]['momentum_buffer'] is o.state[p]['momentum_buffer'])
a = optim.Adam([p])
(p * p).sum().backward()
a.step()
obs('adam', a.state_dict())
o2 = optim.SGD([p, q], lr=0.5)
o2.load_state_dict(sd)
obs('loaded', (o2.param_groups[0]['lr'], o2.state[p], o2.param_groups[0]['params'][0] is p,
               o2.state[p]['momentum_buffer'] is sd['state'][0]['momentum_buffer']))
o3 = optim.SGD([p, q], lr=0.5)
o3.add_param_group({'params': [nn.Parameter(torch.ones(2))], 'lr': 0.2})
obs('two_groups', o3.state_dict()['param_groups'])
for bad in ({'state': {}, 'param_groups': [{'lr': 1, 'params': [0]}]}, {'state': {}, 'param_groups': []}):
    with expect_error():
        o2.load_state_dict(bad)
a2 = optim.Adam([p], lr=0.1)
a2.load_state_dict(a.state_dict())
(p * p).sum().backward()
a2.step()
obs('adam_resumed', (p, a2.state[p]['step']))
### dropout_binary_losses_l1_and_module_dict
# Dropout (the mask's values are random, so only what they can be is compared), the
# binary cross-entropies, L1Loss and ModuleDict for a two-branch network
import re
def show(label, f):
    with expect_error('raises ' + label):
        r = f()
        obs(label, re.sub(r" at 0x[0-9a-f]+", "", repr(r)))
x = torch.tensor([0.2, 0.9, 0.5], requires_grad=True)
t = torch.tensor([0., 1., 1.])
def g(fn, *a, **k):
    x.grad = None
    r = fn(*a, **k); r.sum().backward() if r.requires_grad else None
    return r, x.grad
show("bce", lambda: g(F.binary_cross_entropy, x, t))
show("bce sum", lambda: g(F.binary_cross_entropy, x, t, reduction="sum"))
show("bce none", lambda: g(F.binary_cross_entropy, x, t, reduction="none"))
show("bce weight", lambda: g(F.binary_cross_entropy, x, t, weight=torch.tensor([1., 2., 3.])))
show("bce 0 1", lambda: g(F.binary_cross_entropy, torch.tensor([0., 1.], requires_grad=True), torch.tensor([1., 0.])))
show("bce out of range", lambda: F.binary_cross_entropy(torch.tensor([1.5]), torch.tensor([1.])))
show("bce size", lambda: F.binary_cross_entropy(x, t[:, None]))
show("bcel", lambda: g(F.binary_cross_entropy_with_logits, x * 4 - 2, t))
show("bcel pw", lambda: g(F.binary_cross_entropy_with_logits, x * 4 - 2, t, pos_weight=torch.tensor([2., 2., 2.])))
show("bcel weight none", lambda: g(F.binary_cross_entropy_with_logits, x * 4 - 2, t, weight=torch.tensor([1., 0.5, 2.]), reduction="none"))
show("bcel size", lambda: F.binary_cross_entropy_with_logits(x, t[:2]))
show("bcel big", lambda: g(F.binary_cross_entropy_with_logits, x * 100 - 50, t))
show("l1", lambda: g(F.l1_loss, x, t))
show("l1 sum", lambda: g(F.l1_loss, x, t, reduction="sum"))
show("l1 warn", lambda: F.l1_loss(x, t[:, None]).shape)
show("modules", lambda: (nn.L1Loss(), nn.BCELoss(), nn.BCEWithLogitsLoss(), nn.Dropout(), nn.Dropout(0.2, inplace=True)))
show("BCELoss", lambda: g(nn.BCELoss(), x, t))
show("BCEWithLogitsLoss", lambda: g(nn.BCEWithLogitsLoss(pos_weight=torch.tensor([3., 3., 3.])), x, t))
show("bce buffers", lambda: [n for n, _ in nn.BCEWithLogitsLoss(pos_weight=torch.ones(1)).named_buffers()])
show("dropout bad", lambda: nn.Dropout(1.5))
show("F dropout bad", lambda: F.dropout(x, -0.1))
show("dropout eval", lambda: (lambda d: (d.eval(), d(x) is x)[1])(nn.Dropout()))
show("dropout p0", lambda: F.dropout(x, 0.0) is x)
show("dropout not train", lambda: F.dropout(x, 0.5, training=False) is x)
show("dropout p1", lambda: F.dropout(x, 1.0))
torch.manual_seed(0)
show("dropout stats", lambda: (lambda y: (y.grad_fn.name(), set(round(v, 4) for v in y.tolist()) <= {0.0, 0.4, 1.8, 1.0}, y.shape))(F.dropout(x, 0.5)))
show("dropout inplace", lambda: (lambda z: F.dropout(z, 0.5, inplace=True) is z)(torch.ones(4)))
show("dropout grad", lambda: (lambda y: (y.sum().backward(), torch.equal(x.grad, (y.detach() / x.detach()))))(F.dropout(x, 0.5)))
md = nn.ModuleDict({"a": nn.Linear(1, 1), "b": nn.ReLU()})
show("moduledict", lambda: (md, list(md.keys()), [n for n, _ in md.named_parameters()], len(md), "a" in md, type(md["b"]).__name__))
show("moduledict update", lambda: (md.update([("c", nn.Tanh())]), list(md))[1])
show("moduledict pop", lambda: (type(md.pop("c")).__name__, list(md)))
show("moduledict bad", lambda: nn.ModuleDict([("a",)]))
show("two branch freeze", lambda: (lambda m: (m["a"].requires_grad_(False), [p.requires_grad for p in m.parameters()])[1])(nn.ModuleDict({"a": nn.Linear(1, 1), "b": nn.Linear(1, 1)})))
### adamw_decays_the_weights_themselves
p = nn.Parameter(torch.tensor([1., 2.]))
o = optim.AdamW([p], lr=0.1)
obs('repr', repr(o))
for _ in range(3):
    (p * p).sum().backward()
    o.step()
    o.zero_grad()
obs('after', (p, o.state_dict()['param_groups'], o.state[p]['step'], p._version))
q = nn.Parameter(torch.tensor([1., 2.]))
o = optim.AdamW([q], lr=0.1, weight_decay=0.5, amsgrad=True)
for _ in range(3):
    (q * q).sum().backward()
    o.step()
    o.zero_grad()
obs('amsgrad', q)
with expect_error():
    optim.AdamW([p], lr=-1)

### data_parallel_without_a_gpu
lin = det_init(nn.Linear(2, 1))
d = nn.DataParallel(lin)
obs('repr', repr(d))
obs('attrs', (d.module is lin, d.device_ids, list(d.state_dict()), hasattr(d, 'dim'),
              nn.parallel.DataParallel is nn.DataParallel))
x = torch.tensor([[1., 2.], [3., -1.]])
y = d(x)
obs('same_as_module', (y, torch.equal(y, lin(x)), y.grad_fn.name()))
y.sum().backward()
obs('grads', (lin.weight.grad, lin.bias.grad))
obs('params', [n for n, _ in d.named_parameters()])
''')

test_case = make_test(CASES)
