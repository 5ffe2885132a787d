"""The adoption tables: every decision (technique x platform) with the platform and run that
made it, the negative results (where a technique was rejected and by how much) and the budget
checks. Built from an adoption_gate.Verdict; `runs` maps platform -> the run id whose records
decided it. A gate that left anything unchecked says so, and where, in the table's notes."""
from __future__ import annotations

from ..adoption import Decision
from ..adoption_gate import BudgetCheck, Verdict, change
from . import Table


def _bound(waiver) -> str:
    return ", ".join(f"{op + ' ' if op else ''}{metric} {tol}"
                     for (op, metric), tol in sorted(waiver.bound.items(),
                                                     key=lambda kv: (kv[0][0] or "", kv[0][1])))


def _waiver_cell(verdict: Verdict, d: Decision) -> str:
    w = verdict.waiver(d)
    if w is None or d.status != ("accepted" if d.candidate else "rejected"):
        return ""
    excess = w.excess(d)
    held = "EXCEEDED: " + "; ".join(excess) if excess else "within bound"
    return f"{w.text} [bound: {_bound(w)}; {held}]"


def status_note(verdict: Verdict) -> str:
    """The gate's state in one sentence: passed only when every figure was checked."""
    if verdict.failures:
        return "Adoption gate FAILED: " + "; ".join(verdict.failures) + "."
    if verdict.unchecked:
        where = ", ".join(f"{p} ({len(items)})" for p, items in sorted(verdict.unchecked.items()))
        return ("Adoption gate NOT checked (it has not passed): no usable evidence for "
                f"{sum(map(len, verdict.unchecked.values()))} decisions or budgets, on {where}.")
    return "Adoption gate passed: every decision and budget was checked on its platform."


def decisions_table(verdict: Verdict, runs: dict[str, str]) -> Table:
    rows = []
    for d in verdict.decisions:
        rows.append([d.point, d.technique, d.platform, d.status, d.reason,
                     "; ".join(f"{c.op} {c.metric} {change(c)}" for c in d.comparisons),
                     d.messages, _waiver_cell(verdict, d), runs.get(d.platform, "")])
    return Table(name="adoption", title="Pareto-monotone adoption, per technique and platform",
                 columns=["operating point", "technique", "platform", "decision", "why",
                          "change with it, per tracked figure", "signing messages",
                          "waiver and its bound", "run"],
                 rows=rows, run=", ".join(sorted(set(runs.values()))),
                 methods=_methods(verdict.decisions),
                 notes=[status_note(verdict),
                        "Accepted: at least one tracked figure better by more than its "
                        "tolerance and none worse beyond it; each point tracks instructions on "
                        "the operations its ladder names, and stack, workspace and retained "
                        "state. Change with it = with / without - 1.",
                        "+name: a candidate, kept in the code but off in the point; with it = "
                        "the point with it switched on (<point>~+name), without = the point. "
                        "Rejected, it stays off (a negative result); accepted, the gate asks "
                        "for it to be switched on unless a waiver says why not.",
                        "no data: the platform has no figures for both sides (not run, failed "
                        "or does not fit); too few messages: a rejection-loop technique judged "
                        "over fewer signing messages than it needs. Neither is a pass."])


def negative_table(decisions: list[Decision], runs: dict[str, str]) -> Table:
    rows = []
    for d in decisions:
        if d.status != "rejected":
            continue
        offenders = d.worse or list(d.comparisons)  # no gain: show every figure compared
        for c in offenders:
            rows.append([d.point, d.technique, d.platform, c.op, f"{c.metric}/{c.method}",
                         c.with_technique, c.without_technique, change(c), str(c.tolerance),
                         "worse" if d.worse else "no metric better", runs.get(d.platform)])
    return Table(name="negative-results", title="Negative results: techniques rejected, "
                 "where and by how much",
                 columns=["operating point", "technique", "platform", "op", "metric/method",
                          "with", "without", "change with it", "tolerance", "rejected because",
                          "run"],
                 rows=rows, run=", ".join(sorted(set(runs.values()))),
                 methods=_methods(decisions),
                 notes=["One row per figure that rejected the technique (or, when nothing got "
                        "better, per figure compared).",
                        "+name: a candidate, off in the point: with = the point with it switched "
                        "on, without = the point; it stays in the code, switched off."])


def budget_table(checks: list[BudgetCheck], runs: dict[str, str]) -> Table:
    rows = []
    for b in checks:
        p = b.parts
        rows.append([b.point, b.platform, b.limit, p.get("stack", ""), p.get("workspace", ""),
                     p.get("retained_state", ""), "" if b.value is None else b.value, b.status,
                     ", ".join(b.runs)])
    return Table(name="adoption-budgets", title="Budgets (rules of the adoption gate)",
                 columns=["operating point", "platform", "budget (bytes)", "sign stack",
                          "sign workspace", "retained state", "signing RAM", "status", "run"],
                 rows=rows, run=", ".join(sorted({r for b in checks for r in b.runs}) or
                                          set(runs.values())),
                 methods=["stack/paint", "workspace/descriptor", "retained_state/descriptor"],
                 notes=["Signing RAM = sign stack (peak over the messages) + sign workspace + "
                        "retained state. Exceeded fails the gate; no data means not checked."])


def _methods(decisions: list[Decision]) -> list[str]:
    return sorted({f"{c.metric}/{c.method}" for d in decisions for c in d.comparisons})
