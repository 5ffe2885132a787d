#!/usr/bin/python3
"""Per-function instruction profile of a board firmware's counting windows.

Input: the profile FILE that the TCG plugin writes in profile mode
(harness/target/icount_plugin, argument profile=FILE), one line per window and code block:

    <window> 0x<block address> <instructions>

and the firmware ELF, whose function symbols come from `arm-none-eabi-nm -S -C --size-sort`
(or an nm listing of that form given with --symbols, so no toolchain is needed). Each block
address is mapped to the function whose [address, address + size) range holds it (the Thumb
bit of a symbol's address is cleared; of nested or aliased ranges the smallest wins, aliases
are joined with " = "); a block no function holds is counted as "(unknown)". The plugin starts
a new block where execution crosses from one symbol into another, so a block lies within one
function and the attribution is exact.

Output, per window: function, instructions, share, sorted by instructions (the text table puts
the function last, as demangled names are long), and a total that is the sum of the window's
lines, which is the plugin's insn= count of that window. With --log
(the QEMU run's stdout and stderr, as qemu-run prints them) windows are labelled with the
firmware's op and message (`SIGSPACE window=<k> op=<op> msg=<i>`) and every total is checked
against the plugin's `sigspace-icount window=<k> insn=<n>` line: a difference is an error.

    harness/target/profile.py [--window K ...] [--top N] [--short] [--markdown] [--log LOG] ELF FILE
    harness/target/profile.py --symbols NM_OUTPUT [...] FILE

Exit codes: 0 ok; 2 a missing or unreadable file, a malformed line, nm failing, a window
asked for that is not in FILE, or a total that differs from the plugin's count. Python 3
standard library only (run it with /usr/bin/python3 or the project's venv).
"""
import argparse
import bisect
import re
import subprocess
import sys

TEXT_TYPES = set("TtWw")  # nm types of code symbols (weak functions are W/w)
UNKNOWN = "(unknown)"
ALIAS = " = "  # joins the names of one range
PIPE = "\\|"  # a "|" in a name, escaped for a markdown cell


class ProfileError(Exception):
    """A problem with the inputs: reported on one line, exit 2."""


