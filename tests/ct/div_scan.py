#!/usr/bin/python3
"""Static division scan (tests/ct/README.md): no integer division in code from core/ or
variants/ unless its operands are public (ALLOW below, each entry with its reason).

  div_scan.py --objdump TOOL --arch arm|x86 [--product-root DIR] FILE_OR_DIR...

Disassembles each ELF image, object or static library given (a directory: every *.elf in it)
with `objdump -d -l -C`, and reports every UDIV/SDIV (Cortex-M3/M4/M33: 2-12 cycles by the
operands' values), every call to a division helper (__aeabi_*div*, __aeabi_*mod*,
__(u)div/mod*i3) and, on x86-64, every DIV/IDIV, found in a function whose source line (DWARF,
-l) or, without line information, whose object file lies under core/ or variants/. Exit 0:
none outside the allow-list; 1: some; 2: bad usage.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Public divisions: (source file, function substring, reason): both operands must be public.
ALLOW = [
    ("core/src/arena.cpp", "Arena::allocate",
     "addr % align: a workspace address and the requested alignment, both public (the "
     "workspace layout is a published figure of the descriptor)"),
    ("variants/mldsa/common/ntt.cpp", "ntt_layers",
     "(base + start) / (2 len): the twiddle index from loop counters and the layer range"),
]

ARM_DIV = re.compile(r"^[su]div(\.w)?$")
X86_DIV = re.compile(r"^i?div[bwlq]?$")
HELPER = re.compile(r"<(__aeabi_\w*(div|mod)\w*|__u?(div|mod)[sdt]i3\w*|__u?divmod\w*)>")

FUNC = re.compile(r"^[0-9a-f]+ <(.+)>:$")
INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
# A line-table entry; its path is absolute unless the build rewrote it (CCACHE_BASEDIR,
# -fdebug-prefix-map), and a relative one is refused: objdump does not say what it is relative
# to, so a division there could not be told product code or not.
LINE = re.compile(r"^(\S+):(\d+)(?: \(discriminator \d+\))?$")
MEMBER = re.compile(r"^(\S+\.o):\s+file format")


def fail_usage(msg):
    print(f"div_scan: {msg}", file=sys.stderr)
    sys.exit(2)


def product_path(path, root):
    rel = os.path.relpath(path, root) if path.startswith(root + os.sep) else None
    return rel if rel and rel.startswith(("core/", "variants/")) else None


def scan(objdump, arch, path, root):
    """Yield (image, function, source, mnemonic + operands) for each division found."""
    proc = subprocess.run([objdump, "-d", "-l", "-C", "--no-show-raw-insn", path],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        fail_usage(f"{objdump} failed on {path}: {proc.stderr.strip()[:200]}")
    is_lib = path.endswith((".a", ".o"))
    member, func, src = "", "", None
    for line in proc.stdout.splitlines():
        if m := MEMBER.match(line):
            member = m.group(1)
            continue
        if m := FUNC.match(line):
            func, src = m.group(1), None
            continue
        if m := LINE.match(line):
            if not m.group(1).startswith("/"):
                fail_usage(f"{path}: relative source path in the line table ({m.group(1)}); "
                           "build without CCACHE_BASEDIR or -fdebug-prefix-map")
            src = f"{os.path.normpath(m.group(1))}:{m.group(2)}"
            continue
        m = INSN.match(line)
        if not m:
            continue
        mnemonic, operands = m.group(2), m.group(3)
        is_div = (ARM_DIV.match(mnemonic) if arch == "arm" else X86_DIV.match(mnemonic))
        is_call = HELPER.search(operands) and (mnemonic.startswith("b") or "call" in mnemonic
                                               or "jmp" in mnemonic)
        if not (is_div or is_call):
            continue
        where = None
        if src:
            rel = product_path(src.rsplit(":", 1)[0], root)
            where = f"{rel}:{src.rsplit(':', 1)[1]}" if rel else None
        elif is_lib:  # no line table (host Release): the archive holds core/ or variants/ only
            where = f"{os.path.basename(path)}({member})"
        if where:
            yield os.path.relpath(path), func, where, f"{mnemonic} {operands}".strip()


def allowed(func, where):
    """The reason when (func, where) is on the allow-list. where is file:line (DWARF) or,
    for a library without line information, archive(member.o)."""
    member = re.search(r"\((\S+)\.o\)$", where)
    for path, fn, why in ALLOW:
        same_file = (member.group(1) == os.path.basename(path) if member
                     else where.rsplit(":", 1)[0] == path)
        if same_file and fn in func:
            return why
    return None


def expand(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, files in os.walk(p):
                out += [os.path.join(d, f) for f in sorted(files) if f.endswith(".elf")]
        elif os.path.isfile(p):
            out.append(p)
        else:
            fail_usage(f"no such file or directory: {p}")
    return sorted(set(out))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--objdump", required=True)
    ap.add_argument("--arch", choices=["arm", "x86"], required=True)
    ap.add_argument("--product-root", default=ROOT,
                    help="the tree whose core/ and variants/ are product code")
    ap.add_argument("--expect-division", metavar="FUNC",
                    help="self-test: succeed only if a division is reported in FUNC")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    files = expand(args.paths)
    if not files:
        fail_usage("no ELF image or library found")
    root = os.path.realpath(args.product_root)
    found = {}
    for f in files:
        for image, func, where, insn in scan(args.objdump, args.arch, f, root):
            found.setdefault((where, func, insn), set()).add(image)
    bad = 0
    for (where, func, insn), images in sorted(found.items()):
        why = allowed(func, where)
        bad += why is None
        print(f"{'allowed' if why else 'DIVISION'}: {where} in {func}: {insn} "
              f"({len(images)} image(s), e.g. {sorted(images)[0]})"
              + (f" -- {why}" if why else ""))
    print(f"div_scan: {len(files)} file(s) ({args.arch}), {len(found)} division site(s), "
          f"{bad} not allowed")
    if args.expect_division:
        hit = any(args.expect_division in func and not allowed(func, where)
                  for where, func, _ in found)
        print(f"div_scan: planted division in {args.expect_division}: "
              f"{'reported' if hit else 'NOT reported'}")
        return 0 if hit else 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
