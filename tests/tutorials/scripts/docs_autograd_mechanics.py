# Source: PyTorch documentation, Notes > Autograd mechanics
#   https://docs.pytorch.org/docs/stable/notes/autograd.html
#   (github.com/pytorch/pytorch docs/source/notes/autograd.rst: the code of the sections
#   Saved tensors, Excluding subgraphs / Setting requires_grad (the version of the note
#   that still shows code there), Multithreaded Autograd, Hooks for saved tensors and
#   Backward Hooks execution; the complex-numbers section has no runnable code)
# Adapted: the note's snippets assume `import torch, torchvision, os, uuid, threading` and
# `nn`/`optim`/`tmp_dir`; those are set up here. resnet18 is the stand-in from
# tests/tutorials/_stubs (random weights). Where the note states what a snippet shows
# ("refers to the same tensor object", "share the same storage") it is printed. The hook
# `fn` the note leaves undefined prints the gradient it receives.
import os
import tempfile
import threading
import uuid

import torch
import torchvision
from torch import nn, optim

tmp_dir = tempfile.mkdtemp()

# Saved tensors
x = torch.randn(5, requires_grad=True)
y = x.pow(2)
print(x.equal(y.grad_fn._saved_self))  # True
print(x is y.grad_fn._saved_self)  # True

x = torch.randn(5, requires_grad=True)
y = x.exp()
print(y.equal(y.grad_fn._saved_result))  # True
print(y is y.grad_fn._saved_result)  # False

# Excluding subgraphs from backward: requires_grad
x = torch.randn(5, 5)  # requires_grad=False by default
y = torch.randn(5, 5)  # requires_grad=False by default
z = torch.randn((5, 5), requires_grad=True)
a = x + y
print(a.requires_grad)
b = a + z
print(b.requires_grad)

model = torchvision.models.resnet18(pretrained=True)
for param in model.parameters():
    param.requires_grad = False
# Replace the last fully-connected layer
# Parameters of newly constructed modules have requires_grad=True by default
model.fc = nn.Linear(512, 100)

# Optimize only the classifier
optimizer = optim.SGD(model.fc.parameters(), lr=1e-2, momentum=0.9)
print([name for name, p in model.named_parameters() if p.requires_grad])  # adapted

# Multithreaded Autograd
# Define a train function to be used in different threads
def train_fn():
    x = torch.ones(5, 5, requires_grad=True)
    # forward
    y = (x + 3) * (x + 4) * 0.5
    # backward
    y.sum().backward()
    # potential optimizer update
    results.append(x.grad[0, 0].item())  # adapted: keep what each thread computed


results = []
# User write their own threading code to drive the train_fn
threads = []
for _ in range(10):
    p = threading.Thread(target=train_fn, args=())
    p.start()
    threads.append(p)

for p in threads:
    p.join()
print(results)  # adapted

# Hooks for saved tensors
class SelfDeletingTempFile():
    def __init__(self):
        self.name = os.path.join(tmp_dir, str(uuid.uuid4()))

    def __del__(self):
        os.remove(self.name)

def pack_hook(tensor):
    temp_file = SelfDeletingTempFile()
    torch.save(tensor, temp_file.name)
    return temp_file

def unpack_hook(temp_file):
    return torch.load(temp_file.name)

x = torch.randn(5, requires_grad=True)
y = x.pow(2)
y.grad_fn._raw_saved_self.register_hooks(pack_hook, unpack_hook)
print(y.grad_fn._saved_self.equal(x), len(os.listdir(tmp_dir)))  # adapted: unpacked from the file
y.sum().backward()
print(x.grad.equal(2 * x))  # adapted

# Only save on disk tensors that have size >= 1000
SAVE_ON_DISK_THRESHOLD = 1000

def pack_hook(x):
    if x.numel() < SAVE_ON_DISK_THRESHOLD:
        return x
    temp_file = SelfDeletingTempFile()
    torch.save(tensor, temp_file.name)
    return temp_file

def unpack_hook(tensor_or_sctf):
    if isinstance(tensor_or_sctf, torch.Tensor):
        return tensor_or_sctf
    return torch.load(tensor_or_sctf.name)

class Model(nn.Module):
    def forward(self, x):
        with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
          # ... compute output
          output = x
        return output

model = Model()
net = nn.DataParallel(model)
print(net(torch.ones(3)))  # adapted: the note does not call it

with torch.autograd.graph.saved_tensors_hooks(lambda x: x, lambda x: x):
    x = torch.randn(5, requires_grad=True)
    y = x * x
# adapted: what the note says about these objects
print(x is y.grad_fn._saved_self, y.grad_fn._saved_self is y.grad_fn._saved_other,
      y.grad_fn._saved_self.data_ptr() == x.data_ptr())

# Backward Hooks execution: hooks on a tensor modified in-place
def fn(grad):
    print("hook got", grad)

t = torch.tensor(1., requires_grad=True).sin()
t.cos_()
t.register_hook(fn)
t.backward()
