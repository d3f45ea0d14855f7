"""minitensor.nn and minitensor.optim side by side with real torch.

Each test builds the same thing in both libraries (torch's weights copied into the
minitensor model), then compares values, gradients, grad_fn names, reprs, versions
and error messages.
"""
import copy
import math
import warnings

import numpy as np
import pytest
import torch

import minitensor as mt

tnn, mnn = torch.nn, mt.nn
tF, mF = torch.nn.functional, mt.nn.functional

RTOL = 1e-5
ATOL = 1e-6


# ------------------------------------------------------------------ helpers
def to_mt(t, requires_grad=None):
    rg = t.requires_grad if requires_grad is None else requires_grad
    return mt.tensor(t.detach().numpy(), requires_grad=rg)


def copy_weights(tmodel, mmodel):
    tparams = dict(tmodel.named_parameters())
    mparams = dict(mmodel.named_parameters())
    assert list(tparams) == list(mparams)
    with mt.no_grad():
        for name, mp in mparams.items():
            mp.copy_(mt.tensor(tparams[name].detach().numpy()))


def close(m, t, rtol=RTOL, atol=ATOL):
    np.testing.assert_allclose(m.detach().numpy(), t.detach().numpy(), rtol=rtol, atol=atol)


def assert_same_params(mmodel, tmodel, grads=True):
    for (mn, mp), (tn, tp) in zip(mmodel.named_parameters(), tmodel.named_parameters()):
        assert mn == tn
        close(mp, tp)
        if grads:
            assert (mp.grad is None) == (tp.grad is None), mn
            if tp.grad is not None:
                close(mp.grad, tp.grad)


def graph(fn):
    """grad_fn names as a nested string: AddmmBackward0(AccumulateGrad, None, ...)."""
    if fn is None:
        return "None"
    s = type(fn).__name__
    if fn.next_functions:
        s += "(" + ", ".join(graph(f) for f, _ in fn.next_functions) + ")"
    return s


def error_of(fn):
    try:
        fn()
    except Exception as e:   # noqa: BLE001
        return type(e).__name__, str(e)
    return None


def same_error(tfn, mfn):
    te, me = error_of(tfn), error_of(mfn)
    assert te is not None, "torch did not raise"
    assert me == te


def mlp(lib, sizes=(2, 16, 1), act="Tanh"):
    layers = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
        layers.append(lib.Linear(a, b))
        if i < len(sizes) - 2:
            layers.append(getattr(lib, act)())
    return lib.Sequential(*layers)


def pair(sizes=(2, 16, 1), act="Tanh", seed=0):
    torch.manual_seed(seed)
    tm = mlp(tnn, sizes, act)
    mm = mlp(mnn, sizes, act)
    copy_weights(tm, mm)
    return tm, mm


def toy_data(n=32, seed=1):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-1, 1, size=(n, 2)).astype(np.float32)
    y = (np.sin(2 * x[:, :1]) + x[:, 1:] ** 2).astype(np.float32)
    return x, y


# --------------------------------------------------------------- Parameter
def test_parameter_is_tensor_leaf_and_shares_data():
    for lib in (torch, mt):
        x = lib.zeros(3)
        p = lib.nn.Parameter(x)
        assert isinstance(p, lib.Tensor) and isinstance(p, lib.nn.Parameter)
        assert p.is_leaf and p.requires_grad and p.grad_fn is None
        assert p.data_ptr() == x.data_ptr()
        x.add_(1)                      # the same storage and version counter as torch
        assert p._version == 1 and p.tolist() == [1.0, 1.0, 1.0]
        assert type(p * 2) is lib.Tensor and type(p.detach()) is lib.Tensor


def test_parameter_repr():
    for data in ([1.0, 2.0], [[0.5, -1.25], [3.0, 4.0]]):
        for rg in (True, False):
            t = repr(tnn.Parameter(torch.tensor(data), requires_grad=rg))
            m = repr(mnn.Parameter(mt.tensor(data), requires_grad=rg))
            assert m == t
    assert repr(mnn.Parameter()) == repr(tnn.Parameter())


def test_parameter_integer_data_error():
    same_error(lambda: tnn.Parameter(torch.tensor([1, 2])),
               lambda: mnn.Parameter(mt.tensor([1, 2])))


