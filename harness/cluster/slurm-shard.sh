#!/usr/bin/env bash
# One shard of a campaign per Slurm array task (README, "Spreading a campaign over a cluster").
# From the repository root, on a filesystem every node shares, after `bash harness/setup.sh`:
#
#   sbatch --array=1-8 harness/cluster/slurm-shard.sh configs/paper/less-m4.toml runs/less-m4
#   .venv/bin/sigspace merge runs/less-m4/shard-*of8 --out results/<name>   # when all have ended
#
# Task K of N runs `sigspace run CONFIG --shard K/N --out OUT/shard-KofN`. A task that was
# preempted or timed out continues where it stopped when resubmitted (`sbatch --array=K ...`):
# the run directory is resumable. Shards of one config and commit merge into one run.
#SBATCH --job-name=sigspace
#SBATCH --cpus-per-task=2
#SBATCH --time=24:00:00
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
if (($# != 2)); then
  echo "usage: sbatch --array=1-N $0 CONFIG OUT" >&2
  exit 2
fi
config=$1 out=$2
k=${SLURM_ARRAY_TASK_ID:-} n=${SLURM_ARRAY_TASK_COUNT:-}
if [[ -z $k || -z $n ]]; then
  echo "slurm-shard: not an array task (SLURM_ARRAY_TASK_ID/COUNT unset): submit with sbatch --array=1-N" >&2
  exit 2
fi
if ((k < 1 || k > n)) || [[ ${SLURM_ARRAY_TASK_MIN:-1} != 1 ]]; then
  echo "slurm-shard: task $k of $n: number the array 1-N (sbatch --array=1-$n)" >&2
  exit 2
fi
cd "${SLURM_SUBMIT_DIR:-.}"
mkdir -p "$out"
exec .venv/bin/sigspace run "$config" --shard "$k/$n" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --out "$out/shard-${k}of${n}"
