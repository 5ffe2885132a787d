"""Where a run comes from: the git commit (and whether the tree was dirty), the run id
(UTC timestamp + short commit), dates, the CPU and the machine's load."""
from __future__ import annotations

import datetime as dt
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository (editable install)


def _git(*args: str, root: Path) -> str | None:
    try:
        proc = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)
    except OSError:
        return None
    return proc.stdout if proc.returncode == 0 else None


def git_state(root: Path = ROOT) -> dict:
    commit = (_git("rev-parse", "HEAD", root=root) or "").strip() or "unknown"
    status = _git("status", "--porcelain", "--untracked-files=no", root=root)
    dirty_paths = [line[3:] for line in (status or "").splitlines()]
    return {"commit": commit, "dirty": bool(dirty_paths), "dirty_paths": dirty_paths}


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0)


def iso(t: dt.datetime) -> str:
    return t.isoformat().replace("+00:00", "Z")


def run_id(git: dict, when: dt.datetime) -> str:
    short = git["commit"][:10] if git["commit"] != "unknown" else "0000000"
    return f"{when:%Y%m%dT%H%M%SZ}-{short}" + ("-dirty" if git["dirty"] else "")


# /proc/cpuinfo fields that name the part, not only its vendor (a virtual machine may report
# a generic "model name" such as "AMD EPYC"; family/model/stepping then still identify it).
CPU_FIELDS = {"model name": "model", "vendor_id": "vendor", "cpu family": "family",
              "model": "model_number", "stepping": "stepping", "microcode": "microcode"}


def cpu_identity(cpuinfo: str | None = None) -> dict:
    """The first processor's identity from /proc/cpuinfo (values 'unknown' when absent)."""
    if cpuinfo is None:
        try:
            cpuinfo = Path("/proc/cpuinfo").read_text()
        except OSError:
            cpuinfo = ""
    found = {}
    for line in cpuinfo.split("\n\n")[0].splitlines():
        key, _, value = line.partition(":")
        if key.strip() in CPU_FIELDS:
            found[CPU_FIELDS[key.strip()]] = value.strip()
    return {name: found.get(name, "unknown") for name in CPU_FIELDS.values()}


def load_average() -> dict:
    """The 1/5/15-minute load averages and the logical CPUs they compare with."""
    one, five, fifteen = os.getloadavg()
    return {"1min": one, "5min": five, "15min": fifteen, "logical_cpus": os.cpu_count(),
            "at": iso(now())}