def test_parameter_deepcopy():
    for lib in (torch, mt):
        p = lib.nn.Parameter(lib.tensor([1.0, 2.0]))
        p.grad = lib.ones(2)
        q = copy.deepcopy(p)
        assert type(q) is lib.nn.Parameter and q.requires_grad
        assert q.data_ptr() != p.data_ptr() and q.tolist() == p.tolist()
        assert q.grad is None          # torch's Parameter.__deepcopy__ drops .grad
        p2 = lib.nn.Parameter(lib.ones(1), requires_grad=False)
        assert copy.deepcopy(p2).requires_grad is False


# ------------------------------------------------------------------ Module
class TwoBranch:
    """A generator-like branch feeding a discriminator-like branch, in either library."""

    @staticmethod
    def build(lib):
        class Net(lib.nn.Module):
            def __init__(self):
                super().__init__()
                self.gen = lib.nn.Sequential(lib.nn.Linear(2, 4), lib.nn.Tanh())
                self.disc = lib.nn.Linear(4, 1)
                self.register_buffer("running", lib.zeros(3))
                self.register_buffer("scratch", lib.ones(1), persistent=False)

            def forward(self, x):
                return self.disc(self.gen(x))
        return Net()


def test_module_registration_and_walking():
    tm, mm = TwoBranch.build(torch), TwoBranch.build(mt)
    assert repr(mm) == repr(tm)
    for meth in ("named_parameters", "named_modules", "named_children", "named_buffers"):
        assert [k for k, _ in getattr(mm, meth)()] == [k for k, _ in getattr(tm, meth)()], meth
    assert len(list(mm.parameters())) == len(list(tm.parameters())) == 4
    assert len(list(mm.parameters(recurse=False))) == 0
    assert [type(m).__name__ for m in mm.modules()] == [type(m).__name__ for m in tm.modules()]
    assert [type(m).__name__ for m in mm.children()] == [type(m).__name__ for m in tm.children()]
    assert mm.get_parameter("gen.0.weight") is mm.gen[0].weight


def test_module_state_dict_round_trip_and_errors():
    tm, mm = TwoBranch.build(torch), TwoBranch.build(mt)
    copy_weights(tm, mm)
    tsd, msd = tm.state_dict(), mm.state_dict()
    assert list(msd) == list(tsd) and type(msd).__name__ == "OrderedDict"
    assert not msd["disc.bias"].requires_grad
    assert repr(mm.load_state_dict(msd)) == repr(tm.load_state_dict(tsd))

    mm2 = TwoBranch.build(mt)
    w_before = mm2.disc.weight
    mm2.load_state_dict(msd)
    assert mm2.disc.weight is w_before          # copied in place
    close(mm2.disc.weight, tm.disc.weight)

    def broken(sd, lib):
        sd = dict(sd)
        sd.pop("disc.bias")
        sd["extra"] = lib.zeros(1)
        return sd
    same_error(lambda: tm.load_state_dict(broken(tsd, torch)),
               lambda: mm.load_state_dict(broken(msd, mt)))
    assert repr(mm.load_state_dict(broken(msd, mt), strict=False)) == \
        repr(tm.load_state_dict(broken(tsd, torch), strict=False))

    def wrong_shape(sd, lib):
        sd = dict(sd)
        sd["disc.weight"] = lib.zeros(2, 4)
        return sd
    same_error(lambda: tm.load_state_dict(wrong_shape(tsd, torch)),
               lambda: mm.load_state_dict(wrong_shape(msd, mt)))


def test_module_train_eval_requires_grad_apply():
    for lib in (torch, mt):
        net = TwoBranch.build(lib)
        assert net.training and net.gen[0].training
        assert net.eval() is net
        assert not net.training and not net.gen[1].training and not net.disc.training
        net.train()
        assert net.gen[1].training
        assert net.requires_grad_(False) is net
        assert not any(p.requires_grad for p in net.parameters())
        seen = []
        assert net.apply(lambda m: seen.append(type(m).__name__)) is net
        assert seen == ["Linear", "Tanh", "Sequential", "Linear", "Net"]
    same_error(lambda: TwoBranch.build(torch).train("yes"), lambda: TwoBranch.build(mt).train("yes"))


def test_module_zero_grad():
    for lib in (torch, mt):
        net = TwoBranch.build(lib)
        net(lib.ones(3, 2)).sum().backward()
        assert all(p.grad is not None for p in net.parameters())
        net.zero_grad(set_to_none=False)
        assert all(p.grad is not None and float(p.grad.abs().sum()) == 0 for p in net.parameters())
        net.zero_grad()
        assert all(p.grad is None for p in net.parameters())


