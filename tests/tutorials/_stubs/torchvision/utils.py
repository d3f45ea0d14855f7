"""make_grid: a batch of images side by side with padding, as torchvision lays it out."""
import torch


def make_grid(tensor, nrow=8, padding=2, pad_value=0.0):
    if tensor.dim() == 4 and tensor.size(1) == 1:   # one channel: repeat it to three
        tensor = torch.cat((tensor, tensor, tensor), 1)
    nmaps = tensor.size(0)
    xmaps = min(nrow, nmaps)
    ymaps = (nmaps + xmaps - 1) // xmaps
    height, width = tensor.size(2) + padding, tensor.size(3) + padding
    grid = torch.full((tensor.size(1), height * ymaps + padding, width * xmaps + padding),
                      pad_value, dtype=tensor.dtype)
    k = 0
    for y in range(ymaps):
        for x in range(xmaps):
            if k >= nmaps:
                break
            grid.narrow(1, y * height + padding, height - padding).narrow(
                2, x * width + padding, width - padding).copy_(tensor[k])
            k += 1
    return grid
