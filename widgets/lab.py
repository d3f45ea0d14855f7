"""The live lab: follows the notebook, keeps a bounded timeline of snapshots.

Hooks: IPython's ``post_run_cell`` (after every cell) and the engine's event stream
(after every op, in-place change and backward). Every hook body is wrapped: an error
in the lab becomes one line in the panel and never reaches the learner's code.

Memory: the lab holds tensors by weak reference only (the registries, the watched
list, the tensors made during the current cell). Snapshots are plain data.
"""
import linecache
import os
import sys
import time
import weakref
from collections import deque

from . import introspect as I
from . import names as N
from . import snapshot as S

_HERE = os.path.dirname(os.path.abspath(__file__))
MAX_STEPS = 200             # timeline steps kept (oldest dropped first)
STEPS_PER_CELL = 30         # events of one cell recorded as their own step; then throttled
THROTTLE = 0.1              # seconds between redraws (and between throttled steps)
MAX_RECENT = 64             # tensors made in the current cell shown before they have a name
MAX_ORIGINS = 10000


_DIRS = {}


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
        self._display = display
        self.timeline = deque(maxlen=max_steps)
        self.steps_total = 0
        self._origins = {}
        self._recent = []
        self._cell_events = 0
        self._cell_steps = []
        self._pending = None
        self._busy = False
        self._last_step_time = 0.0
        self._last_draw = 0.0
        self._cell_base = None      # snapshot at the end of the last cell run
        self._prev_cell = None      # ... and of the cell before it
        self.current = None         # latest snapshot
        self.changed = []           # ids changed since the end of the previous cell
        self.error = None
        self._sub = None
        self._running = False
        self.cell = 0
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
        S.ACTIVE.append(self.regs)
        try:
            import minitensor.events as ev
            self._sub = ev.subscribe(self.on_event)
        except Exception as e:
            self._fail(e)
        shell = self._get_shell()
        if shell is not None:
            try:
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

    def stop(self):
        """Detach from the notebook. The panel keeps its last pictures and timeline."""
        self._running = False
        if self.regs in S.ACTIVE:
            S.ACTIVE.remove(self.regs)
        if self._sub is not None:
            self._sub.close()
            self._sub = None
        shell = self._get_shell()
        if shell is not None:
            try:
                shell.events.unregister("post_run_cell", self.post_run_cell)
            except Exception:
                pass
        if self.panel is not None:
            self.panel.set_message("stopped: this lab no longer follows the notebook")

    @property
    def running(self):
        return self._running

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
        named, arrays, extra, found = self._tensors()
        prov = ()
        if provisional:
            prov = {self.regs.tensors.peek(t) for t in extra if t is not None}
        return S.build(named, arrays, extra=extra, regs=self.regs, origins=self._origins,
                       provisional=prov, max_nodes=self.max_nodes,
                       max_tensors=self.max_tensors, lookup=found)

    # ---------------------------------------------------------------- hooks
    def on_event(self, event):
        """Engine hook: called synchronously inside the learner's code after every event."""
        if not self._running:
            return
        self._guard(self._on_event, event)

    def _on_event(self, event):
        kind, op = event.kind, event.op
        outs = [r() for r in event.outputs]
        ins = [r() for r in event.inputs]
        src = next((t for t in ins if t is not None and I.is_tensor(t)), None)
        src_id = self.regs.tensors.tid(src) if src is not None else None
        for t in outs:
            if t is None or not I.is_tensor(t):
                continue
            if kind == "create":
                tid = self.regs.tensors.tid(t)
                if tid is not None:
                    if len(self._origins) >= MAX_ORIGINS:
                        self._prune_origins()
                    self._origins[tid] = {"op": op, "from": src_id}
            if not self._watched and self._names is None and len(self._recent) < MAX_RECENT:
                if all(r() is not t for r in self._recent):
                    self._recent.append(weakref.ref(t))
        if kind == "grad":          # folded into the backward step that follows
            self._note_pending(kind, op, merge_only=True)
            return
        self._cell_events += 1
        now = time.perf_counter()
        if self._cell_events <= STEPS_PER_CELL or now - self._last_step_time >= self.throttle:
            merged = self._pending["count"] if self._pending else 0
            self._pending = None
            line, _ = user_line(3)          # walking the stack only for a step we keep
            self._add_step(kind, op, line, merged=merged, provisional=True)
            self._last_step_time = now
        else:
            self._note_pending(kind, op)
        if now - self._last_draw >= self.throttle:
            self._draw_live()

    def _note_pending(self, kind, op, line=None, merge_only=False):
        p = self._pending or {"count": 0}
        if not merge_only:
            p["count"] += 1
            p.update(kind=kind, op=op, line=line)
        self._pending = p

    def _prune_origins(self):
        alive = set()
        for e in list(self.regs.tensors._entries.values()):
            if e[0]() is not None:
                alive.add(e[1])
        self._origins = {k: v for k, v in self._origins.items() if k in alive}

    def _add_step(self, kind, op, line, merged=0, provisional=False, snap=None):
        if snap is None:
            snap = self.snapshot(provisional=provisional)
        prev = self.timeline[-1]["snapshot"] if self.timeline else None
        self.steps_total += 1
        step = {"n": self.steps_total, "cell": self.cell + 1, "kind": kind, "op": op,
                "line": line, "merged": merged, "snapshot": snap,
                "changed": S.changes(prev, snap) if prev is not None else
                [t["id"] for t in snap["tensors"]]}
        self.timeline.append(step)
        self._cell_steps.append(step)
        self.current = snap
        return step

    def post_run_cell(self, result=None):
        """IPython hook (also callable directly, e.g. by tests with a fake namespace)."""
        if not self._running:
            return
        self._guard(self._post_run_cell, result)

    def _post_run_cell(self, result):
        if self._pending and self._pending.get("count"):
            p = self._pending
            self._add_step(p.get("kind") or "op", p.get("op"), p.get("line") or "",
                           merged=p["count"] - 1, provisional=True)
        self._pending = None
        snap = self.snapshot()
        final = {t["id"]: t["name"] for t in snap["tensors"]}
        for step in self._cell_steps:
            for t in step["snapshot"]["tensors"]:
                if t["name"] is None:
                    t["name"] = final.get(t["id"]) or self._label_for(t["id"])
        steps = list(self.timeline)
        for step in self._cell_steps:       # names filled in: diff again
            i = steps.index(step)
            if i > 0:
                step["changed"] = S.changes(steps[i - 1]["snapshot"], step["snapshot"])
        last = self.timeline[-1]["snapshot"] if self.timeline else None
        if last is None or S.dumps(last) != S.dumps(snap):
            line = ""
            if result is not None:
                raw = getattr(getattr(result, "info", None), "raw_cell", "") or ""
                lines = [l for l in raw.strip().splitlines() if l.strip()]
                line = lines[-1].strip() if lines else ""
            self._add_step("cell", "end of cell", line)
        self.cell += 1
        self.changed = S.changes(self._cell_base, snap) if self._cell_base is not None else []
        self._prev_cell = self._cell_base
        self._cell_base = snap
        self.current = snap
        self._recent = []
        self._cell_events = 0
        self._cell_steps = []
        self.error = None
        self._draw_live(force=True)

    def _label_for(self, tid):
        for e in list(self.regs.tensors._entries.values()):
            if e[1] == tid:
                t = e[0]()
                if t is not None:
                    return self.regs.tensors.unnamed_label(t)
        return "(temporary)"

    def _refresh(self):
        snap = self.snapshot()
        self.current = snap
        self._cell_base = snap
        self.changed = []
        self._draw_live(force=True)

    def live_view(self):
        """(snapshot, changed ids, snapshot they changed from) for the live picture."""
        base = self._cell_base if self._cell_steps else self._prev_cell
        snap = self.current
        changed = S.changes(base, snap) if (base is not None and snap is not None) else []
        return snap, changed, base

    def _draw_live(self, force=False):
        self._last_draw = time.perf_counter()
        if self.panel is not None:
            self.panel.show_live(force=force)

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
