#!/usr/bin/env bash
# Installs the operating-system programs the kit needs, only when they are missing.
#
#   scripts/system_deps.sh lab    # graphviz's `dot` (the widgets render with it) and a CJK
#                                 # font, Noto Sans CJK SC (fonts-noto-cjk): Chinese labels
#                                 # and variable names in the pictures, measured by `dot`
#   scripts/system_deps.sh test   # the same, plus /usr/bin/chromium for browser tests and
#                                 # npm (a test rebuilds the committed WebAssembly Graphviz)
#
# As root on Debian/Ubuntu it runs `apt-get update` and `apt-get install` for what is
# missing; anywhere else it prints one line saying what to install, and carries on
# (the tests that need the missing program then skip, or fail under CI=true).
set -euo pipefail

target="${1:-lab}"
need=()
command -v dot >/dev/null 2>&1 || need+=(graphviz)
# The widgets name Noto Sans CJK SC for Chinese text; without it `dot` measures Chinese with
# another font (the Chinese edition's stored pictures then differ) or draws empty boxes.
fonts="$(fc-list : family 2>/dev/null || true)"     # (not piped into grep -q: with pipefail,
[[ "$fonts" == *"Noto Sans CJK"* ]] || need+=(fonts-noto-cjk)   # its early exit fails the pipe)
if [[ "$target" == test && ! -x /usr/bin/chromium ]]; then
    need+=(chromium)
fi
if [[ "$target" == test ]] && ! command -v npm >/dev/null 2>&1; then
    need+=(npm)
fi
[[ ${#need[@]} -eq 0 ]] && exit 0

if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1 && [[ -r /etc/debian_version ]]; then
    echo "minitensor: installing Debian packages: ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${need[@]}"
    exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
    how="sudo apt-get update && sudo apt-get install -y ${need[*]}"
else
    how="your system's package manager (Debian package names: ${need[*]})"
fi
echo "minitensor: missing system package(s) ${need[*]}: install with: $how" >&2
