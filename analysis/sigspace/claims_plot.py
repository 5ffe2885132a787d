"""The paper's points beside ours, as published: a Pareto plot in ratios to each set's reference,
one panel per security category. Papers such as the LESS paper (seed 001) publish their points
as ratios to their reference (speedup, stack reduction), so they are drawn in ratio space, from
the claims file itself (one source for every published figure a check or plot uses):

- ours: x = signing RAM / the reference's signing RAM (stack + workspace + retained state, the
  one accounting), y = signing instructions / the reference's (median over the run's messages),
  both references measured in the same run; the reference is (1, 1);
- the paper's: a box per operating point spanning its published ranges: y from a sign speedup
  or slowdown claim, x from a sign stack-reduction claim (stack only, as published), or, with no
  memory claim, at x = 1 for a point published "at reference-level memory" (a dashed edge says
  the x is not published). A point's box is drawn in a panel when its claims cover that panel's
  sets.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure as MplFigure
from matplotlib.patches import Rectangle
from matplotlib.ticker import FuncFormatter, LogLocator

from . import claims as claims_mod
from .plots import DPI, Figure, pareto_front, save_figure
from .tables.common import insn_method, points, sign_cost, signing_ram
from .vocabulary import category

MARKERS = {"reference": "s", "speed-ceiling": "^", "balanced": "o", "memory-floor": "v"}


def our_points(view, platform: str, param_set: str) -> list[tuple[str, float, float]]:
    """(point, x ratio, y ratio) for every operating point of one set with full figures."""
    method = insn_method(view, platform)
    ref = f"{param_set}/reference"
    ref_cost = sign_cost(view, ref, platform, method) if method else None
    ref_ram = signing_ram(view, ref, platform)
    if not isinstance(ref_cost, dict) or not ref_ram:
        return []
    out = []
    for v in points(view):
        if not v.startswith(param_set + "/"):
            continue
        cost, ram = sign_cost(view, v, platform, method), signing_ram(view, v, platform)
        if isinstance(cost, dict) and ram:
            out.append((v.split("/")[1], ram / ref_ram, cost["median"] / ref_cost["median"]))
    return out


def paper_boxes(spec: claims_mod.Claims, sets: list[str],
                ref_stacks: list[float]) -> dict[str, dict]:
    """point -> {'y': (lo, hi), 'x': (lo, hi) or None}, from the sign speed and stack claims
    whose sets cover any of `sets`. A stack claim in bytes becomes a ratio over the reference's
    painted signing stack at those sets in this run (ref_stacks), the widest span."""
    boxes: dict[str, dict] = {}
    for c in spec.claims:
        if c.op != "sign" or not set(claims_mod.expand_sets(c, sets)) & set(sets):
            continue
        box = boxes.setdefault(c.point, {"y": None, "x": None})
        lo, hi = c.range if c.range else (None, None)
        if c.metric == "speedup":
            box["y"] = (1 / hi, 1 / lo)
        elif c.metric == "slowdown":
            box["y"] = (lo, hi)
        elif c.metric == "stack-reduction":
            box["x"] = (1 - hi / 100, 1 - lo / 100)
        elif c.metric == "stack" and ref_stacks:
            box["x"] = (lo / max(ref_stacks), hi / min(ref_stacks))
    return {p: b for p, b in boxes.items() if b["y"] is not None}


def build(view, spec: claims_mod.Claims, registered: list[str]):
    """The figure, or None when the run has no set of the claims with a reference."""
    platform = spec.platform
    known = claims_mod.param_sets(view, registered)
    sets = [s for s in known if any(s in claims_mod.expand_sets(c, known) for c in spec.claims)]
    panels: dict[str, list[str]] = {}
    for s in sets:
        panels.setdefault(category(s), []).append(s)
    ours = {s: our_points(view, platform, s) for s in sets}
    panels = {k: v for k, v in panels.items() if any(ours[s] for s in v)}
    if not panels:
        return None
    fig = MplFigure(figsize=(4.2 * len(panels) + 1.0, 5.8), dpi=DPI)
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    palette = matplotlib.colormaps["tab10"]
    for ax, (cat, members) in zip(axes, panels.items()):
        xs, ys = [1.0], [1.0]
        for i, s in enumerate(members):
            pts = ours[s]
            colour = palette(i)
            for point, x, y in pts:
                ax.scatter([x], [y], marker=MARKERS.get(point, "D"), color=colour, zorder=3,
                           s=36, label=f"{s} {point}")
                xs.append(x)
                ys.append(y)
            front = pareto_front(pts, x=lambda p: p[1], y=lambda p: p[2])
            if len(front) > 1:
                ax.plot([p[1] for p in front], [p[2] for p in front], color=colour, lw=0.8,
                        drawstyle="steps-post")
        ref_stacks = [v for v in (view.figure(f"{s}/reference", platform, "sign", "stack")
                                  for s in members) if v]
        for point, box in paper_boxes(spec, members, ref_stacks).items():
            x0, x1 = box["x"] or (1.0, 1.0)
            y0, y1 = box["y"]
            width = max(x1, x0 * 1.04) - x0  # a point published at one x stays visible
            ax.add_patch(Rectangle((x0, y0), width, y1 - y0, fill=False, hatch="///",
                                   edgecolor="0.35", linestyle="-" if box["x"] else "--",
                                   zorder=2))
            ax.annotate(f"paper {point}", (x0 + width, y1), fontsize=7, color="0.25",
                        xytext=(3, 2), textcoords="offset points")
            xs += [x0, x0 + width]
            ys += [y0, y1]
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlim(min(xs) / 1.5, max(xs) * 1.5)
        ax.set_ylim(min(ys) / 1.5, max(ys) * 1.5)
        for axis, lo, hi in ((ax.xaxis, min(xs), max(xs)), (ax.yaxis, min(ys), max(ys))):
            # 1-2-5 ticks over two decades or more run into each other: decades only there
            axis.set_major_locator(LogLocator(base=10, subs=(1, 2, 5) if hi / lo < 100 else (1,)))
            axis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}"))
            axis.set_minor_formatter(FuncFormatter(lambda v, _pos: ""))
        ax.axhline(1.0, color="0.7", lw=0.5)
        ax.axvline(1.0, color="0.7", lw=0.5)
        ax.set_title(f"category {cat}" if cat.isdigit() else cat, fontsize=9)
        ax.set_xlabel("signing RAM / reference's", fontsize=8)
        ax.set_ylabel("signing instructions / reference's", fontsize=8)
        ax.grid(True, which="major", linewidth=0.3)
        # Below the panel, a column per set: inside, it hid the points near the reference.
        ax.legend(fontsize=6, loc="upper center", bbox_to_anchor=(0.5, -0.14),
                  ncol=len(members), frameon=False)
    fig.suptitle(f"{spec.title} on {platform}: ours (run {view.id}) and the paper's points "
                 "as published", fontsize=9)
    fig.tight_layout()
    return fig


def caption(view, spec: claims_mod.Claims) -> str:
    return (f"{spec.title} on {spec.platform}: ratios to each set's reference, log scales. "
            f"Markers: our points in run `{view.id}`; x = signing RAM (sign stack + signing "
            "workspace + retained state) over the reference's, y = signing instructions "
            "(median over the run's messages) over the reference's; both references measured "
            "in the same run; lines: the Pareto front per set. Hatched boxes: the paper's "
            f"points as published ({spec.source}), spanning the published ranges: y from its "
            "signing speedup or slowdown, x from its peak stack reduction or, for a stack "
            "published in bytes (the memory floor's), those bytes over our reference's painted "
            "signing stack at the panel's sets (stack only: the paper counts no workspace or "
            "retained state); a dashed box sits at x = 1 because the paper gives that point's "
            "memory only as reference-level. The paper's reference is its own "
            "platform-normalised one, ours the faithful reference.")


def save(view, spec: claims_mod.Claims, registered: list[str], folder: Path) -> Figure | None:
    fig = build(view, spec, registered)
    if fig is None:
        return None
    return save_figure(f"claims-{Path(spec.path).stem}", fig, caption(view, spec), folder)
