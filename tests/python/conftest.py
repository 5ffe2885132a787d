import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIGSPACE = ROOT / ".venv" / "bin" / "sigspace"


def run_cli(*args, check=False):
    """Runs the installed `sigspace` command; returns the CompletedProcess."""
    proc = subprocess.run([str(SIGSPACE), *args], capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise AssertionError(f"sigspace {' '.join(args)} -> {proc.returncode}: {proc.stderr}")
    return proc


@pytest.fixture
def cli():
    return run_cli
