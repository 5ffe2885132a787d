"""Board measurements under QEMU, independent of the campaign runner: builds the per-variant
measurement firmware (harness/target/probe) for a board, runs it under qemu-system-arm with the
instruction-counting TCG plugin (harness/target/icount_plugin), checks its transcript against
the host's (harness/host/transcript, the same code), and returns the figures.

    measure("ML-DSA-44/reference", "m4", messages=3) -> Measurement

Figures are guest instruction counts (never cycles) and painted stack bytes, per window minus
the empty window measured first (the markers' own instructions and the window's frame).
Build directories: build/h-board-<preset>-<flags>, and build/h-board-pk for the keys the
firmware keeps in flash. Builds take a file lock (build/.h-board.lock), so threads, pytest-xdist
workers and two sigspace commands at once share these directories safely.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import shlex
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path

from ..provenance import ROOT
from ..vocabulary import WHOLE_RAM
from . import codesize, host

FULL_RAM = 4 * 1024 * 1024
# platform -> (CMake preset, QEMU machine, RAM the image may use)
BOARDS = {"m4": ("m4", "mps2-an386", 640 * 1024),
          "m4-4mb": ("m4", "mps2-an386", FULL_RAM),
          "m33": ("m33", "mps2-an505", FULL_RAM)}
EXIT_NO_FIT = 3       # probe_main.cpp: buffers or a stack do not fit the image's RAM
EXIT_FAULT = 238      # harness/target/faults.c
# A fault inside the fault handler (a stack that overflowed through it) locks the core up, and
# QEMU aborts ("qemu: fatal: Lockup: can't escalate ... to HardFault"): that is a fault too.
QEMU_LOCKUP = "qemu: fatal: Lockup"
EXIT_TIMEOUT = 124    # qemu-run
NO_FIT_LINK = "sigspace: image does not fit in RAM_BYTES"


class BoardError(Exception):
    """A board measurement failed (build, run, timeout, transcript mismatch)."""


def opt_flags() -> str:
    """Code-generation flags of board builds: -O2 unless SIGSPACE_BOARD_OPT_FLAGS says otherwise."""
    return os.environ.get("SIGSPACE_BOARD_OPT_FLAGS", "-O2")


# A campaign's `[campaign] qemu_timeout_s` (config.py), set for the length of its run.
CONFIGURED_TIMEOUT: int | None = None


def qemu_timeout() -> int:
    """Seconds one QEMU run may take (LESS-1b reference: keygen + sign + verify about 20 G
    instructions, 20-40 s): SIGSPACE_QEMU_TIMEOUT, else the campaign's qemu_timeout_s, else 900."""
    given = os.environ.get("SIGSPACE_QEMU_TIMEOUT")
    return int(given) if given else CONFIGURED_TIMEOUT or 900


def slug(variant_id: str) -> str:
    """As harness/target/probe/CMakeLists.txt (sigspace_probe_slug) names targets and .pk files."""
    return re.sub(r"[^a-z0-9]+", "_", variant_id.lower())


def registered_ids() -> set[str]:
    """Every id a probe image can be built for: the registry's variants and ablations."""
    from .. import _sigspace
    return set(_sigspace.variant_ids()) | set(_sigspace.ablation_ids())


def point_of(variant_id: str) -> str:
    """The operating point of an ablation "<set>/<point>~<technique>" (a point is its own)."""
    return variant_id.split("~")[0]


def _run(cmd: list, what: str, timeout: int = 3600) -> subprocess.CompletedProcess:
    try:
        return subprocess.run([str(c) for c in cmd], capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT)
    except subprocess.TimeoutExpired:
        raise BoardError(f"{what}: timed out after {timeout} s") from None
    except FileNotFoundError as e:
        raise BoardError(f"{what}: {e.filename} not found") from None


def _check(proc: subprocess.CompletedProcess, what: str) -> str:
    if proc.returncode != 0:
        raise BoardError(f"{what}: exit {proc.returncode}:\n{(proc.stdout + proc.stderr)[-3000:]}")
    return proc.stdout


@contextlib.contextmanager
def build_lock():
    """Holds build/.h-board.lock: one board build, key write or reconfiguration at a time, across
    threads (each call opens its own descriptor, and flock excludes descriptors) and processes."""
    path = ROOT / "build" / ".h-board.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


