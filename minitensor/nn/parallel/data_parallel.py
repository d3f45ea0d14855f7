"""``nn.DataParallel(module)``: splits each batch over the GPUs. On a machine without one
(torch's CPU build) it keeps no devices and simply calls the module, so its output and
graph are the module's own; minitensor always behaves so (a simulated cuda has no real
devices to split over)."""
from ..modules.module import Module


class DataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        self.device_ids = []       # as torch with no accelerator: nothing to split over

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)
