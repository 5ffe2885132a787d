"""Where a run comes from: the git commit (and whether the tree was dirty), the run id
(UTC timestamp + short commit), dates."""
from __future__ import annotations

import datetime as dt
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
