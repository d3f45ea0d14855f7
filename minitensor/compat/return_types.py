"""torch.return_types: the (values, indices) tuples of max(dim), sort, topk... with
torch's repr."""
import collections


_RETURN_TYPES = {}


def _return_type_cls(name, fields=("values", "indices")):
    """torch.return_types.<name>: a (values, indices) tuple (or other ``fields``: svd's
    U, S, V) with torch's repr."""
    cls = _RETURN_TYPES.get(name)
    if cls is None:
        base = collections.namedtuple(name, fields)

        def __repr__(self):
            body = ",\n".join(f"{f}={getattr(self, f)!r}" for f in fields)
            return f"torch.return_types.{name}(\n{body})"
        cls = type(name, (base,), {"__slots__": (), "__repr__": __repr__,
                                   "__module__": "torch.return_types", "n_fields": len(fields)})
        _RETURN_TYPES[name] = cls
    return cls


def return_type(name, values, indices):
    return _return_type_cls(name)(values, indices)


def named_return(name, fields, *values):
    return _return_type_cls(name, fields)(*values)


return_types_max = _return_type_cls("max")


return_types_min = _return_type_cls("min")
