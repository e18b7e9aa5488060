#!/usr/bin/env bash
# Everything a fresh machine needs before building or testing: the program toolchain
# (apt + sbpf-linker), Chromium, the local validator and the npm workspace. Idempotent and quiet when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-toolchain.sh

# Debian's Chromium drives the dapp's browser tests (playwright-core never downloads a browser).
if ! command -v chromium >/dev/null; then
  echo "setup: installing Debian's chromium for the browser tests"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# The local world's validator, built once per machine into a cache outside the checkout.
bash scripts/setup-localnet.sh

# Install from the lockfile only when node_modules is missing or older than it.
# `npm ci` refuses this lockfile because the registry serves only the linux-x64 builds of
# packages with per-platform optional binaries (biome, litesvm), so the lockfile cannot list
# the others; `npm install` then installs exactly the locked versions and leaves the
# lockfile unchanged (checked by the comparison below).
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm dependencies from package-lock.json"
  if ! npm ci --no-audit --no-fund --loglevel=error 2>/dev/null; then
    cp package-lock.json "${TMPDIR:-/tmp}/basket-lock.$$"
    npm install --no-audit --no-fund --loglevel=error
    if ! cmp -s package-lock.json "${TMPDIR:-/tmp}/basket-lock.$$"; then
      echo "setup: npm install changed package-lock.json; commit the updated lockfile" >&2
    fi
    rm -f "${TMPDIR:-/tmp}/basket-lock.$$"
  fi
fi
