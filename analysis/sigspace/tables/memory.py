"""Table (b), the layout of the low-memory ML-DSA signing change (shared/seeds/000): per
parameter set, reference / memory floor for the retained signing key, keygen, signing and
verification stack and the external signing workspace. One table per scheme and platform."""
from __future__ import annotations

from . import MISSING, Table
from .common import descriptor, measured_platforms, points, schemes
from .render import cell

FLOOR = "memory-floor"
ROWS = (("retained signing key", "sign", "retained_state"),
        ("key-generation stack", "keygen", "stack"),
        ("signing stack", "sign", "stack"),
        ("verification stack", "verify", "stack"),
        ("external signing workspace", "sign", "workspace"))


def _figure(view, variant, platform, op, metric):
    if metric in ("retained_state", "workspace"):
        return descriptor(view, variant, op, metric)
    return view.figure(variant, platform, op, metric)


def build(view) -> list[Table]:
    tables = []
    for platform in measured_platforms(view):
        for scheme in schemes(view):
            sets = list(dict.fromkeys(view.identity(v)["param_set"]
                                      for v in points(view, scheme)))
            present = set(points(view, scheme))
            rows = []
            for label, op, metric in ROWS:
                row = [label]
                for s in sets:
                    pair = [f"{s}/reference", f"{s}/{FLOOR}"]
                    row.append(" / ".join(cell(_figure(view, v, platform, op, metric))
                                          if v in present else MISSING for v in pair))
                rows.append(row)
            tables.append(Table(
                name=f"memory-{scheme.lower()}-{platform}",
                title=f"{scheme} memory, reference / memory floor, bytes ({platform})",
                columns=["bytes: reference / memory floor", *sets], rows=rows, run=view.id,
                methods=["stack/paint", "retained_state/descriptor", "workspace/descriptor"],
                notes=["Stacks are painted high-water marks around one operation, the largest "
                       "over the run's inputs; keys, messages and signatures live outside.",
                       "Retained signing key: the state a device keeps between signatures; "
                       "workspace: the caller-provided scratch of signing (descriptor figures).",
                       f"{MISSING}: not in this run (memory floor not registered when the run "
                       "was made, or the figure not measured; see the coverage table)."]))
    return tables
