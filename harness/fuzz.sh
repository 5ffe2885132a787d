#!/usr/bin/env bash
# Fuzzing with libFuzzer (clang, ASan + UBSan): builds the fuzz preset, makes the seed corpora
# from the official vectors (tests/fuzz/seed_corpus.py; ../shared/kat, read in place), and runs
# each target for the time given. A finding stops its target; libFuzzer writes the input to
# build/fuzz/findings/<target>/, and a fixed finding is committed to tests/fuzz/regressions/<target>/
# so that ctest replays it on every build.
#   bash harness/fuzz.sh [--seconds N] [target ...]   default: 600 s each, every target
#   bash harness/fuzz.sh --smoke                      CI: 10 s each from an empty corpus (the
#                                                     seeds hold LESS signatures that take seconds
#                                                     each under the sanitizers; ctest replays them)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
seconds=600 smoke=0
targets=()
while (($#)); do
  case $1 in
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --smoke) seconds=10 smoke=1; shift ;;
    fuzz_*) targets+=("$1"); shift ;;
    *) echo "fuzz: unknown argument '$1' (--seconds N, --smoke, fuzz_<target>)" >&2; exit 2 ;;
  esac
done
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: --seconds takes a positive integer" >&2; exit 2; }
command -v clang++ >/dev/null || { echo "fuzz: clang++ is missing (bash harness/setup.sh)" >&2; exit 2; }
((${#targets[@]})) || targets=(fuzz_mldsa_verify fuzz_less_verify fuzz_mldsa_load_key fuzz_less_load_key
                                fuzz_mldsa_sign fuzz_less_sign fuzz_parsers)

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "${SIGSPACE_JOBS:-$(nproc)}" >build/fuzz.build.log 2>&1 ||
  { tail -n 40 build/fuzz.build.log; echo "fuzz: build failed" >&2; exit 1; }
kat=${SIGSPACE_KAT_DIR:-$root/../shared/kat}
/usr/bin/python3 tests/fuzz/seed_corpus.py "$kat" build/fuzz/seeds

failed=()
for t in "${targets[@]}"; do
  bin=build/fuzz/tests/fuzz/$t
  [[ -x $bin ]] || { echo "fuzz: no target $t" >&2; exit 2; }
  corpus=build/fuzz/corpus/$t findings=build/fuzz/findings/$t
  inputs=()
  [[ -d build/fuzz/seeds/$t ]] && inputs=("build/fuzz/seeds/$t")
  if ((smoke)); then corpus=$(mktemp -d) inputs=(); fi
  mkdir -p "$corpus" "$findings"
  [[ -d tests/fuzz/regressions/$t ]] && inputs+=("tests/fuzz/regressions/$t")
  echo "=== $t: $seconds s ==="
  # The corpus grows in build/fuzz/corpus (kept between runs); seeds and regressions are read.
  if ! "$bin" -max_total_time="$seconds" -timeout=300 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$findings/" "$corpus" "${inputs[@]}" \
      >"build/fuzz/$t.log" 2>&1; then
    failed+=("$t")
    grep -E "ERROR|disagrees|SUMMARY|Test unit written" "build/fuzz/$t.log" | head -n 8
  fi
  # Executions, coverage (edges, features), corpus size: libFuzzer's final stats and last line.
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb" "build/fuzz/$t.log" || true
  grep -E "#[0-9]+.*(DONE|pulse|NEW|REDUCE).*cov:" "build/fuzz/$t.log" | tail -n 1 || true
done
if ((${#failed[@]})); then
  echo "fuzz: findings in ${failed[*]} (inputs under build/fuzz/findings/)" >&2
  exit 1
fi
echo "fuzz: no finding in ${targets[*]} ($seconds s each)"
