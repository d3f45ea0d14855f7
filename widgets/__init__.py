"""Live and static pictures of minitensor's autograd graph and memory.

    from widgets import watch
    lab = watch()            # a panel that follows the notebook from now on
    lab.snapshot()           # the plain data under the pictures
    lab.stop()

    import widgets
    widgets.draw_graph(y)            # static SVG pictures, for slides and saved notebooks
    widgets.draw_memory(a, b)
"""
from .picture import Picture, draw_graph, draw_memory

__all__ = ["watch", "Lab", "draw_graph", "draw_memory", "Picture"]


def watch(*tensors, names=None, **options):
    """Start a lab that redraws after every cell (and, throttled, after every op).

    ``watch()`` follows every tensor in the namespace; ``watch(a, b)`` or
    ``watch(names=["a", "b"])`` only those. Returns the :class:`Lab`, which displays as
    its panel.
    """
    from .lab import Lab
    lab = Lab(tensors=tensors, names=names, **options)
    lab.start()
    return lab


def __getattr__(name):
    if name == "Lab":
        from .lab import Lab
        return Lab
    raise AttributeError(name)
