"""Live and static pictures of minitensor's autograd graph and memory.

    from widgets import watch
    lab = watch()            # a panel that follows the notebook from now on
    lab = watch(dock=True)   # ... in its own tab beside the notebook (stays in view)
    lab.snapshot()           # the plain data under the pictures
    lab.stop()

    import widgets
    widgets.draw_graph(y)            # static pictures, for slides and saved notebooks
    widgets.draw_memory(a, b)

    widgets.set_language("zh")       # pictures, predictions and feedback in Chinese
"""
from .i18n import set_language
from .picture import Picture, draw_graph, draw_memory

__all__ = ["watch", "Lab", "draw_graph", "draw_memory", "Picture", "set_language"]


def watch(*tensors, names=None, dock=False, **options):
    """Start a lab that redraws after every cell (and, throttled, after every op).

    ``watch()`` follows every tensor in the namespace; ``watch(a, b)`` or
    ``watch(names=["a", "b"])`` only those. Returns the :class:`Lab`, which displays as
    its panel. Running ``watch()`` again replaces the lab it started before.

    ``dock=True`` shows the panel in its own JupyterLab tab beside the notebook (through
    jupyter-widgets' ``sidecar``), so it stays in view while you scroll; ``dock="split-bottom"``
    (or any sidecar anchor) puts it elsewhere.
    """
    from .lab import Lab, replace_previous
    lab = Lab(tensors=tensors, names=names, display=not dock, **options)
    replace_previous(lab)
    lab.start()
    if dock:
        lab.dock(dock if isinstance(dock, str) else "split-right")
    return lab


def __getattr__(name):
    if name == "Lab":
        from .lab import Lab
        return Lab
    raise AttributeError(name)