def test_module_attribute_errors():
    tl, ml = tnn.Linear(2, 3), mnn.Linear(2, 3)
    same_error(lambda: tl.foo, lambda: ml.foo)
    same_error(lambda: setattr(tl, "weight", torch.zeros(3, 2)),
               lambda: setattr(ml, "weight", mt.zeros(3, 2)))
    same_error(lambda: tl.register_buffer("weight", torch.zeros(1)),
               lambda: ml.register_buffer("weight", mt.zeros(1)))
    same_error(lambda: tl.register_parameter("a.b", None), lambda: ml.register_parameter("a.b", None))
    same_error(lambda: tnn.Module()(1), lambda: mnn.Module()(1))
    same_error(lambda: tnn.ModuleList([tnn.ReLU()])(1), lambda: mnn.ModuleList([mnn.ReLU()])(1))

    def early(lib):
        class Bad(lib.nn.Module):
            def __init__(self):
                self.w = lib.nn.Parameter(lib.zeros(1))
        return Bad()
    same_error(lambda: early(torch), lambda: early(mt))
    tl.weight, ml.weight = None, None
    assert repr(ml) == repr(tl) and list(ml.state_dict()) == list(tl.state_dict()) == ["bias"]


def test_module_to_cuda_moves_the_same_parameter_objects(simulated_cuda):
    m = mnn.Linear(2, 3)
    w = m.weight
    m(mt.ones(1, 2)).sum().backward()
    assert m.cuda() is m
    assert m.weight is w and isinstance(m.weight, mnn.Parameter) and m.weight.is_leaf
    assert str(m.weight.device) == "cuda:0" and str(m.weight.grad.device) == "cuda:0"
    assert str(m(mt.ones(1, 2, device="cuda")).device) == "cuda:0"
    m.cpu()
    assert str(m.bias.device) == "cpu" and str(m.bias.grad.device) == "cpu"
    m.to(mt.float64)
    assert m.weight.dtype is mt.float64 and m.weight is w
    # compare the dtype conversion with torch
    t = tnn.Linear(2, 3).double()
    assert str(t.weight.dtype) == str(m.weight.dtype)
    same_error(lambda: tnn.Linear(2, 3).to(torch.int64), lambda: mnn.Linear(2, 3).to(mt.int64))


def test_module_deepcopy():
    tm, mm = TwoBranch.build(torch), TwoBranch.build(mt)
    for net in (tm, mm):
        c = copy.deepcopy(net)
        assert c.disc.weight is not net.disc.weight
        assert type(c.disc.weight).__name__ == "Parameter"
        assert c.disc.weight.tolist() == net.disc.weight.tolist()


# -------------------------------------------------------------- containers
def test_reprs_of_modules():
    def build(nn):
        return nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Sequential(nn.Tanh(), nn.Softmax(dim=1)),
                             nn.Flatten(), nn.MSELoss(), nn.CrossEntropyLoss(), nn.Identity(),
                             nn.Sigmoid(), nn.Linear(3, 1, bias=False), nn.ReLU(inplace=True),
                             nn.Flatten(0, 2), nn.Softmax())
    assert repr(build(mnn)) == repr(build(tnn))
    assert repr(mnn.Sequential(mnn.Linear(2, 3), mnn.ReLU())) == \
        "Sequential(\n  (0): Linear(in_features=2, out_features=3, bias=True)\n  (1): ReLU()\n)"
    assert repr(mnn.Sequential()) == repr(tnn.Sequential())

    def mlist(nn):
        return nn.ModuleList([nn.Linear(2, 2) for _ in range(3)] + [nn.ReLU()])
    assert repr(mlist(mnn)) == repr(mlist(tnn))
    assert repr(mnn.ModuleList()) == repr(tnn.ModuleList())


def test_sequential_indexing_len_iteration():
    tm, mm = pair((2, 3, 4, 1), act="ReLU")
    assert len(mm) == len(tm) == 5
    assert [type(m).__name__ for m in mm] == [type(m).__name__ for m in tm]
    assert repr(mm[-1]) == repr(tm[-1]) and repr(mm[1:3]) == repr(tm[1:3])
    assert type(mm[0:2]) is mnn.Sequential and mm[0] is list(mm)[0]
    same_error(lambda: tm[5], lambda: mm[5])
    x = torch.randn(6, 2)
    close(mm(to_mt(x)), tm(x))
    ml = mnn.ModuleList([mnn.ReLU(), mnn.Tanh()])
    ml.append(mnn.Sigmoid())
    assert len(ml) == 3 and type(ml[-1]).__name__ == "Sigmoid" and len(list(ml[1:])) == 2
    same_error(lambda: tnn.ModuleList([tnn.ReLU()])[3], lambda: mnn.ModuleList([mnn.ReLU()])[3])


