"""Systematic families of small cases, generated: one case per (op, dtype), (dtype, dtype),
(reduction, dim, keepdim), (view op), (repr shape/dtype) ... so that a failure names
exactly the combination that differs."""
from harness import make_test

DTYPES = ["float16", "float32", "float64", "int8", "uint8", "int16", "int32", "int64", "bool"]

CASES = {}


def add(name, body):
    assert name not in CASES, name
    CASES[name] = body


def _vals(dt):
    if dt == "bool":
        return "[True, False, True]"
    if dt == "uint8":
        return "[1, 2, 3]"
    if dt.startswith("int"):
        return "[-2, 0, 3]"
    return "[-1.5, 0.0, 2.5]"


# --- binary promotion matrix: tensor(dim 1) op tensor(dim 1), values and dtype -------
for a in DTYPES:
    for b in DTYPES:
        add(f"promote_{a}_{b}", f"""
x = torch.tensor({_vals(a)}, dtype=torch.{a})
y = torch.tensor({_vals(b)}[::-1], dtype=torch.{b})
for name, fn in [('add', lambda: x + y), ('mul', lambda: x * y), ('sub', lambda: x - y), ('div', lambda: x / y),
                 ('lt', lambda: x < y), ('eq', lambda: x == y), ('max', lambda: torch.maximum(x, y)),
                 ('where', lambda: torch.where(x > 0, x, y))]:
    with expect_error(name + '_err'):
        obs(name, fn())
""")

# --- tensor op python scalar, and tensor op 0-dim tensor ------------------------------
for a in DTYPES:
    for sc in ["2", "2.5", "True", "torch.tensor(2)", "torch.tensor(2.5, dtype=torch.float64)", "torch.tensor(True)"]:
        tag = sc.replace("torch.tensor(", "t0d_").replace(", dtype=torch.float64)", "_f64").replace(")", "").replace(".", "p")
        add(f"scalar_{a}_{tag}", f"""
x = torch.tensor({_vals(a)}, dtype=torch.{a})
s = {sc}
for name, fn in [('add', lambda: x + s), ('radd', lambda: s + x), ('mul', lambda: x * s), ('div', lambda: x / s),
                 ('rsub', lambda: s - x), ('pow', lambda: x ** s), ('ge', lambda: x >= s)]:
    with expect_error(name + '_err'):
        obs(name, fn())
""")

# --- unary ops x dtype, with gradient for floats ----------------------------------------
UNARY = ["exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "relu", "abs", "neg", "square", "reciprocal",
         "floor", "ceil", "round", "sign", "log1p", "expm1", "rsqrt", "trunc"]
for op in UNARY:
    for dt in ["float32", "float64", "int64", "bool"]:
        grad = dt.startswith("float")
        add(f"unary_{op}_{dt}", f"""
x = torch.tensor([0.25, 1.0, 4.0] if {dt!r}.startswith('float') else ([1, 0, 1] if {dt!r} == 'bool' else [1, 2, 4]), dtype=torch.{dt}, requires_grad={grad})
with expect_error('fn'):
    y = torch.{op}(x)
    obs('y', y)
with expect_error('method'):
    obs('m', x.{op}())
if {grad}:
    with expect_error('backward'):
        torch.{op}(x).sum().backward()
        obs('grad', x.grad)
with expect_error('inplace'):
    z = x.detach().clone()
    r = z.{op}_()
    obs('z', z)
    obs('same', r is z)
""")

# --- unary ops on 0-dim tensors (NumPy scalars are not arrays: a classic leak) -------
for op in UNARY:
    add(f"unary0d_{op}", f"""
x = torch.tensor(0.5, requires_grad=True)
with expect_error('fwd'):
    y = x.{op}()
    obs('y', y)
    obs('repr', repr(y))
with expect_error('bwd'):
    y.backward()
    obs('grad', x.grad)
with expect_error('int0d'):
    obs('i', torch.{op}(torch.tensor(2)))
with expect_error('inplace0d'):
    z = torch.tensor(2.)
    z.{op}_()
    obs('z', z)
""")

# --- binary ops and reductions on 0-dim tensors ---------------------------------------
for op in ["+", "-", "*", "/", "**", "//", "%", "<", "==", "@"]:
    add(f"binary0d_{['add', 'sub', 'mul', 'div', 'pow', 'floordiv', 'mod', 'lt', 'eq', 'matmul'][['+', '-', '*', '/', '**', '//', '%', '<', '==', '@'].index(op)]}", f"""
a = torch.tensor(3., requires_grad=True)
b = torch.tensor(2., requires_grad=True)
with expect_error('fwd'):
    y = a {op} b
    obs('y', y)
    obs('repr', repr(y))
with expect_error('bwd'):
    y.backward()
    obs('grads', (a.grad, b.grad))
with expect_error('scalar'):
    obs('s', a.detach() {op} 2)
with expect_error('int'):
    obs('i', torch.tensor(7) {op} torch.tensor(2))
""")
for op in ["sum", "mean", "prod", "max", "min", "amax", "argmax", "softmax", "log_softmax", "cumsum"]:
    args = "0" if op in ("softmax", "log_softmax", "cumsum") else ""
    add(f"reduce0d_{op}", f"""
x = torch.tensor(2.5, requires_grad=True)
with expect_error('fwd'):
    y = x.{op}({args})
    obs('y', y)
with expect_error('dim0'):
    obs('d0', x.{op}(0))
with expect_error('bwd'):
    y.float().backward()
    obs('grad', x.grad)
""")

# --- reductions x dim x keepdim, values and grads --------------------------------------
REDS = ["sum", "mean", "prod", "max", "min", "amax", "amin", "argmax", "argmin", "std", "var", "logsumexp", "norm",
        "all", "any"]
