#!/usr/bin/env bash
# `npm run soak`: --help answers at once; otherwise the local validator and the world's
# programs are made ready first (as npm start does), then the soak runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
for a in "$@"; do
  if [ "$a" = "--help" ] || [ "$a" = "-h" ]; then exec node --import tsx apps/soak/src/main.ts --help; fi
done
bash scripts/setup.sh
bash scripts/build-programs.sh --localnet >/dev/null
bash scripts/build-programs.sh --localnet test-swap test-transfer-hook >/dev/null
exec node --import tsx apps/soak/src/main.ts "$@"