# ----------------------------------------------------------------- Linear
@pytest.mark.parametrize("bias", [True, False])
@pytest.mark.parametrize("shape", [(2,), (4, 2), (5, 4, 2)])
def test_linear_forward_backward_and_graph(bias, shape):
    torch.manual_seed(0)
    tl = tnn.Linear(2, 3, bias=bias)
    ml = mnn.Linear(2, 3, bias=bias)
    copy_weights(tl, ml)
    tx = torch.randn(*shape, requires_grad=True)
    mx = to_mt(tx)
    ty, my = tl(tx), ml(mx)
    assert tuple(my.shape) == tuple(ty.shape)
    close(my, ty)
    assert graph(my.grad_fn) == graph(ty.grad_fn)
    tg = torch.randn(*ty.shape)
    ty.backward(tg)
    my.backward(to_mt(tg))
    close(mx.grad, tx.grad)
    assert_same_params(ml, tl)


def test_functional_linear_grad_fn_names():
    tx, tw, tb = torch.randn(4, 2, requires_grad=True), torch.randn(3, 2, requires_grad=True), torch.randn(3, requires_grad=True)
    mx, mw, mb = to_mt(tx), to_mt(tw), to_mt(tb)
    assert type(mF.linear(mx, mw, mb).grad_fn).__name__ == "AddmmBackward0"
    assert graph(mF.linear(mx, mw, mb).grad_fn) == graph(tF.linear(tx, tw, tb).grad_fn)
    assert graph(mF.linear(mx, mw).grad_fn) == graph(tF.linear(tx, tw).grad_fn)


@pytest.mark.parametrize("shape", [(4, 3), (3,), (5, 4, 3)])
@pytest.mark.parametrize("bias", [True, False])
def test_linear_wrong_input_shape_error(shape, bias):
    tl, ml = tnn.Linear(2, 3, bias=bias), mnn.Linear(2, 3, bias=bias)
    same_error(lambda: tl(torch.randn(*shape)), lambda: ml(mt.randn(*shape)))


def test_linear_dtype_mismatch_error():
    tl, ml = tnn.Linear(2, 3), mnn.Linear(2, 3)
    same_error(lambda: tl(torch.randn(4, 2).double()), lambda: ml(mt.randn(4, 2).double()))


def test_linear_init_deterministic_and_in_bounds():
    mt.manual_seed(123)
    a = mnn.Linear(5, 7)
    mt.manual_seed(123)
    b = mnn.Linear(5, 7)
    c = mnn.Linear(5, 7)
    assert a.weight.tolist() == b.weight.tolist() and a.bias.tolist() == b.bias.tolist()
    assert a.weight.tolist() != c.weight.tolist()
    bound = 1 / math.sqrt(5)
    big = mnn.Linear(5, 2000)
    for p in (a.weight, a.bias, big.weight, big.bias):
        v = p.detach().numpy()
        assert np.all(np.abs(v) <= bound)
    # uniform over the whole interval, not a narrower one
    w = big.weight.detach().numpy()
    assert w.max() > 0.95 * bound and w.min() < -0.95 * bound and abs(w.mean()) < 0.01
    # version after init as in torch (one in-place fill each)
    t = tnn.Linear(5, 7)
    assert (a.weight._version, a.bias._version) == (t.weight._version, t.bias._version)
    assert a.weight.dtype is mt.float32 and tuple(a.weight.shape) == (7, 5)


# ------------------------------------------------------------------- init
def test_init_functions():
    for lib in (torch, mt):
        w = lib.nn.Parameter(lib.zeros(30, 20))
        assert lib.nn.init.ones_(w) is w and w.grad_fn is None and w.requires_grad
        assert float(w.detach().sum()) == 600
        lib.nn.init.zeros_(w)
        assert float(w.detach().abs().sum()) == 0
        lib.nn.init.constant_(w, 0.25)
        assert float(w.detach().sum()) == 150
        assert w._version == 3
        lib.nn.init.uniform_(w, -2, 3)
        v = w.detach().numpy()
        assert v.min() >= -2 and v.max() <= 3 and v.min() < -1.5 and v.max() > 2.5
        lib.nn.init.normal_(w, 1.0, 0.01)
        assert abs(float(w.detach().mean()) - 1.0) < 0.01
        lib.nn.init.xavier_uniform_(w)
        a = math.sqrt(6 / 50)
        assert float(w.detach().abs().max()) <= a and float(w.detach().abs().max()) > 0.9 * a
        lib.nn.init.kaiming_uniform_(w, a=math.sqrt(5))
        assert float(w.detach().abs().max()) <= 1 / math.sqrt(20)
        assert w._version == 7
    same_error(lambda: tnn.init.kaiming_uniform_(torch.zeros(3)), lambda: mnn.init.kaiming_uniform_(mt.zeros(3)))
    same_error(lambda: tnn.init.calculate_gain("foo"), lambda: mnn.init.calculate_gain("foo"))
    for nl in ("linear", "sigmoid", "tanh", "relu", "leaky_relu", "selu"):
        assert mnn.init.calculate_gain(nl) == tnn.init.calculate_gain(nl)


