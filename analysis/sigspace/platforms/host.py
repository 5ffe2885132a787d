"""The host platform: the native probe (sigspace-probe) and the gbench runner (sigspace-bench)
from sigspace/_bin, run directly or under valgrind. One unit is one or a few probe processes;
each measurement window holds exactly one operation (harness/host/probe/operation.hpp)."""
from __future__ import annotations

import functools
import hashlib
import json
import os
import platform as pyplatform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from .. import _sigspace
from ..vocabulary import OPS
from . import codesize
from . import (DESCRIPTOR_METHODS, Platform, PlatformError, Unit, UnitResult,
               descriptor_figure, plan_descriptor)

WINDOW_FUNCTION = "sigspace_probe_window"  # the probe's extern "C" window, for callgrind
OPS_OF = {"keygen": "keys", "load_key": "keys", "sign": "messages", "verify": "messages"}

METHODS = {
    "time/gbench": "Google Benchmark (sigspace-bench): wall-clock real_time of one operation per "
                   "iteration, cycling over the derived inputs (messages for sign/verify, key "
                   "seeds for keygen/load_key); one record per repetition (rep = repetition "
                   "index) holding the mean over one pass of the input set; summaries take the "
                   "median, p10 and p90 over repetitions. Timing units run alone.",
    "instructions/callgrind": "valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no "
                              f"--toggle-collect={WINDOW_FUNCTION} --dump-after={WINDOW_FUNCTION}: "
                              "the 'totals' of each window's dump, one operation per window, "
                              "the unit's inputs in one probe process (rep = input index; the "
                              "same figures as one process per input). Deterministic.",
    "stack/paint": "The window runs on its own ucontext stack painted with 0xDEADBEEF "
                   "(harness/common/stack_paint.hpp, harness/host/stack_paint_host.cpp); value = "
                   "high-water mark with the operation minus that of the same window with the "
                   "operation skipped (rep = input index). Deterministic.",
    "heap/counting-alloc": "The probe replaces malloc/calloc/realloc/memalign (operator new "
                           "reaches them); peak of live bytes requested inside the window.",
    "heap/massif": "valgrind --tool=massif --heap-admin=0 --peak-inaccuracy=0, one operation per "
                   "process: peak mem_heap_B of the process with the operation minus that of "
                   "the same process with the operation skipped; a ballast block as large as "
                   "the heap peak so far is live during the window in both, so the setup's "
                   "peak never masks the window's (exact on a synthetic 150000-byte block).",
    **DESCRIPTOR_METHODS,
    "text/elf": "In the sigspace-probe executable, which links every variant (objdump/nm; the "
                "entry points from `sigspace-probe entry-points`): " + codesize.METHOD +
                " op 'all'.",
}
METHODS["time/gbench-hedged"] = (
    "As time/gbench for sign, but every iteration first draws the signing randomness (ML-DSA "
    "rnd, LESS salt) from the record's rng_source (sigspace-bench --nonce-source), so inputs "
    "are the derived messages with fresh randomness; the value is the whole hedged signature, "
    "draw included.")
METHODS["rng_time/gbench-hedged"] = (
    "The draw alone inside the same gbench-hedged iterations, timed with steady_clock around "
    "the source call: mean ns per signature over the repetition (gbench counter rng_time).")
METHODS["data/elf"] = METHODS["text/elf"]
METHODS["bss/elf"] = METHODS["text/elf"]

# A unit that runs longer than this is a hang, not a measurement (LESS-5 signing under
# callgrind is about a minute).
TIMEOUT_SECONDS = 3600


def bin_dir() -> Path:
    """Where the native tools are: $SIGSPACE_BIN_DIR, else the package's _bin."""
    env = os.environ.get("SIGSPACE_BIN_DIR")
    return Path(env) if env else Path(__file__).resolve().parents[1] / "_bin"


def _tool(name: str) -> str:
    path = bin_dir() / name
    if not path.exists():
        raise PlatformError(f"{path} is missing: run `bash harness/setup.sh` (or set "
                            "SIGSPACE_BIN_DIR to a build's harness/host/<tool> folder)")
    return str(path)


def _probe() -> str:
    return _tool("sigspace-probe")


def _run(cmd: list[str], what: str) -> str:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    except FileNotFoundError as e:
        raise PlatformError(f"{what}: {e.filename} not found") from None
    except subprocess.TimeoutExpired:
        raise PlatformError(f"{what}: timed out after {TIMEOUT_SECONDS} s") from None
    if proc.returncode != 0:
        raise PlatformError(f"{what}: exit {proc.returncode}: {proc.stderr.strip()[-2000:]}")
    return proc.stdout


def _version(cmd: list[str]) -> str:
    try:
        out = subprocess.run(cmd, capture_output=True, text=True).stdout.strip()
        return out.splitlines()[0] if out else "unknown"
    except OSError:
        return "missing"


