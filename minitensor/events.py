"""``minitensor.events``: the engine's observer API (the widgets subscribe here).

The engine itself lives in ``core/events.py``; this is its public name."""
from .core.events import (listeners, Event, Subscription, subscribe, emit,  # noqa: F401
                          CREATE, INPLACE, BACKWARD, GRAD)
