"""Labels that do not collide: each label is tried at growing distances and angles around its
point until its box overlaps no label already placed, no marker and no drawn line, and stays
inside the axes; a label set away from its point gets a thin leader line back to it. Greedy and
deterministic: the same points give the same picture."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

MARKER_PX = 5.0        # half the side of the box kept clear around every marker
LINE_STEP_PX = 3.0     # drawn lines become obstacles sampled this finely
GAP_PX = 2.0           # clearance between a label box and anything else
LEADER_FROM_PT = 14    # labels farther than this from their point get a leader line
CROSSABLE = "crossable"  # gid of lines labels may cross
RADII_PT = (5, 10, 16, 24, 34, 46, 60, 78, 100)
# At each radius: right, left, up, down first, then the diagonals, then the rest of 16.
DIRECTIONS = (0, 8, 4, 12, 2, 6, 10, 14, 1, 7, 9, 15, 3, 5, 11, 13)


@dataclass
class Label:
    text: str
    x: float
    y: float
    colour: str = "black"
    vertical: bool = False   # along a vertical line (a RAM-only anchor): upwards beside it


def _candidates(vertical: bool):
    if vertical:  # beside the line, climbing from its foot
        for dy in (4,) + RADII_PT[1:] + tuple(r * 2 for r in RADII_PT[-3:]):
            for dx in (2, -2):
                yield dx, dy
        return
    for r in RADII_PT:
        for k in DIRECTIONS:
            a = 2 * math.pi * k / len(DIRECTIONS)
            yield round(r * math.cos(a), 2), round(r * math.sin(a), 2)


def _align(dx: float, dy: float) -> tuple[str, str]:
    ha = "left" if dx > 0.5 else "right" if dx < -0.5 else "center"
    va = "bottom" if dy > 0.5 else "top" if dy < -0.5 else "center"
    return ha, va


def _line_obstacles(ax) -> list[tuple[float, float, float, float]]:
    """Every drawn line (fronts, whiskers) as small boxes along its path. The dotted verticals
    of RAM-only anchors are left out: labels cross them on their white background."""
    boxes = []
    for line in ax.get_lines():
        if line.get_gid() == CROSSABLE:
            continue
        pts = line.get_transform().transform(np.asarray(line.get_xydata(), dtype=float))
        for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:]):
            n = max(1, int(math.hypot(x1 - x0, y1 - y0) / LINE_STEP_PX))
            for t in np.linspace(0.0, 1.0, n + 1):
                x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
                boxes.append((x - 1, y - 1, x + 1, y + 1))
    return boxes


def _annotate(ax, lab: Label, dx, dy, fontsize, leader=False):
    ha, va = _align(dx, dy)
    if lab.vertical:
        ha, va = ("left" if dx > 0 else "right"), "bottom"
    extra = {"arrowprops": {"arrowstyle": "-", "color": "grey", "lw": 0.4, "shrinkA": 1,
                            "shrinkB": 3}} if leader else {}
    return ax.annotate(lab.text, (lab.x, lab.y), xytext=(dx, dy), textcoords="offset points",
                       ha=ha, va=va, fontsize=fontsize, color=lab.colour, zorder=5,
                       rotation=90 if lab.vertical else 0,
                       bbox={"boxstyle": "square,pad=0.05", "fc": "white", "ec": "none",
                             "alpha": 0.8}, **extra)


def place(ax, renderer, labels: list[Label], markers: list[tuple[float, float]],
          fontsize: float = 6.5) -> list:
    """Annotates every label on ax (limits and lines already drawn); returns the text artists."""
    inside = ax.get_window_extent(renderer)
    marks = [ax.transData.transform((x, y)) for x, y in markers]
    taken = [(px - MARKER_PX, py - MARKER_PX, px + MARKER_PX, py + MARKER_PX) for px, py in marks]
    taken = np.array(taken + _line_obstacles(ax), dtype=float).reshape(-1, 4)
    placed = []
    for lab in labels:
        chosen = None
        for dx, dy in _candidates(lab.vertical):
            t = _annotate(ax, lab, dx, dy, fontsize)
            b = t.get_window_extent(renderer)
            t.remove()
            if b.x0 < inside.x0 or b.x1 > inside.x1 or b.y0 < inside.y0 or b.y1 > inside.y1:
                continue
            hit = ~((b.x1 + GAP_PX <= taken[:, 0]) | (taken[:, 2] + GAP_PX <= b.x0) |
                    (b.y1 + GAP_PX <= taken[:, 1]) | (taken[:, 3] + GAP_PX <= b.y0))
            if not hit.any():
                chosen = (dx, dy, b)
                break
        if chosen is None:  # nowhere free: drawn anyway, and the overlap test on runs fails
            t = _annotate(ax, lab, RADII_PT[0], RADII_PT[0], fontsize)
            chosen = (RADII_PT[0], RADII_PT[0], t.get_window_extent(renderer))
            t.remove()
        dx, dy, b = chosen
        leader = not lab.vertical and math.hypot(dx, dy) > LEADER_FROM_PT
        placed.append(_annotate(ax, lab, dx, dy, fontsize, leader))
        taken = np.vstack([taken, [b.x0, b.y0, b.x1, b.y1]])
    return placed


def text_box(artist, renderer):
    """The box of a label's text alone (an annotation's extent includes its leader line)."""
    from matplotlib.text import Text
    artist.update_positions(renderer)
    return Text.get_window_extent(artist, renderer)
