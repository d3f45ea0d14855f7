"""``torch.autograd.profiler``: which ops ran inside a ``with profile() as prof:`` block,
how often, and for how long (measured by the kit's own clock, not torch's).

The profiler is one more listener on the engine's event stream (``minitensor.events``),
the one the widgets watch: every op passes the door, which tells its listeners once per
op. Each op becomes a ``FunctionEvent`` named ``aten::<op>``, as torch names its kernels.
The door speaks when an op has finished, so an op's time is the time since the previous
event: the op and the Python around it. Backward is not broken down into ops here (its
time counts for no op); ``record_function`` adds a named block of your own.

    with torch.autograd.profiler.profile() as prof:
        y = (x / w) * v
    print(prof.key_averages().table(sort_by="self_cpu_time_total"))
"""
import time

from ..core import events

__all__ = ["profile", "record_function", "EventList", "FunctionEvent", "FunctionEventAvg"]

_active = []        # the profiles recording now (innermost last): record_function reports here


class FunctionEvent:
    """One op that ran (or one ``record_function`` block). Times in microseconds."""

    def __init__(self, id, name, cpu_time, self_cpu_time=None):
        self.id, self.name, self.key = id, name, name
        self.count = 1
        self.cpu_time_total = self.cpu_time = cpu_time
        self.self_cpu_time_total = cpu_time if self_cpu_time is None else self_cpu_time
        self.input_shapes = []

    def __repr__(self):
        return (f"<FunctionEvent id={self.id} name={self.name} device_type=DeviceType.CPU "
                f"cpu_time={_format_time(self.cpu_time)}>")


class FunctionEventAvg:
    """The events of one name together (``key_averages``): calls, total and average time."""

    def __init__(self, key):
        self.key, self.count = key, 0
        self.cpu_time_total = self.self_cpu_time_total = 0.0
        self.input_shapes = []

    def add(self, event):
        self.count += event.count
        self.cpu_time_total += event.cpu_time_total
        self.self_cpu_time_total += event.self_cpu_time_total
        return self

    @property
    def cpu_time(self):
        return self.cpu_time_total / self.count if self.count else 0.0

    def __repr__(self):
        return (f"<FunctionEventAvg key={self.key} self_cpu_time={_format_time(self.self_cpu_time_total)} "
                f"cpu_time={_format_time(self.cpu_time)}  self_cuda_time=0.000us "
                "cuda_time=0.000us input_shapes= cpu_memory_usage=0 cuda_memory_usage=0>")


class EventList(list):
    """A list of events that can sum itself up and print torch's table."""

    def key_averages(self, group_by_input_shape=False):
        groups = {}
        for e in self:
            groups.setdefault(e.key, FunctionEventAvg(e.key)).add(e)
        return EventList(groups.values())

    def total_average(self):
        total = FunctionEventAvg("Total")
        for e in self:
            total.add(e)
        return total

    @property
    def self_cpu_time_total(self):
        return sum(e.self_cpu_time_total for e in self)

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75,
              max_name_column_width=55, max_shapes_column_width=80, header=None,
              top_level_events_only=False, time_unit=None):
        return _table(self, sort_by, row_limit, max_name_column_width, header)

    def __str__(self):
        return self.table()


