"""Run cells in a real IPython kernel (nbclient), each bounded by a timeout.

The live lab hooks IPython's cell events and the engine's event stream; faults in it
(a hung ``dot``, a lost lock) only show in a real kernel, where the next cell never
finishes. Every cell here has a timeout, so a hang fails the test instead of blocking CI.

    k = Kernel()                         # started lazily, from this Python
    out = k.run("lab = watch()")         # -> the cell's stdout text
    k.run("1/0", raises=True)            # -> the error output dict
    k.close()
"""
import os
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

ROOT = Path(__file__).resolve().parents[2]
PRELUDE = ("import sys; sys.path.insert(0, %r)\n"
           "import minitensor as torch\nimport widgets\nfrom widgets import watch" % str(ROOT))


class Hang(AssertionError):
    """A cell did not finish within its timeout: the kernel is stuck."""


class Kernel:
    def __init__(self, timeout=60, cwd=None):
        self.timeout = timeout
        self.nb = nbformat.v4.new_notebook()
        self.nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                          "language": "python"}
        self.client = NotebookClient(self.nb, timeout=timeout, kernel_name="python3",
                                     resources={"metadata": {"path": str(cwd or ROOT)}},
                                     allow_errors=True)
        self.km = None
        self.count = 0

    def start(self):
        if self.km is None:
            env = dict(os.environ, PYTHONHASHSEED="0")
            self.km = self.client.create_kernel_manager()
            self.client.start_new_kernel(env=env)
            self.client.start_new_kernel_client()
            self.run(PRELUDE)
        return self

    def run(self, code, raises=False, timeout=None):
        """Run ``code`` as the next cell; return its stdout (or the error output if raises)."""
        if self.km is None:
            self.start()
        cell = nbformat.v4.new_code_cell(code)
        self.nb.cells.append(cell)
        index = len(self.nb.cells) - 1
        old = self.client.timeout
        if timeout is not None:
            self.client.timeout = timeout
        try:
            self.client.execute_cell(cell, index)
        except CellTimeoutError as e:
            raise Hang("cell %r did not finish in %s s: the kernel hangs" %
                       (code, timeout or self.timeout)) from e
        except DeadKernelError as e:
            raise AssertionError("the kernel died running %r" % code) from e
        finally:
            self.client.timeout = old
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if raises:
            assert errors, "cell %r was expected to raise" % code
            return errors[0]
        if errors:
            raise AssertionError("cell %r raised %s: %s\n%s" % (
                code, errors[0].ename, errors[0].evalue, "\n".join(errors[0].traceback)))
        return "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream"
                       and o.name == "stdout")

    def outputs(self, index=-1):
        return self.nb.cells[index].outputs

    def close(self):
        if self.km is not None:
            self.client.shutdown_kernel = "immediate"
            try:
                self.client._cleanup_kernel()
            except Exception:
                pass
            self.km = None
