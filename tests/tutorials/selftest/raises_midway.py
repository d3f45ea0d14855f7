# Self-test of the runner (not a tutorial): minitensor raises after the first line.
import torch
print("first", torch.zeros(2))
if torch.__name__ != "torch":
    raise AttributeError("module 'torch' has no attribute 'made_up'")
print("second")