class HostTool:
    """The package's sigspace-transcript (sigspace/_bin, built by harness/setup.sh): the host's
    transcript of a variant, and key 0's pk for the firmware's flash."""
    pk_dir = ROOT / "build" / "h-board-pk"

    def __init__(self):
        self._cache: dict[tuple, str] = {}

    def transcript(self, variant_id: str, messages: int) -> str:
        key = (variant_id, messages)
        with build_lock():  # the pk file is read by a firmware build
            if key not in self._cache:
                try:
                    tool = host._tool("sigspace-transcript")
                except host.PlatformError as e:
                    raise BoardError(str(e)) from None
                self.pk_dir.mkdir(parents=True, exist_ok=True)
                # An ablation's bytes are its point's (the transcript hashes outputs, not the id,
                # and every point of a set must match it), and sigspace-transcript knows only the
                # registry: ask for the point, write the key under the ablation's slug.
                out = _check(_run([tool, "--variant", point_of(variant_id), "--messages", messages,
                                   "--pk-out", self.pk_dir / f"{slug(variant_id)}.pk"],
                                  "host transcript"), f"host transcript of {variant_id}")
                self._cache[key] = re.search(r'"transcript": "([0-9a-f]{64})"', out).group(1)
            return self._cache[key]


HOST_TOOL = HostTool()


class Builder:
    """One board build directory; images are (variant, messages, ram) entries of
    SIGSPACE_PROBE_FIRMWARE. Builds are serialised (build_lock): two cores are shared. The
    entries configured are read back from the build's CMake cache, so a second process adds its
    images to the first one's instead of configuring them away."""

    def __init__(self, preset: str, flags: str):
        self.preset, self.flags = preset, flags
        self.dir = ROOT / "build" / f"h-board-{preset}-{re.sub(r'[^A-Za-z0-9]+', '', flags)}"

    @staticmethod
    def target(variant_id: str, messages: int, ram: int) -> str:
        return f"probe_{slug(variant_id)}_n{messages}_r{ram}"

    def configured_entries(self) -> set[str]:
        """The "<variant>:<messages>:<ram>" entries the build directory is configured with."""
        cache = self.dir / "CMakeCache.txt"
        if not cache.is_file():
            return set()
        m = re.search(r"^SIGSPACE_PROBE_FIRMWARE:[A-Z]+=(.*)$", cache.read_text(errors="replace"),
                      re.MULTILINE)
        return set(filter(None, m.group(1).split(";"))) if m else set()

    def elf(self, variant_id: str, messages: int, ram: int) -> Path | None:
        """The built image, or None when it does not fit RAM_BYTES at link time."""
        if variant_id not in registered_ids():  # the firmware would stop at its static_assert
            raise BoardError(f"unknown variant or ablation '{variant_id}': not in the registry "
                             "(sigspace list; ablations are <set>/<point>~<technique>)")
        entry = f"{variant_id}:{messages}:{ram}"
        with build_lock():
            entries = self.configured_entries()
            if entry not in entries:
                entries = ";".join(sorted(entries | {entry}))
                args = ["cmake", "--preset", self.preset, "-B", self.dir,
                        f"-DSIGSPACE_TARGET_OPT_FLAGS={self.flags}",
                        f"-DSIGSPACE_PROBE_FIRMWARE={entries}", f"-DSIGSPACE_PROBE_PK_DIR={HostTool.pk_dir}"]
                _check(_run(args, f"configure {self.dir.name}"), f"configure {self.dir.name}")
            name = self.target(variant_id, messages, ram)
            proc = _run(["cmake", "--build", self.dir, "-j2", "--target", name,
                         "sigspace_icount_plugin"], f"build {name}")
            if proc.returncode != 0 and NO_FIT_LINK in proc.stdout + proc.stderr:
                return None
            _check(proc, f"build {name}")
            return self.dir / "harness/target/probe" / f"{name}.elf"

    def build_flags(self, target: str) -> dict:
        """The complete compiler and linker flags of an image, from the build's own commands
        (ninja -t commands): every distinct compile flag set and the link flags, without
        inputs, outputs, include paths and defines (the variant id and message count)."""
        out = _check(_run(["ninja", "-C", self.dir, "-t", "commands", target], "ninja -t commands"),
                     "ninja -t commands")
        compile_sets, link = set(), None
        for line in out.splitlines():
            steps = [shlex.split(step) for step in line.split("&&")]  # link: ": && g++ ... && :"
            # A compiler launcher (ccache: harness/test.sh) is not a flag of the image.
            steps = [w[1:] if w and Path(w[0]).name in ("ccache", "sccache") else w for w in steps]
            words = next((w for w in steps if w and w[0].endswith(("-gcc", "-g++"))), None)
            if words is None:
                continue
            flags = _flags_of(words[1:])
            if "-c" in words:
                compile_sets.add(" ".join([Path(words[0]).name] + flags))
            else:
                link = " ".join([Path(words[0]).name] + flags)
        # Per-image paths (linker script, map) differ only by name: shown as <build>/<image>,
        # so that every image of a board shows the same flags.
        def generic(text):
            return text and text.replace(str(self.dir), "<build>").replace(target, "<image>")
        return {"compile": sorted(map(generic, compile_sets)), "link": generic(link)}

    @property
    def plugin(self) -> Path:
        return self.dir / "harness/target/icount_plugin/libsigspace_icount.so"


