"""What a run's manifest records of where its figures come from (issue 14): the counting
plugin's and every firmware image's hash, the complete board compiler and linker flags, the
CPU model, the machine's load at start and end, and Google Benchmark's build type with the
loop overhead measured beside it. One small run on the host and the Cortex-M4."""
import hashlib
import shutil

import pytest
from sigspace import provenance, results
from sigspace.platforms import board_run

from conftest import ROOT, run_cli

VARIANTS = ["ML-DSA-44/reference", "ML-DSA-44/memory-floor"]
needs_board = pytest.mark.skipif(
    not (shutil.which("qemu-system-arm") and shutil.which("arm-none-eabi-gcc")),
    reason="needs qemu-system-arm and arm-none-eabi-gcc")


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def manifest(tmp_path_factory):
    folder = tmp_path_factory.mktemp("provenance")
    config = folder / "small.toml"
    config.write_text(f"""
[campaign]
variants = {VARIANTS!r}
platforms = ["host", "m4"]
[metrics.text]
[metrics.stack]
messages = 1
[metrics.time]
repetitions = 2
messages = 32
keys = 32
ops = ["sign"]
""".replace("'", '"'))
    proc = run_cli("run", str(config), "--out", str(folder / "run"))
    assert proc.returncode == 0, proc.stderr
    return results.read_manifest(folder / "run")  # checked against manifest.schema.json


def test_cpu_identity_names_more_than_the_vendor():
    info = "vendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 85\nmodel name\t: Xeon X\n" \
           "stepping\t: 7\n\nprocessor\t: 1\nmodel name\t: other\n"
    assert provenance.cpu_identity(info) == {
        "model": "Xeon X", "vendor": "GenuineIntel", "family": "6", "model_number": "85",
        "stepping": "7", "microcode": "unknown"}


@needs_board
def test_machine_cpu_and_load_at_start_and_end(manifest):
    cpu = manifest["machine"]["cpu"]
    assert cpu["model"] not in ("unknown", cpu["vendor"])
    assert manifest["platforms"]["host"]["cpu"]["model"] == cpu["model"]
    load = manifest["machine"]["load"]
    assert load["start"]["at"] <= load["end"]["at"]
    assert all(load[t]["1min"] >= 0 for t in ("start", "end"))


@needs_board
def test_gbench_build_type_and_measured_loop_overhead(manifest):
    gb = manifest["gbench"]
    assert gb["library_build_type"] == manifest["gbench_context"]["library_build_type"]
    assert gb["loop_overhead_ns_max"] > 0
    assert 0 < gb["loop_overhead_share_max"] < 1
    # Every timing unit says how many passes it used (raised until a repetition lasts 2 ms)
    # and what share of its time the loop itself is.
    timed = {(v, "sign") for v in VARIANTS}  # the fixture's config times signing only
    units = {(u["variant"], u["op"]): u for u in gb["units"] if u["nonce_source"] is None}
    assert set(units) == timed
    assert all(u["passes"] >= 1 and 0 < u["loop_overhead_share"] < 1 for u in units.values())


@needs_board
def test_every_firmware_image_and_the_plugin_are_hashed(manifest):
    images = manifest["firmware"]["m4"]
    assert sorted(images) == sorted(VARIANTS)
    plugin = board_run.builder("m4").plugin
    for image in images.values():
        assert image["sha256"] == sha256(ROOT / image["elf"])
        assert image["plugin_sha256"] == sha256(plugin)
    assert manifest["platforms"]["m4"]["plugin_sha256"] == sha256(plugin)


@needs_board
def test_board_flags_are_the_build_commands_own(manifest):
    (flags,) = manifest["platforms"]["m4"]["flags"]  # one set for every image of the board
    assert flags["link"] and "-T<build>/" in flags["link"]
    for line in flags["compile"]:
        assert "-mcpu=cortex-m4" in line and "-O2" in line, line
    assert any("-fno-threadsafe-statics" in line for line in flags["compile"])
