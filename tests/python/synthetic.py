"""A small synthetic run for the analysis tests: schema-valid records of made-up figures for an
ML-DSA-44 reference, a memory floor and its ablations, written through results.py like a real run.
The figures are test inputs only; no table of the project carries them."""
from __future__ import annotations

from pathlib import Path

from sigspace import results

RUN = "20260101T000000Z-0123456789"
UNITS = {"instructions": "insn", "time": "ns", "fits": "bool"}
METHODS = {"instructions": "callgrind", "time": "gbench", "stack": "paint",
           "workspace": "descriptor", "retained_state": "descriptor"}


def record(variant, platform, op, metric, value, rep=0, method=None, run=RUN):
    param_set, point = variant.split("~")[0].split("/")
    board = platform != "host"
    return {"schema": 1, "run": run, "variant": variant, "scheme": "ML-DSA",
            "param_set": param_set, "op_point": point, "techniques": [],
            "platform": platform, "op": op, "metric": metric,
            "unit": UNITS.get(metric, "bytes"), "value": value,
            "method": method or ("qemu-icount" if board and metric == "instructions"
                                 else METHODS.get(metric, "paint")), "rep": rep}


def variant_records(variant, platform, insn, stack, workspace=0, retained=0):
    """Instructions and stack for keygen/sign/verify (sign over two messages), descriptors."""
    out = []
    for op in ("keygen", "sign", "verify"):
        reps = (0, 1) if op == "sign" else (0,)
        out += [record(variant, platform, op, "instructions", insn + 10 * rep, rep) for rep in reps]
        out += [record(variant, platform, op, "stack", stack, rep) for rep in reps]
        if platform == "host":
            out.append(record(variant, platform, op, "time", insn / 2.0))
    if platform == "host":
        out += [record(variant, platform, "sign", "workspace", workspace),
                record(variant, platform, "sign", "retained_state", retained)]
    return out


def less_records(variant, platform, insn, stack, retained=0):
    """variant_records as a LESS point, with its signing descriptors on the board as well."""
    out = [{**r, "scheme": "LESS"} for r in variant_records(variant, platform, insn, stack)]
    for metric, value in (("workspace", 0), ("retained_state", retained)):
        out.append({**record(variant, platform, "sign", metric, value, method="descriptor"),
                    "scheme": "LESS"})
    return out


CONFIG = '[campaign]\nvariants = ["*"]\nplatforms = ["host"]\n'


def write_run(folder: Path, records: list[dict], run=RUN, config_text=CONFIG) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    manifest = {"schema": 1, "run": run, "created": "2026-01-01T00:00:00Z",
                "finished": "2026-01-01T00:01:00Z", "complete": True,
                "git": {"commit": "0123456789" * 4, "dirty": False, "dirty_paths": []},
                "config": {"path": "configs/synthetic.toml", "sha256": "0" * 64,
                           "text": config_text},
                "shard": None, "platforms": {"host": {}}, "methods": {
                    "instructions/callgrind": "synthetic", "stack/paint": "synthetic"},
                "tools": {}}
    results.write_manifest(folder, manifest)
    results.write_records(folder, [{**r, "run": run} for r in records])
    return folder
