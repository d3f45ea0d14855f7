#!/usr/bin/env bash
# Installs the operating-system programs the kit needs, only when they are missing.
#
#   scripts/system_deps.sh lab    # graphviz's `dot` (the widgets render with it) and a CJK
#                                 # font, Noto Sans CJK SC (fonts-noto-cjk): Chinese labels
#                                 # and variable names in the pictures, measured by `dot`
#   scripts/system_deps.sh test   # the same, plus /usr/bin/chromium for browser tests and
#                                 # npm (a test rebuilds the committed WebAssembly Graphviz),
#                                 # plus what `classroom` needs (its hub is tested)
#   scripts/system_deps.sh classroom  # graphviz, plus what `make classroom`'s JupyterHub needs:
#                                 # sudo (the hub starts students' servers through it), a
#                                 # system python3 with venv (an environment every account
#                                 # can read), and npm's configurable-http-proxy (the hub's proxy)
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
if [[ "$target" == test || "$target" == classroom ]]; then
    command -v npm >/dev/null 2>&1 || need+=(npm)
    command -v sudo >/dev/null 2>&1 || need+=(sudo)
    /usr/bin/python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
fi

# JupyterHub's proxy, from npm, at the version the classroom was tested with. Installed
# globally (into npm's prefix, /usr/local by default), where the hub's own unprivileged
# account can run it.
CHP_VERSION=5.3.0
install_chp() {
    if [[ "$target" == test || "$target" == classroom ]] \
            && ! command -v configurable-http-proxy >/dev/null 2>&1; then
        if [[ "$(id -u)" -eq 0 ]] && command -v npm >/dev/null 2>&1; then
            echo "minitensor: installing configurable-http-proxy@$CHP_VERSION with npm"
            npm install --global --no-fund --no-audit --loglevel=error \
                "configurable-http-proxy@$CHP_VERSION"
        else
            echo "minitensor: missing configurable-http-proxy (JupyterHub's proxy): install" \
                 "with: sudo npm install -g configurable-http-proxy@$CHP_VERSION" >&2
        fi
    fi
}

if [[ ${#need[@]} -eq 0 ]]; then
    install_chp
    exit 0
fi

if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1 && [[ -r /etc/debian_version ]]; then
    echo "minitensor: installing Debian packages: ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${need[@]}"
    install_chp
    exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
    how="sudo apt-get update && sudo apt-get install -y ${need[*]}"
else
    how="your system's package manager (Debian package names: ${need[*]})"
fi
echo "minitensor: missing system package(s) ${need[*]}: install with: $how" >&2
