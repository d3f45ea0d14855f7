"""Devices.

CPU-side and torch.device-object behaviour is compared DIFFERENTIALLY (real torch can
build cuda device objects without a GPU), and so is what a CPU build says to cuda code:
minitensor has no cuda either unless ``minitensor.cuda.simulate(True)`` switches on its
SIMULATED cuda device.  Tensors on that device cannot be made by this machine's CPU-only
torch, so those cases (FACTS below, run with simulation on) compare minitensor with HARD
FACTS about real torch, each verified from torch 2.13's own sources/binaries:

* repr suffix: torch/_tensor_str.py appends ``device='<str(device)>'`` when the device
  type differs from the default (cpu), e.g. ``tensor([1., 2.], device='cuda:0')``.
* ``torch.device('cuda')`` given to a factory places the tensor on ``cuda:0``
  (current device); ``tensor.device`` is then ``device(type='cuda', index=0)``.
* mixing devices in a TensorIterator op (add/mul/...): message format in libtorch_cpu.so
  ``"Expected all tensors to be on the same device, but found at least two devices, "
  <common> " and " <other> "!"``; the common device is the first non-CPU operand's, so
  cuda_tensor + cpu_tensor reports ``cuda:0 and cpu!``.  A 0-dim CPU tensor is allowed
  as a scalar operand of a CUDA op.
* ``.numpy()`` on a cuda tensor: TypeError ``"can't convert cuda:0 device type tensor to
  numpy. Use Tensor.cpu() to copy the tensor to host memory first."`` (libtorch_python.so).
* legacy type strings of cuda tensors are ``torch.cuda.FloatTensor`` etc.
* ``copy_`` between devices is allowed and keeps the destination's device and dtype;
  ``.to(device)`` returns self when already there, ``.cuda()`` / ``.cpu()`` likewise.
"""
import pytest

from harness import check_facts, make_test, parse_cases

