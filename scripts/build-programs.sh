#!/usr/bin/env bash
# Builds every on-chain program from source to target/deploy/<name>.so (SBPF v0) and prints
# each file's size and sha256. Usage: scripts/build-programs.sh [--localnet] [program ...]
#   --localnet  build with the local world's program ids (feature `localnet-ids`, whose
#               keypairs are public: programs/<name>/program-id.local.json) into
#               target/deploy/localnet/ (own target directory, so neither build evicts the other)
set -euo pipefail
cd "$(dirname "$0")/.."

FEATURES=()
TARGET_DIR=target
DEPLOY_DIR=target/deploy
if [ "${1:-}" = "--localnet" ]; then
  shift
  FEATURES=(--features localnet-ids)
  TARGET_DIR=target/localnet
  DEPLOY_DIR=target/deploy/localnet
fi

PROGRAMS=("$@")
if ((${#PROGRAMS[@]} == 0)); then
  PROGRAMS=(oracle vault rewards upgrade-gate)
fi

bash scripts/setup-toolchain.sh >/dev/null

# Debian's rustc carries the prebuilt `core` for bpfel-unknown-none; rustup's does not.
export RUSTC=/usr/bin/rustc

# One cargo invocation per program: built together, Cargo would unify features and the
# vault's `oracle/no-entrypoint` dependency would strip the oracle's own entrypoint.
for p in "${PROGRAMS[@]}"; do
  if [ ! -d "programs/$p" ]; then
    echo "build-programs: no such program: programs/$p" >&2
    exit 1
  fi
  features=()
  # Programs without local ids (test-only ones, whose keypairs are public anyway) build as is.
  if ((${#FEATURES[@]})) && grep -q '^localnet-ids' "programs/$p/Cargo.toml"; then features=("${FEATURES[@]}"); fi
  cargo rustc --quiet --release --target bpfel-unknown-none --locked --target-dir "$TARGET_DIR" -p "$p" ${features[@]+"${features[@]}"} --crate-type cdylib 2> >(grep -v -e 'unstable feature specified' -e 'not stably supported' -e '^ *|$' -e '^ *= note' >&2)
done

mkdir -p "$DEPLOY_DIR"
printf '%-10s %10s  %s\n' program bytes sha256
for p in "${PROGRAMS[@]}"; do
  [ -d "programs/$p" ] || continue
  # Cargo names the library after the crate with dashes as underscores (test-swap: libtest_swap.so).
  src="$TARGET_DIR/bpfel-unknown-none/release/deps/lib${p//-/_}.so"
  cp "$src" "$DEPLOY_DIR/${p}.so"
  size=$(stat -c %s "$DEPLOY_DIR/${p}.so")
  sum=$(sha256sum "$DEPLOY_DIR/${p}.so" | awk '{print $1}')
  printf '%-10s %10s  %s\n' "$p" "$size" "$sum"
done
