"""Campaign runs end to end through the installed `sigspace` command and native tools:
repeatable deterministic figures, resuming after a kill, shards and merge, and the probe's
methods on synthetic operations of known cost."""
import json
import signal
import subprocess
import time

import pytest
import sigspace
from sigspace import results
from sigspace.platforms import host

from conftest import SIGSPACE

DETERMINISTIC = {"instructions", "stack", "heap", "workspace", "retained_state"}


@pytest.fixture(scope="module")
def small_config(tmp_path_factory):
    ids = sigspace.variants()
    if not ids:
        pytest.skip("no variants registered")
    variant = "ML-DSA-44/reference" if "ML-DSA-44/reference" in ids else ids[0]
    path = tmp_path_factory.mktemp("cfg") / "small.toml"
    path.write_text(f"""
[campaign]
variants = ["{variant}"]
[metrics.instructions]
messages = 2
[metrics.stack]
messages = 2
[metrics.heap]
methods = ["counting-alloc"]
[metrics.workspace]
""")
    return path


def run(config, out, *extra):
    proc = subprocess.run([str(SIGSPACE), "run", str(config), "--out", str(out), *extra],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return results.read_run(out)


def by_key(records):
    return {results.record_key(r): r["value"] for r in records}


@pytest.fixture(scope="module")
def reference_run(small_config, tmp_path_factory):
    out = tmp_path_factory.mktemp("runs") / "a"
    manifest, records = run(small_config, out)
    return manifest, records, out


def test_same_campaign_twice_gives_identical_figures(small_config, reference_run, tmp_path):
    first = reference_run[1]
    _, second = run(small_config, tmp_path / "b")
    a, b = by_key(first), by_key(second)
    assert a.keys() == b.keys()
    assert {r["metric"] for r in first} >= {"instructions", "stack"}
    for key, value in a.items():
        if key[3] in DETERMINISTIC:
            assert b[key] == value, key


def test_interrupted_run_resumes_without_duplicates(small_config, reference_run, tmp_path):
    out = tmp_path / "resumed"
    proc = subprocess.Popen([str(SIGSPACE), "run", str(small_config), "--out", str(out),
                             "--jobs", "1"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    units = out / ".partial" / "units"
    deadline = time.monotonic() + 120
    while len(list(units.glob("*.jsonl"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)  # a crash at an arbitrary point, not a polite stop
    proc.wait()
    done_before = sorted(p.name for p in units.glob("*.jsonl"))
    assert len(done_before) >= 2
    assert not (out / results.RECORDS).exists()
    (units / "half-written-unit.jsonl.tmp").write_text('{"schema": 1, "ru')  # cut-off write
    resumed = subprocess.run([str(SIGSPACE), "run", str(small_config), "--out", str(out)],
                             capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming: {len(done_before)}/" in resumed.stderr
    _, records = results.read_run(out)  # validates, and refuses duplicates
    assert by_key(records).keys() == by_key(reference_run[1]).keys()
    assert len(records) == len(reference_run[1])
    assert not (out / ".partial").exists()


def test_shards_merge_into_the_whole(small_config, reference_run, tmp_path):
    m1, r1 = run(small_config, tmp_path / "s1", "--shard", "1/2")
    m2, r2 = run(small_config, tmp_path / "s2", "--shard", "2/2")
    assert r1 and r2 and m1["shard"] == {"index": 1, "count": 2}
    proc = subprocess.run([str(SIGSPACE), "merge", str(tmp_path / "s1"), str(tmp_path / "s2"),
                           "--out", str(tmp_path / "merged")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    manifest, merged = results.read_run(tmp_path / "merged")
    assert by_key(merged).keys() == by_key(reference_run[1]).keys()
    assert manifest["merged_from"] == [m1["run"], m2["run"]]
    twice = subprocess.run([str(SIGSPACE), "merge", str(tmp_path / "s1"), str(tmp_path / "s1"),
                            "--out", str(tmp_path / "dup")], capture_output=True, text=True)
    assert twice.returncode == 2 and "twice" in twice.stderr
    overlap = subprocess.run([str(SIGSPACE), "merge", str(tmp_path / "s1"), str(tmp_path / "merged"),
                              "--out", str(tmp_path / "dup2")], capture_output=True, text=True)
    assert overlap.returncode == 2 and "duplicates" in overlap.stderr


def test_shards_started_in_the_same_second_merge(tmp_path):
    """Shards of a cluster job may start in the same second and so share a run id."""
    from synthetic import variant_records, write_run
    from sigspace import campaign
    parts = []
    for i, v in enumerate(("ML-DSA-44/reference", "ML-DSA-44/memory-floor"), start=1):
        d = write_run(tmp_path / f"s{i}", variant_records(v, "host", 1000, 100))
        manifest = results.read_manifest(d)
        results.write_manifest(d, {**manifest, "shard": {"index": i, "count": 2}})
        parts.append(str(d))
    out, n = campaign.merge(parts, str(tmp_path / "merged"))
    assert n == len(results.read_run(out)[1]) > 0
    with pytest.raises(campaign.CampaignError, match="given twice"):
        campaign.merge([parts[0], parts[0]], str(tmp_path / "dup"))


def test_merge_refuses_other_config(small_config, reference_run, tmp_path):
    other = tmp_path / "other.toml"
    other.write_text(small_config.read_text().replace("[metrics.workspace]", ""))
    run(other, tmp_path / "o")
    mixed = subprocess.run([str(SIGSPACE), "merge", str(tmp_path / "o"),
                            str(reference_run[2]), "--out", str(tmp_path / "x")],
                           capture_output=True, text=True)
    assert mixed.returncode == 2 and "another config" in mixed.stderr


def probe(*args):
    out = subprocess.run([str(host.bin_dir() / "sigspace-probe"), "measure", *args],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["values"]


@pytest.mark.parametrize("known", [1000, 10000, 100000])
def test_painted_stack_within_64_bytes(known):
    (got,) = probe("--synthetic", f"stack:{known}", "--metric", "stack")
    assert known <= got <= known + 64


def test_heap_methods_exact_on_a_known_block():
    assert probe("--synthetic", "heap:150000", "--metric", "heap") == [150000]
    assert host.massif_heap(["--synthetic", "heap:150000"], "synthetic") == 150000


def test_a_shard_takes_all_units_of_a_board_variant():
    # One QEMU run measures every figure of a variant on a board (and m4's image of a variant
    # too big for the part runs m4-4mb's as well): dealt apart, each shard would repeat it.
    from sigspace import campaign
    from sigspace.platforms import Unit
    units = [Unit(p, v, m, "x", op) for p in ("m4", "m4-4mb", "m33") for v in ("A/r", "B/r", "C/r")
             for m in ("instructions", "stack") for op in ("sign", "verify")]
    units += [Unit("host", "A/r", "time", "gbench", op) for op in ("sign", "verify")]
    shards = [campaign.deal(units, k, 3) for k in (1, 2, 3)]
    assert sorted(u.key for s in shards for u in s) == sorted(u.key for u in units)
    owner = {}
    for k, shard in enumerate(shards):
        for u in shard:
            board = "m4" if u.platform == "m4-4mb" else u.platform
            assert owner.setdefault((board, u.variant, u.platform == "host" and u.op), k) == k
    assert {owner[("m4", v, False)] for v in ("A/r", "B/r", "C/r")} == {0, 1, 2}
    assert owner[("host", "A/r", "sign")] != owner[("host", "A/r", "verify")]
