"""The LESS on Cortex-M4 paper's three operating points (Paper 2026/1422,
shared/seeds/001_538a84ffc7ce1856.txt; ANCHORS.md, "LESS v2.0 (round 2)"). The paper publishes
them only as ratios to its platform-normalised reference, so they are carried as those ratios
and never as figures: a plot places them by applying the ratios to the same run's measured LESS
reference of the same set on the same platform. As published they count signing stack only (no
workspace, no retained key), and every plot says so beside our points, which count all three."""
from __future__ import annotations

import math
from dataclasses import dataclass

from .tables.common import reference_of

SOURCE = "LESS on the Cortex-M4, Paper 2026/1422 (shared/seeds/001_538a84ffc7ce1856.txt)"
LABEL = "paper (published ratios; stack only)"
CAT1 = ("LESS-1b", "LESS-1i", "LESS-1s")
CAT3 = ("LESS-3b", "LESS-3s")
CAT5 = ("LESS-5b", "LESS-5s")


@dataclass(frozen=True)
class RatioAnchor:
    op_point: str
    printed: str                       # the published figures, word for word from ANCHORS.md
    time: tuple[float, float]          # its signing time / the reference's, low and high
    stack: tuple[float, float] | None  # its peak signing stack / the reference's, low and high
    stack_bytes: int | None = None     # a measured stack in bytes, where it is given instead
    sets: tuple[str, ...] = CAT1 + CAT3 + CAT5
    scheme: str = "LESS"
    platforms: tuple[str, ...] = ("m4", "m4-4mb")   # a Cortex-M4 paper: beside our M4 only


LESS_M4 = [
    RatioAnchor("balanced", "4.1-4.3x faster than the platform-normalized reference with 41-59 % "
                "less peak stack", time=(1 / 4.3, 1 / 4.1), stack=(1 - 0.59, 1 - 0.41)),
    # The seed: at category 5 the resident-matrix points exceed the board's 640 KB, and balanced
    # is the only point whose signing was measured there: the ceiling's ratio stops at category 3.
    RatioAnchor("speed ceiling", "4.5-4.7x faster, at reference-level memory",
                time=(1 / 4.7, 1 / 4.5), stack=(1.0, 1.0), sets=CAT1 + CAT3),
    RatioAnchor("memory floor", "about 1 KB measured signing stack at 1.2-1.5x reference time",
                time=(1.2, 1.5), stack=None, stack_bytes=1_000, sets=CAT1),
]


@dataclass(frozen=True)
class Placed:
    """A ratio anchor on one plot: the middle of each published range and the range itself."""
    anchor: RatioAnchor
    param_set: str
    x: float                           # signing stack, bytes
    x_range: tuple[float, float]
    y: float                           # signing cost, in the reference's unit
    y_range: tuple[float, float]


def _middle(lo: float, hi: float) -> float:
    return math.sqrt(lo * hi)  # the middle on the plots' log axes


def place(a: RatioAnchor, param_set: str, ref_cost: float, ref_stack: float) -> Placed:
    """x = the reference's stack x the stack ratio (or the published bytes); y = the reference's
    cost / speed-up, i.e. x the time ratio."""
    xs = (a.stack_bytes,) * 2 if a.stack is None else tuple(ref_stack * f for f in a.stack)
    ys = tuple(ref_cost * t for t in a.time)
    return Placed(a, param_set, _middle(*xs), xs, _middle(*ys), ys)


def for_run(view, platform: str, scheme: str, metric: tuple[str, str], sets) -> list[Placed]:
    """The paper's points for these sets, each placed from this run's reference of its set on
    this platform; a set whose reference the run lacks gets none (nothing to apply ratios to)."""
    placed = []
    for s in sets:
        ref = reference_of(s)
        cost = view.figure(ref, platform, "sign", *metric)
        stack = view.figure(ref, platform, "sign", "stack")
        if cost is None or stack is None:
            continue
        placed += [place(a, s, cost, stack) for a in LESS_M4
                   if a.scheme == scheme and platform in a.platforms and s in a.sets]
    return placed


def _drawn_at(a: RatioAnchor) -> str:
    return "" if a.stack_bytes is None else f", drawn at {a.stack_bytes:,} B"


def caption(placed: list[Placed]) -> str:
    """What the paper's points are and how they were placed, for the plot's caption."""
    shown = {p.anchor: [] for p in placed}
    for p in placed:
        shown[p.anchor].append(p.param_set)
    points = "; ".join(f"{a.op_point} \"{a.printed}\"{_drawn_at(a)} ({', '.join(sets)})"
                       for a, sets in shown.items())
    return (f" Hollow diamonds, \"{LABEL}\": the operating points of {SOURCE}, published only "
            "as ratios to its platform-normalised reference, drawn by applying those ratios to "
            f"this run's measured reference of the same set on this platform: {points}. They "
            "are ratios, not measurements of ours: the paper's signing-time ratios (on its "
            "board) scale our reference's signing cost, its stack ratios our reference's "
            "painted sign stack. They count signing stack only, while our points count stack + "
            "workspace + retained state. Bars: the published ranges; markers at each range's "
            "middle on the log axes.")
