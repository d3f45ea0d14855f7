#!/usr/bin/env bash
# Rebuilds the browser's Graphviz (widgets/static/graphviz/viz.js) from the npm package
# pinned, with its checksum, in package-lock.json beside this file: `make graphviz-js`.
#
#   scripts/graphviz_js/build.sh [OUT_DIR]     # default: widgets/static/graphviz
#
# npm runs in a temporary folder (no node_modules/ in the repository) with install
# scripts off. The output is committed, so installing the kit needs neither npm nor the
# network; tests/browser/test_site_wasm_graphviz.py rebuilds it and compares the bytes.
# The file is @viz-js/viz's own ES module build, copied as is (the WebAssembly is inlined
# in it): no bundler step of ours. Its licences are in LICENSES.txt beside it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/widgets/static/graphviz}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$here/package.json" "$here/package-lock.json" "$work/"
(cd "$work" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null)
mkdir -p "$out"
cp "$work/node_modules/@viz-js/viz/dist/viz.js" "$out/viz.js"
echo "graphviz-js: $(head -c 200 "$out/viz.js" | sed -n 2p) -> $out/viz.js"
