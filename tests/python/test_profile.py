"""harness/target/profile.py: the per-function profile of the TCG plugin's profile mode, on a
synthetic profile FILE and a small nm listing (no board build, no toolchain): block addresses
map to functions by [address, address + size) with the Thumb bit cleared, a block no function
holds is "(unknown)", each window's total is the sum of its lines and is checked against the
plugin's count when a log is given, and bad inputs stop with one line and exit 2."""
import importlib.util
import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPT = ROOT / "harness" / "target" / "profile.py"

# arm-none-eabi-nm -S -C --size-sort style: address size type name (names may have spaces);
# function symbols carry the Thumb bit, as in a real Cortex-M image.
NM = """\
00000004 00000004 b counter
00000101 00000010 T bench_start
00000201 00000020 t sigspace::mldsa::poly_add(sigspace::mldsa::Poly&, sigspace::mldsa::Poly const&)
00000301 00000100 T void sigspace::mldsa::ntt_layers<4>(long*, int, int)
00000401 00000040 W keccak_f1600
00000401 00000040 T keccak_alias
00000501 00000100 T outer
00000541 00000010 t inner
20000000 00000100 D data_block
"""

# window 1: empty; window 2: a few functions, one block outside every symbol (0x600), one in
# a data symbol's range (0x20000010, not code: unknown too).
PROFILE = """\
1 0x100 1
1 0x200 6
2 0x100 1
2 0x200 10
2 0x210 5
2 0x300 1000
2 0x37e 24
2 0x400 300
2 0x500 40
2 0x544 7
2 0x600 3
2 0x20000010 2
"""
W2_TOTAL = 1 + 10 + 5 + 1000 + 24 + 300 + 40 + 7 + 3 + 2

LOG = """\
SIGSPACE window=1 op=empty msg=0 stack=8
SIGSPACE window=2 op=sign msg=3 stack=1000
sigspace-icount window=1 insn=7
sigspace-icount window=2 insn=%d
sigspace-icount windows=2 total=99999
""" % W2_TOTAL


def load_module():
    spec = importlib.util.spec_from_file_location("sigspace_profile_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def files(tmp_path):
    (tmp_path / "nm.txt").write_text(NM)
    (tmp_path / "prof.txt").write_text(PROFILE)
    (tmp_path / "log.txt").write_text(LOG)
    return tmp_path


def run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True,
                          text=True)


def rows(stdout: str, window: int) -> dict[str, tuple[int, str]]:
    """{function: (instructions, share)} of one window's text table, "total" included."""
    out, inside = {}, False
    for line in stdout.splitlines():
        if line.startswith("window "):
            inside = line.startswith(f"window {window} ") or line.startswith(f"window {window}:")
            continue
        fields = line.split(None, 2)
        if inside and len(fields) == 3 and fields[0].isdigit():
            out[fields[2]] = (int(fields[0]), fields[1])
    return out


def test_blocks_map_to_functions_and_add_up_to_the_window(files):
    proc = run("--symbols", files / "nm.txt", files / "prof.txt")
    assert proc.returncode == 0, proc.stderr
    w2 = rows(proc.stdout, 2)
    assert w2["total"] == (W2_TOTAL, "100.00%")
    assert sum(n for name, (n, _) in w2.items() if name != "total") == W2_TOTAL
    assert w2["void sigspace::mldsa::ntt_layers<4>(long*, int, int)"][0] == 1024  # 0x300 + 0x37e
    assert w2["sigspace::mldsa::poly_add(sigspace::mldsa::Poly&, sigspace::mldsa::Poly const&)"][0] == 15
    assert w2["keccak_alias = keccak_f1600"][0] == 300     # one range, two names
    assert w2["outer"][0] == 40 and w2["inner"][0] == 7    # the innermost range wins
    assert w2["bench_start"][0] == 1
    assert w2["(unknown)"][0] == 3 + 2                     # outside every symbol; data is not code
    assert "data_block" not in w2 and "counter" not in w2
    assert w2["void sigspace::mldsa::ntt_layers<4>(long*, int, int)"][1] == f"{100 * 1024 / W2_TOTAL:.2f}%"
    # sorted by instructions, the total last
    order = [line.split(None, 2)[2] for line in proc.stdout.split("window 2")[1].splitlines()
             if line.split() and line.split()[0].isdigit()]
    counts = [w2[name][0] for name in order[:-1]]
    assert counts == sorted(counts, reverse=True) and order[-1] == "total"
    w1 = rows(proc.stdout, 1)
    assert w1 == {"bench_start": (1, "14.29%"), "sigspace::mldsa::poly_add(sigspace::mldsa::Poly&, "
                  "sigspace::mldsa::Poly const&)": (6, "85.71%"), "total": (7, "100.00%")}


def test_thumb_bit_is_cleared(files):
    # 0x100 is bench_start's first instruction although nm says 0x101; 0x110 is past its end.
    (files / "p.txt").write_text("1 0x100 1\n1 0x110 2\n")
    w1 = rows(run("--symbols", files / "nm.txt", files / "p.txt").stdout, 1)
    assert w1["bench_start"][0] == 1 and w1["(unknown)"][0] == 2


def test_no_unknown_row_when_every_block_has_a_function(files):
    (files / "p.txt").write_text("1 0x100 1\n1 0x300 9\n")
    proc = run("--symbols", files / "nm.txt", files / "p.txt")
    assert proc.returncode == 0 and "(unknown)" not in proc.stdout