def _gcrypt_version() -> str:
    """The libgcrypt the host tools load (hedged signing's gcrypt-* nonce sources)."""
    from .. import _sigspace
    return _sigspace.gcrypt_version()


def _cpu() -> dict:
    from ..provenance import cpu_identity
    return {**cpu_identity(), "logical_cpus": os.cpu_count(), "machine": pyplatform.machine(),
            "kernel": pyplatform.release()}


def _measure_args(unit: Unit) -> list[str]:
    return ["--variant", unit.variant, "--op", unit.op, "--first", str(unit.first),
            "--count", str(unit.count)]


class HostPlatform(Platform):
    name = "host"

    @functools.cached_property
    def _registry(self) -> dict[str, dict]:
        infos = json.loads(_run([_probe(), "list"], "sigspace-probe list"))
        return {i["id"]: i for i in infos}

    def variant_ids(self) -> list[str]:
        # Ablations are linked into the same probe (find_variant) but not listed by it.
        return list(self._registry) + list(_sigspace.ablation_ids())

    def variant_info(self, variant_id: str) -> dict:
        return self._registry.get(variant_id) or _sigspace.info(variant_id)

    def methods(self) -> dict[str, str]:
        return dict(METHODS)

    def describe(self) -> dict:
        import importlib.metadata
        probe = Path(_probe())
        return {
            "cpu": _cpu(),
            "probe": {"path": str(probe),
                      "sha256": hashlib.sha256(probe.read_bytes()).hexdigest(),
                      "build": json.loads(_run([str(probe), "build-info"], "build-info"))},
            "tools": {"valgrind": _version(["valgrind", "--version"]),
                      "size": _version(["size", "--version"]),
                      "python": sys.version.split()[0],
                      "libgcrypt": _gcrypt_version(),
                      "jsonschema": importlib.metadata.version("jsonschema")},
        }

    # --- planning ------------------------------------------------------------------------------
    def plan(self, variant_id: str, metric: str, settings: dict) -> list[Unit]:
        ops = settings.get("ops", list(OPS))
        u = functools.partial(Unit, "host", variant_id, metric)
        if metric in ("text", "data", "bss"):
            return [u("elf", "all")]
        if metric in ("retained_state", "workspace"):
            return plan_descriptor("host", variant_id, metric, ops)
        units = []
        for op in ops:
            n = settings[OPS_OF[op]]
            if metric == "time":
                opts = (("passes", settings["passes"]), ("repetitions", settings["repetitions"]))
                units.append(u("gbench", op, 0, n, opts, exclusive=True))
                for source in settings.get("nonce_sources", []) if op == "sign" else []:
                    units.append(u("gbench-hedged", op, 0, n, (("nonce_source", source),) + opts,
                                   exclusive=True))
            elif metric == "instructions":
                units.append(u("callgrind", op, 0, n))
            elif metric == "stack":
                units.append(u("paint", op, 0, n))
            elif metric == "heap":
                if "counting-alloc" in settings["methods"]:
                    units.append(u("counting-alloc", op, 0, n))
                if "massif" in settings["methods"]:
                    units += [u("massif", op, k, 1) for k in range(n)]
        return units

    # --- running -------------------------------------------------------------------------------
    def run(self, unit: Unit) -> UnitResult:
        return getattr(self, "_run_" + unit.method.replace("-", "_"))(unit)

    def _run_descriptor(self, unit: Unit) -> UnitResult:
        return descriptor_figure(self.variant_info(unit.variant), unit)

    def _run_elf(self, unit: Unit) -> UnitResult:
        return UnitResult([(0, self.code_size(unit.variant)[unit.metric])])

    @functools.cached_property
    def _image(self) -> codesize.Image:
        try:
            return codesize.Image(_probe())
        except codesize.CodeSizeError as e:
            raise PlatformError(str(e)) from None

    @functools.lru_cache(maxsize=None)
    def code_size(self, variant_id: str) -> dict[str, int]:
        """The variant's own text/data/bss in the probe (codesize.METHOD)."""
        out = json.loads(_run([_probe(), "entry-points", "--variant", variant_id],
                              f"entry points of {variant_id}"))
        base = self._image.address_of(out["anchor"])
        try:
            return self._image.footprint([base + o for o in out["offsets"].values()])
        except codesize.CodeSizeError as e:
            raise PlatformError(str(e)) from None

    def _probe_values(self, unit: Unit, metric: str) -> UnitResult:
        out = _run([_probe(), "measure", *_measure_args(unit), "--metric", metric],
                   f"probe {unit.key}")
        values = json.loads(out)["values"]
        return UnitResult([(unit.first + i, v) for i, v in enumerate(values)])

    def _run_paint(self, unit: Unit) -> UnitResult:
        return self._probe_values(unit, "stack")

    def _run_counting_alloc(self, unit: Unit) -> UnitResult:
        return self._probe_values(unit, "heap")

    def _run_callgrind(self, unit: Unit) -> UnitResult:
        # One process for the unit's inputs: --dump-after writes a profile after every window,
        # whose totals are that window's alone (the same figure as one process per input).
        with tempfile.TemporaryDirectory(prefix="sigspace-cg-") as tmp:
            out = Path(tmp) / "callgrind.out"
            _run(["valgrind", "-q", "--tool=callgrind", "--instr-atstart=no",
                  "--collect-atstart=no", f"--toggle-collect={WINDOW_FUNCTION}",
                  f"--dump-after={WINDOW_FUNCTION}", f"--callgrind-out-file={out}", _probe(),
                  "measure", *_measure_args(unit), "--metric", "window"], f"callgrind {unit.key}")
            dumps = [Path(f"{out}.{k + 1}") for k in range(unit.count)]
            if not all(d.exists() for d in dumps):
                raise PlatformError(f"callgrind {unit.key}: fewer window dumps than inputs")
            return UnitResult([(unit.first + k, callgrind_total(d.read_text()))
                               for k, d in enumerate(dumps)])

    def _run_massif(self, unit: Unit) -> UnitResult:
        return UnitResult([(unit.first, massif_heap(_measure_args(unit), unit.key))])

    def _run_gbench(self, unit: Unit, extra: tuple[str, ...] = ()) -> UnitResult:
        out = _run([_tool("sigspace-bench"), "--variant", unit.variant, "--op", unit.op,
                    "--messages", str(unit.count), "--passes", str(unit.option("passes")),
                    "--repetitions", str(unit.option("repetitions")), *extra,
                    "--benchmark_format=json"], f"gbench {unit.key}")
        report = json.loads(out)
        scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
        values, rng, overhead = [], [], []
        for b in report["benchmarks"]:
            if b.get("error_occurred"):
                raise PlatformError(f"gbench {unit.key}: {b.get('error_message')}")
            if "/loop-overhead" in b["name"]:
                if b.get("run_type") == "iteration":
                    overhead.append(b["real_time"] * scale[b["time_unit"]])
            elif b.get("run_type") == "iteration":
                values.append((b["repetition_index"], b["real_time"] * scale[b["time_unit"]]))
                if "rng_time" in b:  # a counter, already in ns per iteration
                    rng.append((b["repetition_index"], b["rng_time"]))
        meta = {"gbench_context": report["context"],
                "loop_overhead": {"unit": unit.key, "variant": unit.variant, "op": unit.op,
                                  "nonce_source": unit.option("nonce_source"),
                                  "passes": int(report["context"].get("sigspace_passes", 0)) or
                                  unit.option("passes"),
                                  "ns": min(overhead) if overhead else None,
                                  "timed_ns": min(v for _, v in values) if values else None}}
        return UnitResult(values, meta, {"rng_time": rng} if rng else {})

    def _run_gbench_hedged(self, unit: Unit) -> UnitResult:
        return self._run_gbench(unit, ("--nonce-source", unit.option("nonce_source")))


