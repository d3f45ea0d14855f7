"""Random small tensor PROGRAMS as plain data, and their rendering to harness snippets.

Four strategies: ``programs`` (below: multi-step programs of views, in-place ops and
backward), ``mixed_ops`` (one op between a tensor and a tensor or number of mixed
dtypes), ``unary_ops`` (one of UNARY_EXPRS on a tensor of any dtype) and ``binary_ops``
(one of BINARY_EXPRS between tensors of any two dtypes).

A program is a list of steps; each step is a tuple whose first item is its kind.
Tensors are named t0, t1, ... in creation order.  A tiny shape model (shape, dtype,
requires_grad, is_leaf) is kept while drawing so that most steps are valid; steps that
torch rejects anyway (in-place on a leaf that requires grad, casts that lose data,
non-viewable views, broadcasting failures, modified saved tensors, a second backward)
are kept on purpose: every step runs inside ``expect_error`` so both engines must
raise the same error at the same step, with the same message.

Step kinds (all fields plain ints/strings/tuples so examples can be pasted back):
  ("create", shape, dtype, requires_grad, values)
  ("view", src, op, args)        op in slice/select/transpose/t/view/expand/unsqueeze/permute/squeeze
  ("inplace", dst, op, arg)      op in add_/mul_/sub_/zero_/fill_/copy_/neg_/clamp_; copy_'s arg is a tensor index
  ("setitem", dst, index, value)
  ("copy", src, op)              op in clone/detach/new_tensor/tensor/contiguous/to_double/data
  ("unary", src, op)             op in exp/sigmoid/tanh/relu/neg/abs/mul2/add1
  ("binary", a, b, op)           op in add/mul/sub/div
  ("sum", src)
  ("backward", src)
  ("requires_grad_", src)
  ("detach_", src)
"""
from hypothesis import strategies as st

DTYPES = ("float32", "float64", "int64", "bool")
FLOAT = ("float32", "float64")


class _Var:
    __slots__ = ("shape", "dtype", "rg", "leaf")

    def __init__(self, shape, dtype, rg, leaf):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.rg = rg
        self.leaf = leaf


