"""torch.utils.data: Dataset, TensorDataset, DataLoader (batching, shuffle, drop_last,
default collate), random_split.

minitensor's generator is not bit-equal to torch's, so a shuffled order is compared as
what it must be on both engines: a permutation of all indices, the same one again after
the same ``manual_seed``, and batches of the right sizes.

Snippets never import torch (the import would find the real one): they read
``torch.utils.data.X``."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### tensor_dataset_and_loader_in_order
TensorDataset, DataLoader = torch.utils.data.TensorDataset, torch.utils.data.DataLoader
x = torch.arange(10.).reshape(5, 2)
y = torch.tensor([0, 1, 0, 1, 1])
ds = TensorDataset(x, y)
obs('len', len(ds))
obs('item', ds[1])
obs('slice', ds[1:3])
loader = DataLoader(ds, batch_size=2)
obs('len_loader', len(loader))
batches = list(loader)
obs('batches', batches)
obs('batch_type', type(batches[0]).__name__)
obs('drop_last', list(DataLoader(ds, batch_size=2, drop_last=True)))
obs('len_drop_last', len(DataLoader(ds, batch_size=2, drop_last=True)))
obs('batch_size_none', list(DataLoader(ds, batch_size=None))[:2])
obs('default_batch_1', next(iter(DataLoader(ds))))
with expect_error():
    TensorDataset(torch.zeros(3), torch.zeros(4))

### custom_dataset_default_collate
Dataset, DataLoader = torch.utils.data.Dataset, torch.utils.data.DataLoader
class Squares(Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        return torch.full((2,), float(i)), i * i, float(i) / 2, {'i': i, 'name': 'n%d' % i}
b = next(iter(DataLoader(Squares(5), batch_size=3)))
obs('batch', b)
obs('types', [type(v).__name__ for v in b])
class Arrays(Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, i):
        return np.full((2, 2), i, dtype=np.float32), np.int64(i)
obs('numpy', next(iter(DataLoader(Arrays(), batch_size=2))))
class Lists(Dataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return [1, 2] if i == 0 else [1, 2, 3]
with expect_error():
    next(iter(DataLoader(Lists(), batch_size=2)))
class Objects(Dataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return object()
with expect_error():
    next(iter(DataLoader(Objects(), batch_size=2)))
obs('collate_fn', list(DataLoader(Squares(3), batch_size=2, collate_fn=lambda b: len(b))))

### shuffle_is_a_seeded_permutation
TensorDataset, DataLoader = torch.utils.data.TensorDataset, torch.utils.data.DataLoader
ds = TensorDataset(torch.arange(10), torch.arange(10) * 10)
loader = DataLoader(ds, batch_size=4, shuffle=True)
torch.manual_seed(3)
first = [xb.tolist() for xb, _ in loader]
torch.manual_seed(3)
again = [xb.tolist() for xb, _ in loader]
second = [xb.tolist() for xb, _ in loader]
obs('sizes', [len(b) for b in first])
obs('permutation', sorted(i for b in first for i in b))
obs('same_seed_same_order', first == again)
obs('next_epoch_differs', first != second)
obs('labels_follow', all(yb.tolist() == [10 * i for i in xb.tolist()] for xb, yb in loader))
obs('drop_last_sizes', [len(b[0]) for b in DataLoader(ds, batch_size=4, shuffle=True, drop_last=True)])
g = torch.Generator()
g.manual_seed(7)
a = [b[0].tolist() for b in DataLoader(ds, batch_size=5, shuffle=True, generator=g)]
g.manual_seed(7)
b = [b[0].tolist() for b in DataLoader(ds, batch_size=5, shuffle=True, generator=g)]
obs('generator_repeats', a == b)
obs('types', type(loader.sampler).__name__, )

### loader_argument_errors
TensorDataset, DataLoader, SequentialSampler = torch.utils.data.TensorDataset, torch.utils.data.DataLoader, torch.utils.data.SequentialSampler
ds = TensorDataset(torch.arange(4))
with expect_error():
    DataLoader(ds, sampler=SequentialSampler(ds), shuffle=True)
with expect_error():
    DataLoader(ds, batch_size=None, drop_last=True)
with expect_error():
    DataLoader(ds, num_workers=-1)
with expect_error():
    DataLoader(ds, batch_size=0)
with expect_error():
    DataLoader(ds, batch_size=2.5)
obs('sampler_type', type(DataLoader(ds).sampler).__name__)
obs('sampler_order', list(DataLoader(ds, sampler=[3, 1], batch_size=2)))

### random_split
TensorDataset, random_split = torch.utils.data.TensorDataset, torch.utils.data.random_split
ds = TensorDataset(torch.arange(10))
torch.manual_seed(0)
a, b = random_split(ds, [7, 3])
obs('lengths', (len(a), len(b)))
obs('disjoint_cover', sorted(a.indices + b.indices))
obs('subset_item_type', type(a[0]).__name__)
obs('fractions', [len(s) for s in random_split(ds, [0.5, 0.3, 0.2])])
obs('fraction_remainder', [len(s) for s in random_split(range(7), [0.5, 0.5])])
g = torch.Generator().manual_seed(42)
x = random_split(range(10), [5, 5], generator=g)[0].indices
g = torch.Generator().manual_seed(42)
obs('generator_repeats', x == random_split(range(10), [5, 5], generator=g)[0].indices)
with expect_error():
    random_split(ds, [3, 3])
with expect_error():
    random_split(ds, [0.5, 1.5])
obs('zero_length_warning', [len(s) for s in random_split(range(2), [0.1, 0.9])])
''')

test_case = make_test(CASES)