def test_init_is_deterministic_under_manual_seed():
    mt.manual_seed(7)
    a = mnn.init.normal_(mt.zeros(4, 4)).tolist()
    mt.manual_seed(7)
    assert mnn.init.normal_(mt.zeros(4, 4)).tolist() == a


# ------------------------------------------------------------ activations
@pytest.mark.parametrize("name", ["ReLU", "Sigmoid", "Tanh", "Identity", "Flatten", "Softmax",
                                  "LogSoftmax", "LeakyReLU"])
def test_activation_modules(name):
    kw = {"dim": 1} if "Softmax" in name else {"negative_slope": 0.2} if name == "LeakyReLU" else {}
    tmod, mmod = getattr(tnn, name)(**kw), getattr(mnn, name)(**kw)
    tx = torch.randn(3, 4, 2, requires_grad=True)
    mx = to_mt(tx)
    ty, my = tmod(tx), mmod(mx)
    close(my, ty)
    assert graph(my.grad_fn) == graph(ty.grad_fn)
    g = torch.randn(*ty.shape)
    ty.backward(g)
    my.backward(to_mt(g))
    close(mx.grad, tx.grad)
    assert repr(mmod) == repr(tmod)


def test_functional_activations():
    tx = torch.randn(4, 5)
    mx = to_mt(tx)
    for name in ("relu", "sigmoid", "tanh"):
        close(getattr(mF, name)(mx), getattr(tF, name)(tx))
    for name in ("softmax", "log_softmax"):
        for dim in (0, 1, -1):
            close(getattr(mF, name)(mx, dim=dim), getattr(tF, name)(tx, dim=dim))
    assert mnn.Identity()(mx) is mx


# ----------------------------------------------------------------- losses
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_mse_loss(reduction):
    tx = torch.randn(4, 3, requires_grad=True)
    tt = torch.randn(4, 3, requires_grad=True)
    mx, mtt = to_mt(tx), to_mt(tt)
    tl = tnn.MSELoss(reduction=reduction)(tx, tt)
    ml = mnn.MSELoss(reduction=reduction)(mx, mtt)
    close(ml, tl)
    assert graph(ml.grad_fn) == graph(tl.grad_fn) == "MseLossBackward0(AccumulateGrad, AccumulateGrad)"
    g = torch.randn(tl.shape)
    tl.backward(g)
    ml.backward(to_mt(g))
    close(mx.grad, tx.grad)
    close(mtt.grad, tt.grad)
    close(mF.mse_loss(mx, mtt, reduction=reduction), tF.mse_loss(tx, tt, reduction=reduction))


