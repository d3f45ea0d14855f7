# Self-test of the runner (not a tutorial): prints random tensors (different values on
# the two engines, same shape and dtype), a seeded one, and stable lines; must pass.
import torch
print(torch.rand(2, 3))
torch.manual_seed(7)
print(torch.randn(4, dtype=torch.float64), torch.randint(0, 10, (3,)))
print("stable", torch.ones(2) * 3)
