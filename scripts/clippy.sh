#!/usr/bin/env bash
# Clippy for the Rust workspace with Debian's rustc has no clippy driver; rustup's clippy
# checks the host build in its own target directory so the two compilers never share
# artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
unset RUSTC
CARGO_TARGET_DIR=target/clippy cargo clippy --workspace --quiet -- -D warnings
