#!/usr/bin/env bash
# The whole test suite, from a fresh clone: installs what is missing, builds every program
# from source (twice, to prove the build is reproducible), checks the generated IDLs and
# clients are current, type-checks and lints, runs the Rust unit tests and every TypeScript
# suite (program tests run against the real .so files in LiteSVM), and ends with one line
# `N passed, N failed` counting all of them. A failing set-up, build or check step exits
# non-zero before any test runs.
set -uo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh || exit 1
export RUSTC=/usr/bin/rustc

step() { printf '\n== %s\n' "$*"; }

results=$(mktemp -d)
# Background steps (below) are waited for, never killed: a killed template build would leave
# its validator running.
trap 'wait; rm -rf "$results"' EXIT

# A step run in the background, its output kept in a file and printed whole when it is
# waited for, so two steps' lines never interleave; its exit status is the wait's.
declare -A bg_pids bg_titles
bg_start() {
  local key=$1
  bg_titles[$key]=$2
  shift 2
  "$@" >"$results/$key.log" 2>&1 &
  bg_pids[$key]=$!
}
bg_wait() {
  local key=$1 status=0
  wait "${bg_pids[$key]}" || status=$?
  step "${bg_titles[$key]} (ran alongside the steps above)"
  cat "$results/$key.log"
  return "$status"
}

step "build programs"
bash scripts/build-programs.sh || exit 1
# Test-only programs: built by name, never part of the product build above.
bash scripts/build-programs.sh test-swap test-transfer-hook || exit 1
# The same sources with the local world's program ids (the world's end-to-end suites deploy them).
bash scripts/build-programs.sh --localnet || exit 1
bash scripts/build-programs.sh --localnet test-swap test-transfer-hook || exit 1

step "a second build is byte-identical"
bash scripts/check-reproducible.sh || exit 1

# tsc is single-threaded and the template's bootstrap mostly waits on its validator: both
# overlap the cargo steps below (all three are the pre-test minutes of a fresh clone).
bg_start typecheck "typecheck (strict)" node scripts/typecheck.mjs
bg_start template "the local world's template (built once per build; the end-to-end suites copy it)" \
  npx tsx apps/world/src/prepare-template.ts

step "generated IDLs and clients are up to date"
node scripts/codegen.mjs --check || exit 1

step "lint: biome, import circles, rustfmt, clippy"
npx biome check . || exit 1
node scripts/check-cycles.mjs || exit 1
cargo fmt --all -- --check || exit 1
bash scripts/clippy.sh || exit 1

step "rust unit tests"
cargo test --workspace --quiet --locked 2>&1 | tee "$results/cargo.txt"
cargo_status=${PIPESTATUS[0]}
# The validator's own crate lives outside the workspace (its own toolchain); its tests reuse
# the release dependencies that setup built into the per-machine cache, so they take seconds.
localnet_target="${BASKET_CACHE_DIR:-$HOME/.cache/basket-vault}/localnet-target"
(cd tools/localnet && env -u RUSTC CARGO_TARGET_DIR="$localnet_target" cargo test --release --quiet --locked) 2>&1 | tee -a "$results/cargo.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || cargo_status=1
rust_passed=$(grep -oE 'test result: [a-z]+\. [0-9]+ passed' "$results/cargo.txt" | awk '{s+=$4} END {print s+0}')
rust_failed=$(grep -oE '[0-9]+ failed' "$results/cargo.txt" | awk '{s+=$1} END {print s+0}')
if [ "$cargo_status" -ne 0 ] && [ "$rust_failed" -eq 0 ]; then rust_failed=1; fi

bg_wait typecheck || exit 1
bg_wait template || exit 1

step "typescript tests"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"
vitest_status=$?
read -r ts_passed ts_failed < <(node -e '
  const fs = require("fs");
  const f = process.argv[1];
  if (!fs.existsSync(f)) { console.log("0 1"); process.exit(0); }
  const r = JSON.parse(fs.readFileSync(f, "utf8"));
  const failedSuites = r.testResults.filter((s) => s.status === "failed" && s.assertionResults.length === 0).length;
  console.log(r.numPassedTests, r.numFailedTests + failedSuites);
' "$results/vitest.json")
if [ "$vitest_status" -ne 0 ] && [ "$ts_failed" -eq 0 ]; then ts_failed=1; fi

passed=$((rust_passed + ts_passed))
failed=$((rust_failed + ts_failed))
printf '\nrust: %s passed, %s failed; typescript: %s passed, %s failed\n' "$rust_passed" "$rust_failed" "$ts_passed" "$ts_failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
