"""nn.RNN, nn.LSTM, nn.GRU (single and multi-layer, bidirectional, batch_first, unbatched,
given hidden state): outputs, final states, grads, the top grad nodes, printing and errors, with the
same weights in both engines (``det_init``)."""
from harness import make_test, parse_cases

CASES = parse_cases(r'''
### lstm_single_layer
lstm = det_init(nn.LSTM(3, 2), scale=0.4)
obs('repr', repr(lstm))
obs('names', [(n, p.shape) for n, p in lstm.named_parameters()])
x = (torch.arange(15.).reshape(5, 1, 3) % 4 - 1.5).requires_grad_()
out, (h, c) = lstm(x)
obs('out', out.detach())
obs('h_c', (h, c))
# torch's oneDNN path names this output's node MkldnnRnnLayerBackward0: not compared
obs('nodes', (h.grad_fn.name(), c.grad_fn.name()))
(out.sum() + c.sum()).backward()
# clones: the grads' _version (how torch's kernel accumulated them) is not compared
obs('grads', [g.clone() for g in (x.grad, lstm.weight_ih_l0.grad, lstm.weight_hh_l0.grad, lstm.bias_hh_l0.grad)])
h0 = torch.full((1, 1, 2), 0.5)
c0 = torch.full((1, 1, 2), -0.25)
out2, (h2, c2) = lstm(x, (h0, c0))
obs('with_hidden', (out2.detach(), h2, c2))
obs('bound', bool(all((p.abs() <= 1 / 2 ** 0.5).all() for p in nn.LSTM(3, 2).parameters())))

### lstm_multilayer_batch_first_unbatched
lstm = det_init(nn.LSTM(2, 3, num_layers=2, batch_first=True), scale=0.3)
obs('repr', repr(lstm))
obs('names', [n for n, _ in lstm.named_parameters()])
x = torch.tensor(np.sin(np.arange(24.)).reshape(2, 4, 3)[:, :, :2].copy(), dtype=torch.float32)
out, (h, c) = lstm(x)
obs('out', out)
obs('h_c', (h, c))
obs('out_node', out.grad_fn.name())
out.pow(2).sum().backward()
obs('grad_l1', lstm.weight_hh_l1.grad.clone())
u, (hu, cu) = lstm(x[0])
obs('unbatched', (u, hu, cu, u.grad_fn.name(), hu.grad_fn.name()))
with expect_error():
    lstm(torch.ones(2, 4, 5))
with expect_error():
    lstm(torch.ones(1, 2, 4, 2))

### gru_and_rnn
gru = det_init(nn.GRU(3, 2, num_layers=2), scale=0.5)
obs('gru_repr', repr(gru))
x = (torch.arange(24.).reshape(4, 2, 3) % 5 / 4 - 0.5).requires_grad_()
out, h = gru(x)
obs('gru', (out, h, out.grad_fn.name(), h.grad_fn.name()))
out.sum().backward()
obs('gru_grads', [g.clone() for g in (x.grad, gru.bias_ih_l0.grad, gru.weight_hh_l1.grad)])
rnn = det_init(nn.RNN(3, 4, batch_first=True), scale=0.5)
obs('rnn_repr', repr(rnn))
out, h = rnn(x.detach())
obs('rnn', (out, h, out.grad_fn.name()))
relu = det_init(nn.RNN(3, 2, nonlinearity='relu', bias=False), scale=0.5)
obs('relu', (repr(relu), relu(x.detach())[0], [n for n, _ in relu.named_parameters()]))
with expect_error():
    nn.RNN(3, 2, nonlinearity='gelu')
obs('dropout_repr', repr(nn.GRU(3, 2, 2, dropout=0.5)))

### bidirectional
lstm = det_init(nn.LSTM(3, 2, bidirectional=True), scale=0.4)
obs('repr', repr(lstm))
obs('names', [(n, p.shape) for n, p in lstm.named_parameters()])
x = (torch.arange(15.).reshape(5, 1, 3) % 4 - 1.5).requires_grad_()
out, (h, c) = lstm(x)
obs('out', out.detach())
obs('h_c', (h, c))
obs('nodes', (h.grad_fn.name(), c.grad_fn.name()))
(out.sum() + c.sum()).backward()
obs('grads', [g.clone() for g in (x.grad, lstm.weight_ih_l0_reverse.grad,
                                  lstm.weight_hh_l0_reverse.grad, lstm.bias_hh_l0.grad)])
h0 = torch.arange(4.).reshape(2, 1, 2) / 4
out2, (h2, c2) = lstm(x, (h0, -h0))
obs('with_hidden', (out2.detach(), h2, c2))
u, (hu, cu) = lstm(x[:, 0])
obs('unbatched', (u.detach(), hu, cu))
with expect_error():
    lstm(x, (torch.zeros(1, 1, 2), torch.zeros(1, 1, 2)))
gru = det_init(nn.GRU(3, 2, num_layers=2, bidirectional=True, batch_first=True), scale=0.5)
obs('gru_repr', repr(gru))
obs('gru_names', [(n, p.shape) for n, p in gru.named_parameters()])
xb = (torch.arange(24.).reshape(2, 4, 3) % 5 / 4 - 0.5).requires_grad_()
out, h = gru(xb)
obs('gru', (out, h, out.grad_fn.name(), h.grad_fn.name()))
out.sum().backward()
obs('gru_grads', [g.clone() for g in (xb.grad, gru.weight_ih_l1.grad, gru.weight_hh_l1_reverse.grad)])
rnn = det_init(nn.RNN(3, 4, bidirectional=True), scale=0.5)
obs('rnn', (repr(rnn), rnn(xb.detach())[0], rnn(xb.detach())[1]))
with expect_error():
    rnn(xb.detach(), torch.zeros(1, 4, 4))
''')

test_case = make_test(CASES)
