#!/usr/bin/env bash
# `npm run bench:landing`: --help answers at once; otherwise the local validator and the
# world's programs are made ready first (as bench:world does), then the bench runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
for a in "$@"; do
  if [ "$a" = "--help" ] || [ "$a" = "-h" ]; then exec npx tsx bench/landing/landing.bench.ts --help; fi
done
bash scripts/setup.sh
bash scripts/build-programs.sh --localnet >/dev/null
bash scripts/build-programs.sh --localnet test-swap test-transfer-hook >/dev/null
exec npx tsx bench/landing/landing.bench.ts "$@"
