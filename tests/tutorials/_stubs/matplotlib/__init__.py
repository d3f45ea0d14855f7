"""A matplotlib stand-in for the tutorial scripts: every call is accepted, nothing is drawn."""


class _Anything:
    """Any attribute, call, index or iteration gives another _Anything."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Anything()

    def __call__(self, *args, **kwargs):
        return _Anything()

    def __getitem__(self, key):
        return _Anything()

    def __iter__(self):
        return iter((_Anything(), _Anything()))


rcParams = {}


def use(*args, **kwargs):
    pass


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _Anything()
