"""The adoption tables: every decision (technique x platform), and the negative results, i.e.
where a technique was rejected and by how much. Built from adoption.Decision objects; `runs`
maps platform -> the run id whose records decided it."""
from __future__ import annotations

from ..adoption import Decision
from . import Table


def _change(c) -> str:
    return f"{c.relative * 100:+.2f} %" if c.relative is not None else f"{c.delta:+,.0f}"


def decisions_table(decisions: list[Decision], runs: dict[str, str],
                    waivers: dict[tuple, str]) -> Table:
    rows = []
    for d in decisions:
        waiver = waivers.get((d.point, d.technique, d.platform)) or \
            waivers.get((d.point, d.technique, None))
        rows.append([d.point, d.technique, d.platform, d.status, d.reason,
                     "; ".join(f"{c.op} {c.metric} {_change(c)}" for c in d.comparisons),
                     waiver or "", runs.get(d.platform)])
    return Table(name="adoption", title="Pareto-monotone adoption, per technique and platform",
                 columns=["operating point", "technique", "platform", "decision", "why",
                          "change with it, per figure", "waiver", "run"],
                 rows=rows, run=", ".join(sorted(set(runs.values()))),
                 methods=_methods(decisions),
                 notes=["Accepted: no tracked metric worse than without the technique beyond its "
                        "tolerance, and at least one better. Change with it = with / without - 1.",
                        "no data: the platform has no figures for both sides (not run, failed "
                        "or does not fit)."])


def negative_table(decisions: list[Decision], runs: dict[str, str]) -> Table:
    rows = []
    for d in decisions:
        if d.status != "rejected":
            continue
        offenders = d.worse or list(d.comparisons)  # no gain: show every figure compared
        for c in offenders:
            rows.append([d.point, d.technique, d.platform, c.op, f"{c.metric}/{c.method}",
                         c.with_technique, c.without_technique, _change(c), str(c.tolerance),
                         "worse" if d.worse else "no metric better", runs.get(d.platform)])
    return Table(name="negative-results", title="Negative results: techniques rejected, "
                 "where and by how much",
                 columns=["operating point", "technique", "platform", "op", "metric/method",
                          "with", "without", "change with it", "tolerance", "rejected because",
                          "run"],
                 rows=rows, run=", ".join(sorted(set(runs.values()))),
                 methods=_methods(decisions),
                 notes=["One row per figure that rejected the technique (or, when nothing got "
                        "better, per figure compared)."])


def _methods(decisions: list[Decision]) -> list[str]:
    return sorted({f"{c.metric}/{c.method}" for d in decisions for c in d.comparisons})
