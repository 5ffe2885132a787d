"""Table (c), pqm4's benchmark layout: instructions and stack per operation, per platform
(instructions by callgrind on the host and by the QEMU counting plugin on boards; stack by
painting). Sign is the median over the run's messages with its min-max."""
from __future__ import annotations

from statistics import median

from . import MISSING, Table
from .common import measured_platforms, points
from .render import cell


def _sign(view, variant, platform):
    values = view.values(variant, platform, "sign", "instructions")
    if not values:
        return None
    mid = f"{median(values):,.0f}"
    return mid if len(values) == 1 else f"{mid} ({min(values):,}–{max(values):,})"


def _stacks(view, variant, platform):
    return " / ".join(cell(view.figure(variant, platform, op, "stack"))
                      for op in ("keygen", "sign", "verify"))


def build(view) -> list[Table]:
    tables = []
    for platform in measured_platforms(view):
        rows = []
        for v in points(view):
            rows.append([v, view.figure(v, platform, "keygen", "instructions"),
                         _sign(view, v, platform),
                         view.figure(v, platform, "verify", "instructions"),
                         _stacks(view, v, platform)])
        insn = sorted({r["method"] for r in view.records
                       if r["platform"] == platform and r["metric"] == "instructions"})
        tables.append(Table(
            name=f"benchmark-{platform}",
            title=f"Instructions and stack per operation ({platform})",
            columns=["variant", "keygen insn", "sign insn, median (min–max)", "verify insn",
                     "stack keygen / sign / verify (B)"],
            rows=rows, run=view.id, methods=[f"instructions/{m}" for m in insn] + ["stack/paint"],
            notes=["Instruction counts, not cycles. Sign: median over the run's messages "
                   "(the same derived messages for every variant), min-max in parentheses.",
                   "Stack excludes keys, messages and signatures (they live outside the "
                   "window), as pqm4 counts.",
                   f"{MISSING}: no figure in this run (see the coverage table)."]))
    return tables
