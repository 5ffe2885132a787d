#!/usr/bin/env bash
# The test command (README): sets up what is missing, then builds and runs every test:
# ctest on the host (Release), on Cortex-M4 and Cortex-M33 under QEMU, on the host sanitizer
# build (ASan + UBSan; the long vector replays are left to the Release run), a libFuzzer smoke
# run of every fuzz target (harness/fuzz.sh), and pytest.
# The constant-time gate (tests/ct: memcheck on every point at ML-DSA-44 and LESS-1s, the
# division scan of the host libraries and of every board image) runs in the host and board
# stages; its full sweep over every set is tests/ct/README.md's command.
# Every stage runs even when an earlier one fails; the exit code is nonzero if any failed.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash harness/setup.sh || { echo "test: setup failed" >&2; exit 1; }

jobs=${SIGSPACE_JOBS:-$(nproc)}
failed=()

stage() {  # stage NAME PRESET [ctest args...]
  local name=$1 preset=$2; shift 2
  echo "=== $name ==="
  if ! cmake --preset "$preset" >/dev/null; then failed+=("$name (configure)"); return; fi
  if ! cmake --build --preset "$preset" -j "$jobs" >"build/$preset.build.log" 2>&1; then
    tail -n 40 "build/$preset.build.log"; failed+=("$name (build)"); return
  fi
  ctest --preset "$preset" -j "$jobs" "$@" || failed+=("$name")
}

stage "host ctest" host
stage "Cortex-M4 ctest (QEMU mps2-an386)" m4
stage "Cortex-M33 ctest (QEMU mps2-an505)" m33
# Under the sanitizers: everything but the long vector replays (the Release run has them: ML-DSA
# vectors of the ablations) and the npm cross-check. LESS runs category 1 only: its KAT replay
# is a subset there (entries 0,1 of each file, printed by the test; tests/less/
# less_test_support.hpp), with kat-gen, the malformed-input tests and the kernel unit tests;
# categories 3 and 5 (LESS_3*, LESS_5*) are replayed by the Release run only: in full for the
# points, entries 0,1 for their ablations (each is its point with one technique off).
stage "host ASan+UBSan ctest" host-asan -E "noble|LESS_3|LESS_5|kat_ablations"

echo "=== fuzz smoke (libFuzzer, clang ASan+UBSan: every target 10 s) ==="
bash harness/fuzz.sh --smoke || failed+=("fuzz smoke")

echo "=== pytest ==="
.venv/bin/python -m pytest -q tests/python || failed+=("pytest")

if ((${#failed[@]})); then
  echo "test: FAILED stages: ${failed[*]}" >&2
  exit 1
fi
echo "test: all stages passed"
