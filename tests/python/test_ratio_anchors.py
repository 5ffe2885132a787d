"""The LESS paper's three points, published only as ratios (ratio_anchors.py): the ratios are
the document's words, they are placed from the run's own reference (stack only, never with the
reference's retained state), the plot labels them as the paper's, and a plot without the
reference of a set draws none for it."""
import math
import re
from pathlib import Path

import pytest
from synthetic import less_records, write_run

from sigspace import plots, ratio_anchors, runview

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
DOC = SHARED / "docs" / "ANCHORS.md"
REF_INSN, REF_STACK = 12_110_000_000, 191_348
REF_MEDIAN = REF_INSN + 5   # synthetic signing: two messages, REF_INSN and REF_INSN + 10


def _ratios(printed: str) -> dict:
    """The ratios a published phrase states, in RatioAnchor's terms."""
    got = {}
    if m := re.search(r"([\d.]+)-([\d.]+)x faster", printed):
        got["time"] = (1 / float(m[2]), 1 / float(m[1]))
    if m := re.search(r"([\d.]+)-([\d.]+)x reference time", printed):
        got["time"] = (float(m[1]), float(m[2]))
    if m := re.search(r"(\d+)-(\d+) % less peak stack", printed):
        got["stack"] = (1 - int(m[2]) / 100, 1 - int(m[1]) / 100)
    if "reference-level memory" in printed:
        got["stack"] = (1.0, 1.0)
    if m := re.search(r"about (\d+) KB", printed):
        got["stack"], got["stack_bytes"] = None, int(m[1]) * 1000
    return got


def test_ratios_are_the_documents_words():
    doc = DOC.read_text()
    assert "shared/seeds/001_538a84ffc7ce1856.txt" in doc
    assert ratio_anchors.SOURCE.endswith("(shared/seeds/001_538a84ffc7ce1856.txt)")
    assert [a.op_point for a in ratio_anchors.LESS_M4] == [
        "balanced", "speed ceiling", "memory floor"]
    lines = {a.op_point: next(x for x in doc.splitlines() if x.startswith(f"- {a.op_point}: "))
             for a in ratio_anchors.LESS_M4}
    for a in ratio_anchors.LESS_M4:
        assert a.printed in lines[a.op_point], a.op_point
        want = _ratios(a.printed)
        assert set(want) >= {"time", "stack"}, a.op_point
        assert a.time == pytest.approx(want["time"]) and a.stack == pytest.approx(want["stack"])
        assert a.stack_bytes == want.get("stack_bytes")
    balanced, ceiling, floor = ratio_anchors.LESS_M4
    assert "(category 1)" in lines["memory floor"]
    assert floor.sets == ("LESS-1b", "LESS-1i", "LESS-1s")
    assert "exceeds 640 KB at category 5" in lines["speed ceiling"]
    assert len(ceiling.sets) == 5 and not {"LESS-5b", "LESS-5s"} & set(ceiling.sets)
    assert len(balanced.sets) == 7


def _run(folder, *records):
    return runview.load(write_run(folder, [r for rs in records for r in rs]))


def test_less_1b_reference_on_m4_places_the_three_points(tmp_path):
    view = _run(tmp_path, less_records("LESS-1b/reference", "m4", REF_INSN, REF_STACK, 32))
    metric = ("instructions", "qemu-icount")
    got = {p.anchor.op_point: p for p in
           ratio_anchors.for_run(view, "m4", "LESS", metric, ["LESS-1b"])}
    assert list(got) == ["balanced", "speed ceiling", "memory floor"]
    b, c, f = got["balanced"], got["speed ceiling"], got["memory floor"]
    # balanced: 41-59 % less than the reference's 191,348 B, 4.1-4.3x fewer instructions
    assert b.x_range == pytest.approx((78_452.68, 112_895.32))
    assert b.x == pytest.approx(math.sqrt(78_452.68 * 112_895.32))
    assert b.y_range == pytest.approx((REF_MEDIAN / 4.3, REF_MEDIAN / 4.1))
    assert b.y == pytest.approx(REF_MEDIAN / math.sqrt(4.1 * 4.3))
    assert b.y_range[0] < b.y < b.y_range[1] and b.x_range[0] < b.x < b.x_range[1]
    # speed ceiling: the reference's stack alone (its 32 B retained key is not the paper's)
    assert c.x == c.x_range[0] == c.x_range[1] == REF_STACK
    assert c.y_range == pytest.approx((REF_MEDIAN / 4.7, REF_MEDIAN / 4.5))
    # memory floor: about 1 KB, 1.2-1.5x the reference's time
    assert f.x == f.x_range[0] == f.x_range[1] == 1_000
    assert f.y_range == pytest.approx((REF_MEDIAN * 1.2, REF_MEDIAN * 1.5))
    assert f.y == pytest.approx(REF_MEDIAN * math.sqrt(1.8))


