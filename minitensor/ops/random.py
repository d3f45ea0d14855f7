"""Random numbers: a NumPy generator behind torch's API. Deterministic after
``manual_seed``, but not bit-equal to torch's own generator (not required)."""
import numpy as np

from ..compat.allocation import allocate
from ..compat.arg_parser import OVERFLOW, PythonArgParser, invalid_combination, wrong_type
from ..core.dtypes import type_name as tp_name
from ..core import dtypes as D
from ..core.dispatch import composite, inplace
from ..core.dtypes import dtype as _dtype_cls
from ..core.graph import Node
from ..core.tensor import Tensor
from .create import (_FACTORY_KW, _PY_DTYPES, _check_dtype, _finish, _like, _no_negative, _size,
                     keywords_given)


class Generator:
    _torch_name = "torch._C.Generator"     # what torch's messages call this type

    def __init__(self, device="cpu"):
        self._seed = 67280421310721   # torch's default initial seed
        self._rng = np.random.default_rng(self._seed)

    def manual_seed(self, seed):
        if not isinstance(seed, int):
            raise TypeError(f"manual_seed expected a long, but got {tp_name(seed)}")
        self._seed = seed
        self._rng = np.random.default_rng(seed & 0xFFFFFFFFFFFFFFFF)
        return self

    def initial_seed(self):
        return self._seed

    def seed(self):
        s = int(np.random.SeedSequence().entropy) & 0xFFFFFFFFFFFFFFFF
        self.manual_seed(s)
        return s

    def get_state(self):
        return self._rng.bit_generator.state

    def set_state(self, state):
        self._rng.bit_generator.state = state


default_generator = Generator()


def manual_seed(seed):
    seed = int(seed)
    if not -(1 << 63) <= seed < 1 << 64:     # torch reads it as a 64-bit int
        raise ValueError(OVERFLOW)
    return default_generator.manual_seed(seed)


def seed():
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(state):
    default_generator.set_state(state)


# ---------------------------------------------------------------- random fills
def _random_fill(op, make, node_for):
    """An in-place random fill. Its node passes a zero gradient: the old values no longer
    matter (torch's UniformBackward0 and kin); ``node_for(args, kw)`` picks torch's
    overload number."""
    def fn(self, *args, generator=None, **kw):
        rng = (generator or default_generator)._rng
        values = make(self, rng, *args, **kw)
        return inplace(op, self, values, (self,), node_for(args, kw))
    fn.__name__ = op
    return fn


def _zero_grad_node(name):
    return type(name, (Node,), {"backward": lambda self, g: (np.zeros_like(g),),
                                "__module__": __name__})


UniformBackward0 = _zero_grad_node("UniformBackward0")


NormalBackward0 = _zero_grad_node("NormalBackward0")


ExponentialBackward0 = _zero_grad_node("ExponentialBackward0")


# random_(from, to), random_(to), random_(); bernoulli_(Tensor p), bernoulli_(float p)
RandomBackward0 = _zero_grad_node("RandomBackward0")


RandomBackward1 = _zero_grad_node("RandomBackward1")


RandomBackward2 = _zero_grad_node("RandomBackward2")


BernoulliBackward1 = _zero_grad_node("BernoulliBackward1")


BernoulliBackward2 = _zero_grad_node("BernoulliBackward2")


def _random_node(args, kw):
    n = len(args) + len(kw)
    return (RandomBackward2, RandomBackward1, RandomBackward0)[min(n, 2)]


def _bernoulli_node(args, kw):
    p = args[0] if args else kw.get("p")
    return BernoulliBackward1 if isinstance(p, Tensor) else BernoulliBackward2


def _float_only(self, kernel):
    if self._data.dtype.kind != "f":
        raise NotImplementedError(f'"{kernel}" not implemented for \'{self.dtype._scalar_type}\'')


def _uniform(self, rng, a=0.0, b=1.0):
    _float_only(self, "check_uniform_bounds")
    return rng.uniform(a, b, self._data.shape)


def _normal(self, rng, mean=0.0, std=1.0):
    _float_only(self, "normal_kernel_cpu")
    return rng.standard_normal(self._data.shape) * std + mean


