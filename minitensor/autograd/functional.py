"""``torch.autograd.functional``: derivatives of a whole function, built on ``grad()``.

Each one runs ``func`` on fresh leaves (detached copies of the inputs, so the caller's
tensors get no ``.grad``) and asks ``grad()`` for what it needs:

- ``vjp(f, x, v)``: one backward pass, ``v`` as the output's gradient: v^T J.
- ``jacobian(f, x)``: one backward pass per output element, the rows of J stacked.
- ``jvp(f, x, v)``: J v, the Jacobian's rows against ``v`` (torch uses a double
  backward trick here; the numbers are the same).
- ``hessian(f, x)``: the jacobian of the jacobian (the inner one with create_graph=True).
- ``vhp``/``hvp``: v^T H from a double backward; H is symmetric, so H v is the same.

Inputs and outputs may be a Tensor or a tuple of Tensors; the results come back nested
the same way, as in torch. (torch's ``vectorize=True`` batches the passes; here it only
gives the same numbers the slow way. ``strategy="forward-mode"`` is not modelled.)
"""
from ..core.tensor import Tensor
from ..ops.create import zeros_like
from ..ops.join import stack
from . import grad as _grad
from .grad_mode import enable_grad, set_grad_enabled, is_grad_enabled

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


# ------------------------------------------------------------------ the four steps
def _as_tuple(x, arg_name, fn_name):
    """(was it a tuple?, the tensors as a tuple): torch's check of inputs and outputs."""
    is_tuple = isinstance(x, tuple)
    items = x if is_tuple else (x,)
    for i, el in enumerate(items):
        if not isinstance(el, Tensor):
            where = f"value at index {i}" if is_tuple else f"given {arg_name}"
            raise TypeError(f"The {arg_name} given to {fn_name} must be either a Tensor or a "
                            f"tuple of Tensors but the {where} has type {type(el)}.")
    return is_tuple, items


def _fresh(inputs, create_graph, need_graph=True):
    """Leaves to run ``func`` on; with create_graph, an input that requires grad stays
    connected to its own history (a view of it), so the result can be differentiated."""
    return tuple(t.view_as(t) if create_graph and t.requires_grad
                 else t.detach().requires_grad_(need_graph) for t in inputs)


