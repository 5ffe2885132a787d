"""Pareto plots: per scheme and platform, signing cost against signing RAM (painted sign stack
+ the descriptor's signing workspace + retained key state), every point labelled, the Pareto
front of each parameter set drawn, and published anchors (anchors.py) in their own style.
Each figure names the run and the methods in its title and caption (PNG and SVG)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only; no display on build machines
matplotlib.rcParams["svg.hashsalt"] = "sigspace"  # stable SVG ids: same records, same file
import matplotlib.pyplot as plt  # noqa: E402

from . import anchors  # noqa: E402
from .tables.common import descriptor, measured_platforms, points, schemes  # noqa: E402

WIDE_SPAN = 20.0   # an axis whose max/min exceeds this goes logarithmic


@dataclass
class Point:
    variant: str
    param_set: str
    op_point: str
    ram: float
    cost: float


@dataclass
class Figure:
    stem: str
    caption: str
    png: Path
    svg: Path


def cost_metric(view, platform: str, scheme: str) -> tuple[str, str] | None:
    """Signing cost: instructions when the run counted them, else time (host only)."""
    have = {(r["metric"], r["method"]) for r in view.records if r["platform"] == platform
            and r["op"] == "sign" and r["scheme"] == scheme}
    for choice in (("instructions", "qemu-icount"), ("instructions", "callgrind"),
                   ("time", "gbench")):
        if choice in have:
            return choice
    return None


def collect(view, platform: str, scheme: str, metric: tuple[str, str]):
    found, missing = [], []
    for v in points(view, scheme):
        stack = view.figure(v, platform, "sign", "stack")
        cost = view.figure(v, platform, "sign", *metric)
        # A RAM figure without its workspace or retained state would put the point too far left.
        workspace = descriptor(view, v, "sign", "workspace")
        state = descriptor(view, v, "sign", "retained_state")
        if None in (stack, cost, workspace, state):
            missing.append(v)
            continue
        ram = stack + workspace + state
        ident = view.identity(v)
        found.append(Point(v, ident["param_set"], ident["op_point"], ram, cost))
    return found, missing


def pareto_front(pts: list[Point]) -> list[Point]:
    """Points no other point beats on both RAM and cost (ties kept once), by RAM."""
    front, best = [], float("inf")
    for p in sorted(pts, key=lambda p: (p.ram, p.cost)):
        if p.cost < best:
            front.append(p)
            best = p.cost
    return front


def _log_if_wide(ax, values, axis: str) -> None:
    values = [v for v in values if v > 0]
    if values and max(values) / min(values) > WIDE_SPAN:
        (ax.set_xscale if axis == "x" else ax.set_yscale)("log")


def _draw_anchors(ax, scheme, metric, colour_of) -> list[str]:
    """Published figures in the colour of their parameter set, as crosses (with a cost) or
    dotted vertical lines (RAM only); labelled "published" in the legend and beside them."""
    drawn, legend = [], set()
    for a in anchors.for_scheme(scheme):
        if a.param_set not in colour_of:
            continue
        colour, short = colour_of[a.param_set], a.param_set.split("-")[-1]
        if a.sign_insn is not None and metric[0] == "instructions":
            kind = "published: pqm4 on Cortex-M4 (QEMU insn, stack only)"
            ax.scatter([a.sign_ram()], [a.sign_insn], marker="x", color=colour, alpha=0.6,
                       zorder=2, label=None if kind in legend else kind)
            ax.annotate(f"{short} {a.label}", (a.sign_ram(), a.sign_insn), fontsize=6,
                        color="dimgrey", xytext=(3, -8), textcoords="offset points")
        else:
            kind = "published: signing RAM only (no cost on this axis)"
            ax.axvline(a.sign_ram(), color=colour, alpha=0.5, linestyle=":", linewidth=0.9,
                       zorder=1, label=None if kind in legend else kind)
            ax.annotate(f"{short} {a.label}", (a.sign_ram(), 0.98), rotation=90, fontsize=6,
                        xycoords=("data", "axes fraction"), color="dimgrey", va="top")
        legend.add(kind)
        drawn.append(a.source)
    return sorted(set(drawn))


def plot(view, platform: str, scheme: str, folder: Path) -> Figure | None:
    metric = cost_metric(view, platform, scheme)
    if metric is None:
        return None
    pts, missing = collect(view, platform, scheme, metric)
    if not pts:
        return None
    fig, ax = plt.subplots(figsize=(9, 6))
    sets = list(dict.fromkeys(p.param_set for p in pts))
    colours = plt.get_cmap("tab10")
    colour_of = {s: colours(i) for i, s in enumerate(sets)}
    for i, s in enumerate(sets):
        mine = [p for p in pts if p.param_set == s]
        ax.scatter([p.ram for p in mine], [p.cost for p in mine], color=colours(i), zorder=3,
                   label=f"{s} (measured)")
        front = pareto_front(mine)
        ax.step([p.ram for p in front], [p.cost for p in front], where="post",
                color=colours(i), linewidth=1, zorder=2)
        for p in mine:
            ax.annotate(f"{p.param_set} {p.op_point}", (p.ram, p.cost), fontsize=7,
                        xytext=(4, 4), textcoords="offset points")
    sources = _draw_anchors(ax, scheme, metric, colour_of)
    anchor_values = [a.sign_ram() for a in anchors.for_scheme(scheme) if a.param_set in sets]
    _log_if_wide(ax, [p.ram for p in pts] + anchor_values, "x")
    _log_if_wide(ax, [p.cost for p in pts], "y")
    unit = "instructions" if metric[0] == "instructions" else "ns"
    ax.set_xlabel("signing RAM: sign stack + signing workspace + retained state (bytes)")
    ax.set_ylabel(f"signing cost ({unit}, {metric[1]}, median over messages)")
    ax.set_title(f"{scheme} on {platform}: run {view.id}", fontsize=9)
    ax.legend(fontsize=7, loc="best")
    ax.grid(True, which="both", linewidth=0.3)
    stem = f"pareto-{scheme.lower()}-{platform}"
    folder.mkdir(parents=True, exist_ok=True)
    png, svg = folder / f"{stem}.png", folder / f"{stem}.svg"
    fig.tight_layout()
    fig.savefig(png, dpi=120)
    fig.savefig(svg, metadata={"Date": None})  # no timestamp: the same records, the same file
    plt.close(fig)
    caption = (f"{scheme} on {platform}, run `{view.id}`: signing cost ({metric[0]} by "
               f"{metric[1]}) against signing RAM (stack by paint + workspace and retained "
               "state by descriptor); lines: Pareto front per parameter set.")
    if sources:
        caption += (" Crosses and dotted lines: published figures from another platform or "
                    "build, not measured in this run (" + "; ".join(sources) + "); stack-only "
                    "RAM for pqm4.")
    if missing:
        caption += (" Not drawn (this run has no signing cost, stack, workspace or retained-state "
                    "figure for them): " + ", ".join(missing) + ".")
    return Figure(stem, caption, png, svg)


def plot_all(view, folder: Path) -> list[Figure]:
    figures = []
    for platform in measured_platforms(view):
        for scheme in schemes(view):
            f = plot(view, platform, scheme, folder)
            if f:
                figures.append(f)
    return figures
