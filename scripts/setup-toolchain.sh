#!/usr/bin/env bash
# Installs what building the on-chain programs needs, on a fresh Debian 12 machine:
# Debian's rustc-web (a rustc with a prebuilt `core` for bpfel-unknown-none), LLVM 22, and
# sbpf-linker from crates.io at a pinned version, built against that LLVM.
# Idempotent: when everything is already in place it prints one line and exits.
set -euo pipefail

SBPF_LINKER_VERSION="0.2.6"
APT_PACKAGES=(rustc-web cargo-web libstd-rust-web-dev-bpf llvm-22 llvm-22-dev gcc)
LINKER_ROOT="${CARGO_HOME:-$HOME/.cargo}"

need_apt=()
for pkg in "${APT_PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || need_apt+=("$pkg")
done

if ((${#need_apt[@]})); then
  echo "setup-toolchain: installing Debian packages: ${need_apt[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ ! -d /usr/lib/rustlib/bpfel-unknown-none ]; then
  echo "setup-toolchain: /usr/bin/rustc has no bpfel-unknown-none core; is libstd-rust-web-dev-bpf installed?" >&2
  exit 1
fi

if ! command -v cargo >/dev/null; then
  echo "setup-toolchain: cargo not found; install Rust (rustup) first" >&2
  exit 1
fi

installed_linker=""
if [ -x "$LINKER_ROOT/bin/sbpf-linker" ]; then
  installed_linker=$("$LINKER_ROOT/bin/sbpf-linker" --version 2>/dev/null | awk 'NR==1{print $2}')
fi
if [ "$installed_linker" != "$SBPF_LINKER_VERSION" ]; then
  echo "setup-toolchain: building sbpf-linker $SBPF_LINKER_VERSION against LLVM 22 (a few minutes, once)"
  LLVM_PREFIX=/usr/lib/llvm-22 cargo install --quiet --locked --force \
    --version "$SBPF_LINKER_VERSION" --no-default-features --features bpf-linker/llvm-22 \
    --root "$LINKER_ROOT" sbpf-linker
fi

# Capture first: `grep -q` closing the pipe early would make `ldd` fail under pipefail.
linked=$(ldd "$LINKER_ROOT/bin/sbpf-linker")
if [[ "$linked" != *libLLVM.so.22* ]]; then
  echo "setup-toolchain: sbpf-linker is not linked against LLVM 22" >&2
  exit 1
fi

echo "setup-toolchain: ok (rustc $(/usr/bin/rustc --version | awk 'NR==1{print $2}'), sbpf-linker $SBPF_LINKER_VERSION, LLVM 22)"