def _grads(outputs, inputs, grad_outputs=None, create_graph=False, retain_graph=None):
    """``grad()`` of the outputs that have a history; None for an input none of them uses."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    kept = [(o, g) for o, g in zip(outputs, grad_outputs) if o is not None and o.requires_grad]
    if not kept:
        return (None,) * len(inputs)
    return _grad([o for o, _ in kept], inputs, [g for _, g in kept], allow_unused=True,
                 create_graph=create_graph, retain_graph=retain_graph)


def _finish(results, create_graph):
    """Without create_graph the caller gets plain tensors (no history)."""
    if results and isinstance(results[0], Tensor):
        return tuple(r if create_graph else r.detach() for r in results)
    return tuple(_finish(r, create_graph) for r in results)


def _unpack(res, is_tuple):
    return res if is_tuple else res[0]


# ------------------------------------------------------------------ the functions
def vjp(func, inputs, v=None, create_graph=False, strict=False):
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _fresh(inputs, create_graph)
        is_outputs_tuple, outputs = _as_tuple(func(*inputs),
                                              "outputs of the user-provided function", "vjp")
        _check_requires_grad(outputs, strict)
        if v is not None:
            v = _fresh(_as_tuple(v, "v", "vjp")[1], create_graph, need_graph=False)
            _validate_v(v, outputs, is_outputs_tuple)
        elif len(outputs) != 1 or outputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the user-provided function "
                               "returns a single Tensor with a single element.")
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        vj = _zeros_for_none(_grads(outputs, inputs, v, create_graph), inputs, strict)
    return (_unpack(_finish(outputs, create_graph), is_outputs_tuple),
            _unpack(_finish(vj, create_graph), is_inputs_tuple))


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False,
             strategy="reverse-mode"):
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError(
            'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
            'function has more outputs than inputs, "forward-mode" tends to be more performant. '
            'Otherwise, prefer to use "reverse-mode".')
    if strategy == "forward-mode":
        raise NotImplementedError('minitensor has no forward-mode AD: use strategy="reverse-mode"')
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _fresh(inputs, create_graph)
        is_outputs_tuple, outputs = _as_tuple(
            func(*inputs), "outputs of the user-provided function", "jacobian")
        _check_requires_grad(outputs, strict)
        if vectorize and strict:
            raise RuntimeError(
                "torch.autograd.functional.jacobian: `strict=True` and `vectorized=True` are "
                "not supported together. Please either set `strict=False` or `vectorize=False`.")
        jac = tuple(tuple(zeros_like(inp).expand(out.size() + inp.size()).contiguous()
                          if j is None else j for j, inp in zip(row, inputs))
                    for row, out in zip(_jacobian(outputs, inputs, create_graph, strict), outputs))
        jac = _finish(jac, create_graph)
    return _unpack(tuple(_unpack(j, is_inputs_tuple) for j in jac), is_outputs_tuple)


def _jacobian(outputs, inputs, create_graph, strict):
    """J[i][k] = d outputs[i] / d inputs[k], of shape out.shape + inp.shape: one backward
    pass per element of each output, its gradients stacked (None where output i does not
    depend on input k at all)."""
    jac = []
    for i, out in enumerate(outputs):
        rows = [[] for _ in inputs]
        for j in range(out.nelement()):
            vj = _grads((out.reshape(-1)[j],), inputs, retain_graph=True,
                        create_graph=create_graph)
            for k, g in enumerate(vj):
                if g is None and strict:
                    raise RuntimeError(
                        f"Output {i} of the user-provided function is independent of "
                        f"input {k}. This is not allowed in strict mode.")
                if g is not None and strict and create_graph and not g.requires_grad:
                    raise RuntimeError(
                        "The jacobian of the user-provided function is independent of "
                        f"input {i}. This is not allowed in strict mode when create_graph=True.")
                rows[k].append(g)
        jac.append(tuple(
            None if all(g is None for g in r) else
            stack([zeros_like(inp) if g is None else g for g in r], dim=0).view(
                out.size() + inp.size())
            for r, inp in zip(rows, inputs)))
    return tuple(jac)


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _fresh(inputs, create_graph)
        if v is not None:
            v = _fresh(_as_tuple(v, "v", "jvp")[1], create_graph, need_graph=False)
            _validate_v(v, inputs, is_inputs_tuple)
        elif len(inputs) != 1 or inputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the input to the user-provided "
                               "function is a single Tensor with a single element.")
        else:
            v = (zeros_like(inputs[0]) + 1,)
        is_outputs_tuple, outputs = _as_tuple(func(*inputs),
                                              "outputs of the user-provided function", "jvp")
        _check_requires_grad(outputs, strict)
        jv = []
        for out, row in zip(outputs, _jacobian(outputs, inputs, create_graph, strict)):
            # J_k v_k for each input k that out depends on, summed
            parts = [(j.reshape(out.nelement(), vk.nelement()) @ vk.reshape(-1)).view(out.size())
                     for j, vk in zip(row, v) if j is not None]
            total = parts[0] if parts else zeros_like(out)
            for part in parts[1:]:
                total.add_(part)        # in place, as torch's engine sums gradients
            jv.append(total)
    return (_unpack(_finish(outputs, create_graph), is_outputs_tuple),
            _unpack(_finish(tuple(jv), create_graph), is_outputs_tuple))


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False,
            outer_jacobian_strategy="reverse-mode"):
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")

    def single_output(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _check_requires_grad(t_out, strict)
        if is_out_tuple or not isinstance(out, Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should "
                               "contain a single element")
        return out.squeeze()

    def jac_func(*inp):         # the gradient, differentiable again
        return jacobian(single_output, inp, create_graph=True)

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict,
                   vectorize=vectorize, strategy=outer_jacobian_strategy)
    return _unpack(tuple(_unpack(r, is_inputs_tuple) for r in res), is_inputs_tuple)


def vhp(func, inputs, v=None, create_graph=False, strict=False, _name="vhp"):
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", _name)
        inputs = _fresh(inputs, create_graph)
        if v is not None:
            v = _fresh(_as_tuple(v, "v", _name)[1], create_graph, need_graph=False)
            _validate_v(v, inputs, is_inputs_tuple)
        elif len(inputs) != 1 or inputs[0].nelement() != 1:
            raise RuntimeError("The vector v can only be None if the input to the user-provided "
                               "function is a single Tensor with a single element.")
        is_outputs_tuple, outputs = _as_tuple(func(*inputs),
                                              "outputs of the user-provided function", _name)
        _check_requires_grad(outputs, strict)
        if is_outputs_tuple:
            raise RuntimeError(f"The function given to {_name} should return a single Tensor")
        if outputs[0].nelement() != 1:
            raise RuntimeError(f"The Tensor returned by the function given to {_name} should "
                               "contain a single element")
        jac = _grads(outputs, inputs, create_graph=True)
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        vh = _zeros_for_none(_grads(jac, inputs, v, create_graph), inputs, strict)
    return (_unpack(_finish(outputs, create_graph), is_outputs_tuple),
            _unpack(_finish(vh, create_graph), is_inputs_tuple))


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    return vhp(func, inputs, v, create_graph, strict, _name="hvp")   # H is symmetric


# ------------------------------------------------------------------ torch's checks
def _check_requires_grad(outputs, strict):
    if strict:
        for i, out in enumerate(outputs):
            if not out.requires_grad:
                raise RuntimeError(
                    f"Output {i} of the user-provided function does not require gradients. "
                    "The outputs must be computed in a differentiable manner from the input "
                    "when running in strict mode.")


def _validate_v(v, other, is_other_tuple):
    if len(other) != len(v):
        if is_other_tuple:
            raise RuntimeError(
                f"v is a tuple of invalid length: should be {len(other)} but got {len(v)}.")
        raise RuntimeError("The given v should contain a single Tensor.")
    for idx, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.size() != el_other.size():
            prepend = f"Entry {idx} in " if is_other_tuple else ""
            raise RuntimeError(f"{prepend}v has invalid size: should be {el_other.size()} but "
                               f"got {el_v.size()}.")


def _zeros_for_none(grads, refs, strict):
    if strict:
        for i, g in enumerate(grads):
            if g is None:
                raise RuntimeError("The output of the user-provided function is independent of "
                                   f"input {i}. This is not allowed in strict mode.")
    return tuple(zeros_like(r) if g is None else g for g, r in zip(grads, refs))
