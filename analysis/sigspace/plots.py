"""Pareto plots: per scheme and platform, signing cost against signing RAM, every point of the
run labelled without collisions, the Pareto front of each parameter set, and the published
anchors measured on that platform (anchors.py), counted the same way; beside them, points a
paper publishes only as ratios to its reference, placed from this run's reference and labelled
as counting stack only (ratio_anchors.py).

One accounting (ARCHITECTURE.md, Measurement): x = signing RAM = painted sign stack + the
descriptor's signing workspace + retained key state; y = signing cost, the median over the
run's signing messages. Each point is drawn twice on y: signing alone (filled) and signing +
load_key (hollow), because published signers such as pqm4 m4f expand the key inside sign.

Figures are built on matplotlib.figure.Figure with an Agg canvas of their own: importing this
module changes no matplotlib state, so a notebook can call build() and show the result."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure as MplFigure
from matplotlib.lines import Line2D
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from . import anchors, plot_labels, ratio_anchors
from .tables.common import descriptor, measured_platforms, points, schemes, stand_in_notes
from .vocabulary import category

SIZE_IN = (10.0, 6.0)
DPI = 150
AXES_RECT = (0.08, 0.09, 0.64, 0.84)    # the legend takes the right third, outside the data
PAD_DECADES = 0.12                     # margin around the data on each log axis
MIN_SPAN_DECADES = 0.6                 # a lone point still gets readable ticks
COLOURS = "tab10"


@dataclass
class Point:
    variant: str
    param_set: str
    op_point: str
    ram: float               # sign stack + sign workspace + retained state
    cost: float              # signing alone, median over messages
    working: float = 0.0     # sign stack + sign workspace (retained state left out)
    cost_with_load: float | None = None   # signing + load_key
    ram_with_load: float | None = None    # retained + the larger of load_key's and sign's RAM
    messages: int = 0
    whole_ram: bool = False  # does not fit the part: counted on its whole-RAM image


@dataclass
class Plot:
    """A built figure with what the tests and captions need to know about it."""
    stem: str
    figure: MplFigure
    caption: str
    labels: list = field(default_factory=list)
    anchors: list = field(default_factory=list)     # (Anchor, x, y or None) as drawn
    paper: list = field(default_factory=list)       # ratio_anchors.Placed as drawn


@dataclass
class Figure:
    """A plot written to disk (what report.py links)."""
    stem: str
    caption: str
    png: Path
    pdf: Path
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
        ident = view.identity(v)
        p = Point(v, ident["param_set"], ident["op_point"], stack + workspace + state, cost,
                  working=stack + workspace,
                  messages=len(view.values(v, platform, "sign", *metric)),
                  whole_ram=v in view.stand_ins(platform))
        load_cost = view.figure(v, platform, "load_key", *metric)
        load_stack = view.figure(v, platform, "load_key", "stack")
        load_ws = descriptor(view, v, "load_key", "workspace")
        if None not in (load_cost, load_stack, load_ws):
            p.cost_with_load = cost + load_cost
            # load_key runs before sign: the peak is the larger of the two, plus what it keeps
            p.ram_with_load = state + max(stack + workspace, load_stack + load_ws)
        found.append(p)
    return found, missing


def pareto_front(pts: list, x=lambda p: p.ram, y=lambda p: p.cost) -> list:
    """Points no other point beats on both axes (ties kept once), by x."""
    front, best = [], float("inf")
    for p in sorted(pts, key=lambda p: (x(p), y(p))):
        if y(p) < best:
            front.append(p)
            best = y(p)
    return front


def _steps(front: list[tuple[float, float]]) -> tuple[list, list]:
    """A front as an explicit staircase (right, then down), so its drawn path is its data and
    the label placement can keep labels off it."""
    xs, ys = [], []
    for i, (x, y) in enumerate(front):
        if i:
            xs.append(x)
            ys.append(ys[-1])
        xs.append(x)
        ys.append(y)
    return xs, ys


def _si(value, _pos=None) -> str:
    for div, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= div:
            return f"{value / div:g}{suffix}"
    return f"{value:g}"


def _log_axis(axis, lo: float, hi: float, set_lim) -> None:
    """Log scale with limits padded in decades, ticks at 1, 2, 5 x 10^k written 5k, 20M."""
    import math
    a, b = math.log10(lo), math.log10(hi)
    widen = max(0.0, MIN_SPAN_DECADES - (b - a)) / 2
    set_lim(10 ** (a - PAD_DECADES - widen), 10 ** (b + PAD_DECADES + widen))
    axis.set_major_locator(LogLocator(base=10, subs=(1, 2, 5)))
    axis.set_major_formatter(FuncFormatter(_si))
    axis.set_minor_locator(LogLocator(base=10, subs=range(1, 10)))
    axis.set_minor_formatter(NullFormatter())


def _short(param_set: str) -> str:
    return param_set.split("-")[-1]


def _platform_text(view, platform: str) -> str:
    info = view.manifest.get("platforms", {}).get(platform, {})
    if "machine" in info and isinstance(info["machine"], str):
        return f"{platform} (QEMU {info['machine']}, {info.get('opt_flags', '')})".replace(", )", ")")
    cpu = info.get("cpu", {})
    return f"{platform} ({cpu.get('machine', '')})".replace(" ()", "")


def _draw_points(ax, pts, colour_of, labels, markers) -> None:
    for s, colour in colour_of.items():
        mine = [p for p in pts if p.param_set == s]
        ax.scatter([p.ram for p in mine], [p.cost for p in mine], color=colour, s=22, zorder=4)
        for p in mine:
            markers.append((p.ram, p.cost))
            text = f"{_short(s)} {p.op_point}" + (" (4 MiB: no fit)" if p.whole_ram else "")
            labels.append(plot_labels.Label(text, p.ram, p.cost, colour))
            if p.working < p.ram:  # the retained state as a whisker: working memory on its left
                ax.plot([p.working, p.ram], [p.cost, p.cost], color=colour, lw=0.7, alpha=0.6,
                        marker="|", markevery=[0], markersize=6, zorder=3)
                markers.append((p.working, p.cost))
            if p.cost_with_load is not None:
                ax.plot([p.ram, p.ram_with_load], [p.cost, p.cost_with_load], color=colour,
                        lw=0.6, linestyle=":", zorder=3)
                ax.scatter([p.ram_with_load], [p.cost_with_load], facecolors="none",
                           edgecolors=[colour], s=22, linewidths=0.9, zorder=4)
                markers.append((p.ram_with_load, p.cost_with_load))
        ax.plot(*_steps([(p.ram, p.cost) for p in pareto_front(mine)]), color=colour,
                lw=1.1, zorder=2)
        loaded = [p for p in mine if p.cost_with_load is not None]
        front = pareto_front(loaded, lambda p: p.ram_with_load, lambda p: p.cost_with_load)
        ax.plot(*_steps([(p.ram_with_load, p.cost_with_load) for p in front]), color=colour,
                lw=0.8, linestyle="--", alpha=0.7, zorder=2)


def _anchor_points(scheme, platform, colour_of):
    """The anchors to draw: measured on this platform, for a parameter set the plot has."""
    return [a for a in anchors.for_plot(scheme, platform) if a.param_set in colour_of]


def _draw_anchors(ax, chosen, colour_of, labels, markers) -> list:
    """Crosses where a cost was published; RAM-only figures as dotted verticals, labelled at a
    marker near the bottom of the axes (limits are already fixed)."""
    drawn = []
    lo, hi = ax.get_ylim()
    bottom = lo * (hi / lo) ** 0.04
    for a in chosen:
        colour = colour_of[a.param_set]
        text = f"{_short(a.param_set)} {a.label}"
        if a.sign_insn is not None:
            ax.scatter([a.sign_ram()], [a.sign_insn], marker="x", color=colour, s=30,
                       linewidths=1.1, zorder=4)
            labels.append(plot_labels.Label(text, a.sign_ram(), a.sign_insn, "dimgrey"))
            markers.append((a.sign_ram(), a.sign_insn))
            drawn.append((a, a.sign_ram(), a.sign_insn))
        else:
            ax.axvline(a.sign_ram(), color=colour, alpha=0.6, linestyle=":", lw=0.9, zorder=1,
                       gid=plot_labels.CROSSABLE)
            ax.scatter([a.sign_ram()], [bottom], marker="^", color=colour, s=14, zorder=4)
            labels.append(plot_labels.Label(text, a.sign_ram(), bottom, "dimgrey", vertical=True))
            markers.append((a.sign_ram(), bottom))
            drawn.append((a, a.sign_ram(), None))
    return drawn


def _draw_paper(ax, paper, colour_of, labels, markers) -> None:
    """Hollow diamonds with the published ranges as capped bars through them (plain lines, so
    the label placement keeps labels off them); a range of one value gets no bar."""
    for p in paper:
        colour = colour_of[p.param_set]
        for xs, ys, cap in ((p.x_range, (p.y, p.y), "|"), ((p.x, p.x), p.y_range, "_")):
            if xs[0] != xs[1] or ys[0] != ys[1]:
                ax.plot(xs, ys, color=colour, lw=0.7, marker=cap, markersize=5, zorder=3)
        ax.scatter([p.x], [p.y], marker="D", facecolors="none", edgecolors=[colour], s=24,
                   linewidths=1.0, zorder=4)
        labels.append(plot_labels.Label(f"{_short(p.param_set)} paper {p.anchor.op_point}",
                                        p.x, p.y, "dimgrey"))
        markers.append((p.x, p.y))


def _legend(ax, colour_of, chosen, paper, unit) -> None:
    grey = "dimgrey"
    handles = [Line2D([], [], color=c, marker="o", linestyle="-", label=f"{s}: this run")
               for s, c in colour_of.items()]
    handles += [
        Line2D([], [], color=grey, marker="o", linestyle="", label=f"signing alone ({unit})"),
        Line2D([], [], color=grey, marker="o", markerfacecolor="none", linestyle=":",
               label="signing + load_key"),
        Line2D([], [], color=grey, linestyle="-", label="Pareto front, signing alone"),
        Line2D([], [], color=grey, linestyle="--", label="Pareto front, signing + load_key"),
        Line2D([], [], color=grey, marker="|", linestyle="-", lw=0.7,
               label="left end: without retained state"),
    ]
    sources = dict.fromkeys(a.source for a in chosen)
    for src in sources:
        costed = any(a.sign_insn is not None for a in chosen if a.source == src)
        handles.append(Line2D([], [], color=grey, marker="x" if costed else "^",
                              linestyle="" if costed else ":",
                              label="published: " + anchors.SHORT[src]))
    if paper:
        handles.append(Line2D([], [], color=grey, marker="D", markerfacecolor="none",
                              linestyle="", label=ratio_anchors.LABEL))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0,
              fontsize=7, frameon=False)


def build(view, platform: str, scheme: str, cat: str | None = None) -> Plot | None:
    """The Pareto figure of one scheme on one platform (of its sets of one security category
    when cat is given), or None if the run cannot draw it."""
    metric = cost_metric(view, platform, scheme)
    if metric is None:
        return None
    pts, missing = collect(view, platform, scheme, metric)
    if cat is not None:
        pts = [p for p in pts if category(p.param_set) == cat]
        missing = [v for v in missing if category(v.split("/")[0]) == cat]
    if not pts:
        return None
    fig = MplFigure(figsize=SIZE_IN, dpi=DPI)
    FigureCanvasAgg(fig)  # its own canvas: no pyplot, no global backend
    ax = fig.add_axes(AXES_RECT)
    palette = matplotlib.colormaps[COLOURS]
    colour_of = {s: palette(i) for i, s in enumerate(dict.fromkeys(p.param_set for p in pts))}
    chosen = _anchor_points(scheme, platform, colour_of)
    # Only beside a reference the plot draws: the paper's points are read against it.
    paper = ratio_anchors.for_run(view, platform, scheme, metric,
                                  [p.param_set for p in pts if p.op_point == "reference"])
    xs = [p.ram for p in pts] + [p.working for p in pts] + [a.sign_ram() for a in chosen] + \
         [p.ram_with_load for p in pts if p.ram_with_load is not None] + \
         [x for p in paper for x in p.x_range]
    ys = [p.cost for p in pts] + [a.sign_insn for a in chosen if a.sign_insn is not None] + \
         [p.cost_with_load for p in pts if p.cost_with_load is not None] + \
         [y for p in paper for y in p.y_range]
    ax.set_xscale("log")
    ax.set_yscale("log")
    _log_axis(ax.xaxis, min(xs), max(xs), ax.set_xlim)
    _log_axis(ax.yaxis, min(ys), max(ys), ax.set_ylim)
    labels, markers = [], []
    _draw_points(ax, pts, colour_of, labels, markers)
    drawn = _draw_anchors(ax, chosen, colour_of, labels, markers)
    _draw_paper(ax, paper, colour_of, labels, markers)
    unit = "instructions" if metric[0] == "instructions" else "ns"
    counts = sorted({p.messages for p in pts})
    over = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    over += " message" if counts[-1] == 1 else " messages"
    ax.set_xlabel("signing RAM = sign stack + signing workspace + retained state (bytes)")
    ax.set_ylabel(f"signing {unit} ({metric[1]}), median over {over}")
    title = f"{scheme}" + (f" category {cat}" if cat else "")
    ax.set_title(f"{title} on {_platform_text(view, platform)}: run {view.id}", fontsize=9)
    ax.grid(True, which="major", linewidth=0.3)
    _legend(ax, colour_of, chosen, paper, unit)
    placed = plot_labels.place(ax, fig.canvas.get_renderer(), labels, markers)
    stem = f"pareto-{scheme.lower()}-{platform}" + (f"-cat{cat}" if cat else "")
    text = caption(view, platform, scheme, metric, pts, missing, chosen, over, paper)
    return Plot(stem, fig, text, placed, drawn, paper)


def caption(view, platform, scheme, metric, pts, missing, chosen, over, paper) -> str:
    what = "instructions" if metric[0] == "instructions" else "time"
    text = (f"{scheme} on {_platform_text(view, platform)}, run `{view.id}`. y: signing "
            f"{what} by {metric[1]}, the median over {over} signed, log scale; filled "
            "dots and solid fronts: signing alone (load_key not included); hollow dots and "
            "dashed fronts: signing + load_key (the key expansion done once per key, e.g. "
            "ExpandA in the speed ceiling). x: signing RAM = painted sign stack + the "
            "descriptor's signing workspace + retained key state, log scale; the whisker's left "
            "end is the same point without its retained state. Not counted: the caller's key, "
            "message and signature buffers and static .data/.bss. Lines: Pareto front per "
            "parameter set.")
    if chosen:
        over_src = {a.source: a.messages for a in chosen}
        text += (" Published anchors, measured on this platform but not in this run: " +
                 "; ".join(f"{src}, cost over {n} signing message{'s' * (n != 1)}: "
                           f"{anchors.NOTES[src]}" if n else f"{src}: {anchors.NOTES[src]}"
                           for src, n in over_src.items()) + ".")
    if paper:
        text += ratio_anchors.caption(paper)
    if not chosen and not paper:
        text += " No published figure was measured on this platform: no anchor is drawn."
    for note in stand_in_notes(view, platform, [p.variant for p in pts]):
        text += " " + note
    if missing:
        text += (" Not drawn (this run has no signing cost, stack, workspace or retained-state "
                 "figure for them): " + ", ".join(missing) + ".")
    return text


def save(plot: Plot, folder: Path) -> Figure:
    return save_figure(plot.stem, plot.figure, plot.caption, folder)


def save_figure(stem: str, figure: MplFigure, caption_text: str, folder: Path) -> Figure:
    """PNG for reading, PDF and SVG for papers; no timestamps, so same records, same files."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {ext: folder / f"{stem}.{ext}" for ext in ("png", "pdf", "svg")}
    figure.savefig(paths["png"], dpi=DPI)
    figure.savefig(paths["pdf"], metadata={"CreationDate": None})
    with matplotlib.rc_context({"svg.hashsalt": "sigspace"}):  # stable SVG ids
        figure.savefig(paths["svg"], metadata={"Date": None})
    return Figure(stem, caption_text, paths["png"], paths["pdf"], paths["svg"])


# More sets than this in one plot crowd it (LESS has seven): one plot per security category.
MAX_SETS_IN_ONE_PLOT = 4


def plot_all(view, folder: Path) -> list[Figure]:
    written = []
    for platform in measured_platforms(view):
        for scheme in schemes(view):
            sets = list(dict.fromkeys(view.identity(v)["param_set"] for v in points(view, scheme)))
            cats = list(dict.fromkeys(map(category, sets)))
            split = len(sets) > MAX_SETS_IN_ONE_PLOT and len(cats) > 1
            for cat in cats if split else [None]:
                built = build(view, platform, scheme, cat)
                if built:
                    written.append(save(built, folder))
    return written
