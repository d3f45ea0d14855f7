"""The live lab: follows the notebook, keeps a bounded timeline of snapshots.

Hooks: IPython's ``pre_run_cell``/``post_run_cell`` (around every cell) and the engine's
event stream (after every op, in-place change and backward). Every hook body is wrapped:
an error in the lab becomes one line in the panel and never reaches the learner's code.

Cost while the learner's code runs: an event is appended to a bounded queue and counted;
the queue is read (who made which tensor) only when a step or a picture is taken. Steps
and pictures are throttled, and the throttle runs from the *end* of the last picture and
grows with the time a picture took, so a slow picture never sets the pace of a loop.
Past the first ``STEPS_PER_CELL`` events of a cell (a loop), the lab stops listening
between throttled steps, so the engine makes no events at all there (a timer listens
again when the next step is due); the end of the cell always gets the full picture.

Threads: only the thread that started the lab (IPython's) takes steps and draws. Events
from other threads are queued and shown with the next step; they never hold up a cell.

Memory: the lab holds tensors by weak reference only (the registries, the watched
list, the event queue). Snapshots are plain data; the timeline keeps at most
``max_steps`` of them.
"""
import linecache
import os
import sys
import threading
import time
import weakref
from collections import deque

from . import introspect as I
from . import i18n
from . import names as N
from . import snapshot as S

_HERE = os.path.dirname(os.path.abspath(__file__))
MAX_STEPS = 200             # timeline steps kept (oldest dropped first)
STEPS_PER_CELL = 30         # events of one cell recorded as their own step; then throttled
THROTTLE = 0.1              # seconds from the end of a step to the next (in a long cell)
DRAW_EVERY = 0.25           # seconds from the end of a picture to the next (in a long cell)
DRAW_SHARE = 4              # ... and at least this many times as long as it took
MAX_RECENT = 64             # tensors made in the current cell shown before they have a name
MAX_ORIGINS = 10000
MAX_EVENTS = 4096           # events queued between two steps (older ones are dropped)

_DIRS = {}
_labs = []                  # weak references to the labs started by watch()


def _engine_dirs():
    mt = sys.modules.get("minitensor")
    key = getattr(mt, "__file__", None)
    dirs = _DIRS.get(key)
    if dirs is None:
        found = [_HERE]
        if key:
            found.append(os.path.dirname(os.path.abspath(key)))
        dirs = _DIRS[key] = tuple(d + os.sep for d in found)
    return dirs


def user_line(skip=1):
    """(line text, line number) of the first frame outside minitensor/ and widgets/."""
    dirs = _engine_dirs()
    try:
        f = sys._getframe(skip)
    except ValueError:
        return "", 0
    while f is not None:
        fn = f.f_code.co_filename
        if not fn.startswith(dirs) and "importlib" not in fn:
            line = linecache.getline(fn, f.f_lineno, f.f_globals).strip()
            return line, f.f_lineno
        f = f.f_back
    return "", 0


def one_line(exc):
    msg = str(exc).strip().splitlines()
    return "%s: %s" % (type(exc).__name__, msg[0] if msg else "")


def replace_previous(lab):
    """Stop every lab an earlier ``watch()`` started: one live lab, one listener."""
    for ref in list(_labs):
        old = ref()
        if old is not None and old is not lab and old.running:
            old.stop(message="replaced: a newer `watch()` follows the notebook now")
            old.undock()
    _labs[:] = [r for r in _labs if r() is not None and r() is not lab]
    _labs.append(weakref.ref(lab))


