#!/usr/bin/env bash
# `npm start`: sets up a fresh machine if needed, builds the programs (the canonical build and
# the local world's, with its own program ids), then brings the local world up
# (apps/world/src/main.ts; `npm start -- --help` lists its options).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-programs.sh >/dev/null
bash scripts/build-programs.sh --localnet >/dev/null
bash scripts/build-programs.sh --localnet test-swap test-transfer-hook >/dev/null
exec node --import tsx apps/world/src/main.ts "$@"
