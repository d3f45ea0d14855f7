# Source: PyTorch Tutorials, Learn the Basics > Save and Load the Model
#   https://docs.pytorch.org/tutorials/beginner/basics/saveloadrun_tutorial.html
#   (github.com/pytorch/tutorials beginner_source/basics/saveloadrun_tutorial.py)
# Adapted: torchvision.models.vgg16 is the stand-in from tests/tutorials/_stubs (VGG16's
# layers with widths / 16, random weights: weights='IMAGENET1K_V1' downloads nothing); the
# value the notebook displays after model.eval() is printed.
import torch
import torchvision.models as models

model = models.vgg16(weights='IMAGENET1K_V1')
torch.save(model.state_dict(), 'model_weights.pth')

model = models.vgg16() # we do not specify ``weights``, i.e. create untrained model
model.load_state_dict(torch.load('model_weights.pth', weights_only=True))
print(model.eval())

torch.save(model, 'model.pth')

model = torch.load('model.pth', weights_only=False)
print(type(model).__name__)  # adapted: shows the loaded object
