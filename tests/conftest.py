"""Known mismatches with torch 2.13, listed in tests/known_mismatches.txt, run as strict
xfails: they still run, a fix makes them XPASS and fail until the line is removed, and
every other test must pass. The list is the honest to-do list of the engine's parity;
tests/differential/FAILURES.md says what each mismatch is."""
import pathlib

import pytest

_LIST = pathlib.Path(__file__).with_name("known_mismatches.txt")


def _known():
    if not _LIST.exists():
        return set()
    return {line.strip() for line in _LIST.read_text().splitlines()
            if line.strip() and not line.startswith("#")}


def pytest_collection_modifyitems(config, items):
    known = _known()
    for item in items:
        if item.nodeid in known:
            item.add_marker(pytest.mark.xfail(
                strict=True, reason="known mismatch with torch 2.13 (tests/known_mismatches.txt)"))


@pytest.fixture
def simulated_cuda():
    """minitensor's simulated cuda device, switched on for one test (off by default, as
    torch's CPU build has no cuda) and off again whatever the test did."""
    import minitensor
    minitensor.cuda.simulate(True)
    try:
        yield
    finally:
        minitensor.cuda.simulate(False)
        minitensor.set_default_device(None)
