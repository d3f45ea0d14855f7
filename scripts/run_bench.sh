#!/usr/bin/env bash
# Runs every bench/*.py (files named _*.py are helpers, not benchmarks) with the given
# Python, one after another; runs them all even if one fails, then fails if any did.
set -uo pipefail
py="${1:-python3}"
shopt -s nullglob
scripts=()
for f in bench/*.py; do
    [[ "$(basename "$f")" == _* ]] || scripts+=("$f")
done
if [[ ${#scripts[@]} -eq 0 ]]; then
    echo "minitensor: no bench/*.py scripts yet"
    exit 0
fi
failed=()
for f in "${scripts[@]}"; do
    echo "== $f"
    "$py" "$f" || failed+=("$f")
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "minitensor: benchmark(s) failed: ${failed[*]}" >&2
    exit 1
fi
