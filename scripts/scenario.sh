#!/usr/bin/env bash
# `npm run scenario`: the narrated end-to-end scenario on LiteSVM, in-process
# (`npm run scenario -- --help` lists its steps).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-programs.sh >/dev/null
exec npx tsx apps/scenario/src/main.ts "$@"
