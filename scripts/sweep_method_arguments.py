"""Sweep: ~100 Tensor methods called with a bad argument ('a', None, [1.5]), on torch and on
minitensor, printing every call whose error (type and message) differs.

    .venv/bin/python -W ignore scripts/sweep_method_arguments.py

On 2026-12-03: 245 of 312 calls differed; 218 after renumbering positions; 0 since every
method goes through minitensor/_arg_parser.py, torch's PythonArgParser with torch's own
signatures (minitensor/_signatures.py). tests/differential/test_arguments.py keeps this
sweep (and the torch.<op>(t, ...) forms) as regression tests.
"""
import torch, minitensor as mt
def run(lib, code):
    t = lib.ones(2, 2)
    try: return repr(eval(code, {"torch": lib, "t": t}))
    except Exception as e: return f"{type(e).__name__}: {str(e)[:300]}"
meths = ["add", "sub", "mul", "div", "pow", "eq", "ne", "lt", "maximum", "minimum", "matmul", "mm", "dot", "copy_", "add_", "mul_", "sub_", "div_", "fmod", "remainder", "atan2", "lerp", "xlogy", "logical_and", "bitwise_and", "masked_fill", "expand", "view", "reshape", "permute", "transpose", "sum", "mean", "clamp", "index_select", "gather", "type_as", "expand_as", "view_as", "new_tensor", "new_zeros", "new_full", "repeat", "flip", "roll", "squeeze", "unsqueeze", "narrow", "select", "split", "chunk", "softmax", "max", "min", "argmax", "topk", "sort", "cumsum", "to", "masked_select", "where", "fill_", "isclose", "allclose", "equal", "bmm", "mv", "outer", "floor_divide", "fmax", "logsumexp", "std", "var", "norm", "prod", "all", "any", "unflatten", "movedim", "tile", "broadcast_to", "resize_", "set_", "requires_grad_", "register_hook", "retain_grad", "backward", "numpy", "tolist", "item", "clone", "detach", "contiguous", "cpu", "float", "sign", "abs", "exp", "relu", "sigmoid", "tanh", "neg", "sqrt", "log"]
bad = 0
for m in meths:
    for arg in ["'a'", "None", "[1.5]"]:
        code = f"t.{m}({arg})"
        a, b = run(torch, code), run(mt, code)
        if a != b:
            bad += 1
            print("XX", code, "\n   torch:", a[:250], "\n   mt:   ", b[:250])
print("mismatches", bad, "of", len(meths) * 3)
