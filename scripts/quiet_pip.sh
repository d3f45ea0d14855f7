#!/usr/bin/env bash
# Runs a (quiet) pip command, dropping only one kind of noise: this machine's pip
# configuration names local index folders, some of which do not exist, and pip warns
# once per package about each ("Location 'file:///...' is ignored: it is neither a file
# nor a directory"). Every other line, errors included, is printed; pip's exit code is kept.
set -uo pipefail
"$@" 2>&1 | grep -Ev "^WARNING: Location 'file://[^']*' is ignored: it is neither a file nor a directory\.$"
exit "${PIPESTATUS[0]}"
