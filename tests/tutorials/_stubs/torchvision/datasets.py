"""Synthetic FashionMNIST and CIFAR10: nothing is downloaded.

Images are uint8 NumPy arrays (H x W for FashionMNIST, H x W x 3 for CIFAR10), labels are
Python ints, as torchvision hands them to ``transform`` / ``target_transform``. They come
from a NumPy generator with a fixed seed, so both engines see the same data. Each class
has its own brightness pattern plus noise, so a model can learn something.
"""
import numpy as np

SIZES = {"FashionMNIST": (512, 128), "CIFAR10": (400, 40)}


def _make(name, train, shape):
    n = SIZES[name][0 if train else 1]
    rng = np.random.RandomState(1234 + (0 if train else 1) + len(name))
    labels = rng.randint(0, 10, size=n)
    pattern = np.linspace(0.0, 1.0, shape[0] * shape[1]).reshape(shape[:2])
    images = []
    for y in labels:
        base = np.roll(pattern, int(y) * 3, axis=1) * (100 + 12 * int(y))
        noise = rng.rand(*shape) * 90
        img = (base if len(shape) == 2 else base[:, :, None]) + noise
        images.append(np.clip(img, 0, 255).astype(np.uint8))
    return images, [int(y) for y in labels]


class _Synthetic:
    dataset_name = ""
    shape = ()
    classes = []

    def __init__(self, root=None, train=True, transform=None, target_transform=None,
                 download=False):
        self.root = root
        self.train = train
        self.transform = transform
        self.target_transform = target_transform
        self.data, self.targets = _make(self.dataset_name, train, self.shape)

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        img, target = self.data[index], self.targets[index]
        if self.transform is not None:
            img = self.transform(img)
        if self.target_transform is not None:
            target = self.target_transform(target)
        return img, target


class FashionMNIST(_Synthetic):
    dataset_name = "FashionMNIST"
    shape = (28, 28)
    classes = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt",
               "Sneaker", "Bag", "Ankle boot"]


class CIFAR10(_Synthetic):
    dataset_name = "CIFAR10"
    shape = (32, 32, 3)
    classes = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse",
               "ship", "truck"]
