"""Issue 14, package hygiene: every dependency pyproject.toml declares is imported by the package,
and importing the package (every module of it) changes no global state a user's program or
notebook owns: matplotlib's settings and backend, warning filters, logging, numpy's print and
error settings, random states, the recursion limit, sys.path and the environment."""
import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "analysis" / "sigspace"


def imported_top_level_modules() -> set[str]:
    names = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def test_every_declared_dependency_is_imported():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {d.split(";")[0].split("=")[0].split("<")[0].split(">")[0].strip() for d in declared}
    unused = names - imported_top_level_modules()
    assert not unused, f"declared in pyproject.toml but never imported: {sorted(unused)}"


SNAPSHOT = r"""
import json, logging, os, random, sys, warnings
import matplotlib, numpy
def state():
    rc = matplotlib.rcParams
    return repr((
        sorted((k, repr(dict.__getitem__(rc, k))) for k in rc),  # no backend resolution
        [repr(f) for f in warnings.filters], logging.root.level,
        [repr(h) for h in logging.root.handlers],
        numpy.get_printoptions(), numpy.geterr(), repr(numpy.random.get_state()),
        random.getstate(), sys.getrecursionlimit(), list(sys.path), dict(os.environ),
        "matplotlib.pyplot" in sys.modules))
before = state()
import importlib, pkgutil, sigspace
for m in pkgutil.walk_packages(sigspace.__path__, "sigspace."):
    importlib.import_module(m.name)
after = state()
print(json.dumps(before == after))
"""


def test_importing_the_package_changes_no_global_state():
    # A fresh interpreter: pytest itself has imported parts of the package already.
    out = subprocess.run([sys.executable, "-c", SNAPSHOT], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "true", out.stderr