CASES = parse_cases(r'''
### device_objects
d = torch.device('cuda')
obs('repr', repr(d))
obs('str', str(d))
obs('type_index', (d.type, d.index))
d0 = torch.device('cuda:0')
obs('repr0', repr(d0))
obs('str0', str(d0))
obs('idx', d0.index)
obs('eq', d == d0)
obs('eq_str', d0 == 'cuda:0')
obs('cpu', repr(torch.device('cpu')))
obs('cpu_idx', torch.device('cpu').index)
obs('two_arg', repr(torch.device('cuda', 1)))
obs('cpu_eq', torch.device('cpu') == torch.device('cpu'))
obs('hash_eq', hash(torch.device('cuda:1')) == hash(torch.device('cuda', 1)))
obs('isinstance', isinstance(d, torch.device))
with expect_error():
    torch.device('gpu')
with expect_error():
    torch.device('cuda:x')
with expect_error():
    torch.device('cuda:0', 1)
with expect_error():
    torch.device(3.5)

### device_object_immutable
d = torch.device('cpu')
with expect_error():
    d.type = 'cuda'

### cpu_tensor_device
x = torch.zeros(2)
obs('device', x.device)
obs('repr', repr(x.device))
obs('is_cuda', x.is_cuda)
obs('is_cpu', x.is_cpu)
obs('get_device', x.get_device())
obs('explicit', torch.ones(2, device='cpu').device)
obs('explicit_obj', torch.ones(2, device=torch.device('cpu')))
obs('to_cpu_same', x.to('cpu') is x)
obs('to_dev_same', x.to(torch.device('cpu')) is x)
obs('cpu_same', x.cpu() is x)
obs('repr_no_suffix', repr(torch.tensor([1.], device='cpu')))
obs('like_device', torch.zeros_like(x, device='cpu').device)
obs('new_device', x.new_zeros(2).device)
obs('tensor_kw', torch.tensor([1, 2], device='cpu', dtype=torch.float64))

### cpu_to_with_dtype_and_copy
x = torch.tensor([1, 2])
y = x.to('cpu', dtype=torch.float32)
obs('y', y)
obs('copy', x.to('cpu', copy=True) is x)
obs('kw', x.to(device='cpu', dtype=torch.int32))
obs('non_blocking', x.to('cpu', non_blocking=True) is x)
with expect_error():
    x.to('cpu', 'cpu')

### cuda_availability_is_bool
obs('type', type(torch.cuda.is_available()).__name__)

### no_cuda_by_default
# torch's CPU build, which minitensor is unless minitensor.cuda.simulate(True) is called
obs('available', torch.cuda.is_available())
obs('count', torch.cuda.device_count())
obs('accelerator', torch.accelerator.is_available())
obs('current_accelerator', torch.accelerator.current_accelerator())
obs('accelerator_count', torch.accelerator.device_count())
device = "cuda" if torch.cuda.is_available() else "cpu"
obs('picked', torch.ones(2, device=device).device)
obs('seed', torch.cuda.manual_seed(0))
obs('device_object', repr(torch.device('cuda')))
t = torch.ones(2)
for make in (lambda: torch.ones(2, device='cuda'), lambda: torch.zeros(2, device='cuda:1'),
             lambda: torch.tensor([1.], device=torch.device('cuda')),
             lambda: torch.rand(2, device='cuda'), lambda: torch.arange(3, device='cuda'),
             lambda: torch.full((2,), 1., device='cuda'), lambda: t.to('cuda'),
             lambda: t.to('cuda', torch.int64), lambda: t.to(device='cuda'), lambda: t.cuda(),
             lambda: t.cuda('cuda'), lambda: t.cuda(0), lambda: t.cuda(-1), lambda: t.to(0),
             lambda: torch.zeros_like(t, device='cuda'), lambda: t.new_zeros(2, device='cuda'),
             lambda: torch.device(0),
             lambda: torch.device(-1), lambda: torch.device('cuda', -1),
             lambda: torch.ones(2, device=1), lambda: torch.cuda.current_device(),
             lambda: torch.cuda.get_device_name(), lambda: torch.cuda.synchronize(),
             lambda: torch.accelerator.current_device_index(),
             lambda: nn.Linear(2, 2).cuda(), lambda: nn.Linear(2, 2).cuda(0),
             lambda: nn.Linear(2, 2).to('cuda')):
    with expect_error():
        make()
obs('no_params', repr(nn.ReLU().cuda(0)))
# (t.type('torch.cuda.FloatTensor') is left out: torch's CPU build answers it with an
# AssertionError or, after other cuda calls in the process, "Cannot initialize CUDA
# without ATen_cuda library")

### set_default_device
obs('default', torch.get_default_device())
torch.set_default_device('cpu')
obs('cpu', torch.ones(2).device)
obs('after', torch.get_default_device())
with expect_error():
    torch.set_default_device('foo')
with expect_error():
    torch.set_default_device(1)
torch.set_default_device('cuda')       # accepted: only making a tensor fails
with expect_error():
    torch.ones(2)
with expect_error():
    torch.tensor([1.])
with expect_error():
    torch.get_default_device()
obs('numpy_stays_on_cpu', torch.from_numpy(np.ones(2)).device)
torch.set_default_device(None)
obs('back', torch.ones(2).device)
''')

test_case = make_test(CASES)


