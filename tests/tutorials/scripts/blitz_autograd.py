# Source: PyTorch Tutorials, Deep Learning with PyTorch: A 60 Minute Blitz > A Gentle
#   Introduction to torch.autograd
#   https://docs.pytorch.org/tutorials/beginner/blitz/autograd_tutorial.html
#   (github.com/pytorch/tutorials beginner_source/blitz/autograd_tutorial.py)
# Adapted: resnet18 is the stand-in from tests/tutorials/_stubs (torchvision's layers,
# random weights: ResNet18_Weights.DEFAULT downloads nothing). The tutorial prints
# nothing in its first section, so the loss's grad_fn and a gradient's shape are
# printed, and at the end the number of parameters left to train.
import torch
from torchvision.models import resnet18, ResNet18_Weights
model = resnet18(weights=ResNet18_Weights.DEFAULT)
data = torch.rand(1, 3, 64, 64)
labels = torch.rand(1, 1000)

prediction = model(data) # forward pass

loss = (prediction - labels).sum()
loss.backward() # backward pass
print(loss.grad_fn, model.conv1.weight.grad.shape)  # adapted: show the backward pass ran

optim = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)

optim.step() #gradient descent

a = torch.tensor([2., 3.], requires_grad=True)
b = torch.tensor([6., 4.], requires_grad=True)

Q = 3*a**3 - b**2

external_grad = torch.tensor([1., 1.])
Q.backward(gradient=external_grad)

# Check if collected gradients are correct
print(9*a**2 == a.grad)
print(-2*b == b.grad)

x = torch.rand(5, 5)
y = torch.rand(5, 5)
z = torch.rand((5, 5), requires_grad=True)

a = x + y
print(f"Does `a` require gradients?: {a.requires_grad}")
b = x + z
print(f"Does `b` require gradients?: {b.requires_grad}")

from torch import nn, optim

model = resnet18(weights=ResNet18_Weights.DEFAULT)

# Freeze all the parameters in the network
for param in model.parameters():
    param.requires_grad = False

model.fc = nn.Linear(512, 10)

# Optimize only the classifier
optimizer = optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
print(sum(p.requires_grad for p in model.parameters()))  # adapted: only fc's weight and bias train
