"""``embedding``: row ``i`` of a table for each index ``i``, and ``EmbeddingBackward0``.

Looking rows up is indexing (``weight[indices]``); its gradient adds each output row's
gradient into the row it came from (an index may repeat: the gradients add up). The
padding row gets none. Only the weight is differentiable: the node has one edge."""
import numpy as np

from ..core.dispatch import record
from ..core.graph import Node


class EmbeddingBackward0(Node):
    def backward(self, g):
        idx = self.indices.reshape(-1)
        (wshape, wdt), = self._input_meta
        gw = np.zeros(wshape, wdt)
        np.add.at(gw, idx, g.reshape(-1, wshape[1]))
        if self.scale_grad_by_freq:
            counts = np.bincount(idx, minlength=wshape[0])
            gw = gw / np.maximum(counts, 1)[:, None].astype(wdt)
        if self.padding_idx is not None and self.padding_idx >= 0:
            gw[self.padding_idx] = 0
        return (gw,)


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False):
    """torch.embedding(weight, indices, ...): ``padding_idx`` already normalised."""
    if indices._data.dtype not in (np.int64, np.int32):
        raise RuntimeError(
            "Expected tensor for argument #1 'indices' to have one of the following scalar "
            f"types: Long, Int; but got {indices.type()} instead (while checking arguments "
            "for embedding)")
    if weight._data.ndim != 2:
        raise RuntimeError("'weight' must be 2-D")
    idx = indices._data
    if idx.size and (idx.min() < 0 or idx.max() >= weight._data.shape[0]):
        raise IndexError("index out of range in self")
    return record("embedding", weight._data[idx], weight._device, (weight,), EmbeddingBackward0,
                  {"indices": idx.copy(), "padding_idx": padding_idx,
                   "scale_grad_by_freq": scale_grad_by_freq})
