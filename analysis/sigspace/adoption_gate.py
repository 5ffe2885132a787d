"""The adoption gate's rules beyond one decision (ARCHITECTURE.md, Gates 6): a rejected
technique passes only with a waiver whose bound its evidence respects; a candidate (off in the
point) passes when rejected, and when accepted only with a waiver that keeps it off, whose
bound limits the gain forgone; a point's budget is a
rule checked on the platforms it names; and missing or refused evidence is never a pass, so the
verdict says where the gate was not checked."""
from __future__ import annotations

from dataclasses import dataclass, field

from .adoption import Comparison, Decision, Tolerance


@dataclass(frozen=True)
class Waiver:
    """Keeps a rejected technique, for a reason, as long as each tracked figure moves by at most
    its bound: (op, metric) or (None, metric) for every op -> the most it may get worse."""
    text: str
    bound: dict[tuple[str | None, str], Tolerance]

    def limit(self, c: Comparison) -> Tolerance | None:
        return self.bound.get((c.op, c.metric)) or self.bound.get((None, c.metric))

    def excess(self, d: Decision) -> list[str]:
        """Figures of the decision beyond the bound; a worse figure with no bound is one. For a
        candidate kept off, the figures the point forgoes: better with it beyond the bound."""
        out = []
        for c in d.comparisons:
            limit = self.limit(c)
            moved, past = (-c.delta, "better") if d.candidate else (c.delta, "worse")
            if limit is None and c.verdict == past:
                out.append(f"{c.op} {c.metric} {change(c)} has no bound")
            elif limit is not None and moved > limit.allowance(c.without_technique):
                out.append(f"{c.op} {c.metric} {change(c)} exceeds the bound {limit}")
        return out


def change(c: Comparison) -> str:
    return f"{c.relative * 100:+.2f} %" if c.relative is not None else f"{c.delta:+,.0f}"


@dataclass(frozen=True)
class Budget:
    """Signing RAM (sign stack + sign workspace + retained state), at most `signing_ram` bytes
    on each of `platforms`."""
    signing_ram: int
    platforms: tuple[str, ...]


@dataclass(frozen=True)
class BudgetCheck:
    point: str
    platform: str
    limit: int
    parts: dict[str, float]  # stack, workspace, retained_state; empty: not measured
    runs: tuple[str, ...] = ()  # the runs whose records gave the parts

    @property
    def value(self) -> float | None:
        return sum(self.parts.values()) if len(self.parts) == 3 else None

    @property
    def status(self) -> str:
        if self.value is None:
            return "no data"
        return "within" if self.value <= self.limit else "exceeded"


def check_budget(records: list[dict], point: str, budget: Budget) -> list[BudgetCheck]:
    """The point's signing RAM on each platform its budget names: the peak sign stack over the
    messages (and over runs, when two hold the point), with the descriptor figures."""
    checks = []
    for platform in budget.platforms:
        parts: dict[str, float] = {}
        runs = set()
        for r in records:
            if (r["variant"], r["platform"], r["op"]) == (point, platform, "sign") and \
                    r["metric"] in ("stack", "workspace", "retained_state"):
                parts[r["metric"]] = max(parts.get(r["metric"], 0), r["value"])
                runs.add(r["run"])
        checks.append(BudgetCheck(point, platform, budget.signing_ram, parts,
                                  tuple(sorted(runs))))
    return checks


@dataclass
class Verdict:
    decisions: list[Decision]
    budgets: list[BudgetCheck]
    waivers: dict[tuple, Waiver]
    failures: list[str] = field(default_factory=list)          # each blocks the tables
    unchecked: dict[str, list[str]] = field(default_factory=dict)  # platform -> what not

    def waiver(self, d: Decision) -> Waiver | None:
        return self.waivers.get((d.point, d.technique, d.platform)) or \
            self.waivers.get((d.point, d.technique, None))

    @property
    def passed(self) -> bool:
        """Only a gate that checked everything and found nothing can pass."""
        return not self.failures and not self.unchecked


def judge(decisions: list[Decision], waivers: dict[tuple, Waiver],
          budgets: list[BudgetCheck]) -> Verdict:
    """waivers keyed (point, technique, platform) or (point, technique, None): every platform."""
    v = Verdict(decisions, budgets, waivers)
    for d in decisions:
        where = f"{d.point} {d.technique} on {d.platform}"
        if not d.checked:
            v.unchecked.setdefault(d.platform, []).append(f"{where}: {d.reason}")
        elif d.status == ("accepted" if d.candidate else "rejected"):
            w = v.waiver(d)
            if w is None and d.candidate:
                v.failures.append(f"{where}: a candidate accepted ({d.reason}) but off in the "
                                  "point: switch it on, or a waiver says why not")
            elif w is None:
                v.failures.append(f"{where}: rejected ({d.reason}) without a waiver")
            elif w.excess(d):
                v.failures.append(f"{where}: waiver bound exceeded: " + "; ".join(w.excess(d)))
    for b in budgets:
        where = f"{b.point} signing RAM budget {b.limit:,} B on {b.platform}"
        if b.status == "no data":
            v.unchecked.setdefault(b.platform, []).append(f"{where}: not measured")
        elif b.status == "exceeded":
            v.failures.append(f"{where}: exceeded ({b.value:,.0f} B)")
    return v