def read_text(path: str, what: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError as e:
        raise ProfileError(f"cannot read {what} '{path}': {e.strerror}") from None


def _int(text: str, base: int) -> int:
    if base == 16 and not re.fullmatch(r"0[xX][0-9a-fA-F]+", text):
        raise ValueError(text)
    if base == 10 and not re.fullmatch(r"[0-9]+", text):
        raise ValueError(text)
    return int(text, base)


def parse_profile(text: str, path: str) -> dict[int, dict[int, int]]:
    """{window: {pc: instructions}} from the plugin's lines. Blank lines and '#' comments are
    skipped; anything else that is not `<window> 0x<pc> <count>` is an error."""
    windows: dict[int, dict[int, int]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split()
        try:
            if len(fields) != 3:
                raise ValueError(line)
            window, pc, count = _int(fields[0], 10), _int(fields[1], 16), _int(fields[2], 10)
            if window < 1:
                raise ValueError(line)
        except ValueError:
            raise ProfileError(f"{path}:{number}: malformed line '{line.strip()}' "
                               "(expected '<window> 0x<pc> <count>')") from None
        blocks = windows.setdefault(window, {})
        if pc in blocks:
            raise ProfileError(f"{path}:{number}: window {window} lists block {fields[1]} twice")
        blocks[pc] = count
    if not windows:
        raise ProfileError(f"{path}: no profile lines (did the firmware call bench_start/bench_stop?)")
    return windows


class Symbols:
    """Code symbols as [start, end) ranges; lookup gives the innermost range holding a pc."""

    def __init__(self, text: str, path: str):
        ranges: dict[tuple[int, int], list[str]] = {}
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            fields = line.split(None, 3)  # address size type name (the name may have spaces)
            try:
                if len(fields) != 4 or len(fields[2]) != 1:
                    raise ValueError(line)
                start, size = int(fields[0], 16) & ~1, int(fields[1], 16)
            except ValueError:
                raise ProfileError(f"{path}:{number}: malformed nm line '{line.strip()}' "
                                   "(expected '<address> <size> <type> <name>', nm -S)") from None
            if fields[2] in TEXT_TYPES and size > 0:
                ranges.setdefault((start, start + size), []).append(fields[3].strip())
        self.ranges = sorted((s, e, ALIAS.join(sorted(set(names))))
                             for (s, e), names in ranges.items())
        self.starts = [s for s, _, _ in self.ranges]
        self.longest = max((e - s for s, e, _ in self.ranges), default=0)

    def function(self, pc: int) -> str:
        best = None
        i = bisect.bisect_right(self.starts, pc) - 1
        while i >= 0 and self.ranges[i][0] >= pc - self.longest:
            start, end, name = self.ranges[i]
            if pc < end and (best is None or end - start < best[1] - best[0]):
                best = (start, end, name)
            i -= 1
        return best[2] if best else UNKNOWN


def nm_symbols(elf: str, nm: str) -> str:
    read_text(elf, "ELF")  # a clear message for a missing file, before nm's own
    try:
        proc = subprocess.run([nm, "-S", "-C", "--size-sort", elf], capture_output=True, text=True)
    except FileNotFoundError:
        raise ProfileError(f"'{nm}' not found (give --nm, or --symbols with nm's output)") from None
    if proc.returncode != 0:
        raise ProfileError(f"{nm} {elf}: exit {proc.returncode}: {proc.stderr.strip()}")
    return proc.stdout


def parse_log(text: str) -> tuple[dict[int, str], dict[int, int]]:
    """The firmware's window labels and the plugin's window counts from a QEMU run's output."""
    labels = {int(w): f"op={op} msg={msg}"
              for w, op, msg in re.findall(r"SIGSPACE window=(\d+) op=(\w+) msg=(\d+)", text)}
    counts = {int(w): int(n) for w, n in re.findall(r"sigspace-icount window=(\d+) insn=(\d+)", text)}
    return labels, counts


def short_name(name: str) -> str:
    """A demangled name without its return type and parameter list ("void ns::f<int>(char*)
    const" -> "ns::f<int>"); overloads then look alike, so this is for display only."""
    def top_level(text):  # indices of characters outside (), <>, {}, []
        depth = 0
        for i, ch in enumerate(text):
            if ch in "(<{[":
                depth += 1
            elif ch in ")>}]":
                depth -= 1
            elif depth == 0:
                yield i
    clone = re.search(r"( \[clone [^\]]*\])+$", name)  # GCC's " [clone .isra.0]" stays
    base = name[: clone.start()] if clone else name
    for suffix in (" const", " volatile", " &&", " &"):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
    if base.endswith(")"):  # drop the parameter list: the last top-level "(...)"
        depth = 0
        for i in range(len(base) - 1, -1, -1):
            depth += base[i] == ")"
            depth -= base[i] == "("
            if depth == 0:
                base = base[:i]
                break
    spaces = [i for i in top_level(base) if base[i] == " "]
    base = base[spaces[-1] + 1:] if spaces else base  # drop a return type
    return base + clone.group(0) if base and clone else base or name


def by_function(blocks: dict[int, int], symbols: Symbols) -> list[tuple[str, int]]:
    totals: dict[str, int] = {}
    for pc, count in blocks.items():
        name = symbols.function(pc)
        totals[name] = totals.get(name, 0) + count
    return sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))


