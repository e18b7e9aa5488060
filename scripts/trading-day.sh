#!/usr/bin/env bash
# `npm run trading-day`: the keeper through a simulated trading day on a local world started
# for the run, or attached to a running `npm start -- --chain-clock` world with `--rpc URL`
# (`npm run trading-day -- --help` for what it does and prints).
set -euo pipefail
cd "$(dirname "$0")/.."
case " $* " in
  *" --help "* | *" -h "*) exec npx tsx apps/keeper/src/demo/trading-day-cli.ts --help ;;
esac
bash scripts/setup.sh
case " $* " in
  # Attached to a running world (--rpc): its programs are deployed already.
  *" --rpc "*) exec npx tsx apps/keeper/src/demo/trading-day-cli.ts "$@" ;;
esac
bash scripts/build-programs.sh --localnet >/dev/null
bash scripts/build-programs.sh --localnet test-swap test-transfer-hook >/dev/null
exec npx tsx apps/keeper/src/demo/trading-day-cli.ts "$@"
