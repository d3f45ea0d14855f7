# Source: PyTorch documentation, Tensor Views
#   https://docs.pytorch.org/docs/stable/tensor_view.html
#   (github.com/pytorch/pytorch docs/source/tensor_view.rst)
# Adapted: the note's doctest lines are run and their results printed. Its list of view
# ops is then applied to one tensor, printing for each whether the result is a view of it
# (torch's `._base`) and shares its memory; the complex-only (real, imag, view_as_real,
# view_as_imag) and sparse-only (indices, values) entries are left out.
import torch

t = torch.rand(4, 4)
b = t.view(2, 8)
print(t.storage().data_ptr() == b.storage().data_ptr())  # `t` and `b` share the same underlying data.
# Modifying view tensor changes base tensor as well.
b[0][0] = 3.14
print(t[0][0])

base = torch.tensor([[0, 1],[2, 3]])
print(base.is_contiguous())
t = base.transpose(0, 1)  # `t` is a view of `base`. No data movement happened here.
# View tensors might be non-contiguous.
print(t.is_contiguous())
# To get a contiguous tensor, call `.contiguous()` to enforce
# copying data when `t` is not contiguous.
c = t.contiguous()
print(c.is_contiguous(), c.data_ptr() == t.data_ptr())  # adapted: it copied

# adapted: the list of view ops
t = torch.arange(24.).reshape(2, 3, 4)
views = [
    ("tensor[0, 2:, 1:7:2]", lambda: t[0, 2:, 1:7:2]),
    ("as_strided", lambda: t.as_strided((2, 2), (1, 1))),
    ("detach", lambda: t.detach()),
    ("diagonal", lambda: t.diagonal()),
    ("expand", lambda: t.expand(5, 2, 3, 4)),
    ("expand_as", lambda: t.expand_as(torch.empty(5, 2, 3, 4))),
    ("movedim", lambda: torch.movedim(t, 0, 2)),
    ("narrow", lambda: t.narrow(2, 1, 2)),
    ("permute", lambda: t.permute(2, 0, 1)),
    ("select", lambda: t.select(1, 0)),
    ("squeeze", lambda: t.squeeze()),
    ("transpose", lambda: t.transpose(0, 1)),
    ("t", lambda: t[0].t()),
    ("T", lambda: t[0].T),
    ("unfold", lambda: t.unfold(2, 2, 1)),
    ("unsqueeze", lambda: t.unsqueeze(1)),
    ("view", lambda: t.view(6, 4)),
    ("view_as", lambda: t.view_as(torch.empty(4, 6))),
    ("unbind", lambda: t.unbind(0)[1]),
    ("split", lambda: t.split(1, 1)[2]),
    ("chunk", lambda: t.chunk(2, 2)[1]),
]
for name, make in views:
    v = make()
    print(name, tuple(v.shape), v._base is t, v.untyped_storage().data_ptr() == t.untyped_storage().data_ptr())

# reshape and reshape_as: a view when they can be, a copy otherwise
r1 = t.reshape(6, 4)
r2 = t.transpose(0, 1).reshape(6, 4)
print(r1._base is t, r2._base is t, t.reshape_as(torch.empty(4, 6))._base is t)
# contiguous returns itself if the tensor is already contiguous
print(t.contiguous() is t)
