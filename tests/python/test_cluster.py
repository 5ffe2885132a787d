"""The two cluster recipes of the README (issue 19) with local stand-ins: a Slurm job array
(harness/cluster/slurm-shard.sh run once per array task with the variables Slurm sets) and GNU
parallel over ssh hosts (harness/cluster/parallel-shards.sh with an ssh that runs the command
here and logs the host it was given). Both must merge into one complete run holding the same
deterministic figures."""
import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIGSPACE = ROOT / ".venv" / "bin" / "sigspace"
CONFIG = """\
[campaign]
variants = ["ML-DSA-44/reference", "ML-DSA-44/memory-floor"]
platforms = ["host"]

[metrics.stack]
messages = 1
"""
FAKE_SSH = """\
#!/bin/bash
# ssh stand-in: skip ssh's options, log the host, run the remote command on this machine.
while [[ $1 == -* ]]; do case $1 in -o|-l|-p|-i|-F) shift 2;; *) shift;; esac; done
echo "$1" >> "{log}"
shift; [[ $1 == -- ]] && shift
exec bash -c "$*"
"""


def figures(run: Path) -> list:
    records = [json.loads(line) for line in (run / "records.jsonl").read_text().splitlines()]
    return sorted((r["variant"], r["op"], r["metric"], r["value"]) for r in records)


def complete(run: Path) -> bool:
    return json.loads((run / "manifest.json").read_text())["complete"] is True


@pytest.fixture
def config(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(CONFIG)
    return path


def slurm_task(config, out, k, n, **extra):
    env = {**os.environ, "SLURM_ARRAY_TASK_ID": str(k), "SLURM_ARRAY_TASK_COUNT": str(n),
           "SLURM_ARRAY_TASK_MIN": "1", "SLURM_SUBMIT_DIR": str(ROOT), **extra}
    return subprocess.run(["bash", "harness/cluster/slurm-shard.sh", str(config), str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True)


def test_slurm_array_and_gnu_parallel_give_the_same_merged_run(config, tmp_path):
    slurm = tmp_path / "slurm"
    for k in (1, 2):
        proc = slurm_task(config, slurm, k, 2)
        assert proc.returncode == 0, proc.stderr
    merged = subprocess.run([str(SIGSPACE), "merge", str(slurm / "shard-1of2"),
                             str(slurm / "shard-2of2"), "--out", str(slurm / "merged")],
                            capture_output=True, text=True)
    assert merged.returncode == 0, merged.stderr

    log = tmp_path / "hosts.log"
    ssh = tmp_path / "fake-ssh"
    ssh.write_text(FAKE_SSH.replace("{log}", str(log)))
    ssh.chmod(0o755)
    hosts = tmp_path / "hosts"
    hosts.write_text("nodeA\nnodeB\n")
    par = tmp_path / "parallel"
    proc = subprocess.run(["bash", "harness/cluster/parallel-shards.sh", str(config), str(par),
                           "2", str(hosts), "1"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "SIGSPACE_SSH": str(ssh)})
    assert proc.returncode == 0, proc.stderr
    assert set(log.read_text().split()) <= {"nodeA", "nodeB"} and log.read_text()

    for run in (slurm / "merged", par / "merged"):
        assert complete(run)
    assert figures(slurm / "merged") == figures(par / "merged")
    assert {f[0] for f in figures(par / "merged")} == {"ML-DSA-44/reference",
                                                      "ML-DSA-44/memory-floor"}


def test_slurm_script_refuses_outside_an_array(config, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLURM_")}
    proc = subprocess.run(["bash", "harness/cluster/slurm-shard.sh", str(config),
                           str(tmp_path / "o")], cwd=ROOT, env=env, capture_output=True,
                          text=True)
    assert proc.returncode == 2 and "not an array task" in proc.stderr
    proc = slurm_task(config, tmp_path / "o", 0, 2, SLURM_ARRAY_TASK_MIN="0")
    assert proc.returncode == 2 and "number the array 1-N" in proc.stderr
    assert not (tmp_path / "o").exists()


def test_parallel_script_refuses_bad_arguments(config, tmp_path):
    for args, says in (([str(config), str(tmp_path / "o"), "0", "/dev/null"], "not a positive"),
                       ([str(config), str(tmp_path / "o"), "2", str(tmp_path / "none")],
                        "cannot read host file")):
        proc = subprocess.run(["bash", "harness/cluster/parallel-shards.sh", *args], cwd=ROOT,
                              capture_output=True, text=True)
        assert proc.returncode == 2 and says in proc.stderr
    assert not (tmp_path / "o").exists()
