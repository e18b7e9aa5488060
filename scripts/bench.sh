#!/usr/bin/env bash
# Builds the programs and runs every benchmark under bench/ (see bench/run.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-programs.sh
npx tsx bench/run.ts "$@"