def test_categories_and_platforms_the_paper_covers(tmp_path):
    view = _run(tmp_path, less_records("LESS-3b/reference", "m4", REF_INSN, REF_STACK),
                less_records("LESS-5b/reference", "m4-4mb", REF_INSN, REF_STACK),
                less_records("LESS-1b/reference", "m33", REF_INSN, REF_STACK))
    metric = ("instructions", "qemu-icount")

    def points(platform, sets):
        placed = ratio_anchors.for_run(view, platform, "LESS", metric, sets)
        return [(p.param_set, p.anchor.op_point) for p in placed]
    assert points("m4", ["LESS-3b"]) == [("LESS-3b", "balanced"), ("LESS-3b", "speed ceiling")]
    assert points("m4-4mb", ["LESS-5b"]) == [("LESS-5b", "balanced")]
    assert points("m33", ["LESS-1b"]) == []                 # not the paper's core
    assert points("m4", ["LESS-1b", "LESS-5b"]) == []      # no reference of theirs on m4


def _legend(p) -> list[str]:
    return [t.get_text() for t in p.figure.axes[0].get_legend().get_texts()]


def test_the_plot_draws_them_labelled_as_the_papers(tmp_path):
    view = _run(tmp_path, less_records("LESS-1b/reference", "m4", REF_INSN, REF_STACK, 32),
                less_records("LESS-1b/balanced", "m4", 3_000_000_000, 80_000, 32))
    p = plots.build(view, "m4", "LESS")
    assert [(q.param_set, q.anchor.op_point) for q in p.paper] == [
        ("LESS-1b", "balanced"), ("LESS-1b", "speed ceiling"), ("LESS-1b", "memory floor")]
    assert "paper (published ratios; stack only)" in _legend(p)
    texts = {t.get_text() for t in p.labels}
    assert {"1b paper balanced", "1b paper speed ceiling", "1b paper memory floor"} <= texts
    (x0, x1), (y0, y1) = p.figure.axes[0].get_xlim(), p.figure.axes[0].get_ylim()
    assert x0 < 1_000 and REF_MEDIAN * 1.5 < y1 and y0 < REF_MEDIAN / 4.7
    for words in ("\"paper (published ratios; stack only)\"", "shared/seeds/001_538a84ffc7ce1856",
                  "published only as ratios", "this run's measured reference",
                  "They count signing stack only, while our points count stack + workspace + "
                  "retained state", "drawn at 1,000 B (LESS-1b)"):
        assert words in p.caption, words
    assert "No published figure" not in p.caption


def test_no_reference_in_the_run_no_paper_points(tmp_path):
    view = _run(tmp_path, less_records("LESS-1b/balanced", "m4", 3_000_000_000, 80_000),
                less_records("LESS-1b/reference", "m33", REF_INSN, REF_STACK))
    p = plots.build(view, "m4", "LESS")
    assert p is not None and p.paper == []
    assert not any("paper" in t for t in _legend(p) + [t.get_text() for t in p.labels])
    assert "published ratios" not in p.caption
    assert plots.build(view, "m33", "LESS").paper == []    # the reference, but not on an M4


def test_a_reference_the_plot_cannot_draw_places_no_paper_points(tmp_path):
    """Its stack and cost are there but not its retained state: the reference is left off the
    plot, and so are the points read against it."""
    bare = [r for r in less_records("LESS-1b/reference", "m4", REF_INSN, REF_STACK)
            if r["metric"] != "retained_state"]
    view = _run(tmp_path, bare, less_records("LESS-1b/balanced", "m4", 3_000_000_000, 80_000))
    p = plots.build(view, "m4", "LESS")
    assert p.paper == [] and "Not drawn" in p.caption and "LESS-1b/reference" in p.caption
