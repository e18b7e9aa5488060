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

pkg_args=()
for p in "${PROGRAMS[@]}"; do
  [ -d "programs/$p" ] && pkg_args+=(-p "$p")
done
if ((${#pkg_args[@]} == 0)); then
  echo "build-programs: no program folders found for: ${PROGRAMS[*]}" >&2
  exit 1
fi

cargo build --quiet --release --target bpfel-unknown-none --locked "${pkg_args[@]}"

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