def _flags_of(words: list[str]) -> list[str]:
    """Flags of a compiler command line: drop inputs, outputs, dependency files, -I and -D."""
    out, skip = [], False
    for w in words:
        if skip:
            skip = False
        elif w in ("-o", "-MF", "-MT", "-MQ", "-I", "-D", "-isystem"):
            skip = True
        elif w.startswith("-") and not w.startswith(("-I", "-D", "-M", "-isystem")) and w != "-c":
            out.append(w)
    return out


def sha256(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


_builders: dict[tuple, Builder] = {}
_builders_lock = threading.Lock()


def builder(platform: str) -> Builder:
    key = (BOARDS[platform][0], opt_flags())
    with _builders_lock:
        if key not in _builders:
            _builders[key] = Builder(*key)
        return _builders[key]


@dataclass
class Measurement:
    platform: str
    variant: str
    fits: bool
    ram_needed: int                  # static + heap + buffers + deepest raw window stack
    sizes: dict                      # text, data, bss of the variant's own code (codesize.py)
    figures: dict = field(default_factory=dict)  # (op, metric, rep) -> value; empty if no fit
    log: str = ""
    firmware: dict = field(default_factory=dict)  # image, its sha256, whole sizes, build flags


def parse(stdout: str, stderr: str) -> dict:
    """The firmware's SIGSPACE lines joined with the plugin's counts by window number."""
    insn = {int(w): int(n) for w, n in re.findall(r"sigspace-icount window=(\d+) insn=(\d+)", stderr)}
    windows = []
    for w, op, msg, stack in re.findall(r"SIGSPACE window=(\d+) op=(\w+) msg=(\d+) stack=(\d+)", stdout):
        if int(w) not in insn:
            raise BoardError(f"window {w} ({op}) has no instruction count from the plugin")
        windows.append({"op": op, "msg": int(msg), "stack": int(stack), "insn": insn[int(w)]})
    errors = re.findall(r"(?:SIGSPACE|sigspace-icount) error=[^\n]*", stdout + stderr)
    # A firmware that stops inside a window (a stack overflow on a small part) reports an error
    # and leaves that window unprinted; the caller turns that into "does not fit".
    if len(insn) != len(windows) and not errors:
        raise BoardError(f"the plugin counted {len(insn)} windows, the firmware printed {len(windows)}")
    ram = re.search(r"SIGSPACE ram static=(\d+) heap=(\d+) buffers=(\d+)", stdout)
    digest = re.search(r"SIGSPACE transcript=([0-9a-f]{64})", stdout)
    return {"windows": windows, "transcript": digest and digest.group(1), "errors": errors,
            "ram": ram and dict(zip(("static", "heap", "buffers"), map(int, ram.groups())))}


def image_sizes(elf: Path) -> dict:
    out = _check(_run(["arm-none-eabi-size", "--format=berkeley", elf], "size"), "size")
    text, data, bss = (int(x) for x in out.splitlines()[1].split()[:3])
    return {"text": text, "data": data, "bss": bss}


def sizes(elf: Path) -> dict:
    """The variant's own text/data/bss in its image (codesize.METHOD)."""
    try:
        image = codesize.Image(str(elf), "arm-none-eabi-objdump", "arm-none-eabi-nm")
        return image.footprint(codesize.board_entries(image))
    except codesize.CodeSizeError as e:
        raise BoardError(str(e)) from None


def firmware_record(platform: str, elf: Path) -> dict:
    """What the manifest keeps of an image: its path, hash, whole sizes, build flags and the
    plugin that counted it."""
    b = builder(platform)
    return {"elf": str(elf.relative_to(ROOT)) if elf.is_relative_to(ROOT) else str(elf),
            "sha256": sha256(elf), "image_sizes": image_sizes(elf),
            "flags": b.build_flags(elf.stem), "plugin_sha256": sha256(b.plugin)}


def run_image(platform: str, elf: Path) -> tuple[int, dict, str]:
    """One QEMU run with the plugin: (exit code, parsed output, log). A timeout raises, with
    qemu-run's own message."""
    _, machine, _ = BOARDS[platform]
    b = builder(platform)
    cmd = [ROOT / "harness/target/qemu-run", "--machine", machine, "--timeout", qemu_timeout(),
           "--plugin", b.plugin, elf]
    proc = _run(cmd, f"qemu {elf.name}", timeout=qemu_timeout() + 60)
    log = f"$ {' '.join(map(str, cmd))}\n{proc.stdout}{proc.stderr}"
    if proc.returncode == EXIT_TIMEOUT:
        raise BoardError(f"{elf.name} on {machine}: {proc.stderr.strip().splitlines()[-1]} "
                         "(raise SIGSPACE_QEMU_TIMEOUT, or sign fewer messages on boards)")
    rc = EXIT_FAULT if proc.returncode != 0 and QEMU_LOCKUP in proc.stderr + proc.stdout else proc.returncode
    return rc, parse(proc.stdout, proc.stderr), log


def _figures(parsed: dict) -> dict:
    base = next((w for w in parsed["windows"] if w["op"] == "empty"), None)
    if base is None:
        raise BoardError("no empty (baseline) window in the firmware output")
    figures = {}
    for w in parsed["windows"]:
        if w["op"] != "empty":
            figures[(w["op"], "instructions", w["msg"])] = w["insn"] - base["insn"]
            figures[(w["op"], "stack", w["msg"])] = w["stack"] - base["stack"]
    return figures


def _ram_needed(parsed: dict) -> int:
    r = parsed["ram"]
    return r["static"] + r["heap"] + r["buffers"] + max(w["stack"] for w in parsed["windows"])


# Whole-RAM measurements by (variant, platform, messages): a variant too big for the 640 KB
# part is measured on the 4 MiB image for the bytes it needs, and a campaign that also lists
# m4-4mb (for its counts) would otherwise run that image twice (LESS-5b's reference: minutes).
_FULL_RAM_RUNS: dict[tuple, Measurement] = {}
_FULL_RAM_LOCKS: dict[tuple, threading.Lock] = {}
_FULL_RAM_GUARD = threading.Lock()


def measure(variant_id: str, platform: str, messages: int) -> Measurement:
    """Builds, runs and checks one variant on one board; a variant that does not fit the
    board's RAM gives fits=False with the bytes it needs (from the same code linked with the
    whole 4 MiB), not an error."""
    if platform not in WHOLE_RAM.values():
        return _measure(variant_id, platform, messages)
    key = (variant_id, platform, messages)
    with _FULL_RAM_GUARD:
        lock = _FULL_RAM_LOCKS.setdefault(key, threading.Lock())
    with lock:
        if key not in _FULL_RAM_RUNS:
            _FULL_RAM_RUNS[key] = _measure(variant_id, platform, messages)
        return _FULL_RAM_RUNS[key]


def _measure(variant_id: str, platform: str, messages: int) -> Measurement:
    _, machine, ram = BOARDS[platform]
    expected = HOST_TOOL.transcript(variant_id, messages)  # also writes the pk for flash
    elf = builder(platform).elf(variant_id, messages, ram)
    rc, parsed, log = (None, None, "link: " + NO_FIT_LINK) if elf is None else run_image(platform, elf)
    if rc == 0:
        if parsed["errors"] or parsed["transcript"] is None or parsed["ram"] is None:
            raise BoardError(f"{variant_id} on {machine}: incomplete run:\n{log[-3000:]}")
        if parsed["transcript"] != expected:
            raise BoardError(f"{variant_id} on {machine}: transcript {parsed['transcript']} != "
                             f"host {expected}: the board computes other bytes")
        need = _ram_needed(parsed)
        return Measurement(platform, variant_id, need <= ram, need, sizes(elf), _figures(parsed), log,
                           firmware_record(platform, elf))
    if ram == FULL_RAM or rc not in (None, EXIT_NO_FIT, EXIT_FAULT):
        raise BoardError(f"{variant_id} on {machine}: exit {rc}:\n{log[-3000:]}")
    # Too big for this part (or an overflow ran into static data and faulted): measure the need
    # with the whole RAM; a variant that needs less than the part has is a real failure.
    full = measure(variant_id, WHOLE_RAM[platform], messages)
    if full.ram_needed <= ram:
        raise BoardError(f"{variant_id} on {machine}: exit {rc} although it needs only "
                         f"{full.ram_needed} of {ram} bytes:\n{log[-3000:]}")
    return Measurement(platform, variant_id, False, full.ram_needed, full.sizes, {}, log,
                       full.firmware)
