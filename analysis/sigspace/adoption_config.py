"""Adoption ladders (configs/adoption/<scheme>.toml): per operating point its techniques in the
order they were adopted, the metrics it is judged by with their tolerances ([tolerance] for
every point, `tolerance = {...}` on a point overrides it metric by metric; every point tracks
instructions, stack, workspace and retained state), the operations a metric counts on
(`ops = {instructions = ["sign"]}`), an optional budget (a rule), the platforms to judge on,
the rejection-loop techniques (judged over adoption.LOOP_MESSAGES messages), and waivers, each
with its bound. A point's `candidates` (off in the point, "<point>~+<name>" on) join its list as
"+<name>" and are judged switched on (adoption.decide). Checked completely before any work
starts, refusals with their line."""
from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import platforms, tomlinput
from .provenance import ROOT
from .adoption import COST, MEMORY, OPS, Tolerance, Tracked
from .adoption_gate import Budget, Waiver
from .tomlinput import ConfigError

SCHEMA = "ladder.schema.json"
# A point tracks its cost and its memory both: nothing may grow unseen.
REQUIRED = (COST,) + MEMORY
CITATION = re.compile(r"\bresults/[\w./-]*\w")  # evidence a waiver's text cites


@dataclass
class Ladders:
    path: str
    text: str
    description: str
    platforms: list[str]
    messages: int
    tracked: dict[str, Tracked]                                # point -> what it is judged by
    points: dict[str, list[str]]                               # point -> techniques, in order,
                                                               # then "+<candidate>"
    waivers: dict[tuple, Waiver] = field(default_factory=dict)  # (point, technique, platform|None)
    budgets: dict[str, Budget] = field(default_factory=dict)   # point -> its budget
    loop: set[str] = field(default_factory=set)                # rejection-loop techniques

    def pairs(self) -> list[str]:
        """Every variant the adoption measures: each point and each of its ablations."""
        out = []
        for point, techniques in self.points.items():
            out += [point] + [f"{point}~{t}" for t in techniques]
        return out

    def loop_pairs(self) -> list[str]:
        """The variants that must sign LOOP_MESSAGES: points with a rejection-loop technique
        and the ablations of those techniques."""
        out = []
        for point, techniques in self.points.items():
            looped = [t for t in techniques if t in self.loop]
            if looped:
                out += [point] + [f"{point}~{t}" for t in looped]
        return out


def parse(path: str | Path, text: str, variants: dict[str, list[str]],
          ablations: set[str], root: Path | None = None) -> Ladders:
    """variants: registered id -> its techniques; ablations: registered ablation ids; root:
    the tree whose results/ a waiver's cited evidence must be in (None: not checked). Shapes
    and types are the schema's (schema/ladder.schema.json); what follows it here is what the
    schema cannot know: the registry, the platforms' plug-ins, the tree and the cross-checks."""
    return from_data(str(path), text, tomlinput.parse(str(path), text), variants, ablations,
                     root)


