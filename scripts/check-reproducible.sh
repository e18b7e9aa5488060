#!/usr/bin/env bash
# Builds every program a second time in a separate target directory and fails unless each
# .so is byte-identical to target/deploy/<name>.so (run after scripts/build-programs.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTC=/usr/bin/rustc
status=0
for p in oracle vault rewards upgrade-gate; do
  CARGO_TARGET_DIR=target/repro cargo rustc --quiet --release --target bpfel-unknown-none --locked \
    -p "$p" --crate-type cdylib 2> >(grep -v -e 'unstable feature specified' -e 'not stably supported' -e '^ *|$' -e '^ *= note' >&2)
  a=$(sha256sum "target/deploy/$p.so" | awk '{print $1}')
  b=$(sha256sum "target/repro/bpfel-unknown-none/release/deps/lib${p//-/_}.so" | awk '{print $1}')
  if [ "$a" = "$b" ]; then
    echo "reproducible: $p $a"
  else
    echo "NOT reproducible: $p $a != $b" >&2
    status=1
  fi
done
exit $status
