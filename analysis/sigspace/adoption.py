"""Pareto-monotone adoption (ARCHITECTURE.md, Gates 5), as pure functions over records.

A technique of an operating point is judged on one platform by comparing the point itself
(technique on) with its ablation "<point>~<technique>" (technique off) on the tracked metrics:
it is accepted only if no metric gets worse beyond its tolerance and at least one gets better.
A rejected technique is a negative result, kept with the numbers that rejected it.

Inputs are the same for both sides (derived messages and key seeds, byte-identical outputs), so
the comparison is pair by pair: only inputs (reps) measured on both sides count.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from statistics import mean

# Metrics an adoption may track: deterministic ones only (time is not; ARCHITECTURE.md).
DETERMINISTIC = ("instructions", "stack", "heap", "workspace", "retained_state", "ram")
_TOLERANCE = re.compile(r"^\+\s*(\d+(?:\.\d+)?)\s*(%?)$")


@dataclass(frozen=True)
class Tolerance:
    """How much worse a metric may get and still count as not worse."""
    relative: float = 0.0  # a fraction of the value without the technique
    absolute: float = 0.0  # in the metric's unit

    @classmethod
    def parse(cls, text: str) -> "Tolerance":
        """'+0.5%' (relative) or '+0' / '+64' (in the metric's unit)."""
        m = _TOLERANCE.match(text.strip()) if isinstance(text, str) else None
        if not m:
            raise ValueError(f"tolerance must look like '+0.5%' or '+0', got {text!r}")
        amount = float(m.group(1))
        return cls(relative=amount / 100) if m.group(2) else cls(absolute=amount)

    def allowance(self, without: float) -> float:
        return without * self.relative + self.absolute

    def __str__(self):
        return f"+{self.relative * 100:g}%" if self.relative else f"+{self.absolute:g}"


@dataclass(frozen=True)
class Comparison:
    op: str
    metric: str
    method: str
    with_technique: float
    without_technique: float
    tolerance: Tolerance

    @property
    def delta(self) -> float:
        return self.with_technique - self.without_technique

    @property
    def relative(self) -> float | None:
        return self.delta / self.without_technique if self.without_technique else None

    @property
    def verdict(self) -> str:
        if self.delta > self.tolerance.allowance(self.without_technique):
            return "worse"
        if self.delta < 0:
            return "better"
        return "same" if self.delta == 0 else "within tolerance"


@dataclass(frozen=True)
class Decision:
    point: str
    technique: str
    platform: str
    comparisons: tuple[Comparison, ...]

    @property
    def ablation(self) -> str:
        return f"{self.point}~{self.technique}"

    @property
    def worse(self) -> list[Comparison]:
        return [c for c in self.comparisons if c.verdict == "worse"]

    @property
    def better(self) -> list[Comparison]:
        return [c for c in self.comparisons if c.verdict == "better"]

    @property
    def status(self) -> str:
        """accepted | rejected | no data (neither side measured on this platform)."""
        if not self.comparisons:
            return "no data"
        return "accepted" if self.better and not self.worse else "rejected"

    @property
    def reason(self) -> str:
        if self.status == "no data":
            return "no figures measured on both sides"
        if self.worse:
            return "worse: " + ", ".join(f"{c.op} {c.metric}" for c in self.worse)
        if not self.better:
            return "no metric better"
        return "better: " + ", ".join(f"{c.op} {c.metric}" for c in self.better)


def _figure(records: list[dict], metric: str, reps: set[int]) -> float:
    """One figure per side over the shared inputs: the mean count, the peak bytes."""
    values = [r["value"] for r in records if r["rep"] in reps]
    return mean(values) if metric == "instructions" else max(values)


def _group(records: list[dict], variant: str, platform: str) -> dict[tuple, list[dict]]:
    groups: dict[tuple, list[dict]] = {}
    for r in records:
        if r["variant"] == variant and r["platform"] == platform:
            groups.setdefault((r["op"], r["metric"], r["method"]), []).append(r)
    return groups


def decide(records: list[dict], point: str, technique: str, platform: str,
           tolerances: dict[str, Tolerance]) -> Decision:
    """Judges one technique of one operating point on one platform from the records of both."""
    on = _group(records, point, platform)
    off = _group(records, f"{point}~{technique}", platform)
    comparisons = []
    for (op, metric, method), with_records in sorted(on.items()):
        if metric not in tolerances or (op, metric, method) not in off:
            continue
        without_records = off[(op, metric, method)]
        shared = {r["rep"] for r in with_records} & {r["rep"] for r in without_records}
        if not shared:
            continue
        comparisons.append(Comparison(op, metric, method, _figure(with_records, metric, shared),
                                      _figure(without_records, metric, shared),
                                      tolerances[metric]))
    return Decision(point, technique, platform, tuple(comparisons))


def decide_all(records: list[dict], ladders: dict[str, list[str]],
               tolerances: dict[str, dict[str, Tolerance]],
               platforms: list[str]) -> list[Decision]:
    """Every technique of every listed operating point ({point: [technique, ...]}), per
    platform, each point by its own tracked metrics ({point: {metric: Tolerance}})."""
    return [decide(records, point, t, p, tolerances[point])
            for point, techniques in ladders.items() for t in techniques for p in platforms]


def blocking(decisions: list[Decision], waivers: dict[tuple, str]) -> list[Decision]:
    """Rejected techniques that hold the tables back: those without a written waiver, keyed
    (point, technique, platform) or (point, technique, None) for every platform."""
    def waived(d: Decision) -> bool:
        return bool(waivers.get((d.point, d.technique, d.platform)) or
                    waivers.get((d.point, d.technique, None)))
    return [d for d in decisions if d.status == "rejected" and not waived(d)]
