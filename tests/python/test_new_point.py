"""A new operating point, added as the README says (a folder, one line in the scheme's list, its
ladder entry), is picked up with no other edit by the vector gates, the workspace contract and
API hygiene, byte identity with the reference, the adoption ladder check, the campaign and the
tables. The test copies the tree, adds ML-DSA "example" (the speed ceiling with one technique,
merged-ntt, so it also has one ablation) and builds what it runs from that copy: a few minutes
on 2 cores."""
import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT

POINT_HPP = """\
// A demonstration point: the speed ceiling with merged-ntt as its only technique.
#pragma once
#include <array>

#include "mldsa/speed_ceiling/point.hpp"

namespace sigspace::mldsa {
struct Example : SpeedCeiling {
  static constexpr const char* name = "example";
  static constexpr std::array techniques{point::Technique{fast::kMergedNtt, "merged-ntt"}};
};
}  // namespace sigspace::mldsa
"""
POINT_CPP = """\
#include "mldsa/example/point.hpp"
#include "sigspace/point_ops.hpp"

template struct sigspace::point::Emit<sigspace::mldsa::Scheme, sigspace::mldsa::Example,
                                      sigspace::mldsa::Sets>;
"""
LADDER_ENTRY = """
[[point]]
variant = "ML-DSA-*/example"
techniques = ["merged-ntt"]
"""
CAMPAIGN = """\
[campaign]
description = "the new point beside its reference"
variants = ["ML-DSA-44/reference", "ML-DSA-44/example", "ML-DSA-44/example~*"]
platforms = ["host"]
[metrics.stack]
messages = 1
keys = 1
[metrics.workspace]
[metrics.retained_state]
"""
NEW = ["ML-DSA-44/example", "ML-DSA-65/example", "ML-DSA-87/example"]
NEW_ABLATIONS = [f"{v}~merged-ntt" for v in NEW]
KAT_DIR = ROOT.parent / "shared" / "kat"


def run(cmd, cwd, env=None, timeout=1800):
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))}:\n{(proc.stdout + proc.stderr)[-4000:]}"
    return proc.stdout


def add_point(tree):
    folder = tree / "variants" / "mldsa" / "example"
    folder.mkdir()
    (folder / "point.hpp").write_text(POINT_HPP)
    (folder / "point.cpp").write_text(POINT_CPP)
    points = tree / "variants" / "mldsa" / "points.hpp"
    text = points.read_text()
    text = text.replace('#include "mldsa/balanced/point.hpp"\n',
                        '#include "mldsa/balanced/point.hpp"\n#include "mldsa/example/point.hpp"\n')
    text = text.replace("MemoryFloor>;", "MemoryFloor, Example>;")  # the one line of the list
    points.write_text(text)
    ladder = tree / "configs" / "adoption" / "mldsa.toml"
    ladder.write_text(ladder.read_text() + LADDER_ENTRY)


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    if not KAT_DIR.is_dir():
        pytest.fail(f"official vectors missing: {KAT_DIR}")
    tree = tmp_path_factory.mktemp("new-point") / "repo"
    files = run(["git", "ls-files", "-co", "--exclude-standard", "-z"], ROOT).split("\0")
    for f in filter(None, files):
        if (ROOT / f).is_file():
            (tree / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / f, tree / f)
    add_point(tree)
    build = tree / "build"
    run(["cmake", "-S", tree, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
         f"-DSIGSPACE_KAT_DIR={KAT_DIR}", f"-DPython_EXECUTABLE={sys.executable}"], tree)
    run(["cmake", "--build", build, "-j", os.environ.get("SIGSPACE_JOBS", "2"), "--target",
         "sigspace-python-package", "mldsa_kat_test", "mldsa_points_test", "gates"], tree)
    run(["cmake", "--install", build, "--component", "python", "--prefix", tree / "analysis"],
        tree)
    return tree


def sigspace(tree, *args):
    env = dict(os.environ, PYTHONPATH=str(tree / "analysis"))
    return run([sys.executable, "-m", "sigspace.cli", *args], tree, env)


def test_the_registry_lists_the_point_and_its_ablation_at_every_set(tree):
    listed = [v["id"] for v in json.loads(sigspace(tree, "list", "--json"))]
    assert set(NEW) <= set(listed)
    code = ("import sigspace; print(sigspace.ablations())")
    env = dict(os.environ, PYTHONPATH=str(tree / "analysis"))
    ablations = run([sys.executable, "-c", code], tree, env)
    assert all(a in ablations for a in NEW_ABLATIONS)


def test_the_vector_gates_and_identity_with_the_reference_run_it(tree):
    kat = run([tree / "build/tests/mldsa/mldsa_kat_test", "--gtest_filter=*example*"], tree)
    for v in NEW + NEW_ABLATIONS:
        label = v.replace("-", "_").replace("/", "_").replace("~", "_")
        assert f"Acvp.SigGen/{label} " in kat or f"/{label}" in kat, v
    assert "FAILED" not in kat
    points = run([tree / "build/tests/mldsa/points/mldsa_points_test", "--gtest_filter=*example*"],
                 tree)
    assert "PASSED" in points and "ML_DSA_44_example_merged_ntt" in points


def test_the_contract_and_hygiene_gates_run_it(tree):
    out = run([tree / "build/tests/gates/gates"], tree)
    for v in NEW + NEW_ABLATIONS:
        assert v in out, f"{v} not run by the gates:\n{out[-2000:]}"
    assert "0 failed" in out


def test_its_ladder_entry_covers_its_techniques(tree):
    code = ("from sigspace import adoption_config as a; from pathlib import Path; "
            "from sigspace import registry; "
            "print(a.gaps(a.load_all(Path('configs/adoption')), a.registered_techniques(), "
            "registry.ablations()))")
    env = dict(os.environ, PYTHONPATH=str(tree / "analysis"))
    assert run([sys.executable, "-c", code], tree, env).strip() == "[]"


def test_the_campaign_measures_it_and_the_tables_show_it(tree):
    config = tree / "new-point.toml"
    config.write_text(CAMPAIGN)
    out = tree / "results" / "scratch" / "new-point"
    sigspace(tree, "run", config, "--out", out, "--jobs", "2")
    records = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    measured = {r["variant"] for r in records}
    assert {"ML-DSA-44/example", "ML-DSA-44/example~merged-ntt"} <= measured
    sigspace(tree, "tables", out)
    tables = "".join(p.read_text() for p in (out / "tables").glob("*.md"))
    assert "example" in tables
