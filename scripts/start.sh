#!/usr/bin/env bash
# `npm start`: sets up a fresh machine if needed, builds the programs and runs the scenario.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-programs.sh >/dev/null
npx tsx apps/scenario/src/main.ts "$@"
