# Source: PyTorch Tutorials, Learn the Basics > Transforms
#   https://docs.pytorch.org/tutorials/beginner/basics/transforms_tutorial.html
#   (github.com/pytorch/tutorials beginner_source/basics/transforms_tutorial.py)
# Adapted: FashionMNIST is the synthetic stand-in from tests/tutorials/_stubs; the
# tutorial shows no output, so the first sample's transformed image and one-hot target
# are printed.
import torch
from torchvision import datasets
from torchvision.transforms import ToTensor, Lambda

ds = datasets.FashionMNIST(
    root="data",
    train=True,
    download=True,
    transform=ToTensor(),
    target_transform=Lambda(lambda y: torch.zeros(10, dtype=torch.float).scatter_(0, torch.tensor(y), value=1))
)

target_transform = Lambda(lambda y: torch.zeros(
    10, dtype=torch.float).scatter_(dim=0, index=torch.tensor(y), value=1))

# adapted: show what the transforms produce
img, target = ds[0]
print(img.shape, img.dtype, img.min(), img.max())
print(target)
print(target_transform(3))
