"""The benchmark's claims that are not timings: a 1000-op graph is freed by reference
counting alone (no cycles), and the script runs. Speed itself is only ever printed by
bench/bench_engine.py, never asserted here."""
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
pytest.importorskip("torch")


@pytest.fixture
def bench_engine(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    import bench_engine
    return bench_engine


def test_a_chain_is_freed_without_the_garbage_collector(bench_engine):
    freed, before, peak, after = bench_engine.chain_memory()
    assert freed, "the chain's first grad node outlived `del y` with gc disabled: a cycle"
    assert after - before < (peak - before) / 2, (before, peak, after)


def test_the_benchmark_prints_its_table():
    r = subprocess.run([sys.executable, str(BENCH / "bench_engine.py"), "chain"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert "| 1000-op chain build+backward (gc off) |" in r.stdout, r.stdout
    assert "first node freed on `del y`: True" in r.stdout, r.stdout
