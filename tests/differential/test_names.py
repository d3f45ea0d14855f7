"""Class names, compared DIFFERENTIALLY: torch sets ``__module__`` on its public classes so
``type(t)`` prints ``<class 'torch.Tensor'>``; minitensor prints its own name in the same
place (``<class 'minitensor.Tensor'>``). ``named(x)`` reads the engine's name as ``ENGINE``
so the two sides compare; everything else about the string must be equal."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### public_class_names
def named(x):
    return repr(x).replace(torch.__name__ + '.', 'ENGINE.')
t = torch.ones(2)
for x in (type(t), torch.Tensor, type(t.shape), torch.Size, type(t.dtype), torch.dtype,
          type(t.device), torch.device, type(torch.finfo(torch.float32)),
          type(torch.iinfo(torch.int64)), nn.Linear, nn.Module, nn.ReLU, nn.Sequential,
          nn.MSELoss, nn.CrossEntropyLoss, nn.Parameter, type(nn.Linear(1, 1).weight),
          optim.SGD, optim.Adam, torch.no_grad, torch.enable_grad, torch.autograd.Function):
    obs(x.__name__, named(x))
obs('str', str(type(t)).replace(torch.__name__ + '.', 'ENGINE.'))
obs('module', type(t).__module__ == torch.__name__)
obs('qualname', type(t).__qualname__)
obs('mro', [named(c) for c in nn.Parameter.__mro__ if c.__name__ in ('Parameter', 'Tensor')])

### function_backward_name
class Double(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2
y = Double.apply(torch.ones(2, requires_grad=True))
obs('node', repr(type(y.grad_fn)).replace(torch.__name__ + '.', 'ENGINE.'))
obs('name', y.grad_fn.name())

### names_survive_save_and_load
import io
buf = io.BytesIO()
torch.save({'shape': torch.ones(2, 3).shape, 'w': torch.ones(2)}, buf)
buf.seek(0)
back = torch.load(buf)
obs('shape', back['shape'])
obs('w', back['w'])
''')

test_case = make_test(CASES)
