"""``nn.RNN``, ``nn.LSTM``, ``nn.GRU``: one cell applied step by step along a sequence.

As torch's CPU kernel (aten/src/ATen/native/RNN.cpp), a layer is written with ordinary
ops: the input's linear part for the whole sequence first, then per time step the
hidden state's linear part and the cell's gates. Each layer's outputs are stacked
(StackBackward0) and feed the next layer; a bidirectional layer runs a second cell
(``*_reverse`` weights) from the last step to the first and concatenates the two
directions' outputs per step (CatBackward0); ``batch_first`` transposes in and out, an
unbatched input gets a batch dim of 1 and loses it again (SqueezeBackward1)."""
import math

from ...ops import create as creation
from ...ops.join import cat, stack
from .. import functional as F, init
from ..parameter import Parameter
from .module import Module

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}


def _rnn_cell(act):
    def cell(x_part, h, w_hh, b_hh):
        return act(x_part + F.linear(h, w_hh, b_hh))
    return cell


def _lstm_cell(x_part, state, w_hh, b_hh):
    h, c = state
    i, f, g, o = (x_part + F.linear(h, w_hh, b_hh)).chunk(4, 1)
    c = f.sigmoid() * c + i.sigmoid() * g.tanh()
    return o.sigmoid() * c.tanh(), c


def _gru_cell(x_part, h, w_hh, b_hh):
    xr, xz, xn = x_part.chunk(3, 1)
    hr, hz, hn = F.linear(h, w_hh, b_hh).chunk(3, 1)
    r = (xr + hr).sigmoid()
    z = (xz + hz).sigmoid()
    n = (xn + r * hn).tanh()
    return n + z * (h - n)


class RNNBase(Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        if not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the "
                             "probability of an element being zeroed")
        if not isinstance(hidden_size, int) or hidden_size <= 0:
            raise ValueError("hidden_size must be an integer greater than zero" if isinstance(hidden_size, int)
                             else f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than or equal to 1")
        if proj_size:
            raise NotImplementedError("proj_size is not modelled by minitensor")
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        gate = _GATES[mode] * hidden_size
        dirs = 2 if bidirectional else 1
        kw = {"device": device, "dtype": dtype}
        for layer in range(num_layers):
            n_in = input_size if layer == 0 else hidden_size * dirs
            for sfx in ("", "_reverse")[:dirs]:
                setattr(self, f"weight_ih_l{layer}{sfx}", Parameter(creation.empty((gate, n_in), **kw)))
                setattr(self, f"weight_hh_l{layer}{sfx}", Parameter(creation.empty((gate, hidden_size), **kw)))
                if bias:
                    setattr(self, f"bias_ih_l{layer}{sfx}", Parameter(creation.empty(gate, **kw)))
                    setattr(self, f"bias_hh_l{layer}{sfx}", Parameter(creation.empty(gate, **kw)))
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _layer_params(self, layer, direction=0):
        sfx = "_reverse" if direction else ""
        get = lambda name: getattr(self, f"{name}_l{layer}{sfx}", None)   # noqa: E731
        return get("weight_ih"), get("weight_hh"), get("bias_ih"), get("bias_hh")

    def _cell(self):
        return {"RNN_TANH": _rnn_cell(lambda t: t.tanh()), "RNN_RELU": _rnn_cell(F.relu),
                "LSTM": _lstm_cell, "GRU": _gru_cell}[self.mode]

    def forward(self, input, hx=None):
        name = {"RNN_TANH": "RNN", "RNN_RELU": "RNN"}.get(self.mode, self.mode)
        if input.dim() not in (2, 3):
            raise ValueError(f"{name}: Expected input to be 2D or 3D, got {input.dim()}D instead")
        if input.size(-1) != self.input_size:
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected "
                               f"{self.input_size}, got {input.size(-1)}")
        batched = input.dim() == 3
        x = input if batched else input.unsqueeze(1)
        if batched and self.batch_first:
            x = x.transpose(0, 1)                    # (seq, batch, feature) inside
        lstm = self.mode == "LSTM"
        batch = x.size(1)
        dirs = 2 if self.bidirectional else 1
        if hx is None:
            zeros = creation.zeros((self.num_layers * dirs, batch, self.hidden_size), dtype=input.dtype,
                                   device=input.device)
            hx = (zeros, zeros) if lstm else zeros
        elif not batched:
            hx = tuple(h.unsqueeze(1) for h in hx) if lstm else hx.unsqueeze(1)
        expected = (self.num_layers * dirs, batch, self.hidden_size)
        for i, h in enumerate(hx if lstm else (hx,)):
            if tuple(h.shape) != expected:
                which = f"hidden[{i}]" if lstm else "hidden"
                raise RuntimeError(f"Expected {which} size {expected}, got {list(h.shape)}")
        cell = self._cell()
        last_h, last_c = [], []
        for layer in range(self.num_layers):
            per_direction = []
            for direction in range(dirs):
                w_ih, w_hh, b_ih, b_hh = self._layer_params(layer, direction)
                k = layer * dirs + direction       # h0/h_n: layer 0 forward, layer 0 reverse, ...
                state = (hx[0][k], hx[1][k]) if lstm else hx[k]
                steps = F.linear(x, w_ih, b_ih).unbind(0)    # the input's part, all steps
                outs = []
                for x_part in (reversed(steps) if direction else steps):
                    state = cell(x_part, state, w_hh, b_hh)
                    outs.append(state[0] if lstm else state)
                if direction:
                    outs.reverse()                 # the reverse cell's outputs, in time order
                per_direction.append(stack(outs, 0))
                last_h.append(state[0] if lstm else state)
                if lstm:
                    last_c.append(state[1])
            x = cat(per_direction, 2) if dirs == 2 else per_direction[0]
            if self.dropout and self.training and layer < self.num_layers - 1:
                x = F.dropout(x, self.dropout, True)
        h_n = stack(last_h, 0)
        hidden = (h_n, stack(last_c, 0)) if lstm else h_n
        if not batched:
            x = x.squeeze(1)
            hidden = tuple(h.squeeze(1) for h in hidden) if lstm else hidden.squeeze(1)
        elif self.batch_first:
            # torch's LSTM transposes out of place, RNN and GRU in place (TransposeBackward1)
            x = x.transpose(0, 1) if lstm else x.transpose_(0, 1)
        return x, hidden

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if self.num_layers != 1:
            s += ", num_layers={num_layers}"
        if self.bias is not True:
            s += ", bias={bias}"
        if self.batch_first is not False:
            s += ", batch_first={batch_first}"
        if self.dropout != 0:
            s += ", dropout={dropout}"
        if self.bidirectional is not False:
            s += ", bidirectional={bidirectional}"
        return s.format(**self.__dict__)


class RNN(RNNBase):
    def __init__(self, input_size, hidden_size, num_layers=1, nonlinearity="tanh", bias=True,
                 batch_first=False, dropout=0.0, bidirectional=False, device=None, dtype=None):
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'.")
        self.nonlinearity = nonlinearity
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", input_size,
                         hidden_size, num_layers, bias, batch_first, dropout, bidirectional,
                         device=device, dtype=dtype)


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("GRU", *args, **kwargs)
