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
# ccache within this tree (build/ccache, so a fresh clone starts empty): the package build
# (build/py) and the host build compile the product sources with the same flags, and the second
# then takes them from the first. CMake reads the launchers when it creates a build tree. No
# CCACHE_BASEDIR: it would make the debug information's source paths relative, and the division
# scan (tests/ct/div_scan.py) places each division by its absolute source path.
export CCACHE_DIR="$root/build/ccache"
export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
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
# vectors of the ablations, and mldsa.points' 100 cases per variant, whose code the gates and
# mldsa.kat run here too), the stack-residue gate (a property of the Release code's frames,
# which ASan's instrumentation changes) and the npm cross-check (not built: host-asan preset).
# LESS runs category 1 only: points replay KAT entries 0,1 and ablations entry 0 (printed by
# the test; tests/less/less_test_support.hpp), the gates and tamper tests run the points (the
# Release run has the ablations), with kat-gen, the malformed-input and kernel unit tests;
# categories 3 and 5 (LESS_3*, LESS_5*) are left to the Release run, and so are the contrasts
# (*_constant_time: the points with the reference's data-dependent kernels, measured only).
stage "host ASan+UBSan ctest" host-asan \
  -E "LESS_3|LESS_5|_ablations|_constant_time|stack_residue|mldsa.points$"

echo "=== fuzz smoke (libFuzzer, clang ASan+UBSan: every target 10 s) ==="
bash harness/fuzz.sh --smoke || failed+=("fuzz smoke")

echo "=== pytest ==="
# pytest-xdist: one worker per core, each test file on one worker (its module fixtures are built
# once); board builds take a file lock (sigspace.platforms.board_run), so workers share them.
.venv/bin/python -m pytest -q -n "$jobs" --dist loadfile tests/python || failed+=("pytest")

if ((${#failed[@]})); then
  echo "test: FAILED stages: ${failed[*]}" >&2
  exit 1
fi
echo "test: all stages passed"
