"""Table (c), pqm4's benchmark layout: instructions and RAM per operation, per platform
(instructions by callgrind on the host and by the QEMU counting plugin on boards). Signing is a
distribution over messages: median and p90, refused below the scheme's message minimum."""
from __future__ import annotations

from . import MISSING, Table
from .common import (OPS, descriptor, insn_method, measured_platforms, min_messages_note,
                     op_ram, points, sign_cost)
from .render import cell


def _sign(view, variant, platform, method):
    """(median, p90, messages): a refusal fills both figure cells, never a number."""
    cost = sign_cost(view, variant, platform, method)
    stats = view.stats(variant, platform, "sign", "instructions", method)
    n = stats["n"] if stats else None
    if isinstance(cost, dict):
        return round(cost["median"]), round(cost["p90"]), n
    return cost, cost, n


def build(view) -> list[Table]:
    tables = []
    for platform in measured_platforms(view):
        method = insn_method(view, platform)
        rows = []
        for v in points(view):
            ram = " / ".join(cell(op_ram(view, v, platform, op)) for op in OPS)
            rows.append([v, view.figure(v, platform, "keygen", "instructions", method),
                         *_sign(view, v, platform, method),
                         view.figure(v, platform, "verify", "instructions", method), ram,
                         descriptor(view, v, "sign", "retained_state")])
        tables.append(Table(
            name=f"benchmark-{platform}",
            title=f"Instructions and RAM per operation ({platform})",
            columns=["variant", "keygen insn", "sign insn median", "sign insn p90", "sign msgs",
                     "verify insn", "RAM keygen / sign / verify (B)", "retained state (B)"],
            rows=rows, run=view.id, accounting=True,
            methods=([f"instructions/{method}"] if method else []) +
            ["stack/paint", "workspace/descriptor", "retained_state/descriptor"],
            notes=["Instruction counts, not cycles. Sign: median and p90 over the signed "
                   "messages (the same derived messages for every variant), load_key not "
                   "included; keygen and verify: one key.",
                   min_messages_note(view),
                   f"{MISSING}: no figure in this run (see the coverage table)."]))
    return tables