def test_log_labels_windows_and_confirms_totals(files):
    proc = run("--symbols", files / "nm.txt", "--log", files / "log.txt", files / "prof.txt")
    assert proc.returncode == 0, proc.stderr
    assert f"window 2 op=sign msg=3: {W2_TOTAL} instructions (= the plugin's count)" in proc.stdout
    assert "window 1 op=empty msg=0: 7 instructions (= the plugin's count)" in proc.stdout


def test_a_total_that_differs_from_the_plugin_is_an_error(files):
    (files / "log.txt").write_text(LOG.replace(f"insn={W2_TOTAL}", f"insn={W2_TOTAL + 1}"))
    proc = run("--symbols", files / "nm.txt", "--log", files / "log.txt", files / "prof.txt")
    assert proc.returncode == 2
    assert f"window 2: profile {W2_TOTAL}, plugin {W2_TOTAL + 1}" in proc.stderr


def test_window_selection_top_short_and_markdown(files):
    proc = run("--symbols", files / "nm.txt", "--window", 2, "--top", 2, "--short",
               "--markdown", files / "prof.txt")
    assert proc.returncode == 0, proc.stderr
    assert "window 1" not in proc.stdout
    table = [line for line in proc.stdout.splitlines() if line.startswith("| ")]
    assert table[0] == "| function | instructions | share |"
    assert table[1] == "| `sigspace::mldsa::ntt_layers<4>` | 1,024 | " + f"{100 * 1024 / W2_TOTAL:.2f}% |"
    assert table[2].startswith("| `keccak_alias = keccak_f1600` | 300 |")
    rest = W2_TOTAL - 1024 - 300 - 5
    assert table[3].startswith(f"| `(4 other functions)` | {rest:,} |")
    assert table[4].startswith("| `(unknown)` | 5 |")  # shown even outside the top rows
    assert table[5] == f"| **total** | **{W2_TOTAL:,}** | 100.00% |"


def test_short_names():
    short = load_module().short_name
    assert short("void sigspace::mldsa::ntt_layers<4>(long*, int, int)") == "sigspace::mldsa::ntt_layers<4>"
    assert short("sigspace::Status ns::f<ns::P<1, 2> >(char const*) const") == "ns::f<ns::P<1, 2> >"
    assert short("sigspace::(anonymous namespace)::round(unsigned long long*)") == \
        "sigspace::(anonymous namespace)::round"
    assert short("keccak_f1600") == "keccak_f1600"
    assert short("void ns::sample_y<4u>(unsigned char*, int) [clone .isra.0]") == \
        "ns::sample_y<4u> [clone .isra.0]"
    assert short("int ns::f(int) const [clone .constprop.0] [clone .isra.0]") == \
        "ns::f [clone .constprop.0] [clone .isra.0]"


@pytest.mark.parametrize("line", [
    "1 0x100",                 # two fields
    "1 0x100 5 extra",         # four fields
    "1 256 5",                 # pc not hex with 0x
    "1 0xZZ 5",
    "x 0x100 5",               # window not a number
    "0 0x100 5",               # windows count from 1
    "1 0x100 -5",              # negative count
    "1 0x100 5.0",
])
def test_malformed_profile_line_is_an_error(files, line):
    (files / "bad.txt").write_text("1 0x100 1\n" + line + "\n")
    proc = run("--symbols", files / "nm.txt", files / "bad.txt")
    assert proc.returncode == 2 and proc.stdout == ""
    assert f"bad.txt:2: malformed line '{line}'" in proc.stderr


def test_a_block_listed_twice_is_an_error(files):
    (files / "bad.txt").write_text("1 0x100 1\n1 0x100 2\n")
    proc = run("--symbols", files / "nm.txt", files / "bad.txt")
    assert proc.returncode == 2 and "bad.txt:2: window 1 lists block 0x100 twice" in proc.stderr


def test_an_empty_profile_is_an_error(files):
    (files / "empty.txt").write_text("\n# nothing\n")
    proc = run("--symbols", files / "nm.txt", files / "empty.txt")
    assert proc.returncode == 2 and "no profile lines" in proc.stderr


def test_malformed_nm_line_is_an_error(files):
    (files / "nm.txt").write_text(NM + "zz 10 T broken\n")
    proc = run("--symbols", files / "nm.txt", files / "prof.txt")
    assert proc.returncode == 2 and "nm.txt:10: malformed nm line 'zz 10 T broken'" in proc.stderr


@pytest.mark.parametrize("missing", ["profile", "symbols", "log", "elf"])
def test_a_missing_file_is_an_error(files, missing):
    nowhere = files / "nowhere"
    args = {"profile": ["--symbols", files / "nm.txt", nowhere],
            "symbols": ["--symbols", nowhere, files / "prof.txt"],
            "log": ["--symbols", files / "nm.txt", "--log", nowhere, files / "prof.txt"],
            "elf": [nowhere, files / "prof.txt"]}[missing]
    proc = run(*args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("profile.py: error: cannot read") and str(nowhere) in proc.stderr


def test_a_window_not_in_the_profile_is_an_error(files):
    proc = run("--symbols", files / "nm.txt", "--window", 5, files / "prof.txt")
    assert proc.returncode == 2 and "no window 5 (it has 1..2)" in proc.stderr


def test_nm_that_cannot_run_is_an_error(files):
    (files / "fake.elf").write_bytes(b"\x7fELF")
    proc = run("--nm", files / "no-such-nm", files / "fake.elf", files / "prof.txt")
    assert proc.returncode == 2 and "not found" in proc.stderr


def test_wrong_number_of_paths_is_a_usage_error(files):
    assert run("--symbols", files / "nm.txt", files / "a", files / "b").returncode == 2
    assert run(files / "prof.txt").returncode == 2
