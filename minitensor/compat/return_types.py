"""torch.return_types: the (values, indices) tuples of max(dim), sort, topk... with
torch's repr."""
import collections


_RETURN_TYPES = {}


def _return_type_cls(name):
    """torch.return_types.<name>: a (values, indices) tuple with torch's repr."""
    cls = _RETURN_TYPES.get(name)
    if cls is None:
        base = collections.namedtuple(name, ["values", "indices"])

        def __repr__(self):
            return (f"torch.return_types.{name}(\nvalues={self.values!r},\n"
                    f"indices={self.indices!r})")
        cls = type(name, (base,), {"__slots__": (), "__repr__": __repr__,
                                   "__module__": "torch.return_types", "n_fields": 2})
        _RETURN_TYPES[name] = cls
    return cls


def return_type(name, values, indices):
    return _return_type_cls(name)(values, indices)


return_types_max = _return_type_cls("max")


return_types_min = _return_type_cls("min")
