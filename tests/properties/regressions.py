"""Programs hypothesis found (and shrank) where minitensor differed from torch.

Each entry is (why, program); every one is re-run forever by test_programs.py.
Paste new ones here when a property test fails; never delete one because it passes.
"""
REGRESSIONS = [
]
