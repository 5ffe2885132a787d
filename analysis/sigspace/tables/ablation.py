"""Ablation: each operating point with one technique removed ("<point>~<technique>") and the
change in every metric the run holds for both, per platform and operation; a candidate
("<point>~+<name>", off in the point) the other way round: with = the point with it switched on. Positive change:
removing the technique makes that figure larger (the technique saved it). Deterministic figures
only: a change in time would be a ratio of noisy times (the timing table holds times).
A contrast (vocabulary.CONTRASTS) is not a technique: its ablations make the price-of-constant-
time table instead (the point's figure over the one with the reference's data-dependent kernels)."""
from __future__ import annotations

from ..vocabulary import CONTRASTS, OPS
from . import Table

DETERMINISTIC = ("instructions", "stack", "heap", "workspace", "retained_state")


def rows(view, contrasts: bool = False) -> list[list]:
    out = []
    for ablation in [v for v in view.variants() if "~" in v]:
        point, technique = ablation.split("~", 1)
        if (technique in CONTRASTS) != contrasts:
            continue
        for platform in view.platforms():
            for op in OPS:
                for metric in DETERMINISTIC:
                    for method in view.methods(point, platform, op, metric):
                        # The inputs both were measured on (a config may sign fewer messages
                        # with the ablations): rep i is the same input for every variant of a set.
                        shared = min(len(view.values(v, platform, op, metric, method))
                                     for v in (point, ablation))
                        on = view.figure(point, platform, op, metric, method, shared)
                        off = view.figure(ablation, platform, op, metric, method, shared)
                        if technique.startswith("+"):  # a candidate: on in the ablation
                            on, off = off, on
                        if on is None or off is None:
                            continue
                        change = f"{(off / on - 1) * 100:+.2f} %" if on else None
                        out.append([point, technique, platform, op, f"{metric}/{method}",
                                    on, off, change])
    return out


def price_of_constant_time(view) -> list[Table]:
    found = [r for r in rows(view, contrasts=True) if r[1] == "constant-time"]
    if not found:
        return []
    for r in found:  # with / without: what constant time multiplies the figure by
        r[7] = f"{r[5] / r[6]:.3f}x" if r[6] else None
    return [Table(name="price-of-constant-time",
                  title="The price of constant time: each point against itself with the "
                        "reference's data-dependent kernels",
                  columns=["operating point", "contrast", "platform", "op", "metric/method",
                           "constant-time", "data-dependent", "price"],
                  rows=found, run=view.id, methods=sorted({r[4] for r in found}),
                  notes=["data-dependent: the ablation <point>~constant-time, the same point "
                         "with the reference's secret-dependent samplers, exchange, blinding "
                         "and responses; measured on the same inputs, never an operating point.",
                         "price = constant-time / data-dependent (deterministic figures only)."])]


def build(view) -> list[Table]:
    found = rows(view)
    if not found:
        return price_of_constant_time(view)
    methods = sorted({r[4] for r in found})
    return [Table(name="ablation", title="Ablation: one technique removed, change per metric",
                  columns=["operating point", "technique removed", "platform", "op",
                           "metric/method", "with", "without", "change without it"],
                  rows=found, run=view.id, methods=methods,
                  notes=["with / without: the figure of the operating point and of its "
                         "ablation on the inputs both were measured on (peak bytes; median "
                         "count).",
                         "change without it = without / with - 1.",
                         "+name: a candidate, off in the operating point: with = the point with "
                         "it switched on (<point>~+name), without = the point itself."])] + price_of_constant_time(view)
