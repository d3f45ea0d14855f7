"""minitensor kit's own command, ``minitensor-kit``: the students' route into the lessons.

    minitensor-kit lessons DIR      # the students' copies of the lessons and exercises
    minitensor-kit lab [DIR]        # JupyterLab on them

The engine (``minitensor``) and the pictures (``widgets``) are separate packages of the
same distribution; this one only hands out lessons and opens them.
"""
from importlib.metadata import PackageNotFoundError, version as _version

try:
    __version__ = _version("minitensor-kit")
except PackageNotFoundError:  # a checkout that was never pip-installed
    __version__ = "0+unknown"