def test_mse_loss_errors_and_broadcast_warning():
    same_error(lambda: tF.mse_loss(torch.randn(3), torch.randn(3), reduction="foo"),
               lambda: mF.mse_loss(mt.randn(3), mt.randn(3), reduction="foo"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        same_error(lambda: tF.mse_loss(torch.randn(3), torch.randn(4)),
                   lambda: mF.mse_loss(mt.randn(3), mt.randn(4)))
    tx, ty = torch.randn(3, 1, requires_grad=True), torch.randn(3)
    mx, my = to_mt(tx), to_mt(ty)
    with pytest.warns(UserWarning) as tw:
        tl = tF.mse_loss(tx, ty)
    with pytest.warns(UserWarning) as mw:
        ml = mF.mse_loss(mx, my)
    assert str(mw[0].message) == str(tw[0].message)
    close(ml, tl)
    tl.backward()
    ml.backward()
    close(mx.grad, tx.grad)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("use_weight", [False, True])
def test_cross_entropy(reduction, use_weight):
    tx = torch.randn(5, 4, requires_grad=True)
    target = torch.tensor([0, 3, 1, 1, 2])
    mx = to_mt(tx)
    w = torch.tensor([1.0, 2.0, 0.5, 1.5]) if use_weight else None
    tl = tnn.CrossEntropyLoss(weight=w, reduction=reduction)(tx, target)
    ml = mnn.CrossEntropyLoss(weight=None if w is None else to_mt(w), reduction=reduction)(mx, to_mt(target))
    close(ml, tl)
    assert ml.dtype is mt.float32
    assert graph(ml.grad_fn) == graph(tl.grad_fn) == "NllLossBackward0(LogSoftmaxBackward0(AccumulateGrad))"
    g = torch.rand(tl.shape)
    tl.backward(g)
    ml.backward(to_mt(g))
    close(mx.grad, tx.grad)


def test_cross_entropy_ignore_index_1d_and_kdim():
    tx = torch.randn(4, 3, requires_grad=True)
    mx = to_mt(tx)
    target = torch.tensor([0, -100, 2, 1])
    tl, ml = tF.cross_entropy(tx, target), mF.cross_entropy(mx, to_mt(target))
    close(ml, tl)
    tl.backward()
    ml.backward()
    close(mx.grad, tx.grad)
    # one sample, class dim 0
    t1 = torch.randn(3, requires_grad=True)
    m1 = to_mt(t1)
    tl, ml = tF.cross_entropy(t1, torch.tensor(1)), mF.cross_entropy(m1, mt.tensor(1))
    close(ml, tl)
    tl.backward()
    ml.backward()
    close(m1.grad, t1.grad)
    # (N, C, d) inputs
    tk = torch.randn(2, 3, 4, requires_grad=True)
    mk = to_mt(tk)
    tt = torch.tensor([[0, 1, 2, 0], [1, 1, 1, 2]])
    for red in ("mean", "none"):
        tl, ml = tF.cross_entropy(tk, tt, reduction=red), mF.cross_entropy(mk, to_mt(tt), reduction=red)
        close(ml, tl)
    tl.sum().backward()
    ml.sum().backward()
    close(mk.grad, tk.grad)


def test_nll_loss_matches_torch():
    tx = torch.randn(5, 4, requires_grad=True)
    mx = to_mt(tx)
    target = torch.tensor([0, 3, 1, 1, 2])
    tl = tF.nll_loss(tF.log_softmax(tx, 1), target)
    ml = mF.nll_loss(mF.log_softmax(mx, 1), to_mt(target))
    close(ml, tl)
    assert graph(ml.grad_fn) == graph(tl.grad_fn)
    tl.backward()
    ml.backward()
    close(mx.grad, tx.grad)
    close(mnn.NLLLoss(reduction="sum")(mx, to_mt(target)), tnn.NLLLoss(reduction="sum")(tx, target))


def test_cross_entropy_errors():
    x = np.random.default_rng(0).standard_normal((3, 4)).astype(np.float32)
    cases = [np.array([0, 1, 4]), np.array([0.0, 1.0, 2.0], np.float32),
             np.array([0, 1, 2], np.int32), np.array([0, 1])]
    for t in cases:
        same_error(lambda: tF.cross_entropy(torch.tensor(x), torch.tensor(t)),
                   lambda: mF.cross_entropy(mt.tensor(x), mt.tensor(t)))
    same_error(lambda: tnn.CrossEntropyLoss(reduction="bad")(torch.tensor(x), torch.tensor([0, 1, 2])),
               lambda: mnn.CrossEntropyLoss(reduction="bad")(mt.tensor(x), mt.tensor([0, 1, 2])))


def test_weighted_loss_weight_is_a_buffer():
    tl, ml = tnn.CrossEntropyLoss(weight=torch.ones(3)), mnn.CrossEntropyLoss(weight=mt.ones(3))
    assert list(ml.state_dict()) == list(tl.state_dict()) == ["weight"]
    assert list(mnn.MSELoss().state_dict()) == list(tnn.MSELoss().state_dict()) == []


# ------------------------------------------------------------- optimizers
OPTIMIZERS = [
    ("SGD", dict(lr=0.1)),
    ("SGD", dict(lr=0.05, momentum=0.9)),
    ("SGD", dict(lr=0.05, momentum=0.9, dampening=0.1, weight_decay=0.01)),
    ("SGD", dict(lr=0.05, momentum=0.9, nesterov=True)),
    ("SGD", dict(lr=0.05, maximize=True)),
    ("Adam", dict(lr=0.01)),
    ("Adam", dict(lr=0.01, betas=(0.8, 0.99), eps=1e-6, weight_decay=0.1)),
    ("Adam", dict(lr=0.01, amsgrad=True)),
    ("Adam", dict(lr=0.01, weight_decay=0.1, decoupled_weight_decay=True)),
]


@pytest.mark.parametrize("name,kw", OPTIMIZERS)
def test_optimizer_steps_match_torch(name, kw):
    tm, mm = pair()
    topt = getattr(torch.optim, name)(tm.parameters(), **kw)
    mopt = getattr(mt.optim, name)(mm.parameters(), **kw)
    x, y = toy_data()
    tx, ty = torch.tensor(x), torch.tensor(y)
    mx, my = mt.tensor(x), mt.tensor(y)
    # versions differ by the weight copy; compare what the steps add
    v0 = [(mp._version, tp._version) for mp, tp in zip(mm.parameters(), tm.parameters())]
    for step in range(1, 6):
        topt.zero_grad()
        mopt.zero_grad()
        tl = tF.mse_loss(tm(tx), ty)
        ml = mF.mse_loss(mm(mx), my)
        close(ml, tl)
        tl.backward()
        ml.backward()
        assert_same_params(mm, tm)             # grads before the step
        topt.step()
        mopt.step()
        assert_same_params(mm, tm)             # values after the step
        for (mp, tp), (mv, tv) in zip(zip(mm.parameters(), tm.parameters()), v0):
            assert mp._version - mv == tp._version - tv == step * (2 if kw.get("decoupled_weight_decay") else 1)
            assert sorted(mopt.state[mp]) == sorted(topt.state[tp])
            for k, tv in topt.state[tp].items():
                close(mopt.state[mp][k], tv)
                assert mopt.state[mp][k]._version == tv._version, k
    assert repr(mopt) == repr(topt)


def test_optimizer_skips_params_without_grad_and_param_groups():
    tm, mm = pair((2, 3, 1))
    for lib, model in ((torch, tm), (mt, mm)):
        opt = lib.optim.SGD([{"params": model[0].parameters()},
                             {"params": model[2].parameters(), "lr": 0.5}], lr=0.1, momentum=0.9)
        model[0].requires_grad_(False)
        model(lib.ones(4, 2)).sum().backward()
        v0 = [p._version for p in model.parameters()]
        opt.step()
        assert [p._version - v for p, v in zip(model.parameters(), v0)] == [0, 0, 1, 1]
        assert len(opt.state) == 2
        assert [g["lr"] for g in opt.param_groups] == [0.1, 0.5]
    assert_same_params(mm, tm)
    assert repr(mt.optim.Adam(mm.parameters())) == repr(torch.optim.Adam(tm.parameters()))


def test_optimizer_zero_grad():
    for lib in (torch, mt):
        p = lib.nn.Parameter(lib.ones(2))
        opt = lib.optim.SGD([p], lr=0.1)
        (p * 3).sum().backward()
        opt.zero_grad(set_to_none=False)
        assert p.grad.tolist() == [0.0, 0.0]
        opt.zero_grad()
        assert p.grad is None
        opt.step()                      # no grad: nothing happens
        assert p._version == 0 and p.tolist() == [1.0, 1.0]


def test_optimizer_step_with_closure():
    tm, mm = pair((2, 4, 1))
    x, y = toy_data(8)
    topt, mopt = torch.optim.SGD(tm.parameters(), lr=0.1), mt.optim.SGD(mm.parameters(), lr=0.1)

    def closure(model, opt, lib, F):
        def fn():
            opt.zero_grad()
            loss = F.mse_loss(model(lib.tensor(x)), lib.tensor(y))
            loss.backward()
            return loss
        return fn
    close(mopt.step(closure(mm, mopt, mt, mF)), topt.step(closure(tm, topt, torch, tF)))
    assert_same_params(mm, tm)


def test_optimizer_errors():
    def cases(lib):
        p = lib.nn.Parameter(lib.ones(2))
        o = lib.optim.SGD([p], lr=0.1)
        return [
            lambda: lib.optim.SGD([], lr=0.1),
            lambda: lib.optim.SGD(p, lr=0.1),
            lambda: lib.optim.SGD([p], lr=-1),
            lambda: lib.optim.SGD([p], lr=0.1, momentum=-0.5),
            lambda: lib.optim.SGD([p], lr=0.1, weight_decay=-1),
            lambda: lib.optim.SGD([p * 2], lr=1),
            lambda: lib.optim.SGD([1], lr=1),
            lambda: lib.optim.SGD([p], lr=1, nesterov=True),
            lambda: lib.optim.Adam([p], lr=-1),
            lambda: lib.optim.Adam([p], eps=-1.0),
            lambda: lib.optim.Adam([p], betas=(1.0, 0.9)),
            lambda: lib.optim.Adam([p], betas=(0.9, -0.1)),
            lambda: lib.optim.Adam([p], weight_decay=-1),
            lambda: o.add_param_group({"params": p}),
            lambda: o.add_param_group({"params": {p}}),
            lambda: o.add_param_group([p]),
            lambda: lib.optim.Optimizer([p], {}).step(),
        ]
    for tfn, mfn in zip(cases(torch), cases(mt)):
        te, me = error_of(tfn), error_of(mfn)
        assert te is not None
        if te[0] == "TypeError" and "<class" in te[1]:
            assert me[0] == te[0] and me[1].split("<class")[0] == te[1].split("<class")[0]
        else:
            assert me == te


# ------------------------------------------------- freezing, detach, training
def test_freeze_one_branch_with_requires_grad_false():
    tnet, mnet = TwoBranch.build(torch), TwoBranch.build(mt)
    copy_weights(tnet, mnet)
    for net in (tnet, mnet):
        net.gen.requires_grad_(False)
    x = torch.randn(3, 2)
    tnet(x).sum().backward()
    mnet(to_mt(x)).sum().backward()
    grads = {n: p.grad is None for n, p in mnet.named_parameters()}
    assert grads == {n: p.grad is None for n, p in tnet.named_parameters()}
    assert grads == {"gen.0.weight": True, "gen.0.bias": True, "disc.weight": False, "disc.bias": False}
    assert_same_params(mnet, tnet)


def test_detach_between_generator_and_discriminator():
    tnet, mnet = TwoBranch.build(torch), TwoBranch.build(mt)
    copy_weights(tnet, mnet)
    x = torch.randn(3, 2)
    for net, inp, lib in ((tnet, x, torch), (mnet, to_mt(x), mt)):
        fake = net.gen(inp)
        d_loss = net.disc(fake.detach()).sum()      # discriminator step: generator untouched
        d_loss.backward()
        assert net.gen[0].weight.grad is None and net.disc.weight.grad is not None
        net.zero_grad()
        net.disc(fake).sum().backward()             # generator step: both receive grads
        assert all(p.grad is not None for p in net.parameters())
    assert_same_params(mnet, tnet)


def test_train_small_mlp_loss_falls_like_torch():
    tm, mm = pair((2, 16, 1))
    x, y = toy_data(64)
    topt, mopt = torch.optim.Adam(tm.parameters(), lr=0.02), mt.optim.Adam(mm.parameters(), lr=0.02)
    mlosses, tlosses = [], []
    for _ in range(60):
        for model, opt, lib, F, losses in ((tm, topt, torch, tF, tlosses), (mm, mopt, mt, mF, mlosses)):
            opt.zero_grad()
            loss = F.mse_loss(model(lib.tensor(x)), lib.tensor(y))
            loss.backward()
            opt.step()
            losses.append(loss.item())
    assert mlosses[-1] < 0.25 * mlosses[0]
    assert all(b < a for a, b in zip(mlosses[:10], mlosses[1:11]))
    np.testing.assert_allclose(mlosses, tlosses, rtol=1e-3)


def test_train_classifier_with_cross_entropy_and_sgd_momentum():
    tm, mm = pair((2, 8, 3), act="ReLU")
    rng = np.random.default_rng(3)
    x = rng.standard_normal((30, 2)).astype(np.float32)
    y = (x[:, 0] > 0).astype(np.int64) + (x[:, 1] > 0).astype(np.int64)
    topt = torch.optim.SGD(tm.parameters(), lr=0.1, momentum=0.9)
    mopt = mt.optim.SGD(mm.parameters(), lr=0.1, momentum=0.9)
    losses = []
    for _ in range(20):
        topt.zero_grad()
        mopt.zero_grad()
        tl = tF.cross_entropy(tm(torch.tensor(x)), torch.tensor(y))
        ml = mF.cross_entropy(mm(mt.tensor(x)), mt.tensor(y))
        close(ml, tl, rtol=1e-4)
        tl.backward()
        ml.backward()
        topt.step()
        mopt.step()
        losses.append(ml.item())
    assert losses[-1] < 0.5 * losses[0]
    for mp, tp in zip(mm.parameters(), tm.parameters()):
        close(mp, tp, rtol=1e-4, atol=1e-5)


def test_import_styles():
    import minitensor.nn as nn2
    import minitensor.optim as optim2
    assert nn2 is mt.nn and optim2 is mt.optim
    assert mt.nn.functional is mF and mt.nn.init is not None