def _random(self, rng, low=None, high=None):
    if low is None:
        low, high = 0, 2 ** 24 if self._data.dtype.kind == "f" else np.iinfo(self._data.dtype).max
    elif high is None:
        low, high = 0, low
    return rng.integers(low, high, self._data.shape)


def _bernoulli(self, rng, p=0.5):
    if isinstance(p, Tensor):
        p = p._data
    return rng.random(self._data.shape) < p


def _exponential(self, rng, lambd=1.0):
    return rng.exponential(1.0 / lambd, self._data.shape)


uniform_ = _random_fill("uniform_", _uniform, lambda a, k: UniformBackward0)


normal_ = _random_fill("normal_", _normal, lambda a, k: NormalBackward0)


random_ = _random_fill("random_", _random, _random_node)


bernoulli_ = _random_fill("bernoulli_", _bernoulli, _bernoulli_node)


exponential_ = _random_fill("exponential_", _exponential, lambda a, k: ExponentialBackward0)


# ---------------------------------------------------------------- random
def _gen(generator):
    return (generator or default_generator)._rng


_RAND_SIG = ("tuple of ints size, *, {}Tensor out = None, torch.dtype dtype = None, torch.layout "
             "layout = None, torch.device device = None, bool pin_memory = False, bool "
             "requires_grad = False")


_RAND_OPTIONS = ["(" + _RAND_SIG.format("torch.Generator generator, ") + ")",
                 "(" + _RAND_SIG.format("") + ")"]


def _invalid_combination(op, args, kwargs):
    """rand()/randn() have two overloads (with and without a generator)."""
    return invalid_combination(op, args, kwargs, _RAND_OPTIONS)


_RAND_KW = ("generator", "out", "dtype", "layout", "device", "requires_grad", "pin_memory",
            "names", "size")


def _random_args(op, size, kw):
    """torch's parsing for rand/randn from the arguments as passed: the size, then the
    dtype. With keyword arguments given, a size of the wrong type gets the overload
    message (its 'got' lists the keywords last first, as torch's does)."""
    for k in kw:
        if k not in _RAND_KW:
            raise TypeError(f"{op}() got an unexpected keyword argument '{k}'")
    if "size" in kw:
        if size:
            raise TypeError(f"{op}() got multiple values for argument 'size'")
        size = (kw["size"],)
    given = dict(kw)
    pos = size if "size" not in kw else ()
    if not size:        # rand() matches no overload; rand(dtype=...) just lacks its size
        if given:
            raise TypeError(f'{op}() missing 1 required positional arguments: "size"')
        raise _invalid_combination(op, (), given)
    dtype = kw.get("dtype")
    bad_dtype = dtype is not None and not isinstance(dtype, _dtype_cls) and not (
        isinstance(dtype, type) and dtype in _PY_DTYPES)
    try:
        parsed = _size(size, op, negative_ok=True)
    except TypeError as e:
        if "positional argument" in str(e):     # rand('a', 2): two overloads, neither binds
            raise _invalid_combination(op, pos, given) from None
        if given and "failed to unpack" not in str(e):
            raise _invalid_combination(op, pos, given) from None
        if bad_dtype:
            raise _invalid_combination(op, pos, given) from None
        raise
    if bad_dtype:
        raise _invalid_combination(op, pos, given)
    _no_negative(parsed, op)
    return parsed, _check_dtype(dtype, op) or D.get_default_dtype()


def rand(*size, **kw):
    size, dt = _random_args("rand", size, kw)
    if not dt.is_floating_point:
        raise NotImplementedError(f'"check_uniform_bounds" not implemented for \'{dt._scalar_type}\'')
    arr = allocate(lambda: _gen(kw.get("generator")).random(size).astype(dt.np), size, dt.np)
    return _finish("rand", arr, kw.get("device"), kw.get("requires_grad", False))


def randn(*size, **kw):
    size, dt = _random_args("randn", size, kw)
    if not dt.is_floating_point and 0 not in size:    # measured: an empty one needs no kernel
        raise NotImplementedError(f'"normal_kernel_cpu" not implemented for \'{dt._scalar_type}\'')
    arr = allocate(lambda: _gen(kw.get("generator")).standard_normal(size).astype(dt.np), size, dt.np)
    return _finish("randn", arr, kw.get("device"), kw.get("requires_grad", False))