class profile:
    """``with profile() as prof:`` records every op run inside; then
    ``prof.key_averages().table(...)``, ``prof.function_events``, ``print(prof)``."""

    def __init__(self, enabled=True, *, use_cuda=False, use_device=None, record_shapes=False,
                 with_flops=False, profile_memory=False, with_stack=False, with_modules=False,
                 use_kineto=False, use_cpu=True, experimental_config=None, acc_events=False,
                 custom_trace_id_callback=None):
        self.enabled, self.use_cuda, self.record_shapes = enabled, use_cuda, record_shapes
        self.entered = False
        self.function_events = None
        self._events = []

    def __enter__(self):
        if not self.enabled:
            return self
        if self.entered:
            raise RuntimeError("Profiler context manager is not reentrant")
        self.entered = True
        self._events = EventList()
        self._last = time.perf_counter_ns()
        self._subscription = events.subscribe(self._on_event)
        _active.append(self)
        return self

    def __exit__(self, *exc):
        if not self.enabled:
            return False
        self._subscription.close()
        _active.remove(self)
        self.function_events = self._events
        return False

    def _on_event(self, event):
        now = time.perf_counter_ns()
        if event.kind in (events.CREATE, events.INPLACE):
            self._add("aten::" + event.op, (now - self._last) / 1000)
        self._last = now            # (a backward or .grad event counts for no op)

    def _add(self, name, us, self_us=None):
        self._events.append(FunctionEvent(len(self._events) + 1, name, us, self_us))

    def _finished(self):
        """The events, once the block has ended (none before, as torch shows)."""
        return self.function_events if self.function_events is not None else EventList()

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0,
                     group_by_overload_name=False):
        return self._finished().key_averages(group_by_input_shape)

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75,
              max_name_column_width=55, max_shapes_column_width=80, header=None,
              top_level_events_only=False):
        return self._finished().table(sort_by, row_limit, max_src_column_width,
                                          max_name_column_width, max_shapes_column_width,
                                          header, top_level_events_only)

    def total_average(self):
        return self._finished().total_average()

    @property
    def self_cpu_time_total(self):
        return self._finished().self_cpu_time_total

    def __str__(self):
        return str(self._finished())

    __repr__ = object.__repr__


class record_function:
    """``with record_function("my block"):`` one more event, named by you, for the block
    (its self time is what the ops inside did not take)."""

    def __init__(self, name, args=None):
        self.name = name

    def __enter__(self):
        self._prof = _active[-1] if _active else None
        if self._prof is not None:
            self._start = time.perf_counter_ns()
            self._first = len(self._prof._events)
        return self

    def __exit__(self, *exc):
        prof = self._prof
        if prof is not None:
            now = time.perf_counter_ns()
            total = (now - self._start) / 1000
            inside = sum(e.cpu_time_total for e in prof._events[self._first:])
            # listed where it began, before the ops inside it, as torch lists events
            prof._events.insert(self._first, FunctionEvent(
                len(prof._events) + 1, self.name, total, max(total - inside, 0.0)))
            prof._last = now
        return False


# ------------------------------------------------------------------ torch's table
def _format_time(us):
    if us >= 1e6:
        return f"{us / 1e6:.3f}s"
    if us >= 1e3:
        return f"{us / 1e3:.3f}ms"
    return f"{us:.3f}us"


def _share(us, total):
    return "NaN" if total == 0 else f"{us * 100.0 / total:.2f}%"


def _table(evts, sort_by, row_limit, max_name_width, header):
    """torch's ``_build_table`` for CPU events: one row per event, a rule above and below."""
    if not evts:
        return ""
    if sort_by is not None:
        evts = sorted(evts, key=lambda e: getattr(e, sort_by), reverse=True)
    name_width = max(len(e.key) for e in evts) + 4
    if max_name_width is not None:
        name_width = min(name_width, max_name_width)
    widths = [name_width] + [12] * 6
    row = "".join("{: >" + str(w) + "}  " for w in widths)
    rule = "".join("-" * w + "  " for w in widths)
    total = sum(e.self_cpu_time_total for e in evts)
    lines = []
    if header is not None:
        lines += ["=" * (sum(widths) + 2 * len(widths) - 2), header]
    lines += [rule, row.format("Name", "Self CPU %", "Self CPU", "CPU total %", "CPU total",
                               "CPU time avg", "# of Calls"), rule]
    for n, e in enumerate(evts):
        if n == row_limit:          # (as torch: -1 is no limit)
            break
        name = e.key
        if max_name_width is not None and len(name) >= max_name_width - 3:
            name = name[:max_name_width - 3] + "..."
        lines.append(row.format(name, _share(e.self_cpu_time_total, total),
                                _format_time(e.self_cpu_time_total),
                                _share(e.cpu_time_total, total), _format_time(e.cpu_time_total),
                                _format_time(e.cpu_time), e.count))
    lines += [rule, f"Self CPU time total: {_format_time(total)}"]
    return "".join(line + "\n" for line in lines)
