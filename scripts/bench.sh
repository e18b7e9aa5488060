#!/usr/bin/env bash
# Builds the programs and runs every benchmark under bench/ (see bench/run.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-programs.sh
# The test-only hook program the hook-set rows load (never part of the product build).
# Test-only programs the benches load: the swap venue (aggregator-style routes) and the hook.
bash scripts/build-programs.sh test-swap test-transfer-hook >/dev/null
npx tsx bench/run.ts "$@"
