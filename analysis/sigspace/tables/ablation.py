"""Ablation: each operating point with one technique removed ("<point>~<technique>") and the
change in every metric the run holds for both, per platform and operation. Positive change:
removing the technique makes that figure larger (the technique saved it). Deterministic figures
only: a change in time would be a ratio of noisy times (the timing table holds times)."""
from __future__ import annotations

from ..vocabulary import OPS
from . import Table

DETERMINISTIC = ("instructions", "stack", "heap", "workspace", "retained_state")


def rows(view) -> list[list]:
    out = []
    for ablation in [v for v in view.variants() if "~" in v]:
        point, technique = ablation.split("~", 1)
        for platform in view.platforms():
            for op in OPS:
                for metric in DETERMINISTIC:
                    for method in view.methods(point, platform, op, metric):
                        on = view.figure(point, platform, op, metric, method)
                        off = view.figure(ablation, platform, op, metric, method)
                        if on is None or off is None:
                            continue
                        change = f"{(off / on - 1) * 100:+.2f} %" if on else None
                        out.append([point, technique, platform, op, f"{metric}/{method}",
                                    on, off, change])
    return out


def build(view) -> list[Table]:
    found = rows(view)
    if not found:
        return []
    methods = sorted({r[4] for r in found})
    return [Table(name="ablation", title="Ablation: one technique removed, change per metric",
                  columns=["operating point", "technique removed", "platform", "op",
                           "metric/method", "with", "without", "change without it"],
                  rows=found, run=view.id, methods=methods,
                  notes=["with / without: the figure of the operating point and of its "
                         "ablation on the same inputs (peak bytes; median count).",
                         "change without it = without / with - 1."])]