for op in REDS:
    for dim in ["", "0", "1", "-1", "(0, 1)"]:
        for keep in (False, True):
            if dim == "" and keep:
                continue
            args = dim + (", keepdim=True" if keep else "")
            tag = {"": "all", "0": "d0", "1": "d1", "-1": "dneg", "(0, 1)": "d01"}[dim] + ("_keep" if keep else "")
            add(f"reduce_{op}_{tag}", f"""
x = torch.tensor([[1., 5., 3.], [4., 2., 6.]], requires_grad=True)
with expect_error('fwd'):
    y = x.{op}({args})
    obs('y', y)
with expect_error('fn'):
    obs('fn', torch.{op}(x{', ' + args if args else ''}))
with expect_error('bwd'):
    out = y.values if hasattr(y, 'values') and not isinstance(y, torch.Tensor) else y
    (out.float() * 1).sum().backward()
    obs('grad', x.grad)
with expect_error('int'):
    obs('int', torch.tensor([[1, 5, 3], [4, 2, 6]]).{op}({args}))
""")

# --- views on a grad-requiring tensor: forward, sharing, versions, backward -------------
VIEWS = {
    "view": "x.view(3, 2)", "view_neg": "x.view(-1)", "reshape": "x.reshape(6)", "t": "x.t()", "T": "x.T",
    "transpose": "x.transpose(0, 1)", "permute": "x.permute(1, 0)", "unsqueeze": "x.unsqueeze(1)",
    "squeeze": "x.unsqueeze(0).squeeze(0)", "expand": "x[:1].expand(4, 3)", "narrow": "x.narrow(1, 1, 2)",
    "select": "x.select(1, 2)", "index_int": "x[1]", "index_slice": "x[:, 1:]", "index_step": "x[:, ::2]",
    "index_none": "x[None, :, None]", "index_ellipsis": "x[..., 0]", "flatten": "x.flatten()",
    "unflatten": "x.flatten().view(2, 3)", "diagonal": "x.diagonal()", "unbind0": "x.unbind(0)[1]",
    "split": "x.split(1, dim=1)[2]", "chunk": "x.chunk(2, dim=0)[0]", "movedim": "x.movedim(0, 1)",
    "as_strided": "x.as_strided((2, 2), (1, 2))", "adv_index": "x[[1, 0]]", "mask": "x[x > 2]",
    "view_as": "x.view_as(torch.zeros(6, 1))", "expand_as": "x[0].expand_as(x)", "mT": "x.mT",
}
for name, expr in VIEWS.items():
    add(f"viewop_{name}", f"""
base = torch.arange(6., requires_grad=True)
x = base.view(2, 3) * 1
y = {expr}
obs('y', y)
obs('shares', same_storage(y, x))
obs('same_ptr', same_ptr(y, x))
obs('base_is_x', y._base is x)
obs('is_view', y._is_view())
(y * torch.arange(1., y.numel() + 1).view(y.shape)).sum().backward()
obs('grad', base.grad)
z = torch.arange(6.).view(2, 3)
x = z
w = {expr}
with expect_error('inplace'):
    w.mul_(10)
obs('z_after', z)
obs('versions', (z._version, w._version))
""")

# --- in-place ops x dtype of destination ----------------------------------------------
INPLACE = ["add_(1)", "add_(1.5)", "sub_(2)", "mul_(3)", "mul_(0.5)", "div_(2)", "pow_(2)", "clamp_(0, 2)",
           "zero_()", "fill_(7)", "fill_(2.5)", "neg_()", "abs_()", "copy_(torch.tensor([9.7, -9.7, 0.]))",
           "masked_fill_(torch.tensor([True, False, True]), 5)", "exp_()", "floor_()", "clamp_(min=0.5)"]
for k, op in enumerate(INPLACE):
    for dt in ["float32", "int64", "bool", "uint8"]:
        tag = f"{k:02d}_" + op.split("(")[0]
        add(f"inplace_{tag}_{dt}", f"""
x = torch.tensor([1, 0, 2], dtype=torch.{dt})
with expect_error('op'):
    r = x.{op}
    obs('same', r is x)
obs('x', x)
obs('version', x._version)
""")

# --- repr families --------------------------------------------------------------------
SHAPES = {"0d": "3.5", "1d": "[1.5, -2.0, 3.25]", "2d": "[[1.0, 2.0], [3.0, 4.0]]", "3d": "[[[1.0], [2.0]], [[3.0], [4.0]]]",
          "neg": "[-0.5, 0.25]", "big": "[123456.0, 1.0]", "huge": "[1e20, 1.0]", "small": "[0.001, 0.002]",
          "ints_as_float": "[1.0, 2.0, 30.0]", "mixed_sign_int": "[-10.0, 5.0]", "nan": "[float('nan'), 1.0]",
          "inf": "[float('inf'), -1.0]", "long_row": "[float(i) / 7 for i in range(12)]", "one": "[1.0]"}
for sname, data in SHAPES.items():
    for dt in ["float32", "float64", "float16", "int64", "int32", "bool"]:
        add(f"repr_{sname}_{dt}", f"""
with expect_error('make'):
    x = torch.tensor({data}, dtype=torch.{dt})
    obs('repr', repr(x))
    obs('str', str(x))
""")
for sname in ["1d", "2d", "0d"]:
    add(f"repr_grad_{sname}", f"""
x = torch.tensor({SHAPES[sname]}, requires_grad=True)
obs('leaf', repr(x))
obs('mul', repr(x * 2))
obs('sum', repr(x.sum()))
obs('f64', repr(x.double()))
obs('view', repr(x.view(-1) if x.dim() else x.view(1)))
""")

test_case = make_test(CASES)
