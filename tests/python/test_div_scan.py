"""tests/ct/div_scan.py on canned disassembly: which line-table paths count as product code.

The real scans run in ctest (host/m4/m33.div_scan and .div_planted); these pin what those
cannot show on a healthy build: a relative source path (a build that rewrote its debug paths)
is refused instead of hiding a division, and a path with '..' is judged by where it points.
"""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCAN = ROOT / "tests" / "ct" / "div_scan.py"


def run_scan(tmp_path, source_line):
    listing = tmp_path / "listing.txt"
    listing.write_text(
        "\nimage.elf:     file format elf32-littlearm\n\n"
        "Disassembly of section .text:\n\n"
        "00001000 <secret_function>:\n"
        "secret_function():\n"
        f"{source_line}\n"
        "    1000:\tudiv\tr0, r1, r2\n")
    objdump = tmp_path / "objdump"
    objdump.write_text(f"#!/bin/sh\ncat {listing}\n")
    objdump.chmod(0o755)
    image = tmp_path / "image.elf"
    image.write_bytes(b"")
    return subprocess.run([sys.executable, str(SCAN), "--objdump", str(objdump), "--arch", "arm",
                           "--product-root", str(tmp_path), str(image)],
                          capture_output=True, text=True)


def test_a_division_in_product_code_fails(tmp_path):
    r = run_scan(tmp_path, f"{tmp_path}/variants/x/sign.cpp:12")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "DIVISION: variants/x/sign.cpp:12 in secret_function" in r.stdout


def test_a_path_through_dot_dot_is_judged_by_where_it_points(tmp_path):
    r = run_scan(tmp_path, f"{tmp_path}/build/../variants/x/sign.cpp:12 (discriminator 2)")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "DIVISION: variants/x/sign.cpp:12" in r.stdout
    outside = run_scan(tmp_path, f"{tmp_path}/variants/../harness/main.cpp:3")
    assert outside.returncode == 0, outside.stdout + outside.stderr


def test_a_relative_source_path_is_refused(tmp_path):
    r = run_scan(tmp_path, "../../variants/x/sign.cpp:12")
    assert r.returncode == 2
    assert "relative source path in the line table" in r.stderr
    assert "CCACHE_BASEDIR" in r.stderr