def from_data(path: str, text: str, data: dict, variants: dict[str, list[str]],
              ablations: set[str], root: Path | None = None) -> Ladders:
    """The checks of parse() on a parsed document (text: its source, for the lines)."""
    lines = tomlinput.Lines(text)
    tomlinput.check(data, SCHEMA, path, lines)

    def fail(reason, table, key=None, value=None, index=0):
        raise ConfigError(path, lines.of(table, key, value, index), reason)

    head = data.get("adoption", {})
    plats = head.get("platforms", ["host"])
    for p in plats:
        if platforms.refusal(p):
            fail(platforms.refusal(p), "adoption", "platforms", p)
    messages = head.get("messages", 1)
    loop = head.get("rejection_loop", [])

    def tolerances(table: dict) -> dict[str, Tolerance]:
        return {metric: Tolerance.parse(value) for metric, value in table.items()}

    default = tolerances(data.get("tolerance", {}))
    tracked: dict[str, Tracked] = {}
    points: dict[str, list[str]] = {}
    budgets: dict[str, Budget] = {}

    def tracking(p: dict, i: int) -> Tracked:
        # A point's own tolerance overrides the default metric by metric.
        tracked_tolerances = {**default, **tolerances(p.get("tolerance", {}))}
        missing = [m for m in REQUIRED if m not in tracked_tolerances]
        if missing:
            fail(f"{p['variant']}: a point tracks cost and memory; no tolerance for "
                 f"{', '.join(missing)} ([tolerance] or point.tolerance)", "point", "variant",
                 None, i)
        ops = p.get("ops", {})
        for metric in ops:
            if metric not in tracked_tolerances:
                fail(f"point.ops names '{metric}', which the point does not track", "point",
                     "ops", None, i)
        return Tracked(tracked_tolerances, {m: list(o) for m, o in ops.items()})

    def budget(p: dict, i: int) -> Budget | None:
        b = p.get("budget")
        if b is None:
            return None
        for plat in b["platforms"]:
            if platforms.refusal(plat):
                fail(platforms.refusal(plat), "point", "budget", None, i)
        return Budget(b["signing_ram"], tuple(b["platforms"]))

    def ladder_point(vid, techniques, candidates, p, i):
        if vid in points:
            fail(f"{vid} has two ladder entries", "point", "variant", None, i)
        for t in techniques:
            if t not in variants[vid]:
                fail(f"'{t}' is not a technique of {vid} ({', '.join(variants[vid])})",
                     "point", "techniques", t, i)
            if f"{vid}~{t}" not in ablations:
                fail(f"ablation '{vid}~{t}' is not registered (variants/<scheme>/points.hpp)",
                     "point", "techniques", t, i)
        for c in candidates:
            if f"{vid}~+{c}" not in ablations:
                fail(f"'{c}' is not a candidate of {vid} ('{vid}~+{c}' is not registered)",
                     "point", "candidates", c, i)
        points[vid] = list(techniques) + [f"+{c}" for c in candidates]
        tracked[vid] = tracking(p, i)
        if budget(p, i):
            budgets[vid] = budget(p, i)

    for i, p in enumerate(data.get("point", [])):
        # One entry may stand for a point at every set: variant = "ML-DSA-*/speed-ceiling".
        vids = sorted(fnmatch.filter(variants, p["variant"]))
        if not vids:
            fail(f"point '{p['variant']}' matches no registered variant", "point", "variant",
                 None, i)
        for vid in vids:
            ladder_point(vid, p["techniques"], p.get("candidates", []), p, i)
    for t in loop:
        if not any(t in techniques for techniques in points.values()):
            fail(f"rejection_loop names '{t}', which no point of this ladder lists",
                 "adoption", "rejection_loop", t)

    waivers = {}
    for i, w in enumerate(data.get("waiver", [])):
        # `variants` lists the points one reason covers (the same technique in every set).
        vids = w.get("variants", [w.get("variant")])
        tech, text_value = w["technique"], w["text"]
        if len(text_value.split()) < 3:
            fail("waiver.text must say in words why the technique stays", "waiver", "text",
                 None, i)
        for cited in CITATION.findall(text_value) if root else []:
            if not (root / cited).exists():
                fail(f"waiver cites {cited}, which is not in the tree (evidence is committed "
                     "with the run it judges)", "waiver", "text", None, i)
        bound = waiver_bound(w["bound"], tolerances)
        for vid in vids:
            if tech not in points.get(vid, []):
                fail(f"waiver for '{vid}~{tech}': not a technique listed in this config",
                     "waiver", "technique", None, i)
            for p in w.get("platforms", [None]):  # no platforms: waived everywhere
                if p is not None and platforms.refusal(p):
                    fail(platforms.refusal(p), "waiver", "platforms", p, i)
                waivers[(vid, tech, p)] = Waiver(text_value, bound)
    return Ladders(path, text, head.get("description", ""), plats, messages, tracked,
                   points, waivers, budgets, set(loop))


def waiver_bound(raw: dict, tolerances) -> dict[tuple, Tolerance]:
    """bound = {instructions = "+4%", load_key = {stack = "+32"}}: a metric's bound on every
    operation, or an operation's table of its own; (op or None, metric) -> tolerance."""
    out = {}
    for key, value in raw.items():
        if key in OPS:
            out.update({(key, m): t for m, t in tolerances(value).items()})
        else:
            out.update({(None, m): t for m, t in tolerances({key: value}).items()})
    return out


def load(path: str | Path) -> Ladders:
    from . import registry
    text, _ = tomlinput.read(str(path))
    return parse(path, text, registered_techniques(), set(registry.ablations()), ROOT)


def gaps(ladders: list[Ladders], registered: dict[str, list[str]],
         ablations: list[str] = ()) -> list[str]:
    """Registered techniques that no ladder lists: each is a technique that would join its point
    without ever being judged; and registered candidates ("<point>~+<name>" in ablations) that no
    ladder judges. registered: variant id -> its techniques."""
    listed = {vid: set(t) for lad in ladders for vid, t in lad.points.items()}
    missing = [f"{vid}~{t}" for vid, techniques in registered.items() for t in techniques
               if t not in listed.get(vid, set())]
    for a in ablations:
        vid, _, name = a.partition("~")
        if name.startswith("+") and name not in listed.get(vid, set()):
            missing.append(a)
    return missing


def registered_techniques() -> dict[str, list[str]]:
    from . import registry
    return {v: registry.variant(v).info["techniques"] for v in registry.variants()}


def load_all(folder: Path) -> list[Ladders]:
    """Every ladder under configs/adoption/ (the gate of `tables` reads them all)."""
    return [load(p) for p in sorted(Path(folder).glob("*.toml"))]
