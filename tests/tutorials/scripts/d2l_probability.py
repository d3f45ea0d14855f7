# Source: Dive into Deep Learning, 2.6 Probability and Statistics (PyTorch tab)
#   https://d2l.ai/chapter_preliminaries/probability.html
#   (github.com/d2l-ai/d2l-en chapter_preliminaries/probability.md)
# Adapted: `from d2l import torch as d2l` is not installed; its plotting is replaced by the
# matplotlib stand-in (draws nothing); the value a notebook cell displays is printed.
import random
import torch
from torch.distributions.multinomial import Multinomial
import matplotlib.pyplot as plt

num_tosses = 100
heads = sum([random.random() > 0.5 for _ in range(num_tosses)])
tails = num_tosses - heads
print("heads, tails: ", [heads, tails])

fair_probs = torch.tensor([0.5, 0.5])
print(Multinomial(100, fair_probs).sample())

print(Multinomial(100, fair_probs).sample() / 100)

counts = Multinomial(10000, fair_probs).sample()
print(counts / 10000)

counts = Multinomial(1, fair_probs).sample((10000,))
cum_counts = counts.cumsum(dim=0)
estimates = cum_counts / cum_counts.sum(dim=1, keepdims=True)
estimates = estimates.numpy()

plt.plot(estimates[:, 0], label=("P(coin=heads)"))
plt.plot(estimates[:, 1], label=("P(coin=tails)"))
plt.axhline(y=0.5, color='black', linestyle='dashed')
plt.gca().set_xlabel('Samples')
plt.gca().set_ylabel('Estimated probability')
plt.legend();
print(estimates.shape, estimates.dtype, estimates[-1].round(1))  # adapted: what the plot shows
