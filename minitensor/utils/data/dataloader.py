"""``DataLoader`` (torch/utils/data/dataloader.py): batches of samples, collated.

One epoch is ``for batch in loader``: the batch sampler yields lists of indices, the
dataset turns each index into a sample, and ``collate_fn`` turns the list of samples into
one batch (tensors stacked along a new first dim). ``num_workers`` is accepted, but the
samples are always loaded in this process: the batches are the same."""
import collections.abc

import numpy as np

from ...core.dtypes import float64, int64
from ...core.tensor import Tensor
from ...ops.create import as_tensor, empty, tensor
from ...ops.join import stack
from .sampler import BatchSampler, RandomSampler, SequentialSampler

_COLLATE_ERROR = ("default_collate: batch must contain tensors, numpy arrays, numbers, "
                  "dicts or lists; found {}")


def default_collate(batch):
    """A list of samples -> one batch: tensors are stacked, numbers become a tensor,
    tuples and dicts are collated field by field (a tuple gives a list, as in torch)."""
    elem = batch[0]
    if isinstance(elem, Tensor):
        return stack(batch, 0)
    if isinstance(elem, np.ndarray) or isinstance(elem, np.generic):
        if elem.dtype.kind in "OSU":
            raise TypeError(_COLLATE_ERROR.format(elem.dtype))
        if elem.shape == ():
            return as_tensor(np.array(batch))
        return default_collate([as_tensor(b) for b in batch])
    if isinstance(elem, bool):
        return tensor(batch)
    if isinstance(elem, float):
        return tensor(batch, dtype=float64)
    if isinstance(elem, int):
        return tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        return {key: default_collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):       # namedtuple
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        if any(len(e) != len(elem) for e in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        transposed = list(zip(*batch))
        collated = [default_collate(samples) for samples in transposed]
        if isinstance(elem, tuple):
            return collated
        try:
            return type(elem)(collated)
        except TypeError:
            return collated
    raise TypeError(_COLLATE_ERROR.format(type(elem)))


def default_convert(data):
    """``batch_size=None``: no batching; NumPy arrays still become tensors."""
    if isinstance(data, np.ndarray) and data.dtype.kind not in "OSU":
        return as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        return {key: default_convert(data[key]) for key in data}
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        return [default_convert(d) for d in data]
    return data


class DataLoader:
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None, *,
                 prefetch_factor=None, persistent_workers=False, pin_memory_device="",
                 in_order=True):
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; "
                             "use num_workers=0 to disable multiprocessing.")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, "
                                 "shuffle, sampler, and drop_last")
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually "
                             "exclusive with drop_last")
        if sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.dataset = dataset
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.num_workers = num_workers
        self.pin_memory = pin_memory
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.generator = generator
        self.prefetch_factor = prefetch_factor
        self.persistent_workers = persistent_workers
        if collate_fn is None:
            collate_fn = default_collate if batch_sampler is not None else default_convert
        self.collate_fn = collate_fn

    @property
    def _index_sampler(self):
        return self.batch_sampler if self.batch_sampler is not None else self.sampler

    def __iter__(self):
        # torch draws a base seed (for worker processes) each time an epoch starts, also
        # with num_workers=0: it moves the global generator as torch's does
        empty((), dtype=int64).random_(generator=self.generator).item()
        if self.batch_sampler is not None:
            for indices in self.batch_sampler:
                yield self.collate_fn([self.dataset[i] for i in indices])
        else:
            for i in self.sampler:
                yield self.collate_fn(self.dataset[i])

    def __len__(self):
        return len(self._index_sampler)
