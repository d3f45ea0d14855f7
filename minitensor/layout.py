"""torch.layout: only torch.strided (every tensor here is a strided view of a storage)."""


class layout:
    __slots__ = ("_name",)

    def __getattr__(self, name):
        # only for a missing attribute: torch's C type prints its module in the message
        raise AttributeError(f"'torch.layout' object has no attribute '{name}'")

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"torch.{self._name}"

    def __reduce__(self):
        return "strided"


strided = layout("strided")
