#!/usr/bin/env bash
# `npm run trading-day`: the keeper through a simulated trading day on a local world
# (`npm run trading-day -- --help` for what it does and prints).
set -euo pipefail
cd "$(dirname "$0")/.."
case " $* " in
  *" --help "* | *" -h "*) exec npx tsx apps/keeper/src/demo/trading-day-cli.ts --help ;;
esac
bash scripts/setup.sh
bash scripts/build-programs.sh --localnet >/dev/null
bash scripts/build-programs.sh --localnet test-swap test-transfer-hook >/dev/null
exec npx tsx apps/keeper/src/demo/trading-day-cli.ts "$@"
