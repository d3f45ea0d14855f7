"""Memory-overlap checks for ops that write in place (torch's ATen/MemoryOverlap.cpp).

torch refuses to write into a tensor whose elements share memory (an ``expand``ed
tensor), and to write into memory that an input only partly overlaps: the result would
depend on the order the elements are visited. Where the layout is too irregular to
decide cheaply ("too hard"), torch lets the op run, and so does this module.
"""

INTERNAL = ("unsupported operation: more than one element of the written-to tensor refers to a "
            "single memory location. Please clone() the tensor before performing the operation.")
PARTIAL = ("unsupported operation: some elements of the input tensor and the written-to tensor "
           "refer to a single memory location. Please clone() the tensor before performing the "
           "operation.")


def non_overlapping_and_dense(a):
    """The elements tile one block of memory exactly, in some order of the dims."""
    dims = sorted((st, n) for st, n in zip(a.strides, a.shape) if n > 1)
    want = a.itemsize
    for st, n in dims:
        if st != want:
            return False
        want *= n
    return True


def assert_no_internal_overlap(a):
    if 0 in a.strides and a.size > 1 and not a.flags.c_contiguous:
        for n, st in zip(a.shape, a.strides):
            if st == 0 and n > 1:
                raise RuntimeError(INTERNAL)


def assert_no_partial_overlap(out, inp):
    """``out`` and ``inp`` share some memory but are not the same elements in the same
    layout (torch's MemOverlapStatus::Partial)."""
    if out.base is None and inp.base is None:
        return          # two arrays that own their memory cannot overlap (the common case)
    if out is inp or not out.size or not inp.size:
        return
    if not (non_overlapping_and_dense(out) and non_overlapping_and_dense(inp)):
        return          # "too hard": torch does not check either
    a0 = out.__array_interface__["data"][0] + _low(out)
    b0 = inp.__array_interface__["data"][0] + _low(inp)
    a1, b1 = a0 + out.nbytes, b0 + inp.nbytes
    if a0 == b0 and a1 == b1:
        if out.strides != inp.strides:
            raise RuntimeError(PARTIAL)
        return          # the same block, the same layout: a full overlap is allowed
    if a0 < b1 and b0 < a1:
        raise RuntimeError(PARTIAL)


def assert_no_overlap(out, inp):
    """torch's assert_no_overlap (index_put_ and its value): any shared element, even the
    same tensor, is refused."""
    if out.base is None and inp.base is None and out is not inp:
        return
    if not out.size or not inp.size:
        return
    if out is not inp and not (non_overlapping_and_dense(out) and non_overlapping_and_dense(inp)):
        return          # "too hard", as in assert_no_partial_overlap
    a0 = out.__array_interface__["data"][0] + _low(out)
    b0 = inp.__array_interface__["data"][0] + _low(inp)
    if a0 < b0 + inp.nbytes and b0 < a0 + out.nbytes:
        raise RuntimeError(PARTIAL)


def _low(a):
    """Byte offset of the lowest element from the data pointer (negative strides)."""
    return sum(st * (n - 1) for st, n in zip(a.strides, a.shape) if st < 0)
