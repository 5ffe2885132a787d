"""Adoption on the boards (m4, m33). The probe firmware is built for any registered id, ablations
included (looked up by id in variants/registry.hpp), by slugs that never collide; an unknown id
is refused before any build; `sigspace adopt` decides each board from that board's own figures (board_run.measure
replaced by fixed figures: no QEMU), descriptor figures included; and one ablation is measured
for real under QEMU."""
import shutil
import subprocess

import pytest
from conftest import ROOT

from sigspace import adopt, platforms, registry
from sigspace.platforms import board_run

BOARD_TOOLS = shutil.which("qemu-system-arm") and shutil.which("arm-none-eabi-gcc")


def test_every_registered_id_has_its_own_firmware_target():
    ids = registry.variants() + registry.ablations()
    assert "ML-DSA-44/speed-ceiling~retained-A" in ids
    assert set(ids) == board_run.registered_ids()
    targets = {board_run.Builder.target(i, 2, 655360) for i in ids}
    assert len(targets) == len(ids)  # an ablation's slug is no other id's


@pytest.mark.parametrize("bad", ["ML-DSA-44/speed-ceiling~packed-w", "ML-DSA-44/fast", "ML-DSA-44"])
def test_an_unknown_id_is_refused_by_name_before_any_build(monkeypatch, bad):
    monkeypatch.setattr(board_run, "_run", lambda *a, **k: pytest.fail("nothing may be built"))
    with pytest.raises(board_run.BoardError, match=f"unknown variant or ablation '{bad}'"):
        board_run.Builder("m4", "-O2").elf(bad, 2, 655360)


def test_an_ablation_is_checked_against_its_points_host_transcript(monkeypatch):
    calls = []

    def fake_run(cmd, what, timeout=3600):
        calls.append([str(c) for c in cmd])
        return subprocess.CompletedProcess(cmd, 0, '{"transcript": "' + "ab" * 32 + '"}', "")
    monkeypatch.setattr(board_run, "_run", fake_run)
    assert board_run.HostTool().transcript("ML-DSA-44/speed-ceiling~merged-ntt", 2) == "ab" * 32
    asked = calls[-1]
    assert asked[asked.index("--variant") + 1] == "ML-DSA-44/speed-ceiling"
    assert asked[asked.index("--pk-out") + 1].endswith("/ml_dsa_44_speed_ceiling_merged_ntt.pk")


LADDER = """[adoption]
platforms = ["m4", "m33"]
messages = 1
[[point]]
variant = "ML-DSA-44/balanced"
techniques = ["merged-ntt", "early-reject"]
tolerance = {instructions = "+0.5%", stack = "+0", workspace = "+0", retained_state = "+0"}
"""
POINT = "ML-DSA-44/balanced"
# (platform, variant) -> (instructions, stack) of every operation
FIGURES = {("m4", POINT): (1000, 500), ("m33", POINT): (1000, 500),
           ("m4", f"{POINT}~merged-ntt"): (1100, 500),    # m4: faster with it: accepted
           ("m33", f"{POINT}~merged-ntt"): (900, 500),    # m33: slower with it: rejected
           ("m4", f"{POINT}~early-reject"): (1100, 400),  # m4: stack grows with it: rejected
           ("m33", f"{POINT}~early-reject"): (1000, 600)}  # m33: stack shrinks: accepted


def test_adopt_decides_each_board_from_its_own_figures(tmp_path, monkeypatch):
    def fake_measure(variant, platform, messages):
        insn, stack = FIGURES[(platform, variant)]
        figures = {(op, metric, k): value for op in ("keygen", "load_key", "sign", "verify")
                   for metric, value in (("instructions", insn), ("stack", stack))
                   for k in range(max(messages, 1))}
        return board_run.Measurement(platform, variant, True, 4096,
                                     {"text": 1, "data": 0, "bss": 0}, figures)
    monkeypatch.setattr(board_run, "measure", fake_measure)
    monkeypatch.setattr(platforms, "_instances", {})  # fresh board plug-ins, no cached figures
    ladder = tmp_path / "ladder.toml"
    ladder.write_text(LADDER)
    _, outcome = adopt.run(str(ladder), str(tmp_path / "out"), 1)
    assert outcome.failures == {}
    assert {(d.technique, d.platform): d.status for d in outcome.decisions} == {
        ("merged-ntt", "m4"): "accepted", ("merged-ntt", "m33"): "rejected",
        ("early-reject", "m4"): "rejected", ("early-reject", "m33"): "accepted"}


def test_a_board_records_descriptor_figures_without_a_firmware_run(monkeypatch):
    # A memory point is judged by workspace and retained state on a board too (the same
    # figures everywhere), so packed or streamed buffers count there as on the host.
    monkeypatch.setattr(board_run, "measure", None)  # any firmware run would fail here
    monkeypatch.setattr(platforms, "_instances", {})
    m4, vid = platforms.get("m4"), "ML-DSA-65/memory-floor~packed-w"
    info = registry.variant(vid).info
    units = m4.plan(vid, "workspace", {}) + m4.plan(vid, "retained_state", {})
    got = {(u.metric, u.op): m4.run(u).values for u in units}
    assert got[("workspace", "sign")] == [(0, info["workspace"]["sign"])]
    assert got[("retained_state", "sign")] == [(0, info["sizes"]["retained_state"])]
    assert len(got) == 5  # four operations' workspace, the signer's retained state


@pytest.mark.skipif(not BOARD_TOOLS, reason="needs qemu-system-arm and arm-none-eabi-gcc")
def test_an_ablation_runs_on_the_board():
    # About 15 s the first time (one firmware image), a second afterwards. measure() fails on
    # a transcript other than the host's, so this also proves the ablation's bytes on the M4.
    m = board_run.measure("ML-DSA-44/speed-ceiling~merged-ntt", "m4", 2)
    assert m.fits and m.figures[("sign", "instructions", 1)] > 0