def table(rows: list[tuple[str, int]], total: int, top: int | None, markdown: bool,
          short: bool = False) -> list[str]:
    if short:
        rows = [(" = ".join(map(short_name, name.split(ALIAS))), n) for name, n in rows]
    if top is not None and len(rows) > top:  # the rest in one row; "(unknown)" always shown
        unknown = [row for row in rows[top:] if row[0] == UNKNOWN]
        rest = [row for row in rows[top:] if row[0] != UNKNOWN]
        rows = rows[:top] + ([(f"({len(rest)} other functions)", sum(n for _, n in rest))]
                             if rest else []) + unknown

    def share(n):
        return f"{100.0 * n / total:.2f}%" if total else "-"
    if markdown:
        lines = ["| function | instructions | share |", "|---|---:|---:|"]
        lines += [f"| `{name.replace('|', PIPE)}` | {n:,} | {share(n)} |" for name, n in rows]
        return lines + [f"| **total** | **{total:,}** | {share(total)} |"]
    # Function last: demangled names are long.
    nwidth = max(len("instructions"), len(str(total)))
    lines = [f"  {'instructions':>{nwidth}}  {'share':>7}  function"]
    lines += [f"  {n:>{nwidth}}  {share(n):>7}  {name}" for name, n in rows]
    return lines + [f"  {'-' * nwidth}  {'-' * 7}  --------",
                    f"  {total:>{nwidth}}  {share(total):>7}  total"]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        description="Per-function instruction profile of the plugin's counting windows.")
    p.add_argument("paths", nargs="+", metavar="ELF FILE",
                   help="the firmware ELF and the plugin's profile FILE (only FILE with --symbols)")
    p.add_argument("--symbols", metavar="NM_OUTPUT",
                   help="read symbols from this `nm -S -C --size-sort` listing instead of the ELF")
    p.add_argument("--nm", default="arm-none-eabi-nm", help="nm to run on the ELF (%(default)s)")
    p.add_argument("--log", help="QEMU run output: label windows, check totals against the plugin")
    p.add_argument("--window", type=int, action="append", metavar="K",
                   help="only window K (repeatable); default every window")
    p.add_argument("--top", type=int, metavar="N", help="N functions, the rest in one row")
    p.add_argument("--markdown", action="store_true", help="markdown tables")
    p.add_argument("--short", action="store_true",
                   help="show names without return type and parameters (rows stay per symbol)")
    args = p.parse_args(argv)
    try:
        if args.symbols is not None:
            if len(args.paths) != 1:
                p.error("with --symbols give only the profile FILE")
            symbols_text, symbols_path = read_text(args.symbols, "symbols file"), args.symbols
        else:
            if len(args.paths) != 2:
                p.error("give the ELF and the profile FILE (or --symbols NM_OUTPUT and FILE)")
            symbols_text, symbols_path = nm_symbols(args.paths[0], args.nm), f"nm {args.paths[0]}"
        if args.top is not None and args.top < 1:
            p.error("--top must be at least 1")
        path = args.paths[-1]
        windows = parse_profile(read_text(path, "profile"), path)
        symbols = Symbols(symbols_text, symbols_path)
        labels, counts = parse_log(read_text(args.log, "log")) if args.log else ({}, {})
        chosen = args.window or sorted(windows)
        missing = [w for w in chosen if w not in windows]
        if missing:
            raise ProfileError(f"{path}: no window {', '.join(map(str, missing))} "
                               f"(it has {min(windows)}..{max(windows)})")
        mismatched = []
        for w in chosen:
            total = sum(windows[w].values())
            head = f"window {w}" + (f" {labels[w]}" if w in labels else "")
            head += f": {total} instructions"
            if args.log:
                if counts.get(w) != total:
                    mismatched.append(f"window {w}: profile {total}, plugin {counts.get(w)}")
                head += " (= the plugin's count)" if counts.get(w) == total else \
                        f" (the plugin counted {counts.get(w)})"
            print(("### " if args.markdown else "") + head)
            if args.markdown:
                print()
            print("\n".join(table(by_function(windows[w], symbols), total, args.top, args.markdown,
                                   args.short)))
            print()
        if mismatched:
            raise ProfileError("totals differ from the plugin's counts: " + "; ".join(mismatched))
    except ProfileError as e:
        print(f"profile.py: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
