"""The Pareto plots as a reviewer checks them, on the committed runs' own records (the 64-message
Cortex-M4 run and the host/m4/m33 run) and on small synthetic runs: legend outside the data,
no two labels overlapping, log axes, anchors only on their own platform and counted like our
points, PNG + PDF + SVG written, and importing the module leaves matplotlib as it was."""
import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from synthetic import less_records, record, write_run

from sigspace import anchors, plot_labels, plots, runview

ROOT = Path(__file__).resolve().parents[2]
RUNS = [ROOT / "results" / "20261130T021348Z-f53409f60d",   # 64 signing messages on the M4
        ROOT / "results" / "20261130T020250Z-f53409f60d"]   # host, m4, m33


@pytest.fixture(scope="module")
def built():
    """Every plot of the committed runs, with the view it came from."""
    out = []
    for run in RUNS:
        view = runview.load(run)
        for platform in ("host", "m4", "m33"):
            for scheme in ("ML-DSA", "LESS"):
                p = plots.build(view, platform, scheme)
                if p:
                    out.append((view, platform, scheme, p))
    assert len(out) == 7  # 1 + 6: both schemes on three platforms, and the M4 run's ML-DSA
    return out


def _renderer(p):
    return p.figure.canvas.get_renderer()


def test_legend_outside_the_axes_and_inside_the_figure(built):
    for *_, p in built:
        ax = p.figure.axes[0]
        r = _renderer(p)
        legend, data = ax.get_legend().get_window_extent(r), ax.get_window_extent(r)
        assert legend.x0 >= data.x1, p.stem
        whole = p.figure.bbox
        assert legend.x1 <= whole.x1 and legend.y0 >= whole.y0, p.stem  # nothing cut off


def test_no_two_labels_overlap(built):
    for *_, p in built:
        r = _renderer(p)
        boxes = [plot_labels.text_box(t, r) for t in p.labels]
        for (i, a), (j, b) in itertools.combinations(enumerate(boxes), 2):
            assert not a.overlaps(b), (p.stem, p.labels[i].get_text(), p.labels[j].get_text())


def test_crowded_labels_are_moved_apart():
    """Ten labels on one spot: the placement spreads them, every one inside the axes."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    fig = Figure(figsize=(5, 4))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.1, 0.1, 0.8, 0.8))
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    labels = [plot_labels.Label(f"point {i}", 5 + i * 0.01, 5) for i in range(10)]
    r = fig.canvas.get_renderer()
    placed = plot_labels.place(ax, r, labels, [(lab.x, lab.y) for lab in labels])
    boxes = [plot_labels.text_box(t, r) for t in placed]
    assert not any(a.overlaps(b) for a, b in itertools.combinations(boxes, 2))
    inside = ax.get_window_extent(r)
    assert all(inside.x0 <= b.x0 and b.x1 <= inside.x1 for b in boxes)


def test_log_axes_that_hold_every_drawn_figure(built):
    for view, platform, scheme, p in built:
        ax = p.figure.axes[0]
        assert (ax.get_xscale(), ax.get_yscale()) == ("log", "log"), p.stem
        (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
        pts, _ = plots.collect(view, platform, scheme, plots.cost_metric(view, platform, scheme))
        for pt in pts:
            assert x0 < pt.working <= pt.ram < x1 and y0 < pt.cost < y1, (p.stem, pt.variant)
        for a, x, y in p.anchors:
            assert x0 < x < x1 and (y is None or y0 < y < y1), (p.stem, a.label)
        for q in p.paper:  # the paper's points with the ends of their published ranges
            assert x0 < min(q.x_range) and max(q.x_range) < x1, (p.stem, q.anchor.op_point)
            assert y0 < min(q.y_range) and max(q.y_range) < y1, (p.stem, q.anchor.op_point)


def test_anchors_only_on_the_platform_they_were_measured_on(built):
    assert all(a.platform in ("m4", "m33") for a in anchors.ALL)
    for view, platform, scheme, p in built:
        assert {a.platform for a, *_ in p.anchors} <= {platform}, p.stem
        legend = [t.get_text() for t in p.figure.axes[0].get_legend().get_texts()]
        if platform == "host":  # the x86-64 callgrind axis: no published figure belongs there
            assert not p.anchors and not p.paper, p.stem
            assert not any("published" in t for t in legend), p.stem
            assert "No published figure was measured on this platform" in p.caption
    drawn = {(platform, scheme): {a.label for a, *_ in p.anchors} for _, platform, scheme, p in built}
    assert drawn[("m4", "ML-DSA")] == {"pqm4 m4f", "pqm4 m4fstack", "pqm4 clean"}
    assert drawn[("m33", "ML-DSA")] == {"seed before", "seed after"}
    assert drawn[("m4", "LESS")] == {"reference -O2"}  # LESS-1s, the set this run has on m4


def test_anchors_counted_like_our_points(built):
    """pqm4 keeps keys in globals: its signing RAM is its painted stack, nothing retained; ours
    is sign stack + workspace + retained state, recomputed here from the records."""
    view, _, _, p = next(b for b in built if b[0].dir == RUNS[0])
    for a, x, y in p.anchors:
        assert (x, y) == (a.stack["sign"], a.sign_insn)
    pts, _ = plots.collect(view, "m4", "ML-DSA", ("instructions", "qemu-icount"))
    for pt in pts:
        ram = sum(view.figure(pt.variant, "m4", "sign", m) for m in
                  ("stack", "workspace", "retained_state"))
        assert pt.ram == ram and pt.messages == 64
        load = view.figure(pt.variant, "m4", "load_key", "instructions")
        assert pt.cost_with_load == pt.cost + load
    caption = p.caption
    assert "median over 64 messages" in caption
    assert "signing alone (load_key not included)" in caption and "signing + load_key" in caption
    assert "ExpandA" in caption and "Not counted" in caption and "nothing retained" in caption


def test_seed_anchors_count_their_workspace_and_retained_key():
    after = next(a for a in anchors.SEED_M33 if a.param_set == "ML-DSA-44" and "after" in a.label)
    assert after.sign_ram() == after.stack["sign"] + after.workspace + after.retained
    assert after.workspace and after.retained


def test_less_points_with_their_front_and_the_reference_anchor(tmp_path):
    records = less_records("LESS-1s/reference", "m4", 4_000_000_000, 146_000) + \
        less_records("LESS-1s/balanced", "m4", 1_000_000_000, 90_000) + \
        less_records("LESS-1s/memory-floor", "m4", 1_200_000_000, 2_000) + \
        less_records("LESS-1s/reference", "m33", 4_000_000_000, 146_000)
    view = runview.load(write_run(tmp_path / "run", records))
    p = plots.build(view, "m4", "LESS")
    assert sorted(t.get_text() for t in p.labels) == [
        "1s balanced", "1s memory-floor", "1s paper balanced", "1s paper memory floor",
        "1s paper speed ceiling", "1s reference", "1s reference -O2"]
    assert [(a.param_set, x, y) for a, x, y in p.anchors] == [
        ("LESS-1s", a.stack["sign"], a.sign_insn) for a in anchors.LESS_QEMU
        if a.param_set == "LESS-1s"]
    assert "official LESS v2.0.0 reference" in p.caption and "published" in p.caption.lower()
    front = plots.pareto_front(plots.collect(view, "m4", "LESS", plots.cost_metric(
        view, "m4", "LESS"))[0])
    assert [pt.op_point for pt in front] == ["memory-floor", "balanced"]
    assert not plots.build(view, "m33", "LESS").anchors  # measured on the M4 only


def test_png_pdf_and_svg_written(built, tmp_path):
    *_, p = built[0]
    f = plots.save(p, tmp_path)
    assert f.png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f.pdf.read_bytes()[:5] == b"%PDF-"
    assert b"<svg" in f.svg.read_bytes()[:2000]


IMPORT_CHECK = """
import sys, matplotlib
def state():
    rc = {k: dict.__getitem__(matplotlib.rcParams, k) for k in matplotlib.rcParams}
    return rc, set(m for m in sys.modules if m.startswith("matplotlib.pyplot"))
