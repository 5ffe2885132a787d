"""Code size of one variant from its own objects, the same way on the host and on the boards:
the functions reachable from the variant's four descriptor operations (keygen, load_key,
sign, verify) through direct calls, jumps and address references in the disassembly, plus the
static objects those functions reference. The host probe links every variant and a board image
links one, but in both the count starts at the variant's entry points, so it is per variant and
comparable across platforms.

    Image("sigspace-probe", "objdump", "nm").footprint([entry addresses]) -> {"text", "data", "bss"}

text counts code and read-only data (Berkeley `size` convention), data the initialised writable
objects, bss the zeroed ones. Shared kernels (Keccak, SHA-2) count for every variant that uses
them; the harness, the C runtime and dynamic libraries do not count. Not followed: pointers
stored inside data objects (tables of function pointers) and indirect calls through registers.
"""
from __future__ import annotations

import bisect
import re
import subprocess
from dataclasses import dataclass

METHOD = ("bytes of the functions reachable from the variant's four descriptor operations "
          "(keygen, load_key, sign, verify) by direct calls, jumps and address references in "
          "the disassembly (objdump -d), plus the static objects they reference (nm -S sizes); "
          "text = code and read-only data, data = initialised writable objects, bss = zeroed "
          "objects. Shared kernels count for each variant that reaches them; the harness, the "
          "C runtime and shared libraries do not. Pointers stored in data objects and indirect "
          "calls through registers are not followed.")

# "1234 <name>" or "1234 <name+0x10>": a direct target or an address comment (x86 "# 1234
# <sym>", ARM "@ (1234 <sym+0x8>)"); ".word 0x20001234": an ARM literal pool entry.
_REF = re.compile(r"\b([0-9a-f]+) <[^>\n]*>")
_WORD = re.compile(r"\.word\s+0x([0-9a-f]+)")
_HEADER = re.compile(r"^([0-9a-f]+) <.*>:$")


class CodeSizeError(Exception):
    pass


@dataclass(frozen=True)
class Symbol:
    start: int
    size: int
    kind: str       # text | data | bss


def _run(cmd: list[str]) -> str:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:
        raise CodeSizeError(f"{cmd[0]}: {e}") from None
    if proc.returncode != 0:
        raise CodeSizeError(f"{' '.join(cmd)}: exit {proc.returncode}: {proc.stderr.strip()[-500:]}")
    return proc.stdout


def section_kinds(headers: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of the allocated sections in `objdump -h` output."""
    out = []
    lines = headers.splitlines()
    for i, line in enumerate(lines[:-1]):
        parts = line.split()
        if len(parts) < 7 or not parts[0].isdigit():
            continue
        flags = lines[i + 1]
        if "ALLOC" not in flags:
            continue
        size, vma = int(parts[2], 16), int(parts[3], 16)
        kind = ("text" if "READONLY" in flags or "CODE" in flags
                else "data" if "LOAD" in flags else "bss")
        out.append((vma, vma + size, kind))
    return out


def symbols(nm_text: str, sections: list[tuple[int, int, str]]) -> list[Symbol]:
    """Sized symbols of `nm -S` output, each classed by the section its address is in."""
    syms = {}
    for line in nm_text.splitlines():
        parts = line.split(maxsplit=3)
        if len(parts) < 4 or not re.fullmatch(r"[0-9a-f]+", parts[1]):
            continue
        start, size = int(parts[0], 16), int(parts[1], 16)
        kind = next((k for lo, hi, k in sections if lo <= start < hi), None)
        if size and kind:
            syms[start] = Symbol(start, max(size, syms[start].size if start in syms else 0), kind)
    return sorted(syms.values(), key=lambda s: s.start)


def references(disassembly: str) -> dict[int, set[int]]:
    """Function start address -> the addresses its instructions name."""
    refs: dict[int, set[int]] = {}
    current = None
    for line in disassembly.splitlines():
        head = _HEADER.match(line)
        if head:
            current = refs.setdefault(int(head.group(1), 16), set())
        elif current is not None and ":" in line:
            body = line.split(":", 1)[1]
            current.update(int(a, 16) for a in _REF.findall(body))
            current.update(int(a, 16) for a in _WORD.findall(body))
    return refs


class Image:
    """One ELF's symbols and call graph (tools: objdump and nm of its architecture)."""

    def __init__(self, path: str, objdump: str = "objdump", nm: str = "nm"):
        self.path = path
        sections = section_kinds(_run([objdump, "-h", path]))
        self.symbols = symbols(_run([nm, "-S", "--defined-only", path]), sections)
        self._starts = [s.start for s in self.symbols]
        self.refs = references(_run([objdump, "-d", "--no-show-raw-insn", path]))
        self.nm_text = _run([nm, "-C", "--defined-only", path])

    def symbol_at(self, address: int) -> Symbol | None:
        for addr in (address, address & ~1):  # a Thumb function pointer has bit 0 set
            i = bisect.bisect_right(self._starts, addr) - 1
            if i >= 0 and self.symbols[i].start <= addr < self.symbols[i].start + self.symbols[i].size:
                return self.symbols[i]
        return None

    def address_of(self, name: str) -> int:
        for line in self.nm_text.splitlines():
            parts = line.split(maxsplit=2)
            if len(parts) == 3 and parts[2] == name:
                return int(parts[0], 16)
        raise CodeSizeError(f"{self.path}: no symbol {name}")

    def footprint(self, entries: list[int]) -> dict[str, int]:
        """text/data/bss bytes of everything reachable from the entry addresses."""
        seen: set[Symbol] = set()
        todo = []
        for e in entries:
            s = self.symbol_at(e)
            if s is None:
                raise CodeSizeError(f"{self.path}: entry point 0x{e:x} is in no sized symbol")
            todo.append(s)
        while todo:
            s = todo.pop()
            if s in seen:
                continue
            seen.add(s)
            for addr in self.refs.get(s.start, ()) if s.kind == "text" else ():
                t = self.symbol_at(addr)
                if t is not None and t not in seen:
                    todo.append(t)
        sizes = {"text": 0, "data": 0, "bss": 0}
        for s in seen:
            sizes[s.kind] += s.size
        return sizes


_OPS_ENTRY = re.compile(r"^(.*::point::Ops<.*>)::(keygen|load_key|load_signing_key|sign|verify)\(")


def board_entries(image: Image) -> list[int]:
    """The descriptor operations of the one variant a board image links (point::Ops<...>)."""
    by_instance: dict[str, list[int]] = {}
    for line in image.nm_text.splitlines():
        parts = line.split(maxsplit=2)
        m = _OPS_ENTRY.match(parts[2]) if len(parts) == 3 else None
        if m:
            by_instance.setdefault(m.group(1), []).append(int(parts[0], 16))
    if len(by_instance) != 1:
        raise CodeSizeError(f"{image.path}: expected the operations of one variant, found "
                            f"{len(by_instance)} point::Ops instances")
    return next(iter(by_instance.values()))
