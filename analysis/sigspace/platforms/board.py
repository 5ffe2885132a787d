"""Board platforms for the campaign runner: m4 (Cortex-M4 mps2-an386 with a 640 KB SRAM
budget), m4-4mb (the same board with its whole 4 MiB) and m33 (Cortex-M33 mps2-an505, 4 MiB),
all under QEMU 7.2. The work is done by board_run.measure(); one firmware run per (variant,
board) serves every unit of that pair, so units only read from a shared, locked cache.

Instructions are QEMU guest instruction counts, never cycles; there is no time metric on
boards (QEMU is not cycle-accurate) and no heap (a config naming them plans nothing here). The
descriptor metrics (workspace, retained state) are the same on every platform and recorded
without a firmware run, so that a memory point's adoption on a board sees them as on the host.
The `stack` metric also plans `fits` (bool: static + heap + buffers + deepest stack <= the
board's RAM) and `ram` (those bytes), so a variant too big for the 640 KB part is recorded as
not fitting instead of failing the run.
"""
from __future__ import annotations

import functools
import hashlib
import subprocess
import threading

from .. import _sigspace
from . import (DESCRIPTOR_METHODS, Platform, PlatformError, Unit, UnitResult,
               descriptor_figure, plan_descriptor)
from . import board_run, codesize

OPS = ("keygen", "load_key", "sign", "verify")
METHODS = {
    "instructions/qemu-icount": "Guest instructions executed between bench_start() and "
        "bench_stop() around one operation, counted by the sigspace TCG plugin (an inline add per "
        "instruction, harness/target/icount_plugin) under qemu-system-arm, minus an empty "
        "window's count; rep = message index. QEMU instruction counts, not cycles. Deterministic.",
    "stack/paint": "Painted stack (harness/common/stack_paint.hpp, floor __StackLimit) around one "
        "operation minus that of an empty window; keys, messages and signatures live above it "
        "(pqm4's convention); rep = message index. Deterministic.",
    "fits/paint": "Whether .data + .bss + the image's heap + the I/O buffers + the deepest "
        "operation stack fit the board's RAM (640 KB for m4); op 'all'.",
    "ram/paint": "Those bytes (what the variant needs on the board); op 'all'.",
    "text/elf": "In the per-variant measurement firmware (arm-none-eabi-objdump/nm): "
        + codesize.METHOD + " op 'all'.",
}
METHODS["data/elf"] = METHODS["text/elf"]
METHODS["bss/elf"] = METHODS["text/elf"]
METHODS.update(DESCRIPTOR_METHODS)


def _version(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        return "missing"


class BoardPlatform(Platform):
    name = ""

    def __init__(self):
        self._messages: dict[str, int] = {}   # variant -> messages the plan asks for (max)
        self._results: dict[str, board_run.Measurement] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()

    def describe(self) -> dict:
        preset, machine, ram = board_run.BOARDS[self.name]
        plugin = board_run.builder(self.name).plugin
        return {"machine": machine, "ram_bytes": ram, "preset": preset,
                "opt_flags": board_run.opt_flags(), "build_dir": str(board_run.builder(self.name).dir),
                "plugin_sha256": hashlib.sha256(plugin.read_bytes()).hexdigest() if plugin.exists() else None,
                "tools": {"qemu": _version(["qemu-system-arm", "--version"]),
                          "gcc": _version(["arm-none-eabi-gcc", "--version"])},
                "qemu_timeout_s": board_run.qemu_timeout()}

    def methods(self) -> dict[str, str]:
        return dict(METHODS)

    def variant_ids(self) -> list[str]:
        # Ablations too: the probe firmware builds any registered id (variants/registry.hpp), so
        # `sigspace adopt` can decide each technique on the boards as well as on the host.
        return list(_sigspace.variant_ids()) + list(_sigspace.ablation_ids())

    @functools.lru_cache(maxsize=None)
    def variant_info(self, variant_id: str) -> dict:
        return _sigspace.info(variant_id)

    def plan(self, variant_id: str, metric: str, settings: dict) -> list[Unit]:
        u = functools.partial(Unit, self.name, variant_id)
        if metric in ("text", "data", "bss"):
            return [u(metric, "elf", "all")]
        if metric in ("workspace", "retained_state"):
            return plan_descriptor(self.name, variant_id, metric, settings.get("ops", OPS))
        if metric not in ("instructions", "stack"):
            return []  # time, heap: see the module docstring
        if settings.get("keys", 1) != 1:
            raise PlatformError(f"{self.name}: boards measure keygen and load_key for key seed 0 "
                                f"only (keys = 1), not {settings['keys']}")
        n = settings["messages"]
        ops = settings.get("ops", OPS)
        signs = any(op in ("sign", "verify") for op in ops)  # else the firmware signs nothing
        self._messages[variant_id] = max(n if signs else 0, self._messages.get(variant_id, 0))
        method = "qemu-icount" if metric == "instructions" else "paint"
        units = [u(metric, method, op, 0, n if op in ("sign", "verify") else 1)
                 for op in ops]
        if metric == "stack":
            units += [u("fits", "paint", "all"), u("ram", "paint", "all")]
        return units

    def shares_work(self, unit: Unit) -> str:
        # One QEMU run gives all of a variant's figures on one board, and the 640 KB part's
        # image of a variant that does not fit runs the 4 MiB one as well (m4 and m4-4mb).
        return f"{board_run.BOARDS[self.name][0]}:{unit.variant}"

    def _measure(self, variant_id: str) -> board_run.Measurement:
        with self._lock:
            lock = self._locks.setdefault(variant_id, threading.Lock())
        with lock:  # the other units of this variant wait for the same run
            if variant_id not in self._results:
                try:
                    self._results[variant_id] = board_run.measure(
                        variant_id, self.name, self._messages.get(variant_id, 0))
                except board_run.BoardError as e:
                    raise PlatformError(f"{self.name}: {e}") from None
            return self._results[variant_id]

    def run(self, unit: Unit) -> UnitResult:
        if unit.method == "descriptor":
            return descriptor_figure(self.variant_info(unit.variant), unit)
        m = self._measure(unit.variant)
        meta = {"firmware": {self.name: {unit.variant: m.firmware}}} if m.firmware else {}
        if unit.metric in ("text", "data", "bss"):
            return UnitResult([(0, m.sizes[unit.metric])], meta)
        if unit.metric == "fits":
            return UnitResult([(0, m.fits)], meta)
        if unit.metric == "ram":
            return UnitResult([(0, m.ram_needed)], meta)
        if not m.fits:
            return UnitResult([], meta)  # recorded by fits/ram; no figures from a part it overflows
        values = [(k, m.figures[(unit.op, unit.metric, k)])
                  for k in range(unit.first, unit.first + unit.count)]
        return UnitResult(values, meta)


class M4Platform(BoardPlatform):
    name = "m4"


class M4FullPlatform(BoardPlatform):
    name = "m4-4mb"


class M33Platform(BoardPlatform):
    name = "m33"
