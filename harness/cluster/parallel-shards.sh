#!/usr/bin/env bash
# A campaign spread over ssh hosts with GNU parallel (README, "Spreading a campaign over a
# cluster"): N shards, one at a time per host, then merged into one run.
#
#   bash harness/cluster/parallel-shards.sh CONFIG OUT N HOSTFILE [JOBS]
#
# HOSTFILE lists ssh logins, one per line (GNU parallel's --sshloginfile; ':' is this machine).
# Every host must see this repository at the same path (a shared filesystem) with its .venv set
# up. A shard that failed (a host went away) is retried on another host (--retries 3), and
# rerunning the command resumes every shard where it stopped. Set SIGSPACE_SSH to use another
# ssh command (the test uses a local stand-in).
set -euo pipefail
if (($# < 4 || $# > 5)); then
  echo "usage: $0 CONFIG OUT N HOSTFILE [JOBS per shard]" >&2
  exit 2
fi
config=$1 out=$2 n=$3 hosts=$4 jobs=${5:-2}
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "parallel-shards: N '$n' is not a positive integer" >&2; exit 2; }
[[ -r $hosts ]] || { echo "parallel-shards: cannot read host file '$hosts'" >&2; exit 2; }
command -v parallel >/dev/null || { echo "parallel-shards: GNU parallel is missing (bash harness/setup.sh installs it)" >&2; exit 2; }
mkdir -p "$out"
root=$(pwd)
# GNU parallel runs each job through $PARALLEL_SHELL, else $SHELL; with neither set (a bare CI
# environment) it runs nothing and still exits 0. Name the shell, and check the shards after.
export PARALLEL_SHELL=${PARALLEL_SHELL:-/bin/bash}
parallel --ssh "${SIGSPACE_SSH:-ssh}" --sshloginfile "$hosts" --jobs 1 --retries 3 \
  --halt now,fail=1 --tag --workdir "$root" \
  .venv/bin/sigspace run "$config" --shard {}/"$n" --jobs "$jobs" --out "$out/shard-{}of$n" \
  ::: $(seq 1 "$n")
shards=()
for k in $(seq 1 "$n"); do
  shard="$out/shard-${k}of$n"
  [[ -f $shard/manifest.json ]] || { echo "parallel-shards: shard $k/$n left no run at $shard" >&2; exit 1; }
  shards+=("$shard")
done
.venv/bin/sigspace merge "${shards[@]}" --out "$out/merged"
