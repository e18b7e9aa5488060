#!/usr/bin/env bash
# Builds the local world's validator (tools/localnet: surfpool-core from crates.io) once per
# machine and keeps it in a cache outside the checkout, keyed by a hash of its sources and
# lockfile, so a clean clone (CI) reuses it. The first build takes ~12-20 minutes on a 2-core
# machine; later runs print the cached path at once.
#
# Usage: scripts/setup-localnet.sh [--print-path]
#   --print-path   print only the binary's path on stdout (build messages go to stderr)
# Switch: BASKET_LOCALNET_BIN=/path/to/binary skips the build and uses that binary.
set -euo pipefail
cd "$(dirname "$0")/.."

print_only=0
case "${1:-}" in
  --print-path) print_only=1 ;;
  -h | --help)
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  "") ;;
  *)
    echo "setup-localnet: unknown option $1 (try --help)" >&2
    exit 2
    ;;
esac
say() { echo "setup-localnet: $*" >&2; }

if [ -n "${BASKET_LOCALNET_BIN:-}" ]; then
  [ -x "$BASKET_LOCALNET_BIN" ] || { say "BASKET_LOCALNET_BIN=$BASKET_LOCALNET_BIN is not executable"; exit 1; }
  echo "$BASKET_LOCALNET_BIN"
  exit 0
fi

# The programs' builds export RUSTC=/usr/bin/rustc (Debian's 1.96); this crate needs its own.
unset RUSTC

src=tools/localnet
cache="${BASKET_CACHE_DIR:-$HOME/.cache/basket-vault}"
key=$(cat "$src/Cargo.lock" "$src/Cargo.toml" "$src/rust-toolchain.toml" "$src"/src/*.rs | sha256sum | cut -c1-16)
bin="$cache/localnet/$key/basket-localnet"

if [ ! -x "$bin" ]; then
  toolchain=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' "$src/rust-toolchain.toml")
  if ! command -v rustup >/dev/null; then
    say "rustup not found; install Rust with rustup first"
    exit 1
  fi
  say "building the validator (surfpool-core, Rust $toolchain); the first build takes ~12-20 minutes on 2 cores"
  rustup toolchain install "$toolchain" --profile minimal >&2
  # A per-machine target directory outside the checkout: rebuilding after a source change
  # recompiles only this crate, not surfpool's ~700 dependencies.
  (cd "$src" && CARGO_TARGET_DIR="$cache/localnet-target" cargo "+$toolchain" build --release --locked >&2)
  mkdir -p "$(dirname "$bin")"
  cp "$cache/localnet-target/release/basket-localnet" "$bin.tmp"
  mv "$bin.tmp" "$bin"
  say "built $bin ($(du -h "$bin" | cut -f1))"
fi

if [ "$print_only" = 1 ]; then
  echo "$bin"
else
  say "ok ($bin)"
fi
