"""The plain data model under every picture.

:func:`build` turns tensors (and numpy arrays) into a JSON-serialisable dict. It is
deterministic: lists are in discovery order (namespace order, then graph order), ids
come from registries that count in that order, and no ``id()`` or address ever ends up
in it. Pictures are drawn from snapshots only; the timeline stores snapshots.

Shape of a snapshot (every key always present)::

    {"format": "minitensor-widgets/1",
     "tensors":  [{id, name, name_kind, aliases, shape, dtype, stride, offset, version,
                   storage, requires_grad, is_leaf, grad_fn, grad, grad_of, base, numel,
                   values, made_by}],
     "arrays":   [{id, name, shape, dtype, stride, offset, storage}],
     "storages": [{id, dtype, itemsize, size, nbytes, values}],
     "nodes":    [{id, name, kind ('fn' | 'acc'), tensor, variable, saved}],
     "edges":    [{src, dst, input_nr}]     # data flows src -> dst (dst.next_functions has src)
     "omitted":  {tensors, nodes, node_ops, exact}}

``saved`` entries: {name, saved_version, current_version, stale, tensor, shape, dtype}.

``name_kind`` says where a tensor's label comes from: ``name`` (a variable of the
learner's), ``grad`` (``a.grad``), ``earlier`` (``x (earlier)``: called ``x`` until ``x``
was reassigned), ``base`` (``base of v``), ``generated`` (``t3``), ``temporary`` (gone by
the end of the cell), or None while the cell that made it still runs.
"""
import json
from collections import OrderedDict, deque

import numpy as np

from . import introspect as I
from . import i18n
from .names import Registry

FORMAT = "minitensor-widgets/1"
MAX_NODES = 500         # graph nodes drawn; the rest are summarised
MAX_TENSORS = 80        # tensor boxes; the rest are counted
COUNT_LIMIT = 20000     # nodes counted beyond the budget before we say "at least"


class Registries:
    """Ids that stay stable across snapshots of one session (a lab, or static draws)."""

    def __init__(self):
        self.tensors = Registry("T")
        self.storages = Registry("s")
        self.nodes = Registry("n")


GLOBAL = Registries()    # for static draw_graph / draw_memory
ACTIVE = []              # registries of running labs: static pictures use the newest, so
                         # their ids (s1, t1...) agree with the live panel's


def current_registries():
    return ACTIVE[-1] if ACTIVE else GLOBAL


def _key(t):
    return id(t)


EXPAND_ALL = ("leaves", "bases", "grads")


