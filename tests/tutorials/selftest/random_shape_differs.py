# Self-test of the runner (not a tutorial): a random-valued line whose shape differs
# between the engines (3 values on torch, 2 on minitensor); the runner must report it.
import torch
n = 3 if torch.__name__ == "torch" else 2
print(torch.rand(n))