before = state()
import sigspace.plots
assert state() == before, "importing sigspace.plots changed matplotlib's global state"
"""


def test_import_leaves_matplotlib_global_state_unchanged():
    proc = subprocess.run([sys.executable, "-c", IMPORT_CHECK], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_building_and_saving_leaves_rcparams_unchanged(built, tmp_path):
    import matplotlib
    before = {k: dict.__getitem__(matplotlib.rcParams, k) for k in matplotlib.rcParams}
    view, platform, scheme, _ = built[0]
    plots.save(plots.build(view, platform, scheme), tmp_path)
    assert {k: dict.__getitem__(matplotlib.rcParams, k) for k in matplotlib.rcParams} == before
    assert "matplotlib.pyplot" not in sys.modules


def test_seven_less_sets_make_one_plot_per_category(tmp_path):
    # Seven sets in one plot crowd it (the LESS paper's run): one per security category, each
    # with its sets only; a reference too big for the part is drawn from its 4 MiB image, named.
    sets = ("1b", "1i", "1s", "3b", "3s", "5b", "5s")
    records = []
    for s in sets:
        big = s.startswith("5")
        records += less_records(f"LESS-{s}/reference", "m4-4mb" if big else "m4", 4e9, 150_000)
        records += less_records(f"LESS-{s}/balanced", "m4", 1e9, 40_000)
    records += [{**r, "scheme": "LESS"} for s in ("5b", "5s") for r in (
        record(f"LESS-{s}/reference", "m4", "all", "fits", False),
        record(f"LESS-{s}/reference", "m4", "all", "ram", 900_000))]
    view = runview.load(write_run(tmp_path / "run", records))
    stems = [f.stem for f in plots.plot_all(view, tmp_path / "plots")]
    assert stems == ["pareto-less-m4-cat1", "pareto-less-m4-cat3", "pareto-less-m4-cat5",
                     "pareto-less-m4-4mb-cat5"]
    cat5 = plots.build(view, "m4", "LESS", "5")
    assert {t.get_text() for t in cat5.labels} >= {"5b reference (4 MiB: no fit)", "5s balanced"}
    assert not any(t.get_text().startswith("1") for t in cat5.labels)
    assert "whole RAM (m4-4mb in the records): LESS-5b/reference, LESS-5s/reference" in cat5.caption
    assert "m4-4mb" not in plots.build(view, "m4", "LESS", "1").caption