FACTS = {
    "cuda_factory_and_repr": (r'''
x = torch.tensor([1., 2.], device='cuda')
obs('device', repr(x.device))
obs('str', str(x.device))
obs('is_cuda', x.is_cuda)
obs('repr', repr(x))
obs('zeros', repr(torch.zeros(2, device='cuda:0')))
obs('int_repr', repr(torch.tensor([1, 2], device='cuda')))
obs('rg_repr', repr(torch.tensor([1.], device='cuda', requires_grad=True)))
obs('type', x.type())
obs('type_d', torch.zeros(1, dtype=torch.float64, device='cuda').type())
obs('type_l', torch.zeros(1, dtype=torch.int64, device='cuda').type())
obs('get_device', x.get_device())
''', [
        ("device", "device(type='cuda', index=0)"),
        ("str", "cuda:0"),
        ("is_cuda", True),
        ("repr", "tensor([1., 2.], device='cuda:0')"),
        ("zeros", "tensor([0., 0.], device='cuda:0')"),
        ("int_repr", "tensor([1, 2], device='cuda:0')"),
        ("rg_repr", "tensor([1.], device='cuda:0', requires_grad=True)"),
        ("type", "torch.cuda.FloatTensor"),
        ("type_d", "torch.cuda.DoubleTensor"),
        ("type_l", "torch.cuda.LongTensor"),
        ("get_device", 0),
    ]),
    "cuda_to_and_back": (r'''
x = torch.tensor([1., 2.])
c = x.to('cuda')
obs('c_dev', str(c.device))
obs('is_x', c is x)
obs('c_same_again', c.to('cuda') is c)
obs('cuda_method', str(x.cuda().device))
obs('cuda_on_cuda_same', c.cuda() is c)
back = c.cpu()
obs('back_dev', str(back.device))
obs('back_vals', back.tolist())
obs('x_unchanged', str(x.device))
obs('to_dtype', (str(c.to(torch.float64).device), repr(c.to(torch.float64).dtype)))
obs('to_both', repr(x.to('cuda', torch.int64)))
''', [
        ("c_dev", "cuda:0"), ("is_x", False), ("c_same_again", True), ("cuda_method", "cuda:0"),
        ("cuda_on_cuda_same", True), ("back_dev", "cpu"), ("back_vals", [1.0, 2.0]), ("x_unchanged", "cpu"),
        ("to_dtype", ("cuda:0", "torch.float64")), ("to_both", "tensor([1, 2], device='cuda:0')"),
    ]),
    "cuda_mixed_device_error": (r'''
a = torch.ones(2, device='cuda')
b = torch.ones(2)
with expect_error():
    a + b
with expect_error():
    a * b
with expect_error():
    a.add_(b)
ok = a + torch.tensor(1.)
obs('cpu_scalar_ok', (str(ok.device), ok.tolist()))
obs('python_scalar_ok', str((a * 2).device))
''', [
        ("<error #0>", ("raised", "RuntimeError", "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!")),
        ("<error #1>", ("raised", "RuntimeError", "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!")),
        ("<error #2>", ("raised", "RuntimeError", "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!")),
        ("cpu_scalar_ok", ("cuda:0", [2.0, 2.0])),
        ("python_scalar_ok", "cuda:0"),
    ]),
    "cuda_numpy_error": (r'''
x = torch.ones(2, device='cuda')
with expect_error():
    x.numpy()
obs('cpu_numpy', x.cpu().numpy().tolist())
''', [
        ("<error #0>", ("raised", "TypeError", "can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.")),
        ("cpu_numpy", [1.0, 1.0]),
    ]),
    "cuda_copy_keeps_destination": (r'''
dst = torch.zeros(2, 3, dtype=torch.int64, device='cuda')
src = torch.tensor([1.5, 2.5, -3.9])
r = dst.copy_(src)
obs('same', r is dst)
obs('dev', str(dst.device))
obs('dtype', repr(dst.dtype))
obs('vals', dst.tolist())
obs('repr', repr(dst))
c = torch.zeros(2)
c.copy_(torch.tensor([7., 8.], device='cuda'))
obs('c', repr(c))
''', [
        ("same", True), ("dev", "cuda:0"), ("dtype", "torch.int64"),
        ("vals", [[1, 2, -3], [1, 2, -3]]),
        ("repr", "tensor([[ 1,  2, -3],\n        [ 1,  2, -3]], device='cuda:0')"),
        ("c", "tensor([7., 8.])"),
    ]),
    "cuda_grad_flows_across_devices": (r'''
a = torch.tensor([1., 2.], requires_grad=True)
c = a.to('cuda')
obs('c_leaf', c.is_leaf)
obs('c_gf', c.grad_fn.name())
(c * 3).sum().backward()
obs('a_grad', repr(a.grad))
''', [
        ("c_leaf", False), ("c_gf", "ToCopyBackward0"), ("a_grad", "tensor([3., 3.])"),
    ]),
    "cuda_like_and_new_keep_device": (r'''
x = torch.ones(2, device='cuda')
obs('zeros_like', str(torch.zeros_like(x).device))
obs('new_zeros', str(x.new_zeros(3).device))
obs('new_tensor', str(x.new_tensor([1, 2]).device))
obs('clone', str(x.clone().device))
obs('detach', str(x.detach().device))
obs('view', str(x.view(2, 1).device))
obs('sum', str(x.sum().device))
obs('item', x.sum().item())
''', [
        ("zeros_like", "cuda:0"), ("new_zeros", "cuda:0"), ("new_tensor", "cuda:0"), ("clone", "cuda:0"),
        ("detach", "cuda:0"), ("view", "cuda:0"), ("sum", "cuda:0"), ("item", 2.0),
    ]),
}


@pytest.mark.parametrize("name", list(FACTS))
def test_cuda_fact(name, simulated_cuda):
    snippet, expected = FACTS[name]
    check_facts(snippet, expected)
