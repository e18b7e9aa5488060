#!/usr/bin/env bash
# Builds every on-chain program from source to target/deploy/<name>.so (SBPF v0) and prints
# each file's size and sha256. Usage: scripts/build-programs.sh [program ...]
set -euo pipefail
cd "$(dirname "$0")/.."

PROGRAMS=("$@")
if ((${#PROGRAMS[@]} == 0)); then
  PROGRAMS=(oracle vault rewards)
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
  cargo rustc --quiet --release --target bpfel-unknown-none --locked -p "$p" --crate-type cdylib 2> >(grep -v -e 'unstable feature specified' -e 'not stably supported' -e '^ *|$' -e '^ *= note' >&2)
done

mkdir -p target/deploy
printf '%-10s %10s  %s\n' program bytes sha256
for p in "${PROGRAMS[@]}"; do
  [ -d "programs/$p" ] || continue
  src="target/bpfel-unknown-none/release/deps/lib${p}.so"
  cp "$src" "target/deploy/${p}.so"
  size=$(stat -c %s "target/deploy/${p}.so")
  sum=$(sha256sum "target/deploy/${p}.so" | awk '{print $1}')
  printf '%-10s %10s  %s\n' "$p" "$size" "$sum"
done
