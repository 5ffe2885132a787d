"""Pareto-monotone adoption (ARCHITECTURE.md, Gates 6), as pure functions over records.

A technique of an operating point is judged on one platform by comparing the point itself
(technique on) with its ablation "<point>~<technique>" (technique off) on the metrics the point
tracks, each on the operations it names (a fast point's cost is signing, not key loading): it
is accepted only if at least one tracked figure gets better by MORE than its tolerance and none
gets worse beyond it. A rejected technique is a negative result, kept with its numbers.
A candidate ("+<name>": kept in the code, off in the point) is judged the same way with the roles
turned: with it is "<point>~+<name>", without it the point; its rejection is the expected
negative result, its acceptance a reason to switch it on (adoption_gate.py).

Inputs are the same for both sides (derived messages and key seeds, byte-identical outputs), so
the comparison is pair by pair: only inputs (reps) measured on both sides count. The gate's
other rules (waiver bounds, budgets, missing evidence) are in adoption_gate.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from statistics import mean

# Metrics an adoption may track: deterministic ones only (time is not; ARCHITECTURE.md).
DETERMINISTIC = ("instructions", "stack", "heap", "workspace", "retained_state", "ram")
COST = "instructions"
MEMORY = ("stack", "workspace", "retained_state")
OPS = ("keygen", "load_key", "sign", "verify")
# A rejection-loop technique's effect depends on how many attempts a signature takes: a few
# messages (most sign in one attempt) cannot show it, so fewer than this are refused.
LOOP_MESSAGES = 64
_TOLERANCE = re.compile(r"^\+\s*(\d+(?:\.\d+)?)\s*(%?)$")


@dataclass(frozen=True)
class Tolerance:
    """How much a figure may move and still count as unchanged (either way)."""
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


@dataclass
class Tracked:
    """What a point is judged by: each metric's tolerance, and for a metric named in `ops` only
    those operations (e.g. instructions of sign alone); other metrics count on every op."""
    tolerances: dict[str, Tolerance]
    ops: dict[str, list[str]] = field(default_factory=dict)

    def tolerance(self, op: str, metric: str) -> Tolerance | None:
        if metric not in self.tolerances or op not in self.ops.get(metric, [op]):
            return None
        return self.tolerances[metric]


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
        allowed = self.tolerance.allowance(self.without_technique)
        if self.delta > allowed:
            return "worse"
        if -self.delta > allowed:
            return "better"  # by more than the tolerance: a within-noise gain is no gain
        return "same" if self.delta == 0 else "within tolerance"


@dataclass(frozen=True)
class Decision:
    point: str
    technique: str
    platform: str
    comparisons: tuple[Comparison, ...]
    messages: int = 0   # signing messages compared (shared by both sides)
    needed: int = 0     # messages this technique must be judged over
    missing: tuple[str, ...] = ()  # cost or memory metrics tracked but compared nowhere

    @property
    def candidate(self) -> bool:
        """Off in the point: judged as "<point>~+<name>" (with) against the point (without)."""
        return self.technique.startswith("+")

    @property
    def ablation(self) -> str:
        """The other side of the comparison: the point without the technique, or with the
        candidate."""
        return f"{self.point}~{self.technique}"

    @property
    def worse(self) -> list[Comparison]:
        return [c for c in self.comparisons if c.verdict == "worse"]

    @property
    def better(self) -> list[Comparison]:
        return [c for c in self.comparisons if c.verdict == "better"]

    @property
    def status(self) -> str:
        """accepted | rejected | no data (nothing measured on both sides) | too few messages
        (a rejection-loop technique over fewer than it needs: the evidence is refused) |
        incomplete (a tracked cost or memory metric not measured on both sides)."""
        if not self.comparisons:
            return "no data"
        if self.missing:
            return "incomplete"
        if self.messages < self.needed:
            return "too few messages"
        return "accepted" if self.better and not self.worse else "rejected"

    @property
    def checked(self) -> bool:
        return self.status in ("accepted", "rejected")

    @property
    def reason(self) -> str:
        if self.status == "no data":
            return "no figures measured on both sides"
        if self.status == "incomplete":
            return f"tracked but not measured on both sides: {', '.join(self.missing)}"
        if self.status == "too few messages":
            return (f"signing judged over {self.messages} messages; this rejection-loop "
                    f"technique needs at least {self.needed}")
        if self.worse:
            return "worse: " + ", ".join(f"{c.op} {c.metric}" for c in self.worse)
        if not self.better:
            return "no tracked figure better by more than its tolerance"
        return "better: " + ", ".join(f"{c.op} {c.metric}" for c in self.better)


def _figure(records: list[dict], metric: str, reps: set[int]) -> float:
    """One figure per side over the shared inputs: the mean count, the peak bytes."""
    values = [r["value"] for r in records if r["rep"] in reps]
    return mean(values) if metric == COST else max(values)


def _group(records: list[dict], variant: str, platform: str) -> dict[tuple, list[dict]]:
    groups: dict[tuple, list[dict]] = {}
    for r in records:
        if r["variant"] == variant and r["platform"] == platform:
            groups.setdefault((r["op"], r["metric"], r["method"]), []).append(r)
    return groups


def decide(records: list[dict], point: str, technique: str, platform: str, tracked: Tracked,
           needed: int = 0) -> Decision:
    """Judges one technique of one operating point on one platform from the records of both;
    needed: the fewest signing messages its evidence may have."""
    on = _group(records, point, platform)
    off = _group(records, f"{point}~{technique}", platform)
    if technique.startswith("+"):  # a candidate: the point is the side without it
        on, off = off, on
    comparisons, messages = [], 0
    for (op, metric, method), with_records in sorted(on.items()):
        tolerance = tracked.tolerance(op, metric)
        if tolerance is None or (op, metric, method) not in off:
            continue
        without_records = off[(op, metric, method)]
        shared = {r["rep"] for r in with_records} & {r["rep"] for r in without_records}
        if not shared:
            continue
        if op == "sign":  # per message figures: as many reps as messages signed on both
            messages = max(messages, len(shared))
        comparisons.append(Comparison(op, metric, method, _figure(with_records, metric, shared),
                                      _figure(without_records, metric, shared), tolerance))
    compared = {c.metric for c in comparisons}
    missing = tuple(m for m in (COST,) + MEMORY if m in tracked.tolerances and m not in compared)
    return Decision(point, technique, platform, tuple(comparisons), messages, needed, missing)


def decide_all(records: list[dict], ladders: dict[str, list[str]],
               tracked: dict[str, Tracked], platforms: list[str],
               loop: set[str] = frozenset()) -> list[Decision]:
    """Every technique of every listed operating point ({point: [technique, ...]}), per
    platform, each point by its own tracked metrics; techniques in `loop` need LOOP_MESSAGES."""
    return [decide(records, point, t, p, tracked[point], LOOP_MESSAGES if t in loop else 0)
            for point, techniques in ladders.items() for t in techniques for p in platforms]
