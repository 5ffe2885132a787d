"""Two runs side by side (`sigspace compare BEFORE AFTER`): every deterministic figure that both
runs hold, matched by variant, platform, operation, metric and method, and how far it moved. It
is how a refactoring shows that it changed no instruction count or stack beyond a tolerance;
times are left out (they are not deterministic, and a ratio of two noisy medians says little)."""
from __future__ import annotations

import statistics
from dataclasses import dataclass
from pathlib import Path

from . import results, vocabulary

# Instruction counts and every byte figure: what two runs of the same code must reproduce.
DETERMINISTIC = ("instructions",) + vocabulary.metrics_in("bytes")


@dataclass(frozen=True)
class Moved:
    key: tuple          # (variant, platform, op, metric, method)
    before: float
    after: float

    @property
    def change(self) -> float:
        """Relative change in percent (a figure that was 0 and is not: infinite)."""
        if self.before == 0:
            return 0.0 if self.after == 0 else float("inf")
        return (self.after - self.before) / self.before * 100


def medians(records: list[dict], metrics=DETERMINISTIC) -> dict[tuple, float]:
    """The median of each figure over its inputs (messages, keys, repetitions)."""
    values: dict[tuple, list] = {}
    for r in records:
        if r["metric"] in metrics:
            key = (r["variant"], r["platform"], r["op"], r["metric"], r["method"])
            values.setdefault(key, []).append(r["value"])
    return {k: statistics.median(v) for k, v in values.items()}


@dataclass
class Comparison:
    before: str                  # run ids
    after: str
    compared: int
    only_one: list[tuple]        # figures that one run holds and the other does not
    moved: list[Moved]

    def over(self, tolerance: float) -> list[Moved]:
        return [m for m in self.moved if abs(m.change) > tolerance]


def compare(before_dir: Path, after_dir: Path, metrics=DETERMINISTIC) -> Comparison:
    (mb, rb), (ma, ra) = results.read_run(before_dir), results.read_run(after_dir)
    b, a = medians(rb, metrics), medians(ra, metrics)
    both = sorted(set(b) & set(a))
    moved = [Moved(k, b[k], a[k]) for k in both if b[k] != a[k]]
    moved.sort(key=lambda m: (-abs(m.change), m.key))
    return Comparison(mb["run"], ma["run"], len(both), sorted(set(b) ^ set(a)), moved)


def summary(c: Comparison, tolerance: float) -> dict:
    per_metric: dict[str, dict] = {}
    for m in c.moved:
        s = per_metric.setdefault(m.key[3], {"moved": 0, "max_change_percent": 0.0, "over": 0})
        s["moved"] += 1
        s["max_change_percent"] = max(s["max_change_percent"], abs(m.change))
        s["over"] += abs(m.change) > tolerance
    return {"before": c.before, "after": c.after, "compared": c.compared,
            "in_one_run_only": len(c.only_one), "moved": len(c.moved),
            "tolerance_percent": tolerance, "per_metric": per_metric,
            "over_tolerance": [{"variant": m.key[0], "platform": m.key[1], "op": m.key[2],
                                "metric": m.key[3], "method": m.key[4], "before": m.before,
                                "after": m.after, "change_percent": round(m.change, 4)}
                               for m in c.over(tolerance)]}