_RANDINT = PythonArgParser([
    f"randint(SymInt {a}SymIntArrayRef size, {g}" + _FACTORY_KW[3:]
    for a in ("high, ", "low, SymInt high, ") for g in ("*, Generator? generator, ", "*, ")])


def randint(low=0, high=None, size=None, *, generator=None, out=None, dtype=None, layout=None,
            device=None, requires_grad=False):
    given = tuple(a for a in (low, high, size) if a is not None)
    _RANDINT.parse(given, keywords_given(generator=generator, out=out, dtype=dtype, layout=layout,
                                         device=device, requires_grad=requires_grad))
    if size is None:
        if isinstance(high, (tuple, list)):
            low, high, size = 0, low, high
        else:
            if high is not None:     # randint(0, 5): the 2nd number is read as the size
                raise wrong_type("randint", "size", "tuple of ints", high, 2)
            raise invalid_combination("randint", (low,), {}, _RANDINT_OPTIONS)
    if high is None:
        low, high = 0, low
    if not isinstance(size, (tuple, list)):      # (a Size is a tuple)
        raise invalid_combination("randint", given, {}, _RANDINT_OPTIONS)
    for name, pos, v in (("low", 1, low), ("high", 2 if low else 1, high)):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(f"randint(): argument '{name}' (position {pos}) must be int, not "
                            f"{tp_name(v)}")
    if dtype is not None and requires_grad and not dtype.is_floating_point:
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    size = _size((tuple(size),), "randint")     # (its negative dims first)
    if low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    dt = dtype or D.int64
    return _finish("randint", _gen(generator).integers(low, high, size).astype(dt.np), device, requires_grad)


_RANDINT_OPTIONS = [
    f"({head}tuple of ints size, *, {gen}Tensor out = None, torch.dtype dtype = None, "
    "torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
    "bool requires_grad = False)"
    for head in ("int high, ", "int low, int high, ")
    for gen in ("torch.Generator generator, ", "")]


def randperm(n, *, generator=None, dtype=None, device=None, requires_grad=False):
    dt = dtype or D.int64
    return _finish("randperm", _gen(generator).permutation(n).astype(dt.np), device, requires_grad)


def normal(mean=0.0, std=1.0, size=None, *, generator=None, dtype=None, device=None, requires_grad=False):
    size = _size((tuple(size),), "normal")
    dt = dtype or D.get_default_dtype()
    return _finish("normal", (_gen(generator).standard_normal(size) * std + mean).astype(dt.np), device, requires_grad)


def randint_like(input, low=0, high=None, *, dtype=None, layout=None, device=None,
                 requires_grad=False, memory_format=None):
    if high is None:
        low, high = 0, low
    return randint(low, high, input._data.shape, dtype=dtype or input.dtype,
                   device=device or input._device, requires_grad=requires_grad)


def bernoulli(input, p=None, *, generator=None, out=None):
    prob = input._data if p is None else np.full(input._data.shape, p)
    vals = _gen(generator).random(input._data.shape) < prob
    return _finish("bernoulli", vals.astype(input._data.dtype), input._device, False)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    w = input._data.astype(np.float64)
    rows = w.reshape(-1, w.shape[-1])
    rng = _gen(generator)
    if not replacement and num_samples > rows.shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    out = np.stack([rng.choice(len(r), num_samples, replace=replacement, p=r / r.sum()) for r in rows])
    out = out.reshape(w.shape[:-1] + (num_samples,)).astype(np.int64)
    return _finish("multinomial", out, input._device, False)


# (their values come from rand/randn: two steps, one op for the learner)
rand_like = composite("rand_like")(_like(
    "rand_like", lambda shape, dt, dev: rand(shape, dtype=dt, device=dev)._data))
randn_like = composite("randn_like")(_like(
    "randn_like", lambda shape, dt, dev: randn(*shape, dtype=dt, device=dev)._data))