class Lab:
    """See :func:`widgets.watch`."""

    def __init__(self, tensors=(), names=None, shell=None, namespace=None,
                 max_steps=MAX_STEPS, max_nodes=S.MAX_NODES, max_tensors=S.MAX_TENSORS,
                 throttle=THROTTLE, display=True, panel=True):
        self.regs = S.Registries()
        self._watched = []
        for t in tensors:
            if I.is_tensor(t):
                self._watched.append(weakref.ref(t))
        self._names = list(names) if names is not None else None
        self._shell = shell
        self._namespace = namespace
        self.max_nodes = max_nodes
        self.max_tensors = max_tensors
        self.throttle = throttle
        self.draw_every = DRAW_EVERY if throttle else 0.0
        self._display = display
        self.timeline = deque(maxlen=max_steps)
        self.steps_total = 0
        self._origins = {}
        self._recent = []
        self._events = deque(maxlen=MAX_EVENTS)
        self._cell_events = 0
        self._cell_steps = deque(maxlen=max_steps)
        self._pend_count = 0        # events since the last step, not recorded as steps
        self._pend_kind = self._pend_op = None
        self._busy = False          # the owner thread is inside the lab (no re-entry)
        self._owner = threading.get_ident()
        self._next_step = 0.0
        self._next_draw = 0.0
        self.last_draw_seconds = 0.0
        self._cell_base = None      # snapshot at the end of the last cell run
        self._prev_cell = None      # ... and of the cell before it
        self.current = None         # latest snapshot
        self.changed = []           # ids changed since the end of the previous cell
        self.focus = []             # ids the newest work is about (the last non-empty change)
        self.error = None
        self._sub = None
        self._sub_lock = threading.Lock()
        self._timer = None
        self._missed = False        # events went by while the lab was not listening
        self._running = False
        self.cell = 0               # cells run since watch()
        self.execution_count = None  # the notebook's count of the cell running (or last run)
        self.panel = None
        if panel:
            from .panel import Panel
            self.panel = Panel(self)

    # ---------------------------------------------------------------- life cycle
    def _get_shell(self):
        if self._shell is not None:
            return self._shell
        try:
            from IPython import get_ipython
            return get_ipython()
        except Exception:
            return None

    def namespace(self):
        if self._namespace is not None:
            return self._namespace
        shell = self._get_shell()
        if shell is not None:
            return shell.user_ns
        return {}

    def start(self):
        if self._running:
            return self
        self._running = True
        self._owner = threading.get_ident()
        S.ACTIVE.append(self.regs)
        try:
            self._listen()
        except Exception as e:
            self._fail(e)
        shell = self._get_shell()
        if shell is not None:
            try:
                self.execution_count = getattr(shell, "execution_count", None)
                shell.events.register("pre_run_cell", self.pre_run_cell)
                shell.events.register("post_run_cell", self.post_run_cell)
            except Exception as e:
                self._fail(e)
        self._guard(self._refresh)
        if self._display and shell is not None and self.panel is not None:
            try:
                from IPython.display import display
                display(self.panel)
            except Exception as e:
                self._fail(e)
        return self

    def dock(self, anchor="split-right", title="minitensor lab"):
        """Show the panel in its own JupyterLab tab (a ``sidecar``) beside the notebook."""
        if self.panel is None:
            return None
        try:
            from sidecar import Sidecar
        except ImportError:
            self.panel.set_message("docking needs the `sidecar` package (pip install sidecar); "
                                   "or right-click the panel: Create New View for Output")
            from IPython.display import display
            display(self.panel)
            return None
        from IPython.display import display
        self.undock()
        self._sidecar = Sidecar(title=title, anchor=anchor)
        with self._sidecar:
            display(self.panel)
        return self._sidecar

    def undock(self):
        """Close the tab :meth:`dock` opened (the panel can still be displayed in a cell)."""
        sc, self._sidecar = getattr(self, "_sidecar", None), None
        if sc is not None:
            try:
                sc.close()
            except Exception:
                pass

    def stop(self, message="stopped: this lab no longer follows the notebook"):
        """Detach from the notebook. The panel keeps its last pictures and timeline."""
        self._running = False
        if self.regs in S.ACTIVE:
            S.ACTIVE.remove(self.regs)
        self._deafen()
        shell = self._get_shell()
        if shell is not None:
            for name, fn in (("pre_run_cell", self.pre_run_cell),
                             ("post_run_cell", self.post_run_cell)):
                try:
                    shell.events.unregister(name, fn)
                except Exception:
                    pass
        self._events.clear()
        if self.panel is not None:
            self.panel.set_message(message)

    @property
    def running(self):
        return self._running

    # ---------------------------------------------------------------- listening
    def _listen(self):
        """Subscribe to the engine's events (again)."""
        import minitensor.events as ev
        with self._sub_lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._running and self._sub is None:
                self._sub = ev.subscribe(self.on_event)

    def _deafen(self):
        with self._sub_lock:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if self._sub is not None:
                self._sub.close()
                self._sub = None

    def _pause(self):
        """In a long cell: stop listening until the next step is due (the engine then
        makes no events), and let a timer listen again."""
        with self._sub_lock:
            if self._sub is None or not self._running:
                return
            self._sub.close()
            self._sub = None
            self._missed = True
            wait = max(0.0, self._next_step - time.perf_counter())
            self._timer = threading.Timer(wait, self._resume)
            self._timer.daemon = True
            self._timer.start()

    def _resume(self):
        try:
            import minitensor.events as ev
            with self._sub_lock:
                self._timer = None
                if self._running and self._sub is None:
                    self._sub = ev.subscribe(self.on_event)
        except Exception:
            pass

    # ---------------------------------------------------------------- errors
    def _fail(self, exc):
        self.error = one_line(exc)
        if self.panel is not None:
            try:
                self.panel.set_message("lab error: " + self.error)
            except Exception:
                pass

    def _guard(self, fn, *args):
        if self._busy:
            return None
        self._busy = True
        try:
            return fn(*args)
        except Exception as e:
            self._fail(e)
            return None
        finally:
            self._busy = False

    # ---------------------------------------------------------------- snapshots
    def _tensors(self):
        ns = self.namespace()
        found, arrays = N.scan(ns)
        extra = []
        if self._watched:
            wanted = [r() for r in self._watched]
            wanted = [t for t in wanted if t is not None]
            keys = {id(t) for t in wanted}
            named = [(n, t) for n, t in found if id(t) in keys]
            extra = wanted
        elif self._names is not None:
            named, _ = N.scan(ns, only=self._names)
        else:
            named = found
            extra = [r() for r in self._recent]
        return named, arrays, extra, found

    def snapshot(self, provisional=False):
        """The current state as plain, JSON-serialisable data (see widgets.snapshot)."""
        self._absorb()
        named, arrays, extra, found = self._tensors()
        prov = ()
        if provisional:
            prov = {self.regs.tensors.peek(t) for t in extra if t is not None}
        return S.build(named, arrays, extra=extra, regs=self.regs, origins=self._origins,
                       provisional=prov, max_nodes=self.max_nodes,
                       max_tensors=self.max_tensors, lookup=found)

    def _absorb(self):
        """Read the queued events: who made each tensor still alive, and from what."""
        events, tensors = self._events, self.regs.tensors
        follow_new = not self._watched and self._names is None
        is_tensor = I.is_tensor
        while events:
            try:
                event = events.popleft()
            except IndexError:
                break
            src_id = False                  # looked up once, only if an output is alive
            for r in event.outputs:
                t = r()
                if t is None or not is_tensor(t):
                    continue
                if src_id is False:
                    src = next((x for x in (i() for i in event.inputs)
                                if x is not None and is_tensor(x)), None)
                    src_id = tensors.tid(src) if src is not None else None
                if event.kind == "create":
                    tid = tensors.tid(t)
                    if tid is not None:
                        if len(self._origins) >= MAX_ORIGINS:
                            self._prune_origins()
                        self._origins[tid] = {"op": event.op, "from": src_id}
                if follow_new and event.kind != "grad" and len(self._recent) < MAX_RECENT:
                    if all(x() is not t for x in self._recent):
                        self._recent.append(weakref.ref(t))

    # ---------------------------------------------------------------- hooks
    def on_event(self, event):
        """Engine hook: called synchronously inside the learner's code after every event.

        Kept short: this runs after every op of every loop the learner writes.
        """
        if not self._running:
            return
        self._events.append(event)
        if event.kind == "grad" or self._busy or threading.get_ident() != self._owner:
            return                      # grads fold into their backward step; other
                                        # threads' events show with the next step
        self._cell_events += 1
        now = time.perf_counter()
        if self._cell_events == 1:      # a cell's first op: a short cell draws once, at its end
            self._next_draw = now + max(self.throttle, self.draw_every)
        if self._cell_events <= STEPS_PER_CELL or now >= self._next_step:
            self._guard(self._step, event.kind, event.op, now)
        else:
            self._pend_count += 1
            self._pend_kind = event.kind
            self._pend_op = event.op
        if now >= self._next_draw:
            self._guard(self._draw_live)
        if self._cell_events > STEPS_PER_CELL:
            self._pause()                   # a loop: quiet until the next step is due

    def _step(self, kind, op, now):
        merged = -1 if self._missed else self._pend_count      # -1: some ops not counted
        self._pend_count = 0
        self._missed = False
        line, _ = user_line(4)              # walking the stack only for a step we keep
        self._add_step(kind, op, line, merged=merged, provisional=True)
        end = time.perf_counter()
        if self._cell_events > STEPS_PER_CELL:
            self._next_step = end + max(self.throttle, DRAW_SHARE * (end - now))

    def _prune_origins(self):
        alive = set()
        for e in list(self.regs.tensors._entries.values()):
            if e[0]() is not None:
                alive.add(e[1])
        self._origins = {k: v for k, v in self._origins.items() if k in alive}

    def _cell_number(self):
        return self.execution_count if self.execution_count is not None else self.cell + 1

    def _add_step(self, kind, op, line, merged=0, provisional=False, snap=None):
        if snap is None:
            snap = self.snapshot(provisional=provisional)
        prev = self.timeline[-1]["snapshot"] if self.timeline else None
        self.steps_total += 1
        step = {"n": self.steps_total, "cell": self._cell_number(), "kind": kind, "op": op,
                "line": line, "merged": merged, "snapshot": snap,
                "changed": S.changes(prev, snap) if prev is not None else
                [t["id"] for t in snap["tensors"]]}
        self.timeline.append(step)
        self._cell_steps.append(step)
        self.current = snap
        return step

    def pre_run_cell(self, info=None):
        """IPython hook: the execution count the notebook shows for this cell."""
        if self._running and self._sub is None:
            self._listen()
        shell = self._get_shell()
        count = getattr(shell, "execution_count", None) if shell is not None else None
        if isinstance(count, int):
            # IPython has already counted this cell: it shows as In[count - 1]
            stored = getattr(info, "store_history", True)
            self.execution_count = count - 1 if stored else count

    def post_run_cell(self, result=None):
        """IPython hook (also callable directly, e.g. by tests with a fake namespace)."""
        if not self._running:
            return
        if threading.get_ident() != self._owner:
            return
        count = getattr(result, "execution_count", None)
        if isinstance(count, int):
            self.execution_count = count
        self._guard(self._post_run_cell, result)

    def _post_run_cell(self, result):
        self._listen()                      # a long cell may have left the lab quiet
        if self._pend_count:
            self._add_step(self._pend_kind or "op", self._pend_op, "",
                           merged=-1 if self._missed else self._pend_count - 1,
                           provisional=True)
        self._pend_count = 0
        self._missed = False
        snap = self.snapshot()
        final = {t["id"]: (t["name"], t.get("name_kind")) for t in snap["tensors"]}
        cell_steps = list(self._cell_steps)
        for step in cell_steps:
            for t in step["snapshot"]["tensors"]:
                if t["name"] is None:
                    name, kind = final.get(t["id"]) or self._label_for(t["id"])
                    t["name"], t["name_kind"] = name, kind
        # names filled in: diff again (only steps still in the bounded timeline)
        where = {id(s): i for i, s in enumerate(self.timeline)}
        steps = list(self.timeline)
        for step in cell_steps:
            i = where.get(id(step))
            if i:
                step["changed"] = S.changes(steps[i - 1]["snapshot"], step["snapshot"])
        last = self.timeline[-1]["snapshot"] if self.timeline else None
        if last is None or S.dumps(last) != S.dumps(snap):
            line = ""
            if result is not None:
                raw = getattr(getattr(result, "info", None), "raw_cell", "") or ""
                lines = [l for l in raw.strip().splitlines() if l.strip()]
                line = lines[-1].strip() if lines else ""
            self._add_step("cell", "end of cell", line, snap=snap)
        self.cell += 1
        self.changed = S.changes(self._cell_base, snap) if self._cell_base is not None else []
        if self.changed:
            self.focus = list(self.changed)
        self._prev_cell = self._cell_base
        self._cell_base = snap
        self.current = snap
        self._recent = []
        self._cell_events = 0
        self._cell_steps.clear()
        self._remember_names()
        self.error = None
        self._draw_live(force=True)
        if self.panel is not None:          # the saved notebook shows this cell's state
            self.panel.refresh_fallback()

    def _remember_names(self):
        """A tensor keeps the last name it had: shown as "x (earlier)" once x is reassigned."""
        named, _, _, _ = self._tensors()
        for name, t in named:
            self.regs.tensors.remember(t, name)

    def _label_for(self, tid):
        for e in list(self.regs.tensors._entries.values()):
            if e[1] == tid:
                t = e[0]()
                if t is not None:
                    return self.regs.tensors.label(t)
        return i18n._("(temporary)"), "temporary"

    def _refresh(self):
        snap = self.snapshot()
        self.current = snap
        self._cell_base = snap
        self.changed = []
        self._remember_names()
        self._draw_live(force=True)

    def live_view(self):
        """(snapshot, changed ids, snapshot they changed from, focus ids) for the live picture."""
        base = self._cell_base if self._cell_steps else self._prev_cell
        snap = self.current
        changed = S.changes(base, snap) if (base is not None and snap is not None) else []
        return snap, changed, base, (changed or self.focus)

    def _draw_live(self, force=False):
        start = time.perf_counter()
        try:
            if self.panel is not None:
                self.panel.show_live(force=force)
        finally:
            end = time.perf_counter()
            self.last_draw_seconds = end - start
            self._next_draw = end + max(self.throttle, self.draw_every,
                                        DRAW_SHARE * (end - start))

    # ---------------------------------------------------------------- display
    def text(self):
        from .render import text
        snap = self.current if self.current is not None else self.snapshot()
        return text(snap)

    def __repr__(self):
        state = "following the notebook" if self._running else "stopped"
        return "minitensor lab (%s), %d timeline steps\n%s" % (state, len(self.timeline),
                                                              self.text())

    def _repr_mimebundle_(self, include=None, exclude=None):
        if self.panel is not None:
            return self.panel._repr_mimebundle_()
        return {"text/plain": repr(self)}

    def _ipython_display_(self):
        """``lab`` as a cell's last line: the panel, with a display id (see the panel's
        ``refresh_fallback``)."""
        if self.panel is not None:
            self.panel._ipython_display_()
        else:
            from IPython.display import display
            display({"text/plain": repr(self)}, raw=True)
