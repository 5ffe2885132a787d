"""Board measurements (analysis/sigspace/platforms/board_run.py): the output parser on a fixed
text, and two QEMU runs of the same firmware giving identical instruction and stack figures
(the property adoption decisions rely on). The QEMU test builds build/h-board-m4-O2 on first use
(about a minute), then runs in about a second; the host transcript is the package's tool."""
import shutil
import subprocess
import sys

import pytest

from sigspace.platforms import board_run

OUT = """SIGSPACE begin variant=X/reference machine=mps2-an386 ram=655360 messages=1 pk=flash
SIGSPACE window=1 op=empty msg=0 stack=8
SIGSPACE window=2 op=sign msg=0 stack=1008
SIGSPACE ram static=100 heap=16384 buffers=500
SIGSPACE transcript=""" + "ab" * 32 + "\n"
ERR = "sigspace-icount window=1 insn=7\nsigspace-icount window=2 insn=1007\nsigspace-icount windows=2 total=9\n"


def test_parse_joins_windows_and_subtracts_the_empty_window():
    parsed = board_run.parse(OUT, ERR)
    assert parsed["transcript"] == "ab" * 32 and not parsed["errors"]
    assert board_run._figures(parsed) == {("sign", "instructions", 0): 1000, ("sign", "stack", 0): 1000}
    assert board_run._ram_needed(parsed) == 100 + 16384 + 500 + 1008


def test_parse_refuses_a_window_without_count():
    with pytest.raises(board_run.BoardError, match="no instruction count"):
        board_run.parse(OUT, "sigspace-icount window=1 insn=7\n")


def test_the_build_lock_excludes_other_processes(tmp_path):
    # Two processes (two sigspace commands, or two pytest-xdist workers) take the lock, each
    # writing "start", then "end" after a pause: the lines must not interleave.
    log = tmp_path / "log"
    script = ("import sys, time\nfrom sigspace.platforms import board_run\n"
              "with board_run.build_lock():\n"
              "    open(sys.argv[1], 'a').write(sys.argv[2] + ' start\\n'); time.sleep(0.5)\n"
              "    open(sys.argv[1], 'a').write(sys.argv[2] + ' end\\n')\n")
    procs = [subprocess.Popen([sys.executable, "-c", script, str(log), name]) for name in "ab"]
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    lines = log.read_text().split("\n")[:-1]
    assert len(lines) == 4
    assert lines[0].split()[0] == lines[1].split()[0] and lines[2].split()[0] == lines[3].split()[0]
    assert [l.split()[1] for l in lines] == ["start", "end", "start", "end"]


def test_an_image_is_added_to_the_images_another_process_configured(tmp_path, monkeypatch):
    # The entries configured are read from the build's cache, not from this process's memory:
    # configuring only this process's images would remove another process's targets mid-build.
    b = board_run.Builder("m4", "-O2")
    b.dir = tmp_path
    theirs = "ML-DSA-44/reference:1:655360"
    (tmp_path / "CMakeCache.txt").write_text(f"SIGSPACE_PROBE_FIRMWARE:STRING={theirs}\n")
    calls = []

    def fake_run(cmd, what, timeout=3600):
        calls.append([str(c) for c in cmd])
        return subprocess.CompletedProcess(cmd, 0, "", "")
    monkeypatch.setattr(board_run, "_run", fake_run)
    b.elf("ML-DSA-65/reference", 1, 655360)
    configure = [c for c in calls if c[:2] == ["cmake", "--preset"]]
    assert len(configure) == 1
    assert f"-DSIGSPACE_PROBE_FIRMWARE={theirs};ML-DSA-65/reference:1:655360" in configure[0]
    calls.clear()
    b.elf(theirs.split(":")[0], 1, 655360)  # configured already: built, not reconfigured
    assert [c[:2] for c in calls] == [["cmake", "--build"]]


@pytest.mark.skipif(not (shutil.which("qemu-system-arm") and shutil.which("arm-none-eabi-gcc")),
                    reason="needs qemu-system-arm and arm-none-eabi-gcc")
def test_two_runs_give_identical_figures():
    variant = "ML-DSA-44/reference"
    board_run.HOST_TOOL.transcript(variant, 2)  # the pk the image embeds
    elf = board_run.builder("m4").elf(variant, 2, board_run.BOARDS["m4"][2])
    runs = [board_run.run_image("m4", elf) for _ in range(2)]
    assert [rc for rc, _, _ in runs] == [0, 0]
    first, second = (board_run._figures(parsed) for _, parsed, _ in runs)
    assert first == second
    assert len(first) == 2 * (2 + 2 * 2)  # keygen, load_key, 2 x (sign, verify); insn and stack
    assert runs[0][1]["transcript"] == board_run.HOST_TOOL.transcript(variant, 2)


@pytest.mark.skipif(not (shutil.which("qemu-system-arm") and shutil.which("arm-none-eabi-gcc")),
                    reason="needs qemu-system-arm and arm-none-eabi-gcc")
def test_a_variant_too_big_for_the_part_is_recorded_as_not_fitting(monkeypatch):
    # ML-DSA-87/reference needs ~180 KB (its signing stack alone is ~147 KB): on a 128 KB part it
    # must come back as fits=False with the bytes it needs, measured on the whole 4 MiB.
    part = 128 * 1024
    monkeypatch.setitem(board_run.BOARDS, "m4", ("m4", "mps2-an386", part))
    m = board_run.measure("ML-DSA-87/reference", "m4", 1)
    assert m.fits is False
    assert m.ram_needed > part
    assert m.figures == {}


def test_a_qemu_lockup_counts_as_a_fault(monkeypatch, tmp_path):
    # A stack that overflows through the fault handler locks the core up; QEMU then aborts with
    # SIGABRT (134). That is the fault exit of a variant too big for the part, so measure()
    # goes on to the 4 MiB image (seen with LESS-5b/reference on the 640 KB part).
    import subprocess
    lockup = "sigspace: HardFault CFSRqemu: fatal: Lockup: can't escalate 3 to HardFault\n"
    for code, stderr, want in ((134, lockup, board_run.EXIT_FAULT), (134, "other\n", 134), (0, "", 0)):
        monkeypatch.setattr(board_run, "_run", lambda cmd, what, timeout, c=code, e=stderr:
                            subprocess.CompletedProcess(cmd, c, "", e))
        rc, _, _ = board_run.run_image("m4", tmp_path / "x.elf")
        assert rc == want


def test_the_whole_ram_image_runs_once_for_the_part_and_for_m4_4mb(monkeypatch):
    # A variant too big for the 640 KB part is measured on the 4 MiB image for the bytes it
    # needs; a campaign listing m4-4mb as well must reuse that run, not repeat it (LESS-5b's
    # reference: many minutes per run).
    runs = []
    monkeypatch.setattr(board_run, "_FULL_RAM_RUNS", {})
    monkeypatch.setattr(board_run, "_measure",
                        lambda v, p, n: runs.append((v, p, n)) or f"measured {v} {p} {n}")
    assert board_run.measure("X/reference", "m4-4mb", 3) == "measured X/reference m4-4mb 3"
    assert board_run.measure("X/reference", "m4-4mb", 3) == "measured X/reference m4-4mb 3"
    board_run.measure("X/reference", "m4-4mb", 1)
    board_run.measure("X/reference", "m4", 3)
    assert runs == [("X/reference", "m4-4mb", 3), ("X/reference", "m4-4mb", 1),
                    ("X/reference", "m4", 3)]
