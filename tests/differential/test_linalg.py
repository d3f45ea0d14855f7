"""torch.cross, torch.linalg.cross, torch.svd / linalg.svd / svdvals, linalg.inv / det,
and the norms (linalg.norm, vector_norm, matrix_norm) the tutorials call (issue 20):
values, gradients, node names, return types, printing and errors."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### cross_values_grads_and_nodes
v1 = torch.tensor([1., 0., 0.], requires_grad=True)
v2 = torch.tensor([0., 1., 0.])
obs('introyt', (torch.cross(v2, v1, dim=0), torch.linalg.cross(v1, v2), v1.cross(v2, dim=0)))
obs('repr', repr(torch.linalg.cross(v1, v2)))
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
y = torch.tensor([[1., -1., 2.]], requires_grad=True)
c = torch.linalg.cross(x, y)
obs('broadcast', c)
obs('graph', graph(c.grad_fn))
obs('saved', (c.grad_fn._saved_self is x, c.grad_fn._saved_other is y))
c.backward(torch.tensor([[1., 2., 3.], [0., 1., 0.]]))
obs('grads', (x.grad, y.grad))
obs('dim0', torch.cross(torch.ones(3, 2), torch.arange(6.).reshape(3, 2), dim=0))
obs('ints', torch.linalg.cross(torch.tensor([1, 2, 3]), torch.tensor([4, 5, 6])))

### cross_errors
a = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
for call in [lambda: torch.linalg.cross(a, torch.tensor([1., 0., 0.])),
             lambda: torch.cross(a, a, dim=0),
             lambda: torch.linalg.cross(a, a, dim=0),
             lambda: torch.linalg.cross(torch.ones(2), torch.ones(2)),
             lambda: torch.linalg.cross(torch.tensor([1, 2, 3]), torch.tensor([4., 5, 6])),
             lambda: torch.linalg.cross(a, torch.ones(3, 3)),
             lambda: torch.linalg.cross(a, [1, 2, 3]),
             lambda: torch.linalg.cross(a, a, dim=2),
             lambda: torch.cross(torch.ones(2), torch.ones(2), dim=0)]:
    with expect_error():
        call()

### svd_introyt
m = torch.tensor([[1., 2.], [3., 4.], [5., 6.]], requires_grad=True)
r = torch.svd(m)
obs('svd', (type(r).__name__, r.U, r.S, r.V, len(r)))
obs('repr', repr(r))
obs('nodes', (r.U.grad_fn is r.S.grad_fn, r.V.grad_fn.next_functions[0][1],
              r.U.grad_fn.next_functions[0][0].name()))
l = torch.linalg.svd(m)
obs('linalg', (type(l).__name__, l.U, l.S, l.Vh, repr(l)))
obs('reduced', torch.linalg.svd(m, full_matrices=False))
obs('some_false', torch.svd(m, some=False).U.shape)
obs('no_uv', torch.svd(m, compute_uv=False))
obs('svdvals', torch.linalg.svdvals(m))
obs('method', m.svd().S)
obs('wide_and_batched', torch.linalg.svd(torch.arange(12.).reshape(2, 2, 3) ** 0.5,
                                         full_matrices=False).S)

### svd_grads
m = torch.tensor([[1., 2.], [3., 4.], [5., 6.]], requires_grad=True)
U, S, V = torch.svd(m)
(U[:, 0].sum() + V.sum() * 2 + S[1]).backward()
obs('svd_all_three', m.grad)
m.grad = None
# a wide matrix: torch's LAPACK and NumPy's may choose opposite signs for a singular pair
# (both are right), so only sign-free quantities are compared: u_k v_k^T and S
U, S, V = torch.svd(m.t())
((U[:, :1] @ V[:, :1].t()) * torch.tensor([[1., 2., 3.], [-1., 0., 4.]])).sum().backward()
obs('wide_rank_one_part', m.grad)
m.grad = None
U, S, V = torch.svd(m.t())
(S[0] * 2 + S[1]).backward()
obs('wide_S', m.grad)
m.grad = None
torch.linalg.svdvals(m).sum().backward()
obs('only_S', m.grad)
m.grad = None
U, S, Vh = torch.linalg.svd(m)
(U.sum() + S.sum()).backward()
obs('full_matrices', m.grad)
sq = torch.tensor([[2., 1.], [1., 3.]], requires_grad=True)
U, S, Vh = torch.linalg.svd(sq)
(U * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
obs('square_U', sq.grad)

### svd_errors
for call in [lambda: torch.svd(torch.ones(3)),
             lambda: torch.linalg.svd(torch.ones(2, 2, dtype=torch.long))]:
    with expect_error():
        call()

### inv_det
a = torch.tensor([[2., 1.], [1., 3.]], requires_grad=True)
i = torch.linalg.inv(a)
obs('inv', (i, torch.inverse(a), a.inverse(), repr(i)))
obs('inv_graph', graph(i.grad_fn))
i.sum().backward()
obs('inv_grad', a.grad)
a.grad = None
d = torch.linalg.det(a)
obs('det', (d, torch.det(a), a.det(), repr(d)))
d.backward()
obs('det_grad', a.grad)
b = torch.tensor([[[2., 1.], [1., 3.]], [[1., 2.], [2., 4.]]], requires_grad=True)
db = torch.det(b)
db.sum().backward()
obs('batched_and_singular', (db, b.grad.abs()))
obs('inv_batched', torch.linalg.inv(torch.tensor([[[4., 7.], [2., 6.]], [[1., 0.], [0., 2.]]])))
obs('det_3x3', torch.det(torch.tensor([[6., 1., 1.], [4., -2., 5.], [2., 8., 7.]])))

### inv_det_errors
for call in [lambda: torch.linalg.inv(torch.ones(2, 2)),
             lambda: torch.linalg.inv(torch.zeros(3, 3)),
             lambda: torch.linalg.inv(torch.tensor([[[1., 0.], [0., 1.]], [[1., 2.], [2., 4.]]])),
             lambda: torch.linalg.inv(torch.ones(2, 3)),
             lambda: torch.linalg.inv(torch.ones(2, 2, dtype=torch.long)),
             lambda: torch.linalg.det(torch.ones(3)),
             lambda: torch.linalg.det(torch.ones(2, 3)),
             lambda: torch.linalg.det(torch.ones(2, 2, dtype=torch.long))]:
    with expect_error():
        call()
try:
    torch.linalg.inv(torch.ones(2, 2))
except torch.linalg.LinAlgError as e:
    obs('catchable_as', (isinstance(e, RuntimeError), type(e).__name__))

### norms
m = torch.tensor([[1., -2., 0.5], [3., 4., -1.]], requires_grad=True)
obs('plain', (torch.linalg.norm(m), torch.linalg.vector_norm(m), torch.linalg.matrix_norm(m)))
obs('dims', (torch.linalg.norm(m, dim=1), torch.linalg.norm(m, dim=(0, 1)),
             torch.linalg.vector_norm(m, ord=1, dim=0, keepdim=True),
             torch.linalg.vector_norm(m, ord=float('inf'))))
for o in [1, -1, float('inf'), float('-inf'), 'fro', 'nuc', 2, -2]:
    obs(f'matrix_{o}', (torch.linalg.matrix_norm(m, ord=o),
                        torch.linalg.matrix_norm(m, ord=o, keepdim=True).shape,
                        torch.linalg.norm(m.t(), ord=o)))
n = torch.linalg.norm(m)
n.backward()
obs('grad', (m.grad, n.grad_fn.name()))
m.grad = None
torch.linalg.matrix_norm(m, ord='nuc').backward()
obs('nuc_grad', m.grad)
obs('vector_ord', torch.linalg.norm(torch.tensor([3., -4.]), ord=1))
with expect_error():
    torch.linalg.matrix_norm(m, ord=3)
with expect_error():
    torch.linalg.matrix_norm(torch.ones(3))
with expect_error():
    torch.linalg.norm(torch.ones(2, 2, 2), ord=2)
''')

test_case = make_test(CASES)