def _numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def _nested(flat, shape):
    if not shape:
        return flat[0]
    step = _numel(shape[1:])
    return [_nested(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _literal(o):
    """The torch.tensor(...) source for a ("tensor", dtype, shape, values) operand."""
    _, dtype, shape, vals = o
    if dtype == "bool":
        vs = [bool(v) for v in vals]
    elif dtype.startswith("float"):
        vs = [float(v) for v in vals]
    else:
        vs = list(vals)
    return f"torch.tensor({_nested(vs, shape)!r}, dtype=torch.{dtype})"


@st.composite
def programs(draw, max_steps=10, kinds=None):
    kinds = kinds or ("create", "view", "view", "view", "inplace", "inplace", "setitem", "copy",
                      "unary", "binary", "sum", "backward", "requires_grad_", "detach_")
    vars_ = []
    steps = []

    def new_create():
        ndim = draw(st.integers(0, 3))
        shape = tuple(draw(st.lists(st.integers(1, 3), min_size=ndim, max_size=ndim)))
        dtype = draw(st.sampled_from(DTYPES))
        rg = dtype in FLOAT and draw(st.booleans())
        lo, hi = (0, 1) if dtype == "bool" else (-3, 3)
        values = tuple(draw(st.lists(st.integers(lo, hi), min_size=_numel(shape), max_size=_numel(shape))))
        steps.append(("create", shape, dtype, rg, values))
        vars_.append(_Var(shape, dtype, rg, True))

    new_create()
    n_steps = draw(st.integers(1, max_steps))
    for _ in range(n_steps):
        kind = draw(st.sampled_from(kinds))
        if kind == "create" or not vars_:
            new_create()
            continue
        i = draw(st.integers(0, len(vars_) - 1))
        v = vars_[i]
        nd = len(v.shape)
        if kind == "view":
            ops = ["view", "expand", "unsqueeze"]
            if nd >= 1:
                ops += ["slice", "select", "squeeze"]
            if nd >= 2:
                ops += ["transpose", "permute"]
            if nd <= 2:
                ops += ["t"]
            op = draw(st.sampled_from(ops))
            if op == "slice":
                d = draw(st.integers(0, nd - 1))
                size = v.shape[d]
                start = draw(st.integers(0, size - 1))
                stop = draw(st.integers(start + 1, size))
                step = draw(st.integers(1, 2))
                args = (d, start, stop, step)
                shape = list(v.shape)
                shape[d] = len(range(start, stop, step))
            elif op == "select":
                d = draw(st.integers(0, nd - 1))
                idx = draw(st.integers(-v.shape[d], v.shape[d] - 1))
                args = (d, idx)
                shape = v.shape[:d] + v.shape[d + 1:]
            elif op == "transpose":
                d0 = draw(st.integers(0, nd - 1))
                d1 = draw(st.integers(0, nd - 1))
                args = (d0, d1)
                shape = list(v.shape)
                shape[d0], shape[d1] = shape[d1], shape[d0]
            elif op == "permute":
                perm = tuple(draw(st.permutations(list(range(nd)))))
                args = perm
                shape = tuple(v.shape[p] for p in perm)
            elif op == "t":
                args = ()
                shape = tuple(reversed(v.shape))
            elif op == "view":
                args = draw(st.sampled_from([(-1,), (1, -1), (-1, 1)]))
                n = _numel(v.shape)
                shape = {(-1,): (n,), (1, -1): (1, n), (-1, 1): (n, 1)}[args]
            elif op == "expand":
                k = draw(st.integers(1, 3))
                args = (k,) + v.shape
                shape = args
            elif op == "unsqueeze":
                d = draw(st.integers(-nd - 1, nd))
                args = (d,)
                dd = d if d >= 0 else d + nd + 1
                shape = v.shape[:dd] + (1,) + v.shape[dd:]
            else:  # squeeze
                args = ()
                shape = tuple(s for s in v.shape if s != 1)
            steps.append(("view", i, op, args))
            vars_.append(_Var(shape, v.dtype, v.rg, v.leaf and not v.rg))
        elif kind == "inplace":
            op = draw(st.sampled_from(["add_", "mul_", "sub_", "zero_", "fill_", "copy_", "neg_", "clamp_"]))
            if op == "copy_":
                arg = draw(st.integers(0, len(vars_) - 1))
            elif op in ("add_", "mul_", "sub_", "fill_"):
                arg = draw(st.sampled_from([2, -1, 0.5, True]))
            else:
                arg = None
            steps.append(("inplace", i, op, arg))
            if v.rg and not v.leaf or op == "copy_" and vars_[arg].rg:
                v.rg = True
                v.leaf = False
        elif kind == "setitem":
            if nd == 0:
                index = "..."
            else:
                index = draw(st.sampled_from(["0", "-1", ":", "...", "None", "0:1"]))
            value = draw(st.sampled_from([7, -2.5, 0]))
            steps.append(("setitem", i, index, value))
        elif kind == "copy":
            op = draw(st.sampled_from(["clone", "detach", "new_tensor", "tensor", "contiguous", "to_double", "data"]))
            steps.append(("copy", i, op))
            if op in ("clone", "contiguous", "to_double"):
                vars_.append(_Var(v.shape, "float64" if op == "to_double" else v.dtype, v.rg, not v.rg))
            else:
                vars_.append(_Var(v.shape, v.dtype, False, True))
        elif kind == "unary":
            op = draw(st.sampled_from(["exp", "sigmoid", "tanh", "relu", "neg", "abs", "mul2", "add1"]))
            steps.append(("unary", i, op))
            dt = v.dtype if op in ("relu", "neg", "abs", "mul2", "add1") else (v.dtype if v.dtype in FLOAT else "float32")
            vars_.append(_Var(v.shape, dt, v.rg, not v.rg))
        elif kind == "binary":
            j = draw(st.integers(0, len(vars_) - 1))
            op = draw(st.sampled_from(["add", "mul", "sub", "div"]))
            steps.append(("binary", i, j, op))
            w = vars_[j]
            shape = v.shape if len(v.shape) >= len(w.shape) else w.shape
            rg = v.rg or w.rg
            vars_.append(_Var(shape, "float32", rg, not rg))
        elif kind == "sum":
            steps.append(("sum", i))
            vars_.append(_Var((), v.dtype, v.rg, not v.rg))
        elif kind == "backward":
            steps.append(("backward", i))
        elif kind == "requires_grad_":
            steps.append(("requires_grad_", i))
            if v.leaf and v.dtype in FLOAT:
                v.rg = True
        elif kind == "detach_":
            steps.append(("detach_", i))
            v.rg = False
            v.leaf = True
    return steps


def _py(v):
    return repr(v)


def render(program):
    """Render a program to a harness snippet."""
    lines = []
    n = 0  # next tensor name

    def step(i, code, out=None):
        lines.append(f"with expect_error('step{i}'):")
        for c in code:
            lines.append("    " + c)
        if out is not None:
            lines.append("    obs('" + out + "', " + out + ")")

    for i, s in enumerate(program):
        kind = s[0]
        if kind == "create":
            _, shape, dtype, rg, values = s
            if dtype == "bool":
                vals = [bool(x) for x in values]
            elif dtype in FLOAT:
                vals = [float(x) for x in values]
            else:
                vals = list(values)
            data = _nested(vals, tuple(shape))
            out = f"t{n}"
            step(i, [f"{out} = torch.tensor({data!r}, dtype=torch.{dtype}, requires_grad={rg})"], out)
            n += 1
        elif kind == "view":
            _, src, op, args = s
            out = f"t{n}"
            a = f"t{src}"
            if op == "slice":
                d, start, stop, stp = args
                idx = ", ".join([":"] * d + [f"{start}:{stop}:{stp}"])
                expr = f"{a}[{idx}]"
            elif op == "select":
                expr = f"{a}.select({args[0]}, {args[1]})"
            elif op == "transpose":
                expr = f"{a}.transpose({args[0]}, {args[1]})"
            elif op == "permute":
                expr = f"{a}.permute({', '.join(map(str, args))})" if args else f"{a}.permute(())"
            elif op == "t":
                expr = f"{a}.t()"
            elif op == "view":
                expr = f"{a}.view({', '.join(map(str, args))})"
            elif op == "expand":
                expr = f"{a}.expand({', '.join(map(str, args))})"
            elif op == "unsqueeze":
                expr = f"{a}.unsqueeze({args[0]})"
            else:
                expr = f"{a}.squeeze()"
            step(i, [f"{out} = {expr}"], out)
            lines.append(f"if '{out}' in dir():")
            lines.append(f"    obs('{out}_shares_t{src}', same_storage({out}, t{src}))")
            lines.append(f"    obs('{out}_base', ({out}._base is t{src}, {out}._base is t{src}._base, {out}._base is None))")
            n += 1
        elif kind == "inplace":
            _, dst, op, arg = s
            a = f"t{dst}"
            if op == "copy_":
                code = f"{a}.copy_(t{arg})"
            elif op in ("zero_", "neg_"):
                code = f"{a}.{op}()"
            elif op == "clamp_":
                code = f"{a}.clamp_(-1, 1)"
            else:
                code = f"{a}.{op}({arg!r})"
            step(i, [f"_r = {code}", f"obs('same', _r is {a})"], a)
        elif kind == "setitem":
            _, dst, index, value = s
            step(i, [f"t{dst}[{index}] = {value!r}"], f"t{dst}")
        elif kind == "copy":
            _, src, op = s
            out = f"t{n}"
            a = f"t{src}"
            expr = {"clone": f"{a}.clone()", "detach": f"{a}.detach()", "new_tensor": f"{a}.new_tensor({a})",
                    "tensor": f"torch.tensor({a})", "contiguous": f"{a}.contiguous()",
                    "to_double": f"{a}.to(torch.float64)", "data": f"{a}.data"}[op]
            step(i, [f"{out} = {expr}"], out)
            lines.append(f"if '{out}' in dir():")
            lines.append(f"    obs('{out}_shares_t{src}', (same_storage({out}, t{src}), same_ptr({out}, t{src}), {out} is t{src}))")
            n += 1
        elif kind == "unary":
            _, src, op = s
            out = f"t{n}"
            a = f"t{src}"
            expr = {"mul2": f"{a} * 2", "add1": f"{a} + 1", "neg": f"-{a}"}.get(op, f"{a}.{op}()")
            step(i, [f"{out} = {expr}"], out)
            n += 1
        elif kind == "binary":
            _, x, y, op = s
            out = f"t{n}"
            sym = {"add": "+", "mul": "*", "sub": "-", "div": "/"}[op]
            step(i, [f"{out} = t{x} {sym} t{y}"], out)
            n += 1
        elif kind == "sum":
            _, src = s
            out = f"t{n}"
            step(i, [f"{out} = t{src}.sum()"], out)
            n += 1
        elif kind == "backward":
            _, src = s
            step(i, [f"t{src}.backward()"])
        elif kind == "requires_grad_":
            _, src = s
            step(i, [f"t{src}.requires_grad_()"], f"t{src}")
        elif kind == "detach_":
            _, src = s
            step(i, [f"t{src}.detach_()"], f"t{src}")
    # final state of every tensor: values (in-place changes seen through views), versions, grads
    for k in range(n):
        lines.append(f"if 't{k}' in dir():")
        lines.append(f"    obs('final_t{k}', t{k})")
        lines.append(f"    obs('repr_t{k}', repr(t{k}))")
        lines.append(f"    if t{k}.is_leaf:")
        lines.append(f"        obs('grad_t{k}', t{k}.grad)")
    # storage sharing between every pair
    lines.append(f"_names = [f't{{k}}' for k in range({n}) if f't{{k}}' in dir()]")
    lines.append("_ts = [eval(x) for x in _names]")
    lines.append("obs('sharing', [(a, b) for i, a in enumerate(_names) for j, b in enumerate(_names) "
                 "if i < j and same_storage(_ts[i], _ts[j])])")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- promotion programs
SCALARS = ("2", "-1", "2.5", "True", "False", "0.5")


@st.composite
def mixed_ops(draw):
    """One binary op between two operands of random kind: tensor of dim>=1, 0-dim tensor,
    or Python scalar, with random dtypes; optionally in place on the first."""
    def operand(allow_scalar):
        kind = draw(st.sampled_from(["tensor", "zerodim", "scalar"] if allow_scalar else ["tensor", "zerodim"]))
        if kind == "scalar":
            return ("scalar", draw(st.sampled_from(SCALARS)))
        dtype = draw(st.sampled_from(ALL_DTYPES))
        shape = () if kind == "zerodim" else tuple(draw(st.lists(st.integers(1, 3), min_size=1, max_size=2)))
        lo, hi = (0, 1) if dtype == "bool" else ((0, 5) if dtype == "uint8" else (-3, 3))
        vals = tuple(draw(st.lists(st.integers(lo, hi), min_size=_numel(shape), max_size=_numel(shape))))
        return ("tensor", dtype, shape, vals)
    a = operand(False)
    b = operand(True)
    op = draw(st.sampled_from(["+", "-", "*", "/", "//", "**", "<", "==", "maximum", "where", "add_", "mul_", "copy_"]))
    return (a, b, op)


ALL_DTYPES = ("float16", "float32", "float64", "int8", "uint8", "int16", "int32", "int64", "bool")


def render_mixed(prog):
    a, b, op = prog

    def lit(o):
        return o[1] if o[0] == "scalar" else _literal(o)
    lines = [f"a = {lit(a)}", f"b = {lit(b)}", "with expect_error('op'):"]
    if op in ("add_", "mul_", "copy_"):
        lines += [f"    r = a.{op}(b)", "    obs('same', r is a)", "obs('a', a)"]
    elif op == "maximum":
        lines += ["    obs('r', torch.maximum(a, b if isinstance(b, torch.Tensor) else torch.tensor(b)))"]
    elif op == "where":
        lines += ["    obs('r', torch.where(a > 0, a, b))"]
    else:
        lines += [f"    obs('r', a {op} b)"]
    lines.append("obs('a_final', a)")
    return "\n".join(lines) + "\n"


# One unary op, reduction or cast on one operand of any dtype and rank (0-d included).
# The expressions are torch code over ``a``; both engines must agree on the result and
# on ``a`` afterwards (in-place ops), or raise the same error.
UNARY_EXPRS = (
    "a.abs()", "-a", "~a", "a.exp()", "a.log()", "a.sqrt()", "a.rsqrt()", "a.sigmoid()",
    "a.tanh()", "a.relu()", "a.sign()", "a.floor()", "a.ceil()", "a.round()", "a.trunc()",
    "a.frac()", "a.square()", "a.reciprocal()", "a.logical_not()", "a.exp2()", "a.log2()",
    "a.log1p()", "a.expm1()", "a.erf()", "a.sinh()", "a.atan()", "a.isnan()", "a.isfinite()",
    "a.sum()", "a.mean()", "a.prod()", "a.max()", "a.min()", "a.argmax()", "a.argmin()",
    "a.sum(0)", "a.sum(-1, keepdim=True)", "a.mean(0)", "a.prod(0)", "a.max(0)", "a.min(-1)",
    "a.amax(0)", "a.argmax(0)", "a.all()", "a.any(0)", "a.var()", "a.std(0)", "a.norm()",
    "a.logsumexp(0)", "a.median()", "a.cumsum(0)", "a.cumprod(-1)", "a.softmax(0)",
    "a.log_softmax(-1)", "a.sort()", "a.argsort(0)", "a.topk(1)", "a.flip(0)", "a.roll(1)",
    "a.nonzero()", "a.clamp(min=0)", "a.clamp(0, 1)", "a.clamp(max=1.5)",
    "a.masked_fill(a > 0, 1)", "torch.where(a > 0, a, 0)", "a.sum(dtype=torch.float64)",
    "a.float()", "a.half()", "a.long()", "a.bool()", "a.to(torch.uint8)", "a.int()",
    "a.item()", "a.tolist()", "a.unbind(0)", "a.chunk(2)",
    "a.abs_()", "a.neg_()", "a.exp_()", "a.sqrt_()", "a.floor_()", "a.square_()",
    "a.clamp_(0, 1)", "a.zero_()", "a.fill_(2)", "a.fill_(2.5)", "a.relu_()", "a.sigmoid_()",
    # reductions with dims, keepdim and dtype (not kthvalue: which of equal values torch's
    # quickselect returns is unspecified; the regression list keeps a case without ties)
    "a.sum(dim=(0, 1))", "a.sum((0, 0))", "a.sum(())", "a.sum(0, True)", "a.sum(0, dtype=torch.int8)",
    "a.sum(dtype=torch.bool)", "a.mean((0, 1), keepdim=True)", "a.mean(dtype=torch.float64)",
    "a.mean(0, dtype=torch.float16)", "a.prod(dtype=torch.float64)", "a.max(dim=1, keepdim=True)",
    "a.max(5)", "a.amax((0, 1))", "a.amax(())", "a.argmax(dim=1, keepdim=True)", "a.all(dim=())",
    "a.var(0, correction=0)", "a.std(1, unbiased=False, keepdim=True)", "a.std(dim=())",
    "a.norm(p=1)", "a.norm(p=float('inf'), dim=1)", "a.norm(p=0)", "a.logsumexp(1, keepdim=True)",
    "a.median(1, keepdim=True)", "a.cumsum(-1, dtype=torch.float64)", "a.count_nonzero()",
    "a.count_nonzero(0)", "a.nansum()", "a.nansum(0)", "a.sort(1, descending=True)",
    "a.argsort(0, descending=True)", "a.topk(2, 1, largest=False)", "a.unique()",
    "a.unique(return_inverse=True, return_counts=True)",
    "a.log_softmax(0, dtype=torch.float64)",
)
# per dtype, the values to draw from: small ones plus a few near the dtype's edge
UNARY_VALUES = {"bool": (0, 1), "uint8": (0, 1, 2, 5, 200, 255), "int8": (-3, -1, 0, 2, 100, -128),
                "int16": (-3, 0, 2, 300, -30000), "int32": (-3, 0, 2, 70000),
                "int64": (-3, 0, 2, 3000000000), "float16": (-3, -1, 0, 0.5, 2, 300, 70000),
                "float32": (-3, -1, 0, 0.5, 2, 1e30), "float64": (-3, -1, 0, 0.5, 2, 1e300)}


@st.composite
def unary_ops(draw):
    dtype = draw(st.sampled_from(ALL_DTYPES))
    ndim = draw(st.integers(0, 2))
    shape = tuple(draw(st.lists(st.integers(1, 3), min_size=ndim, max_size=ndim)))
    vals = tuple(draw(st.lists(st.sampled_from(UNARY_VALUES[dtype]), min_size=_numel(shape),
                               max_size=_numel(shape))))
    return (("tensor", dtype, shape, vals), draw(st.sampled_from(UNARY_EXPRS)))


def render_unary(prog):
    operand, expr = prog
    return (f"a = {_literal(operand)}\n"
            f"with expect_error('op'):\n    obs('r', {expr})\nobs('a_final', a)\n")


# One binary op, function or in-place op between two tensors of any dtypes, each 0-d
# or 1-d; values include 0 (for the division errors) and numbers near the dtype's edge.
BINARY_EXPRS = (
    "a + b", "a - b", "a * b", "a / b", "a // b", "a % b", "a ** b", "a < b", "a >= b", "a == b",
    "a != b", "a & b", "a | b", "a ^ b", "a << b", "a >> b", "torch.maximum(a, b)",
    "torch.minimum(a, b)", "torch.fmod(a, b)", "torch.remainder(a, b)", "torch.fmax(a, b)",
    "torch.fmin(a, b)", "torch.xlogy(a, b)", "torch.where(a > 0, a, b)", "a.add_(b)", "a.sub_(b)",
    "a.mul_(b)", "a.div_(b)", "a.pow_(b)", "a.copy_(b)", "torch.add(a, b, alpha=2)",
    "torch.sub(a, b, alpha=2)", "torch.div(a, b, rounding_mode='floor')",
    "torch.div(a, b, rounding_mode='trunc')", "a.clamp(min=b)", "a.clamp(max=b)",
    "torch.lerp(a, b, 0.5)", "torch.logical_and(a, b)", "torch.logical_xor(a, b)",
    "torch.isclose(a, b)", "torch.allclose(a, b)", "torch.equal(a, b)", "a.masked_fill(b > 0, 1)",
    "torch.cat([a, b])", "torch.stack([a, b])", "a @ b", "torch.dot(a, b)", "torch.outer(a, b)",
    "a.lt_(b)", "a.floor_divide_(b)", "a.remainder_(b)", "a.fmod_(b)", "a.bitwise_and_(b)",
    "a.type_as(b)", "a.expand_as(b)", "a.new_tensor(b)",
)
BINARY_VALUES = {"bool": (1, 0, 1), "uint8": (3, 0, 200), "int8": (-3, 0, 100), "int16": (-3, 0, 300),
                 "int32": (-3, 0, 7), "int64": (-3, 0, 5), "float16": (-2.5, 0.0, 300.0),
                 "float32": (-2.5, 0.0, 1e30), "float64": (-2.5, 0.0, 3.0)}


@st.composite
def binary_ops(draw):
    def operand():
        dtype = draw(st.sampled_from(ALL_DTYPES))
        shape = draw(st.sampled_from([(3,), ()]))
        vals = tuple(draw(st.lists(st.sampled_from(BINARY_VALUES[dtype]), min_size=_numel(shape),
                                   max_size=_numel(shape))))
        return ("tensor", dtype, shape, vals)
    return (operand(), operand(), draw(st.sampled_from(BINARY_EXPRS)))


def render_binary(prog):
    a, b, expr = prog
    return (f"a = {_literal(a)}\nb = {_literal(b)}\n"
            f"with expect_error('op'):\n    obs('r', {expr})\nobs('a_final', a)\nobs('b_final', b)\n")



# The same expressions with gradients: float tensors that require grad; the result's
# graph (grad_fn names and next_functions), then backward, then every leaf's .grad
# (values, dtype, strides and _version). In-place expressions run on a non-leaf copy.
GRAD_VALUES = ((-1.5, 0.25, 2.0), (0.0, 3.0, -0.5))


@st.composite
def grad_ops(draw):
    dtype = draw(st.sampled_from(("float32", "float64")))
    if draw(st.booleans()):
        shape = draw(st.sampled_from([(3,), (2, 3), ()]))
        return ("unary", dtype, shape, draw(st.sampled_from(UNARY_EXPRS)))
    shapes = draw(st.sampled_from([((3,), (3,)), ((2, 3), (3,)), ((3,), ())]))
    return ("binary", dtype, shapes, draw(st.sampled_from(BINARY_EXPRS)))


def _grad_values(shape):
    return {(3,): list(GRAD_VALUES[0]), (2, 3): [list(r) for r in GRAD_VALUES], (): GRAD_VALUES[0][0]}[shape]


def render_grad(prog):
    kind, dtype, shapes, expr = prog
    sa = shapes if kind == "unary" else shapes[0]
    lines = [f"a = torch.tensor({_grad_values(sa)!r}, dtype=torch.{dtype}, requires_grad=True)"]
    if kind == "binary":
        vb = [0.5, -2.0, 1.25] if shapes[1] == (3,) else 0.75
        lines.append(f"b = torch.tensor({vb!r}, dtype=torch.{dtype}, requires_grad=True)")
    inplace = expr.startswith("a.") and "_(" in expr
    if inplace:
        lines.append("leaf = a\na = a * 1")
    lines += ["with expect_error('op'):", f"    r = {expr}", "    obs('r', r)"]
    if inplace:
        lines += ["    obs('graph', graph(a.grad_fn))", "    a.sum().backward()", "obs('ga', leaf.grad)"]
    else:
        lines += ["    rs = [x for x in (r if isinstance(r, (tuple, list)) else (r,))",
                  "          if isinstance(x, torch.Tensor) and x.requires_grad]",
                  "    obs('graph', [graph(x.grad_fn) for x in rs])",
                  "    if rs:", "        sum(x.sum() for x in rs).backward()", "obs('ga', a.grad)"]
    if kind == "binary":
        lines.append("obs('gb', b.grad)")
    return "\n".join(lines) + "\n"


# One view (or view-like op) of a base tensor with an interesting layout, then a write
# through the result: shape, strides, offset, aliasing (storage, _base, data_ptr
# offset), the base after the write, and every version counter.
VIEW_BASES = {
    "contig": "torch.arange(24.).reshape(2, 3, 4)",
    "transposed": "torch.arange(24.).reshape(2, 3, 4).transpose(0, 2)",
    "stepped": "torch.arange(48.).reshape(4, 3, 4)[::2]",
    "expanded": "torch.arange(4.).expand(2, 3, 4)",
    "ones": "torch.arange(3.).reshape(1, 3, 1)",
    "empty": "torch.zeros(0, 3, 2)",
    "empty_offset": "torch.zeros(2, 3, 4)[1:1]",
    "scalar": "torch.tensor(5.)",
    "offset": "torch.arange(30.)[6:].view(2, 3, 4)",
    "permuted": "torch.arange(24.).reshape(2, 3, 4).permute(1, 2, 0)",
}
VIEW_EXPRS = (
    "x.view(-1)", "x.view(6, 4)", "x.view(4, -1)", "x.view(2, 12)", "x.view(torch.int32)",
    "x.reshape(-1)", "x.reshape(6, 4)", "x.reshape(4, 6)", "x.flatten()", "x.flatten(1)",
    "x.flatten(0, 1)", "x.squeeze()", "x.squeeze(0)", "x.squeeze(-1)", "x.squeeze((0, 2))",
    "x.unsqueeze(0)", "x.unsqueeze(-1)", "x.unsqueeze(2)", "x.t()", "x.T", "x.mT", "x.H",
    "x.transpose(0, 1)", "x.transpose(-1, -2)", "x.permute(2, 0, 1)", "x.permute(0, 1, 2)",
    "x.expand(2, 2, 3, 4)", "x.expand(-1, -1, -1)", "x.narrow(0, 0, 1)", "x.narrow(1, 1, 2)",
    "x.narrow(-1, -2, 2)", "x.narrow_copy(0, 0, 1)", "x.select(0, -1)", "x.select(1, 1)", "x[0]",
    "x[:, 1]", "x[..., 1:3]", "x[None, :, ::2]", "x[1:, :, -1]", "x[:, [0, 1]]", "x[x > 2]",
    "x.unflatten(1, (3, 1))", "x.movedim(0, -1)", "x.diagonal()", "x.diagonal(0, 1, 2)",
    "x.contiguous()", "x.clone()", "x.detach()", "x.unbind(1)", "x.chunk(2, 1)", "x.split(2, -1)",
    "x.split([1, 2], 1)", "x.as_strided((2, 2), (1, 2))", "x.as_strided((2,), (3,), 1)",
    "x.view_as(x)", "x.reshape_as(x)", "x.expand_as(x)", "x.ravel()", "x.swapaxes(0, 1)",
    "x.swapdims(1, 2)", "x.unfold(0, 1, 1)", "x.tensor_split(2)", "x.flip(0)", "x.roll(1, 0)",
    "x.repeat(1, 2, 1)", "x.tile(2)", "x.moveaxis(1, 0)", "x.squeeze_()", "x.unsqueeze_(0)",
    "x.t_()", "x.transpose_(0, 1)", "x.broadcast_to(2, 2, 3, 4)",
)
# A known gap, left out of the draw (see the engine issue's notes): torch's internal
# overflow error for expand(-1, -1, -1) of a 0-d tensor.
VIEW_KNOWN_GAPS = {("scalar", "x.expand(-1, -1, -1)")}


@st.composite
def view_ops(draw):
    return draw(st.tuples(st.sampled_from(sorted(VIEW_BASES)), st.sampled_from(VIEW_EXPRS))
                .filter(lambda p: p not in VIEW_KNOWN_GAPS))


def render_view(prog):
    base, expr = prog
    return (f"x = {VIEW_BASES[base]}\nwith expect_error('op'):\n    r = {expr}\n    obs('r', r)\n"
            "    rs = r if isinstance(r, (tuple, list)) else (r,)\n"
            "    obs('aliases', [(same_storage(v, x), v._base is x or (v._base is x._base and v._base is not None),\n"
            "                     v.data_ptr() - x.data_ptr() if v.numel() and x.numel() and same_storage(v, x) else None)\n"
            "                    for v in rs])\n"
            "    with expect_error('write'):\n        rs[0].add_(100)\n"
            "    obs('x_after', x)\n    obs('versions', [x._version] + [v._version for v in rs])\n")


# One factory call: every size form (ints, tuple, list, Size, 0-d tensor, negative,
# float, None, ...) with every dtype and keyword form, and the other factories' edge
# cases. Random and uninitialised results are compared by shape, dtype and layout.
CREATION_SIZES = ("2, 3", "(2, 3)", "[2, 3]", "torch.Size([2, 3])", "()", "0", "(0, 2)", "-1",
                  "(2, -1)", "2.5", "'a'", "None", "(2, None)", "torch.tensor(3)",
                  "torch.tensor([2, 3])", "True", "[]", "2, (3,)", "size=(2, 3)", "3, out=None")
CREATION_KWARGS = ("", ", dtype=torch.float64", ", dtype=torch.int8", ", dtype=torch.bool",
                   ", dtype=torch.float16", ", requires_grad=True",
                   ", dtype=torch.int64, requires_grad=True", ", dtype='float32'", ", device='cpu'",
                   ", layout=torch.strided", ", pin_memory=False", ", dtype=None")
CREATION_FACTORIES = ("torch.zeros", "torch.ones", "torch.empty", "torch.rand", "torch.randn")
CREATION_OTHERS = (
    "torch.full((2, 3), 1.5)", "torch.full((2,), True)", "torch.full((2,), 1.5, dtype=torch.int64)",
    "torch.full(2, 1.)", "torch.full((2,), 'a')", "torch.full((2,), 2, requires_grad=True)",
    "torch.arange(1, 4, 0.5)", "torch.arange(5, 1)", "torch.arange(0, 5, 0)", "torch.arange(0, float('inf'))",
    "torch.arange(3, dtype=torch.bool)", "torch.arange(3, requires_grad=True)", "torch.arange('a')",
    "torch.arange(0, 'a')", "torch.arange(-3, 3, 2.5)", "torch.arange(0, 10, 3, dtype=torch.int8)",
    "torch.linspace(0, 1, 0)", "torch.linspace(0, 1, -1)", "torch.linspace(0, 1)", "torch.linspace(0, 1, 2.5)",
    "torch.logspace(0, 2, 3, base=2)", "torch.eye(2, 3)", "torch.eye(-1)", "torch.eye(2.5)",
    "torch.eye(2, requires_grad=True)", "torch.eye(3, dtype=torch.bool)",
    "torch.randint(0, (3,))", "torch.randint(5, 2, (3,))", "torch.randint(5)", "torch.randint(2.5, (3,))",
    "torch.randint(5, (3,), requires_grad=True)",
    "torch.tensor([[1, 2], [3]])", "torch.tensor([])", "torch.tensor(3.5, dtype=torch.int64)",
    "torch.tensor([1, 2], requires_grad=True)", "torch.tensor('a')", "torch.tensor(None)",
    "torch.tensor([1.5], dtype=torch.int8)", "torch.tensor(2**63)", "torch.tensor([1, 2.5, True])",
    "torch.tensor([torch.tensor([1.]), torch.tensor([2.])])", "torch.tensor([torch.tensor([1., 3.]), torch.tensor([2., 4.])])",
    "torch.tensor(range(3))", "torch.tensor([range(2), range(2)])", "torch.tensor(b'ab')",
    "torch.tensor([1e40])", "torch.tensor(1e40, dtype=torch.float16)", "torch.tensor(np.array(['a']))",
    "torch.from_numpy([1, 2])", "torch.from_numpy(np.arange(3.)[::-1])",
    "torch.full_like(torch.ones(2, dtype=torch.uint8), 300)", "torch.full_like(torch.ones(2, dtype=torch.int64), 2.5)",
    "torch.zeros_like([1, 2])", "torch.ones_like(torch.ones(2), requires_grad=True)",
    "torch.ones(2).new_zeros(-1)", "torch.ones(2).new_ones(2.5)", "torch.ones(2, dtype=torch.int8).new_tensor([1.5])",
)


@st.composite
def creation_ops(draw):
    if draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from(CREATION_OTHERS))
    fn = draw(st.sampled_from(CREATION_FACTORIES))
    return f"{fn}({draw(st.sampled_from(CREATION_SIZES))}{draw(st.sampled_from(CREATION_KWARGS))})"


def render_creation(expr):
    det = not any(k in expr for k in ("empty", "rand"))
    shown = "r" if det else "(r.shape, r.dtype, r.requires_grad, r.is_leaf, r.stride())"
    return f"with expect_error('op'):\n    r = {expr}\n    obs('r', {shown})\n"
