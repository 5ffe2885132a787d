"""Table (b), the layout of the low-memory ML-DSA signing change (shared/seeds/000): per
parameter set, reference / memory floor for every part of the memory accounting, operation by
operation: stack, workspace and their sum for keygen, sign and verify, the retained signing
key, and signing RAM. One table per scheme and platform."""
from __future__ import annotations

from . import MISSING, Table
from .common import (descriptor, measured_platforms, op_ram, points, schemes, signing_ram,
                     stand_in_notes)
from .render import cell

FLOOR = "memory-floor"
NAMES = {"keygen": "key-generation", "sign": "signing", "verify": "verification"}


def _rows():
    """(label, how to get the figure) in reading order: the parts, then their sums."""
    rows = [("retained signing key", lambda v, s, p: descriptor(v, s, "sign", "retained_state"))]
    for op, name in NAMES.items():
        rows += [(f"{name} stack", lambda v, s, p, op=op: v.figure(s, p, op, "stack")),
                 (f"{name} workspace", lambda v, s, p, op=op: descriptor(v, s, op, "workspace")),
                 (f"{name} RAM (stack + workspace)",
                  lambda v, s, p, op=op: op_ram(v, s, p, op))]
    rows.append(("signing RAM (+ retained)", signing_ram))
    return rows


ROWS = _rows()


def build(view) -> list[Table]:
    tables = []
    for platform in measured_platforms(view):
        for scheme in schemes(view):
            sets = list(dict.fromkeys(view.identity(v)["param_set"]
                                      for v in points(view, scheme)))
            present = set(points(view, scheme))
            rows = []
            for label, get in ROWS:
                row = [label]
                for s in sets:
                    pair = [f"{s}/reference", f"{s}/{FLOOR}"]
                    row.append(" / ".join(cell(get(view, v, platform)) if v in present
                                          else MISSING for v in pair))
                rows.append(row)
            tables.append(Table(
                name=f"memory-{scheme.lower()}-{platform}",
                title=f"{scheme} memory per operation, reference / memory floor, bytes "
                      f"({platform})",
                columns=["bytes: reference / memory floor", *sets], rows=rows, run=view.id,
                methods=["stack/paint", "retained_state/descriptor", "workspace/descriptor"],
                accounting=True,
                notes=["Stacks are painted high-water marks around one operation, the largest "
                       "over the run's inputs; each operation has its own figures (no maximum "
                       "over operations).",
                       "Workspace: the caller-provided scratch of that operation (descriptor "
                       "figure); a sum is shown only when every part is in the run.",
                       f"{MISSING}: not in this run (memory floor not registered when the run "
                       "was made, or the figure not measured; see the coverage table).",
                       *stand_in_notes(view, platform)]))
    return tables
