"""F.conv1d/conv2d, nn.Conv1d/2d, F.max_pool2d/nn.MaxPool2d, F.avg_pool2d/nn.AvgPool2d,
F.adaptive_avg_pool2d/nn.AdaptiveAvgPool2d: values, grads, grad node names
(ConvolutionBackward0, MaxPool2DWithIndicesBackward0, AvgPool2DBackward0,
AdaptiveAvgPool2DBackward0; MeanBackward1 for a 1x1 output, as torch), printing, errors, and LeNet on the blitz's 1x1x32x32 input with
the same weights copied into both engines."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### conv2d_values_and_grads
x = (torch.arange(50.).reshape(1, 2, 5, 5) % 7 - 3).requires_grad_()
w = (torch.arange(54.).reshape(3, 2, 3, 3) % 5 - 2).div(4).requires_grad_()
b = torch.tensor([0.5, -1., 2.], requires_grad=True)
for kw in ({}, {'stride': 2}, {'padding': 1}, {'padding': (1, 0), 'stride': (1, 2)},
           {'dilation': 2}, {'padding': 'same'}, {'padding': 'valid'}):
    y = F.conv2d(x, w, b, **kw)
    x.grad = w.grad = b.grad = None
    (y * y).sum().backward()
    obs(str(sorted(kw.items())), (y, x.grad, w.grad, b.grad))
obs('graph', graph(F.conv2d(x, w, b).grad_fn))
obs('no_bias_graph', graph(F.conv2d(x, w).grad_fn))
obs('torch_conv2d', torch.conv2d(x, w, b, 1, 1).shape)
obs('unbatched', F.conv2d(x[0], w, b))
obs('unbatched_graph', graph(F.conv2d(x[0], w, b).grad_fn))
wg = torch.arange(24.).reshape(4, 1, 2, 3) / 10
obs('groups', F.conv2d(x, wg, groups=2))

### conv2d_errors
x = torch.ones(1, 2, 5, 5)
w = torch.ones(3, 2, 3, 3)
with expect_error():
    F.conv2d(x, torch.ones(3, 4, 3, 3))
with expect_error():
    F.conv2d(torch.ones(5, 5), w)
with expect_error():
    F.conv2d(x, torch.ones(3, 2, 7, 7))
with expect_error():
    F.conv2d(x, w, torch.ones(4))
with expect_error():
    F.conv2d(x, w, stride=0)
with expect_error():
    F.conv2d(x, w, padding=-1)
with expect_error():
    F.conv2d(x, w, padding='same', stride=2)
with expect_error():
    F.conv2d(x, w, padding='full')
with expect_error():
    F.conv2d(x, w, stride=(1, 2, 3))
with expect_error():
    F.conv2d(x, w.double())
with expect_error():
    F.conv2d(x, w, groups=2)

### conv1d_and_modules
x = (torch.arange(24.).reshape(2, 3, 4) % 5).requires_grad_()
c = det_init(nn.Conv1d(3, 2, 2, stride=1, padding=1))
obs('repr', repr(c))
y = c(x)
obs('y', y)
y.sum().backward()
obs('grads', (x.grad, c.weight.grad, c.bias.grad))
obs('graph', graph(y.grad_fn))
c2 = nn.Conv2d(1, 6, 5)
obs('conv2d_repr', repr(c2))
obs('shapes', [(n, p.shape) for n, p in c2.named_parameters()])
obs('bound', bool(c2.weight.abs().max() <= 0.2) and bool(c2.bias.abs().max() <= 0.2))
obs('reprs', [repr(nn.Conv2d(3, 8, (3, 5), stride=2, padding=1, bias=False)),
              repr(nn.Conv2d(4, 8, 3, dilation=2, groups=2)),
              repr(nn.Conv2d(3, 8, 3, padding='same')),
              repr(nn.Conv1d(3, 8, 3, padding='valid'))])
obs('attrs', (c2.kernel_size, c2.stride, c2.padding, c2.dilation, c2.groups))
with expect_error():
    nn.Conv2d(3, 8, 3, groups=2)
with expect_error():
    nn.Conv2d(4, 6, 3, groups=4)
with expect_error():
    nn.Conv2d(4, 6, 3, padding='same', stride=2)

### max_pool2d
x = (torch.arange(50.).reshape(1, 2, 5, 5) * 7 % 11).requires_grad_()
for kw in ({'kernel_size': 2}, {'kernel_size': 3, 'stride': 1}, {'kernel_size': 2, 'padding': 1},
           {'kernel_size': 2, 'ceil_mode': True}, {'kernel_size': (2, 3), 'stride': (2, 1)},
           {'kernel_size': 2, 'dilation': 2}):
    y = F.max_pool2d(x, **kw)
    x.grad = None
    (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
    obs(str(sorted(kw.items())), (y, x.grad))
y, idx = F.max_pool2d(x, 2, return_indices=True)
obs('indices', (y, idx))
obs('graph', graph(y.grad_fn))
obs('unbatched', F.max_pool2d(x[0], 2))
obs('ties', F.max_pool2d(torch.ones(1, 1, 2, 2), 2, return_indices=True))
obs('long', F.max_pool2d(torch.arange(16).reshape(1, 4, 4), 2))
m = nn.MaxPool2d(2)
obs('repr', (repr(m), repr(nn.MaxPool2d((3, 2), stride=1, padding=1, ceil_mode=True))))
obs('module', m(x))
mi = nn.MaxPool2d(2, return_indices=True)
obs('module_indices', mi(x)[1])
with expect_error():
    F.max_pool2d(x, 2, padding=2)
with expect_error():
    F.max_pool2d(x, 7)
with expect_error():
    F.max_pool2d(torch.ones(4, 4), 2)
with expect_error():
    F.max_pool2d(x, (2, 2, 2))
with expect_error():
    F.max_pool2d(x, 2, stride=0)
with expect_error():
    F.max_pool2d(x, 2, dilation=0)

### avg_pool2d
x = (torch.arange(50.).reshape(1, 2, 5, 5) * 7 % 11).requires_grad_()
for kw in ({'kernel_size': 2}, {'kernel_size': 3, 'stride': 1}, {'kernel_size': 2, 'padding': 1},
           {'kernel_size': 3, 'padding': 1, 'count_include_pad': False},
           {'kernel_size': 2, 'divisor_override': 3}, {'kernel_size': (2, 3), 'stride': (1, 2)}):
    y = F.avg_pool2d(x, **kw)
    x.grad = None
    (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
    obs(str(sorted(kw.items())), (y, x.grad))
obs('graph', graph(F.avg_pool2d(x, 2).grad_fn))
obs('unbatched', F.avg_pool2d(x[0], 2))
a = nn.AvgPool2d(2)
obs('repr', (repr(a), repr(nn.AvgPool2d(3, stride=1, padding=1))))
obs('module', a(x))
with expect_error():
    F.avg_pool2d(x, 2, padding=2)
with expect_error():
    F.avg_pool2d(x, 9)
with expect_error():
    F.avg_pool2d(x, (2, 2, 2))

### adaptive_avg_pool2d
x = (torch.arange(70.).reshape(1, 2, 5, 7) * 7 % 11).requires_grad_()
for size in ((3, 2), 2, (7, 7), (5, 1), (None, 3), (1, 1), 1, (4, 7)):
    y = F.adaptive_avg_pool2d(x, size)
    x.grad = None
    (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
    obs(str(size), (y, x.grad))
obs('graph', graph(F.adaptive_avg_pool2d(x, (2, 3)).grad_fn))
obs('graph_1x1', graph(F.adaptive_avg_pool2d(x, (1, 1)).grad_fn))
obs('unbatched', F.adaptive_avg_pool2d(x[0], (3, 4)))
obs('double', F.adaptive_avg_pool2d(x.detach().double(), 2))
obs('empty', (F.adaptive_avg_pool2d(x, 0), F.adaptive_avg_pool2d(torch.ones(1, 0, 3, 3), 2)))
obs('no_grad_empty', F.adaptive_avg_pool2d(torch.ones(2, 3), 1))
a = nn.AdaptiveAvgPool2d((1, 1))
obs('repr', (repr(a), repr(nn.AdaptiveAvgPool2d(7)), repr(nn.AdaptiveAvgPool2d((None, 7)))))
obs('module', (a(x), nn.AdaptiveAvgPool2d(3)(x)))
obs('in_sequential', repr(nn.Sequential(nn.Conv2d(2, 3, 3), nn.AdaptiveAvgPool2d((2, 2)))))
for args in ((x, (1, 2, 3)), (torch.ones(5, 5), 2), (x, -1), (x, (2, -3)), (torch.ones(1, 1, 1, 1, 5), 2),
             (torch.arange(9).reshape(1, 3, 3), 2), (torch.arange(9).reshape(1, 3, 3), 1),
             (x, 'a'), (x, (2,)), (x, 2.5), (torch.ones(1, 2, 0, 3), 2), (torch.ones(3), 1),
             (torch.ones(3), 2), (torch.ones(3), (2, 2)), ([1.], 2)):
    with expect_error():
        F.adaptive_avg_pool2d(*args)

### lenet_blitz
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)
    def forward(self, input):
        c1 = F.relu(self.conv1(input))
        s2 = F.max_pool2d(c1, (2, 2))
        c3 = F.relu(self.conv2(s2))
        s4 = F.max_pool2d(c3, 2)
        s4 = torch.flatten(s4, 1)
        f5 = F.relu(self.fc1(s4))
        f6 = F.relu(self.fc2(f5))
        return self.fc3(f6)
net = det_init(Net(), scale=0.2)
obs('repr', repr(net))
params = list(net.parameters())
obs('n_params', (len(params), params[0].size()))
inp = torch.tensor(np.sin(np.arange(1024.) * 0.37).reshape(1, 1, 32, 32), dtype=torch.float32)
out = net(inp)
obs('out', out)
obs('grad_fn', out.grad_fn.name())
net.zero_grad()
out.backward(torch.ones(1, 10) * 0.1)
obs('grads', [p.grad for p in params[:2]])
out = net(inp)
loss = nn.MSELoss()(out, torch.arange(10.).view(1, -1) / 10)
obs('loss', loss)
obs('chain', [loss.grad_fn.name(), loss.grad_fn.next_functions[0][0].name(),
              loss.grad_fn.next_functions[0][0].next_functions[1][0].name()])
net.zero_grad()
loss.backward()
obs('conv1.bias.grad', net.conv1.bias.grad)
opt = optim.SGD(net.parameters(), lr=0.01)
opt.step()
obs('after_step', net(inp))
''')

test_case = make_test(CASES)
