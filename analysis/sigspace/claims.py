"""The claims check: does each published claim of a paper hold on our run? A claims file
(configs/claims/<paper>.toml, schema/claims.schema.json) lists each claim as a metric of one
operating point, at some parameter sets, on one platform, with the published range; `sigspace
claims RUN CLAIMS` prints, per claim, the published figure, ours over those sets, and whether
ours matches (inside the range), beats it (outside, on the better side) or falls short.

Every figure comes from the run and the same deterministic sources as the tables: instruction
counts for speed, painted stack, descriptor workspace and retained state for memory. A set the
run has no figure for is "not measured" at that set, never dropped: a claim "at every set"
cannot pass on the sets that happen to be there.
"""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path

from . import tomlinput
from .tables import Table
from .tables.common import (descriptor, insn_method, op_ram, sign_cost, signing_ram)
from .tomlinput import ConfigError

SCHEMA = "claims.schema.json"
# metric -> (the better direction, how a figure is shown)
METRICS = {
    "speedup": ("higher", "{:.2f}x"), "slowdown": ("lower", "{:.2f}x"),
    "stack-reduction": ("higher", "{:.0f} %"), "ram-reduction": ("higher", "{:.0f} %"),
    "stack": ("lower", "{:,.0f} B"), "ram": ("lower", "{:,.0f} B"),
    "retained-state": ("lower", "{:,.0f} B"), "fits": (None, "{}"),
}
VERDICTS = ("matches", "beats", "falls short", "not measured")


@dataclass
class Claim:
    id: str
    text: str
    published: str
    metric: str
    op: str
    point: str
    baseline: str
    sets: list[str]
    with_load_key: bool = False
    range: tuple[float, float] | None = None
    expect: bool | None = None
    note: str = ""


@dataclass
class Claims:
    path: str
    title: str
    source: str
    platform: str
    claims: list[Claim]
    note: str = ""


def from_data(path: str, text: str, data: dict) -> Claims:
    """The claims of a parsed document (text: its source, for the lines of errors)."""
    lines = tomlinput.Lines(text)
    tomlinput.check(data, SCHEMA, path, lines)
    out, seen = [], set()
    for i, c in enumerate(data["claim"]):
        def fail(reason, key=None):
            raise ConfigError(path, lines.of("claim", key, None, i), reason)
        if c["id"] in seen:
            fail(f"claim id '{c['id']}' given twice", "id")
        seen.add(c["id"])
        if c["metric"] == "fits":
            if "expect" not in c or "range" in c:
                fail(f"claim '{c['id']}': a fits claim takes expect = true|false, not a range")
        else:
            if "range" not in c or "expect" in c:
                fail(f"claim '{c['id']}': a {c['metric']} claim takes range = [low, high]")
            if c["range"][0] > c["range"][1]:
                fail(f"claim '{c['id']}': range [{c['range'][0]}, {c['range'][1]}] is not "
                     "[low, high]", "range")
        if c["metric"] in ("speedup", "slowdown") and c["op"] == "all":
            fail(f"claim '{c['id']}': a {c['metric']} is per operation, not op = \"all\"", "op")
        rng = tuple(c["range"]) if "range" in c else None
        out.append(Claim(c["id"], c["text"], c["published"], c["metric"], c["op"], c["point"],
                         c.get("baseline", "reference"), list(c["sets"]),
                         c.get("with_load_key", False), rng, c.get("expect"), c.get("note", "")))
    paper = data["paper"]
    return Claims(path, paper["title"], paper["source"], paper["platform"], out,
                  paper.get("note", ""))


def load(path: str | Path) -> Claims:
    text, data = tomlinput.read(str(path))
    return from_data(str(path), text, data)


def param_sets(view, registered: list[str]) -> list[str]:
    """Every parameter set the registry or the run knows, in registry order."""
    sets = [v.split("/")[0] for v in registered] + [v.split("/")[0] for v in view.variants()]
    return list(dict.fromkeys(sets))


def expand_sets(claim: Claim, known: list[str]) -> list[str]:
    out = [s for s in known if any(fnmatch.fnmatchcase(s, g) for g in claim.sets)]
    return out or list(claim.sets)  # a set nobody knows is shown, as not measured


def figure(view, claim: Claim, param_set: str, platform: str):
    """Our figure for a claim at one set: a number, a bool (fits) or None (not measured)."""
    point, base = f"{param_set}/{claim.point}", f"{param_set}/{claim.baseline}"
    if claim.metric == "fits":
        return view.figure(point, platform, "all", "fits")
    if claim.metric in ("speedup", "slowdown"):
        method = insn_method(view, platform)
        if method is None:
            return None
        cost = [_insns(view, v, platform, claim.op, method, claim.with_load_key)
                for v in (base, point)]
        if None in cost or 0 in cost:
            return None
        return cost[0] / cost[1] if claim.metric == "speedup" else cost[1] / cost[0]
    if claim.metric in ("stack-reduction", "ram-reduction"):
        own, ref = (_memory(view, v, platform, claim.op, claim.metric) for v in (point, base))
        return None if own is None or not ref else (1 - own / ref) * 100
    return _memory(view, point, platform, claim.op, claim.metric)


def _insns(view, variant, platform, op, method, with_load_key):
    if op == "sign":  # the median over the run's messages, refused below the scheme's minimum
        cost = sign_cost(view, variant, platform, method, with_load_key)
        return cost["median"] if isinstance(cost, dict) else None
    return view.figure(variant, platform, op, "instructions", method)


