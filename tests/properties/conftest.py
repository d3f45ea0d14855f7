import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
for p in (HERE, os.path.join(ROOT, "tests", "differential"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)