def build(named=(), arrays=(), extra=(), regs=None, origins=None, provisional=(),
          max_nodes=MAX_NODES, max_tensors=MAX_TENSORS, expand=EXPAND_ALL, lookup=()):
    """Describe tensors and what hangs off them.

    named:  [(name, tensor)] in namespace order; one tensor may come under several names.
    arrays: [(name, ndarray)]; only those sharing memory with a shown tensor are kept.
    extra:  tensors to show even without a name (watched, or just created by an op).
    origins: {tensor id: {"op": str, "from": tensor id or None}} recorded from events.
    provisional: tensor ids whose missing name should stay None (filled in later).
    expand: which tensors reached from the shown ones to show too: "leaves" (through
        AccumulateGrad), "bases" (of views), "grads".
    lookup: [(name, tensor)] used only to name tensors that are shown for another reason.
    """
    regs = regs or GLOBAL
    origins = origins or {}
    provisional = set(provisional)
    expand = set(expand or ())
    lookup_names = {}
    for name, t in lookup:
        lst = lookup_names.setdefault(_key(t), [])
        if name not in lst:
            lst.append(name)
    tensors = OrderedDict()         # id(t) -> t
    names = {}                      # id(t) -> [names]
    omitted_tensors = 0

    def add(t, name=None):
        nonlocal omitted_tensors
        k = _key(t)
        if k not in tensors:
            if len(tensors) >= max_tensors:
                omitted_tensors += 1
                return False
            tensors[k] = t
        if name is not None:
            lst = names.setdefault(k, [])
            if name not in lst:
                lst.append(name)
        return True

    for name, t in named:
        add(t, name)
    for t in extra:
        if t is not None:
            add(t)

    # ---- graph: breadth-first from the grad_fn of every tensor shown so far
    node_list = []                  # (nid, node)
    node_ids = {}                   # id(node) -> nid
    edges = []
    omitted_ops = {}
    omitted_nodes = 0
    exact = True
    queue = deque()
    path_ids = {}

    def nid_of(node, path):
        k = id(node)
        if k in node_ids:
            return node_ids[k]
        nid = regs.nodes.tid(node)
        if nid is None:             # real torch: nodes are not weak-referenceable
            nid = "p%d" % (len(path_ids) + 1)
            path_ids[k] = nid
        return nid

    seen_nodes = {}

    def visit(node, path):
        k = id(node)
        if k in seen_nodes:
            return seen_nodes[k]
        nid = nid_of(node, path)
        seen_nodes[k] = nid
        node_ids[k] = nid
        queue.append(node)
        node_list.append((nid, node))
        return nid

    roots = list(tensors.values())
    for t in roots:
        fn = I.grad_fn(t)
        if fn is not None:
            visit(fn, None)
    drawn = set()
    overflow = []
    while queue:
        node = queue.popleft()
        drawn.add(id(node))
        if len(drawn) > max_nodes:
            overflow.append(node)
            continue
        if "leaves" in expand and I.is_accumulate(node):
            v = I.node_variable(node)
            if v is not None:
                add(v)
        for nxt, nr in I.next_functions(node):
            if nxt is None:
                continue
            src = visit(nxt, None)
            edges.append({"src": src, "dst": seen_nodes[id(node)], "input_nr": nr})

    kept_ids = {seen_nodes[id(n)] for n in overflow}
    if overflow:
        # count what we leave out, bounded
        counted = set()
        stack = list(overflow)
        while stack:
            n = stack.pop()
            if id(n) in counted:
                continue
            if len(counted) >= COUNT_LIMIT:
                exact = False
                break
            counted.add(id(n))
            nm = I.node_name(n)
            omitted_ops[nm] = omitted_ops.get(nm, 0) + 1
            for nxt, _ in I.next_functions(n):
                if nxt is not None and id(nxt) not in counted and (
                        id(nxt) not in seen_nodes or seen_nodes[id(nxt)] in kept_ids):
                    stack.append(nxt)
        omitted_nodes = len(counted)
        node_list = [(nid, n) for nid, n in node_list if nid not in kept_ids]
        edges = [e for e in edges if e["src"] not in kept_ids and e["dst"] not in kept_ids]
        # an edge into the summary from every drawn node that lost an input
        lost = []
        for nid, n in node_list:
            for nxt, _ in I.next_functions(n):
                if nxt is not None and seen_nodes.get(id(nxt)) in kept_ids and nid not in lost:
                    lost.append(nid)
        for nid in lost:
            edges.append({"src": "more", "dst": nid, "input_nr": -1})

    # ---- more tensors: bases, grads (and the tensors saved by drawn nodes stay by id only)
    if "bases" in expand or "grads" in expand:
        i = 0
        while i < len(tensors):
            t = list(tensors.values())[i]
            b = I.base(t)
            if b is not None and "bases" in expand:
                add(b)
            g = I.grad(t)
            if g is not None and "grads" in expand and I.is_tensor(g):
                add(g)
            i += 1
    for k in tensors:
        if k not in names and k in lookup_names:
            names[k] = list(lookup_names[k])

    tids = {k: regs.tensors.tid(t) or ("T?%d" % n) for n, (k, t) in enumerate(tensors.items())}
    # the tensor each drawn node is the grad_fn of (the first shown, in order)
    node_tensor = {}
    for k, t in tensors.items():
        fn = I.grad_fn(t)
        if fn is not None and id(fn) in node_ids and node_ids[id(fn)] not in kept_ids:
            node_tensor.setdefault(node_ids[id(fn)], tids[k])
    grad_of = {}
    for k, t in tensors.items():
        g = I.grad(t)
        if g is not None and _key(g) in tids:
            grad_of.setdefault(_key(g), tids[k])

    # ---- storages
    storages = OrderedDict()        # storage key -> entry
    storage_of = {}
    storage_first = {}
    local_storage = {}
    for k, t in tensors.items():
        sk = I.storage_key(t)
        if sk not in storages:
            sid = None
            try:
                sid = regs.storages.tid(t.untyped_storage())
            except Exception:
                sid = None
            if sid is None:
                sid = local_storage.setdefault(sk, "s?%d" % (len(local_storage) + 1))
            vals, size, itemsize = I.storage_values(t)
            storages[sk] = {"id": sid, "dtype": I.dtype_name(t), "itemsize": itemsize,
                            "size": size, "nbytes": I.storage_nbytes(t), "values": vals}
            storage_first[sk] = t
        storage_of[k] = storages[sk]["id"]

    # ---- names: given, else "a.grad", "x (earlier)", "base of v", else a stable tN
    # (unless provisional: a tensor made by the running cell is named when it ends)
    display, kinds = {}, {}
    for k, t in tensors.items():
        if names.get(k):
            display[k], kinds[k] = names[k][0], "name"
    for k, t in tensors.items():
        if k in display:
            continue
        owner = grad_of.get(k)
        if owner is not None:
            ok = next((kk for kk, v in tids.items() if v == owner), None)
            if ok in display:
                display[k], kinds[k] = display[ok] + ".grad", "grad"
    later = []
    for k, t in tensors.items():
        if k in display or tids[k] in provisional:
            continue
        text, kind = regs.tensors.label(t)
        if kind == "earlier":
            display[k], kinds[k] = text, kind
        else:
            later.append((k, t))
    for k, t in later:
        view = next((kk for kk, v in tensors.items() if kk in display and kk != k
                     and I.base(v) is t), None)
        if view is not None:
            display[k], kinds[k] = i18n._("base of %s") % display[view], "base"
        else:
            display[k], kinds[k] = regs.tensors.label(t)

    out_tensors = []
    for k, t in tensors.items():
        fn = I.grad_fn(t)
        g = I.grad(t)
        b = I.base(t)
        mb = origins.get(tids[k])
        if mb is not None:                  # "from" may name a tensor no longer shown
            mb = {"op": mb.get("op"), "from": mb.get("from")}
        out_tensors.append({
            "id": tids[k],
            "name": display.get(k),
            "name_kind": kinds.get(k),
            "aliases": list(names.get(k, [])[1:]),
            "shape": list(I.shape(t)),
            "dtype": I.dtype_name(t),
            "stride": list(I.stride(t)),
            "offset": I.storage_offset(t),
            "version": I.version(t),
            "storage": storage_of[k],
            "requires_grad": I.requires_grad(t),
            "is_leaf": I.is_leaf(t),
            "grad_fn": node_ids.get(id(fn)) if fn is not None else None,
            "grad_fn_name": I.node_name(fn) if fn is not None else None,
            "grad": tids.get(_key(g)) if g is not None else None,
            "grad_of": grad_of.get(k),
            "base": tids.get(_key(b)) if b is not None else None,
            "numel": I.numel(t),
            "values": I.first_values(t),
            "made_by": mb,
        })
    for e in out_tensors:
        if e["grad_fn"] in kept_ids:
            e["grad_fn"] = "more"

    # ---- numpy arrays that share memory with a shown storage
    out_arrays = []
    for name, arr in arrays:
        for sk, t in storage_first.items():
            buf = I.storage_buffer(t)
            if buf is None:
                continue
            try:
                if not np.may_share_memory(arr, buf):
                    continue
            except Exception:
                continue
            loc = I.array_in_storage(arr, t)
            if loc is None:
                continue
            aid = regs.tensors.tid(arr) or "A?%d" % (len(out_arrays) + 1)
            out_arrays.append({
                "id": aid, "name": name, "shape": [int(s) for s in arr.shape],
                "dtype": "numpy." + str(arr.dtype), "stride": list(loc[1]),
                "offset": loc[0], "storage": storages[sk]["id"]})
            break

    # ---- nodes
    tid_by_key = tids
    out_nodes = []
    for nid, node in node_list:
        name = I.node_name(node)
        kind = "acc" if name == "AccumulateGrad" else "fn"
        var = None
        if kind == "acc":
            v = I.node_variable(node)
            if v is not None:
                var = tid_by_key.get(_key(v))
        saved = []
        if kind == "fn":
            for s in I.saved_tensors(node):
                sv, cv = s["saved_version"], s["current_version"]
                st = s["tensor"]
                who = tid_by_key.get(_key(st)) if st is not None else None
                if who is None and s.get("is_output"):
                    # a saved result is the node's output (checked: same shape and dtype)
                    out_t = node_tensor.get(nid)
                    ot = next((t for k, t in tensors.items() if tids[k] == out_t), None)
                    if ot is not None and list(I.shape(ot)) == list(s["shape"]) and \
                            I.dtype_name(ot) == s["dtype"]:
                        who = out_t
                saved.append({
                    "name": s["name"], "saved_version": sv, "current_version": cv,
                    "stale": sv is None or (cv is not None and sv != cv),
                    "tensor": who,
                    "shape": list(s["shape"]), "dtype": s["dtype"]})
        out_nodes.append({"id": nid, "name": name, "kind": kind,
                          "tensor": node_tensor.get(nid), "variable": var, "saved": saved})

    return {
        "format": FORMAT,
        "tensors": out_tensors,
        "arrays": out_arrays,
        "storages": list(storages.values()),
        "nodes": out_nodes,
        "edges": edges,
        "omitted": {"tensors": omitted_tensors, "nodes": omitted_nodes,
                    "node_ops": dict(sorted(omitted_ops.items(), key=lambda kv: (-kv[1], kv[0]))),
                    "exact": exact},
    }


def dumps(snap):
    """Canonical JSON text of a snapshot (sorted keys): equal states give equal text."""
    return json.dumps(snap, sort_keys=True, separators=(",", ":"), allow_nan=False)


LABELS = ("name", "name_kind", "aliases")     # what a tensor is called, not what it is


def changes(old, new):
    """Ids (tensors, storages, nodes, arrays) that are new or different in ``new``.

    A tensor that is only called something else (``x`` became ``x (earlier)``) has not
    changed: its label is left out of the comparison.
    """
    if old is None:
        return []
    def index(snap):
        d = {}
        for kind in ("tensors", "arrays", "storages", "nodes"):
            for e in snap.get(kind, ()):
                d[e["id"]] = ({k: v for k, v in e.items() if k not in LABELS}
                              if kind == "tensors" else e)
        return d
    a, b = index(old), index(new)
    return [k for k, v in b.items() if a.get(k) != v]


def by_id(snap):
    d = {}
    for kind in ("tensors", "arrays", "storages", "nodes"):
        for e in snap.get(kind, ()):
            d[e["id"]] = dict(e, _kind=kind[:-1])
    return d
