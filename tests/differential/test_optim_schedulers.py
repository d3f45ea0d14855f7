"""optim.RMSprop (plain, momentum, centered, weight decay, maximize) and
optim.lr_scheduler (StepLR, ExponentialLR, LambdaLR): values after steps, state,
get_last_lr, the warnings and the errors."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### rmsprop_plain
p = nn.Parameter(torch.tensor([1., -2., 3.]))
o = optim.RMSprop([p], lr=0.01)
obs('repr', repr(o))
for _ in range(5):
    (p ** 3).sum().backward()
    o.step()
    o.zero_grad()
obs('p', p)
obs('state', o.state[p])
obs('groups', o.state_dict()['param_groups'])
obs('version', p._version)

### rmsprop_variants
for kw in ({'momentum': 0.9}, {'centered': True}, {'centered': True, 'momentum': 0.5},
           {'weight_decay': 0.1, 'alpha': 0.9, 'eps': 1e-3}, {'maximize': True}):
    p = nn.Parameter(torch.tensor([[0.5, -1.5], [2., 0.25]]))
    o = optim.RMSprop([p], lr=0.05, **kw)
    for _ in range(4):
        ((p - 1) ** 2 * p).sum().backward()
        o.step()
        o.zero_grad()
    obs(str(sorted(kw.items())), (p, sorted(o.state[p].keys())))

### rmsprop_model_and_errors
m = det_init(nn.Linear(3, 2))
o = optim.RMSprop(m.parameters(), lr=1e-3, momentum=0.9)
x = torch.tensor([[1., 2., 3.], [-1., 0., 1.]])
for _ in range(3):
    o.zero_grad()
    F.mse_loss(m(x), torch.zeros(2, 2)).backward()
    o.step()
obs('weights', (m.weight, m.bias))
for bad in ({'lr': -1}, {'eps': -1}, {'momentum': -0.1}, {'weight_decay': -1}, {'alpha': -0.5}):
    with expect_error():
        optim.RMSprop(m.parameters(), **bad)

### step_lr
p = nn.Parameter(torch.tensor([1.]))
o = optim.SGD([p], lr=0.1)
s = optim.lr_scheduler.StepLR(o, step_size=2, gamma=0.5)
obs('initial', (s.get_last_lr(), o.param_groups[0]['lr'], o.param_groups[0]['initial_lr'],
                s.last_epoch, s.base_lrs))
lrs = []
for epoch in range(6):
    (p * p).sum().backward()
    o.step()
    o.zero_grad()
    s.step()
    lrs.append(s.get_last_lr())
obs('lrs', lrs)
obs('p', p)
obs('state_keys', sorted(s.state_dict().keys()))
obs('get_lr_outside_step', s.get_lr())

### step_lr_warnings_and_groups
a = nn.Parameter(torch.tensor([1.]))
b = nn.Parameter(torch.tensor([2.]))
o = optim.SGD([{'params': [a]}, {'params': [b], 'lr': 1.0}], lr=0.1)
s = optim.lr_scheduler.StepLR(o, 1, gamma=0.1)
s.step()          # before optimizer.step(): torch warns
obs('lrs', s.get_last_lr())
s.step(5)         # an explicit epoch: deprecated, closed form
obs('closed_form', s.get_last_lr())
with expect_error():
    optim.lr_scheduler.StepLR(p if False else [a], 1)
with expect_error():
    optim.lr_scheduler.StepLR(optim.SGD([a], lr=0.1), 1, last_epoch=3)

### exponential_and_lambda_lr
p = nn.Parameter(torch.tensor([1.]))
o = optim.SGD([p], lr=1.0)
e = optim.lr_scheduler.ExponentialLR(o, gamma=0.5)
out = [e.get_last_lr()]
for _ in range(3):
    o.step()
    e.step()
    out.append(e.get_last_lr())
obs('exp', out)
o = optim.Adam([p], lr=0.2)
l = optim.lr_scheduler.LambdaLR(o, lambda epoch: 1 / (epoch + 1))
out = [l.get_last_lr()]
for _ in range(3):
    o.step()
    l.step()
    out.append(l.get_last_lr())
obs('lambda', out)
with expect_error():
    optim.lr_scheduler.LambdaLR(o, [lambda e: 1, lambda e: 2])
''')

test_case = make_test(CASES)
