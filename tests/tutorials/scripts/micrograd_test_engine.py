# Source: micrograd (Andrej Karpathy), test/test_engine.py: test_sanity_check and
#   test_more_ops, which use PyTorch as the oracle for micrograd's Value
#   https://github.com/karpathy/micrograd/blob/master/test/test_engine.py
# Adapted: the micrograd half of each test (micrograd's own Value engine) is left out;
# the PyTorch half is kept as written, and what the tests assert on is printed, along
# with micrograd's expected numbers (the values its Value engine computes), checked with
# the tests' own tolerance.
import torch

def test_sanity_check():

    x = torch.Tensor([-4.0]).double()
    x.requires_grad = True
    z = 2 * x + 2 + x
    q = z.relu() + z * x
    h = (z * z).relu()
    y = h + q + q * x
    y.backward()
    xpt, ypt = x, y

    print(ypt.data.item(), xpt.grad.item())
    # micrograd: y = -20.0, dy/dx = 46.0
    assert ypt.data.item() == -20.0
    assert xpt.grad.item() == 46.0

def test_more_ops():

    a = torch.Tensor([-4.0]).double()
    b = torch.Tensor([2.0]).double()
    a.requires_grad = True
    b.requires_grad = True
    c = a + b
    d = a * b + b**3
    c = c + c + 1
    c = c + 1 + c + (-a)
    d = d + d * 2 + (b + a).relu()
    d = d + 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g = g + 10.0 / f
    g.backward()
    apt, bpt, gpt = a, b, g

    tol = 1e-6
    print(gpt.data.item(), apt.grad.item(), bpt.grad.item())
    # micrograd: g = 24.70408163265306, dg/da = 138.83381924198252, dg/db = 645.5772594752186
    assert abs(24.70408163265306 - gpt.data.item()) < tol
    assert abs(138.83381924198252 - apt.grad.item()) < tol
    assert abs(645.5772594752186 - bpt.grad.item()) < tol

test_sanity_check()
test_more_ops()
print("ok")
