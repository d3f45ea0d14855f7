"""Programs hypothesis found (and shrank) where minitensor differed from torch.

Each entry is (why, program); every one is re-run forever by test_programs.py.
Find new ones with `tests/properties/harvest.py`; paste them here; never delete one
because it passes now (it guards against the bug coming back).
"""
REGRESSIONS = [
    ('t.stride: torch (#,) | minitensor (#,)',
     [('create', (), 'int64', False, (0,)), ('view', 0, 'expand', (1,))]),
    ("step: torch ('raised', 'RuntimeError', 'only Tensors of floating point dtype can require gradients') | minitensor ('raised', 'RuntimeError', 'only Tensors of fl",
     [('create', (), 'int64', False, (0,)), ('requires_grad_', 0)]),
    ('observation ##: torch step | minitensor t',
     [('create', (), 'bool', False, (0,)), ('sum', 0), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('binary', 0, 1, 'sub')]),
    ('grad_t#.version: torch # | minitensor #',
     [('create', (), 'float32', True, (0,)), ('backward', 0)]),
    ('t.stride: torch (#, #) | minitensor (#, #)',
     [('create', (1, 2), 'float32', False, (0, 0)), ('view', 0, 'permute', (1, 0))]),
    ("step: torch ('raised', 'RuntimeError', 'Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `",
     [('create', (), 'bool', False, (0,)), ('inplace', 0, 'sub_', 2)]),
    ('final_t#.requires_grad: torch True | minitensor False',
     [('create', (), 'float32', False, (0,)), ('create', (), 'float32', False, (0,)), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('requires_grad_', 0)]),
    ('t.stride: torch (#, #, #) | minitensor (#, #, #)',
     [('create', (1, 1, 1), 'float32', False, (0,)), ('view', 0, 'slice', (0, 0, 1, 2))]),
    ('step: torch (\'raised\', \'RuntimeError\', "output with shape [] doesn\'t match the broadcast shape [#]") | minitensor (\'raised\', \'RuntimeError\', \'The size of tensor',
     [('create', (1,), 'float32', False, (0,)), ('sum', 0), ('inplace', 1, 'copy_', 0)]),
    ("step: torch ('raised', 'RuntimeError', 'Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logic",
     [('create', (), 'bool', False, (0,)), ('inplace', 0, 'neg_', None)]),
    ("t.grad_fn: torch 'FillBackward#' | minitensor 'FillBackward#'",
     [('create', (), 'float32', True, (0,)), ('binary', 0, 0, 'add'), ('view', 0, 'view', (-1,)), ('unary', 0, 'exp'), ('inplace', 1, 'fill_', 2)]),
    ('step: torch (\'raised\', \'RuntimeError\', "output with shape [] doesn\'t match the broadcast shape [#, #]") | minitensor (\'raised\', \'RuntimeError\', \'The size of ten',
     [('create', (1, 1), 'float32', False, (0,)), ('create', (), 'float32', False, (0,)), ('inplace', 1, 'copy_', 0)]),
    ("step: torch ('raised', 'RuntimeError', 'a leaf Variable that requires grad is being used in an in-place operation.') | minitensor ('raised', 'RuntimeError', 'a ",
     [('create', (), 'float32', True, (0,)), ('setitem', 0, '...', 7)]),
    ('observation ##: torch step | minitensor same',
     [('create', (), 'int64', False, (0,)), ('view', 0, 'expand', (2,)), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('view', 0, 'view', (-1,)), ('inplace', 1, 'neg_', None)]),
    ("t.grad_fn: torch 'torch::autograd::CopySlices' | minitensor 'CopySlices'",
     [('create', (2, 3), 'float32', True, (0, 0, 0, 0, 0, 0)), ('copy', 0, 'clone'), ('setitem', 1, '0', 7)]),
]
