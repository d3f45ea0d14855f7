"""``torch.utils.data``: a Dataset says how many samples there are and how to get one;
a sampler says in which order; the DataLoader groups them into batches and collates each
batch into tensors."""
from .dataset import Dataset, TensorDataset, Subset, random_split
from .sampler import Sampler, SequentialSampler, RandomSampler, BatchSampler
from .dataloader import DataLoader, default_collate, default_convert

__all__ = ["Dataset", "TensorDataset", "Subset", "random_split", "Sampler",
           "SequentialSampler", "RandomSampler", "BatchSampler", "DataLoader",
           "default_collate", "default_convert"]
