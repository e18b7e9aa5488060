#!/usr/bin/env bash
# Everything a fresh machine needs before building or testing: the program toolchain
# (apt + sbpf-linker) and the npm workspace. Idempotent and quiet when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-toolchain.sh

# npm ci only when node_modules is missing or older than the lockfile.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm dependencies (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
fi
