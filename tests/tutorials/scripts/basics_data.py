# Source: PyTorch Tutorials, Learn the Basics > Datasets & DataLoaders
#   https://docs.pytorch.org/tutorials/beginner/basics/data_tutorial.html
#   (github.com/pytorch/tutorials beginner_source/basics/data_tutorial.py)
# Adapted: FashionMNIST is the synthetic stand-in from tests/tutorials/_stubs (nothing
# downloaded); matplotlib is a no-op stand-in. The custom Dataset reads a small CSV of
# labels written here, with the csv module instead of pandas, and "images" saved with
# torch.save instead of image files read with torchvision.io.read_image; the Dataset
# protocol (__init__, __len__, __getitem__ with transforms) is the tutorial's.
import torch
from torch.utils.data import Dataset
from torchvision import datasets
from torchvision.transforms import ToTensor
import matplotlib.pyplot as plt


training_data = datasets.FashionMNIST(
    root="data",
    train=True,
    download=True,
    transform=ToTensor()
)

test_data = datasets.FashionMNIST(
    root="data",
    train=False,
    download=True,
    transform=ToTensor()
)

labels_map = {
    0: "T-Shirt",
    1: "Trouser",
    2: "Pullover",
    3: "Dress",
    4: "Coat",
    5: "Sandal",
    6: "Shirt",
    7: "Sneaker",
    8: "Bag",
    9: "Ankle Boot",
}
figure = plt.figure(figsize=(8, 8))
cols, rows = 3, 3
for i in range(1, cols * rows + 1):
    sample_idx = torch.randint(len(training_data), size=(1,)).item()
    img, label = training_data[sample_idx]
    figure.add_subplot(rows, cols, i)
    plt.title(labels_map[label])
    plt.axis("off")
    plt.imshow(img.squeeze(), cmap="gray")
plt.show()

import os
import csv

def read_image(path):          # adapted: stands in for torchvision.io.read_image
    return torch.load(path)

class CustomImageDataset(Dataset):
    def __init__(self, annotations_file, img_dir, transform=None, target_transform=None):
        with open(annotations_file) as f:      # adapted: pd.read_csv(annotations_file)
            self.img_labels = [(row[0], int(row[1])) for row in csv.reader(f)]
        self.img_dir = img_dir
        self.transform = transform
        self.target_transform = target_transform

    def __len__(self):
        return len(self.img_labels)

    def __getitem__(self, idx):
        img_path = os.path.join(self.img_dir, self.img_labels[idx][0])
        image = read_image(img_path)
        label = self.img_labels[idx][1]
        if self.transform:
            image = self.transform(image)
        if self.target_transform:
            label = self.target_transform(label)
        return image, label

# adapted: write the files the tutorial's dataset would read
os.makedirs("img_dir", exist_ok=True)
with open("labels.csv", "w", newline="") as f:
    writer = csv.writer(f)
    for k in range(6):
        torch.save(torch.full((1, 28, 28), k, dtype=torch.uint8), os.path.join("img_dir", f"img{k}.pt"))
        writer.writerow([f"img{k}.pt", k % 3])
custom = CustomImageDataset("labels.csv", "img_dir", transform=lambda im: im.float() / 255)
print(len(custom))
image, label = custom[4]
print(image.shape, image.dtype, image[0, 0, 0], label)

from torch.utils.data import DataLoader

train_dataloader = DataLoader(training_data, batch_size=64, shuffle=True)
test_dataloader = DataLoader(test_data, batch_size=64, shuffle=True)

# Display image and label.
train_features, train_labels = next(iter(train_dataloader))
print(f"Feature batch shape: {train_features.size()}")
print(f"Labels batch shape: {train_labels.size()}")
img = train_features[0].squeeze()
label = train_labels[0]
plt.imshow(img, cmap="gray")
plt.show()
print(f"Label: {label}")
