"""``python -m minitensor_kit`` is ``minitensor-kit``: for shells where pip's scripts
folder is not on PATH (common on Windows)."""
import sys

from .cli import main

sys.exit(main())
