"""Static pictures: objects that display as a picture wherever a notebook is read.

``draw_graph(t)`` and ``draw_memory(a, b)`` are for notebooks read without a kernel and
for slides. What a notebook stores for one (measured: tests/browser/test_untrusted*.py):

* ``image/png``: the picture. Every reader draws PNG: JupyterLab trusted or not, nbconvert,
  GitHub, VS Code (whose Restricted Mode draws no SVG or HTML, and picks those first).
* ``text/vnd.graphviz``: its DOT text, what nbval compares (exactly, like any other
  output; the PNG it ignores) and what any Graphviz can lay out again.
* ``text/plain``: the text picture, for a terminal.

Without the `dot` program, the picture is laid out in the browser (``text/html``, see
:mod:`widgets.browser`), and is its text picture with a one-line hint where that cannot
run. ``.svg`` is the vector picture, for :meth:`Picture.save` and slides.
"""
import base64
import sys

from . import browser, dot, names as N, render, snapshot as S
from . import introspect as I

DOT_MIME = "text/vnd.graphviz"      # DOT's registered media type


class Picture:
    """One drawn snapshot: ``.svg`` (None without `dot`), ``.png``, ``.text``, ``.snapshot``,
    ``.source`` (DOT), ``.error`` (why there is no SVG)."""

    def __init__(self, kind, snap, source, changed=()):
        self.kind = kind
        self.snapshot = snap
        self.source = source
        self.text = render.text(snap)
        self.error = None
        self.missing = False
        self._png = None
        try:
            self.svg = dot.render(source)
        except Exception as e:            # DotMissing, DotError: say so, keep the text
            self.svg = None
            self.missing = isinstance(e, dot.DotMissing)
            self.error = str(e).splitlines()[0] if str(e) else type(e).__name__

    @property
    def png(self):
        """PNG bytes (None where `dot` cannot draw one)."""
        if self._png is None and self.svg is not None:
            try:
                self._png = dot.png(self.source)
            except Exception:
                self._png = b""
        return self._png or None

    def _title(self):
        ts = [t["name"] or t["id"] for t in self.snapshot["tensors"]]
        shown = ", ".join(ts[:6]) + (", ..." if len(ts) > 6 else "")
        return "%s picture of %s" % (self.kind, shown or "no tensors")

    def __repr__(self):
        head = self._title()
        if self.error:
            head += "\n" + self.error
        return head + "\n" + self.text

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle = {"text/plain": repr(self), DOT_MIME: self.source}
        if self.png is not None:
            bundle["image/png"] = base64.b64encode(self.png).decode("ascii")
        elif self.svg is not None:          # a `dot` without PNG output: the SVG at least
            bundle["image/svg+xml"] = self.svg
        elif self.missing:                  # no `dot`: laid out in the browser
            bundle["text/html"] = browser.html(self.source, self.text, self.error,
                                               alt=self._title())
        return bundle

    def save(self, path):
        """Write the SVG (the text picture without `dot`) to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg if self.svg is not None else self.text)


def caller_namespace(depth=2):
    """The IPython user namespace, else the caller's globals and locals."""
    try:
        ip = sys.modules.get("IPython")
        shell = ip.get_ipython() if ip is not None else None
        if shell is not None:
            return shell.user_ns
    except Exception:
        pass
    try:
        f = sys._getframe(depth)
        ns = dict(f.f_globals)
        ns.update(f.f_locals)
        return ns
    except Exception:
        return {}


def _build(tensors, ns, expand):
    tensors = [t for t in tensors if I.is_tensor(t)]
    found, arrays = N.scan(ns)
    wanted = {id(t) for t in tensors}
    named = [(n, t) for n, t in found if id(t) in wanted]
    return S.build(named, arrays, extra=tensors, lookup=found, expand=expand,
                   regs=S.current_registries())


def draw_graph(*tensors, namespace=None, legend=True):
    """The compute graph behind ``tensors`` (names looked up in the caller's namespace)."""
    ns = caller_namespace() if namespace is None else namespace
    snap = _build(tensors, ns, S.EXPAND_ALL)
    return Picture("graph", snap, render.graph_dot(snap, legend=legend))


def draw_memory(*tensors, namespace=None, legend=True):
    """Tensors as boxes pointing into the storages they view (and NumPy arrays sharing them)."""
    ns = caller_namespace() if namespace is None else namespace
    snap = _build(tensors, ns, ("bases", "grads"))
    return Picture("memory", snap, render.memory_dot(snap, legend=legend))