def massif_heap(measure_args: list[str], what: str) -> int:
    """Heap bytes of the probe's window by massif: peak with the operation minus peak without
    (harness/host/probe/probe_main.cpp explains the ballast that makes this exact)."""
    peaks = []
    with tempfile.TemporaryDirectory(prefix="sigspace-ms-") as tmp:
        for with_op in ("yes", "no"):
            out = Path(tmp) / f"massif-{with_op}.out"
            # nouserintercepts: the probe's own malloc (the counting allocator, which sizes
            # the ballast) stays in place; valgrind still sees glibc's malloc beneath it.
            _run(["valgrind", "-q", "--tool=massif", "--soname-synonyms=somalloc=nouserintercepts",
                  "--heap-admin=0", "--peak-inaccuracy=0", f"--massif-out-file={out}", _probe(),
                  "measure", *measure_args, "--metric", "window", "--with-op", with_op],
                 f"massif {what}")
            peaks.append(massif_peak_heap(out.read_text()))
    return max(0, peaks[0] - peaks[1])


def callgrind_total(text: str) -> int:
    """The `totals:` line of a callgrind output (the `summary:` line reads 0 with toggling)."""
    m = re.search(r"^totals:\s+(\d+)", text, re.MULTILINE)
    if not m:
        raise PlatformError("callgrind output has no totals line")
    return int(m.group(1))


def massif_peak_heap(text: str) -> int:
    """The highest mem_heap_B over a massif output's snapshots."""
    values = [int(v) for v in re.findall(r"^mem_heap_B=(\d+)", text, re.MULTILINE)]
    if not values:
        raise PlatformError("massif output has no snapshots")
    return max(values)