def _memory(view, variant, platform, op, metric):
    if metric in ("stack", "stack-reduction"):
        return view.figure(variant, platform, op, "stack")
    if metric == "retained-state":
        return descriptor(view, variant, "sign", "retained_state")
    if metric == "ram-reduction" and op == "sign":  # the one accounting: with retained state
        return signing_ram(view, variant, platform)
    return op_ram(view, variant, platform, op)


def verdict(claim: Claim, value) -> str:
    if value is None:
        return "not measured"
    if claim.metric == "fits":  # fitting where the paper's did not is the better side
        return "matches" if bool(value) == claim.expect else "beats" if value else "falls short"
    low, high = claim.range
    if low <= value <= high:
        return "matches"
    better = METRICS[claim.metric][0]
    return "beats" if (value > high) == (better == "higher") else "falls short"


def shown(claim: Claim, value, view=None, variant=None, platform=None) -> str:
    if value is None:
        return "—"
    if claim.metric == "fits":
        if value:
            return "fits"
        ram = view.figure(variant, platform, "all", "ram") if view else None
        return f"does not fit ({ram:,} B)" if ram else "does not fit"
    return METRICS[claim.metric][1].format(value)


@dataclass
class Result:
    claim: Claim
    per_set: list[tuple[str, object, str]]   # (set, our figure, verdict)

    @property
    def verdict(self) -> str:
        """falls short if any set does; else not measured if any set is; else beats if any
        set beats; else matches."""
        found = {v for _, _, v in self.per_set}
        return next(v for v in ("falls short", "not measured", "beats", "matches")
                    if v in found)

    def where(self) -> str:
        """The sets behind a mixed verdict, e.g. 'beats: LESS-1b, LESS-1i; matches: LESS-3b'."""
        by = {}
        for s, _, v in self.per_set:
            by.setdefault(v, []).append(s)
        if len(by) < 2:
            return "all sets" if len(self.per_set) > 1 else self.per_set[0][0]
        return "; ".join(f"{v}: {', '.join(by[v])}" for v in VERDICTS if v in by)


def check(view, claims: Claims, registered: list[str]) -> list[Result]:
    known = param_sets(view, registered)
    out = []
    for c in claims.claims:
        figures = [(s, figure(view, c, s, claims.platform)) for s in expand_sets(c, known)]
        out.append(Result(c, [(s, f, verdict(c, f)) for s, f in figures]))
    return out


def _ours(result: Result, view, platform: str) -> str:
    c = result.claim
    values = [(s, v) for s, v, _ in result.per_set if v is not None]
    if not values:
        return "—"
    if c.metric == "fits" or len(values) == 1:
        return "; ".join(shown(c, v, view, f"{s}/{c.point}", platform) for s, v in values)
    lo, hi = min(v for _, v in values), max(v for _, v in values)
    return shown(c, lo) if shown(c, lo) == shown(c, hi) else f"{shown(c, lo)} - {shown(c, hi)}"


def claims_plot_caption(view, spec: Claims) -> str:
    from . import claims_plot
    return claims_plot.caption(view, spec)


def tables(view, claims: Claims, results: list[Result]) -> list[Table]:
    """The summary (one row per claim) and the detail (one row per claim and set)."""
    stem = Path(claims.path).stem
    method = insn_method(view, claims.platform) or "no instruction counts in this run"
    methods = [f"instructions/{method}", "stack/paint", "workspace/descriptor",
               "retained_state/descriptor", "fits/paint"]
    summary = Table(
        name=f"claims-{stem}", title=f"Claims check: {claims.title} ({claims.platform})",
        columns=["claim", "published", "ours", "verdict", "where"],
        rows=[[f"{r.claim.id}: {r.claim.text}", r.claim.published,
               _ours(r, view, claims.platform), r.verdict, r.where()] for r in results],
        run=view.id, methods=methods, accounting=True,
        notes=[f"Published figures from {claims.source}, as printed; ours from this run on "
               f"{claims.platform}. matches: inside the published range; beats: outside it on "
               "the better side; falls short: outside it on the worse side (at any one set); "
               "not measured: the run has no figure at a set (named in 'where').",
               "Speedup and slowdown are ratios of instruction counts against the named "
               "baseline point of the same set, measured in the same run; stack is painted; "
               "RAM is stack + workspace (+ retained state for signing RAM reductions)."]
        + ([claims.note] if claims.note else [])
        + [f"Plot `plots/claims-{stem}.png`: " + claims_plot_caption(view, claims)] + [f"{r.claim.id}: {r.claim.note}" for r in results if r.claim.note])
    detail = Table(
        name=f"claims-{stem}-by-set", title=f"Claims check by parameter set: {claims.title}",
        columns=["claim", "set", "published", "ours", "verdict"],
        rows=[[r.claim.id, s, r.claim.published,
               shown(r.claim, v, view, f"{s}/{r.claim.point}", claims.platform), verdict_]
              for r in results for s, v, verdict_ in r.per_set],
        run=view.id, methods=methods, accounting=True)
    return [summary, detail]


def write(view, spec: Claims, checked: list[Result], registered: list[str]) -> list[Path]:
    """RUN/tables/claims-<paper>{,-by-set}.{md,csv,tex} and, when the run can draw it, the
    ratio plot RUN/plots/claims-<paper>.{png,pdf,svg} (claims_plot.py)."""
    from . import claims_plot
    from .tables import render
    written = []
    for table in tables(view, spec, checked):
        written += render.write(table, view.dir / "tables")
    figure = claims_plot.save(view, spec, registered, view.dir / "plots")
    return written + ([figure.png, figure.pdf, figure.svg] if figure else [])
