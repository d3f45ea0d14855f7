"""Tracebacks a learner can read: under IPython they end at the learner's own line.

When a lesson cell raises inside minitensor (``z.backward()`` after an in-place change,
say), Python would show every frame the error passed through: fifty lines of the
engine's files before torch's message, and the path of the machine that ran them. Real
torch raises from C++, so a torch user sees their own line and the message. This module
does the same for minitensor: it registers an IPython exception handler that leaves out
every frame whose file is inside the minitensor package directory (whatever the file is
called, so the engine's layout can change) and shows the rest as IPython always does.
Frames of the learner's own code called back from the engine (a hook, a custom
``autograd.Function``) stay. The exception itself (type, message) is untouched.

Warnings get the same care: one raised from a cell names it as IPython's tracebacks do
(``Cell In[3]:1: UserWarning: ...``) instead of the kernel's temporary file, whose path
belongs to the machine that ran the notebook.

It is loaded by the last line of ``minitensor/__init__.py`` and does nothing unless
IPython is running. Plain ``python`` tracebacks and warnings are not changed.

For developers of the engine, who want every frame:

* set the environment variable ``MINITENSOR_FULL_TRACEBACKS=1`` before the kernel
  starts, or
* call ``minitensor.compat.tracebacks.show_internal_frames(True)`` in the notebook
  (``False`` hides them again).

Note that ``%debug`` after a trimmed traceback sees only the learner's frames as well.
"""
import linecache
import os
import sys
import types
import warnings

ENV = "MINITENSOR_FULL_TRACEBACKS"
# the minitensor package (this file is in minitensor/compat/)
PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_full = [os.environ.get(ENV, "").strip().lower() not in ("", "0", "false", "no")]


def show_internal_frames(show=True):
    """Show (True) or hide (False) minitensor's own frames in tracebacks from now on."""
    _full[0] = bool(show)


def is_engine_frame(tb):
    try:
        return os.path.abspath(tb.tb_frame.f_code.co_filename).startswith(PACKAGE_DIR)
    except Exception:
        return False


def trim(tb):
    """``tb`` without the engine's frames (a new chain; ``tb`` itself is not changed).

    If every frame is the engine's, ``tb`` is returned as it is.
    """
    kept = []
    t = tb
    while t is not None:
        if not is_engine_frame(t):
            kept.append(t)
        t = t.tb_next
    if not kept or len(kept) == _length(tb):
        return tb
    new = None
    for t in reversed(kept):
        new = types.TracebackType(new, t.tb_frame, t.tb_lasti, t.tb_lineno)
    return new


def _length(tb):
    n = 0
    while tb is not None:
        n += 1
        tb = tb.tb_next
    return n


def _trim_chain(value, seen):
    """Trim the tracebacks of the exceptions chained to ``value`` (cause, context)."""
    for link in (value.__cause__, value.__context__):
        if link is not None and id(link) not in seen:
            seen.add(id(link))
            link.__traceback__ = trim(link.__traceback__)
            _trim_chain(link, seen)


def _handler(shell, etype, value, tb, tb_offset=None):
    if not _full[0]:
        try:
            tb = trim(tb)
            value.__traceback__ = tb
            _trim_chain(value, {id(value)})
        except Exception:
            pass
    shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
    return None


def _cell_name(shell, filename):
    """'Cell In[3]' for the file IPython compiled a cell into, else None."""
    try:
        label = shell.compile.format_code_name(filename)
    except Exception:
        return None
    return "%s %s" % label if label else None


def _formatwarning_for(shell, original):
    def formatwarning(message, category, filename, lineno, line=None):
        name = _cell_name(shell, filename) if not _full[0] else None
        if name is not None:
            if line is None:
                line = linecache.getline(filename, lineno)
            filename = name
        return original(message, category, filename, lineno, line)
    formatwarning._minitensor = True
    return formatwarning


def install(shell):
    """Register the trimming handler on an IPython shell (once)."""
    if getattr(shell, "_minitensor_tracebacks", False):
        return
    shell.set_custom_exc((Exception,), _handler)
    shell._minitensor_tracebacks = True
    if not getattr(warnings.formatwarning, "_minitensor", False):
        warnings.formatwarning = _formatwarning_for(shell, warnings.formatwarning)


def _install_if_ipython():
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return
    try:
        shell = ipython.get_ipython()
    except Exception:
        return
    if shell is not None:
        try:
            install(shell)
        except Exception:       # never let a display nicety break `import minitensor`
            pass


_install_if_ipython()
