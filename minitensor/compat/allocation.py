"""torch's errors when a tensor's memory cannot be had, instead of NumPy's MemoryError or
"array is too big": a size whose bytes do not fit an int64 (c10's computeStorageNbytes)
and an allocation the system refuses (DefaultCPUAllocator)."""
_MAX_BYTES = (1 << 63) - 1


def check_nbytes(size, itemsize):
    """The bytes a contiguous tensor of ``size`` takes, or torch's overflow error."""
    n = itemsize
    for s in size:
        n *= s
    if n > _MAX_BYTES:
        raise RuntimeError(f"Storage size calculation overflowed with sizes=[{', '.join(map(str, size))}]")
    return n


def allocate(make, size, np_dtype):
    """``make()`` (a NumPy array of ``size``), failing as torch's allocator does."""
    nbytes = check_nbytes(size, np_dtype.itemsize)
    try:
        return make()
    except MemoryError:
        raise RuntimeError(
            f"[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate "
            f"memory: you tried to allocate {nbytes} bytes. Error code 12 (Cannot allocate "
            f"memory)") from None
