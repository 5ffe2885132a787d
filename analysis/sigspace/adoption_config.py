"""Adoption ladders (configs/adoption/<scheme>.toml): per operating point its techniques in the
order they were adopted and the metrics it is judged by with their tolerances ([tolerance] for
every point, `tolerance = {...}` on a point replaces it: a speed ceiling tracks speed, a memory
floor memory), the platforms to judge on, and written waivers. Checked completely before any
work starts, refusals with their line."""
from __future__ import annotations

import fnmatch
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from . import platforms
from .adoption import DETERMINISTIC, Tolerance
from .config import ConfigError, _Lines

TOP_KEYS = {"adoption", "tolerance", "point", "waiver"}


@dataclass
class Ladders:
    path: str
    text: str
    description: str
    platforms: list[str]
    messages: int
    tolerances: dict[str, dict[str, Tolerance]]               # point -> metric -> tolerance
    points: dict[str, list[str]]                               # point -> techniques, in order
    waivers: dict[tuple, str] = field(default_factory=dict)   # (point, technique, platform|None)

    def pairs(self) -> list[str]:
        """Every variant the adoption measures: each point and each of its ablations."""
        out = []
        for point, techniques in self.points.items():
            out += [point] + [f"{point}~{t}" for t in techniques]
        return out


def parse(path: str | Path, text: str, variants: dict[str, list[str]],
          ablations: set[str]) -> Ladders:
    """variants: registered id -> its techniques; ablations: registered ablation ids."""
    path = str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(path, getattr(e, "lineno", None), f"TOML syntax error: {e}") from None
    lines = _Lines(text)

    def fail(reason, table, key=None, value=None, index=0):
        raise ConfigError(path, lines.of(table, key, value, index), reason)

    for top in data:
        if top not in TOP_KEYS:
            fail(f"unknown table '{top}' ({', '.join(sorted(TOP_KEYS))})", top)
    head = data.get("adoption", {})
    plats = head.get("platforms", ["host"])
    for p in plats:
        if platforms.refusal(p):
            fail(platforms.refusal(p), "adoption", "platforms", p)
    messages = head.get("messages", 1)
    if not isinstance(messages, int) or isinstance(messages, bool) or messages < 1:
        fail("adoption.messages must be a positive integer", "adoption", "messages")

    def tolerance_table(table: dict, where: str, key=None, index=0) -> dict[str, Tolerance]:
        out = {}
        for metric, text_value in table.items():
            if metric not in DETERMINISTIC:
                fail(f"tolerance for '{metric}': adoption tracks only deterministic metrics "
                     f"({', '.join(DETERMINISTIC)})", where, key or metric, None, index)
            try:
                out[metric] = Tolerance.parse(text_value)
            except ValueError as e:
                fail(str(e), where, key or metric, None, index)
        return out

    default = tolerance_table(data.get("tolerance", {}), "tolerance")
    tolerances = {}
    points = {}

    def ladder_point(vid, techniques, own, i):
        if vid in points:
            fail(f"{vid} has two ladder entries", "point", "variant", None, i)
        for t in techniques:
            if t not in variants[vid]:
                fail(f"'{t}' is not a technique of {vid} ({', '.join(variants[vid])})",
                     "point", "techniques", t, i)
            if f"{vid}~{t}" not in ablations:
                fail(f"ablation '{vid}~{t}' is not registered (variants/<scheme>/points.hpp)",
                     "point", "techniques", t, i)
        points[vid] = list(techniques)
        tolerances[vid] = default if own is None else tolerance_table(own, "point", "tolerance", i)
        if not tolerances[vid]:
            fail(f"{vid}: no tracked metrics ([tolerance] or point.tolerance)", "point",
                 "variant", None, i)

    for i, p in enumerate(data.get("point", [])):
        pattern, techniques = p.get("variant"), p.get("techniques")
        # One entry may stand for a point at every set: variant = "ML-DSA-*/speed-ceiling".
        vids = sorted(fnmatch.filter(variants, pattern)) if isinstance(pattern, str) else []
        if not vids:
            fail(f"point '{pattern}' matches no registered variant", "point", "variant", None, i)
        if not isinstance(techniques, list) or not techniques:
            fail("point.techniques must be a non-empty list", "point", "techniques", None, i)
        for vid in vids:
            ladder_point(vid, techniques, p.get("tolerance"), i)

    waivers = {}
    for i, w in enumerate(data.get("waiver", [])):
        # `variants` lists the points one reason covers (the same technique in every set).
        vids = w.get("variants", [w.get("variant")])
        tech, text_value = w.get("technique"), w.get("text", "")
        for vid in vids:
            if tech not in points.get(vid, []):
                fail(f"waiver for '{vid}~{tech}': not a technique listed in this config",
                     "waiver", "technique", None, i)
            for p in w.get("platforms", [None]):  # no platforms: waived everywhere
                waivers[(vid, tech, p)] = text_value
        if not isinstance(text_value, str) or len(text_value.split()) < 3:
            fail("waiver.text must say in words why the technique stays", "waiver", "text",
                 None, i)
    return Ladders(path, text, head.get("description", ""), plats, messages, tolerances,
                   points, waivers)


def load(path: str | Path) -> Ladders:
    from . import registry
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise ConfigError(str(path), None, f"cannot read: {e.strerror}") from None
    return parse(path, text, registered_techniques(), set(registry.ablations()))


def gaps(ladders: list[Ladders], registered: dict[str, list[str]]) -> list[str]:
    """Registered techniques that no ladder lists: each is a technique that would join its point
    without ever being judged. registered: variant id -> its techniques."""
    listed = {vid: set(t) for lad in ladders for vid, t in lad.points.items()}
    return [f"{vid}~{t}" for vid, techniques in registered.items() for t in techniques
            if t not in listed.get(vid, set())]


def registered_techniques() -> dict[str, list[str]]:
    from . import registry
    return {v: registry.variant(v).info["techniques"] for v in registry.variants()}


def load_all(folder: Path) -> list[Ladders]:
    """Every ladder under configs/adoption/ (the gate of `tables` reads them all)."""
    return [load(p) for p in sorted(Path(folder).glob("*.toml"))]
