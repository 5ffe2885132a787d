"""Tables, plots and the report from a small synthetic run: every output names the run id,
the adoption gate holds tables back until a waiver is written, and the command line works."""
import csv

import pytest
from synthetic import RUN, record, variant_records, write_run

from sigspace import adoption_config, report, runview
from test_adoption import ABLATIONS, LADDER, POINT, REGISTERED

REF = "ML-DSA-44/reference"


@pytest.fixture
def run_dir(tmp_path):
    records = variant_records(REF, "host", insn=4000, stack=60000) + \
        variant_records(POINT, "host", insn=8000, stack=12000, workspace=15000, retained=12000) + \
        variant_records(f"{POINT}~lazy", "host", insn=7000, stack=20000, workspace=15000,
                        retained=12000) + \
        variant_records(f"{POINT}~streaming", "host", insn=8000, stack=30000, workspace=15000,
                        retained=12000) + \
        variant_records(REF, "m4", insn=5000, stack=61000)
    return write_run(tmp_path / RUN, records)


def ladders(waiver=""):
    return [adoption_config.parse("l.toml", LADDER + waiver, REGISTERED, ABLATIONS)]


def test_tables_in_three_formats_name_the_run(run_dir):
    tables = report.write_tables(runview.load(run_dir), [], ladders(WAIVER))
    names = {t.name for t in tables}
    assert {"speedup-host", "speedup-m4", "memory-ml-dsa-host", "benchmark-host", "coverage",
            "ablation", "adoption", "negative-results"} <= names
    for name in names:
        for ext in ("md", "csv", "tex"):
            assert RUN in (run_dir / "tables" / f"{name}.{ext}").read_text()
    rows = list(csv.reader((run_dir / "tables" / "speedup-host.csv").read_text().splitlines()))
    floor = next(r for r in rows if r[:2] == ["ML-DSA-44", "memory-floor"])
    assert floor[2] == "0.5"  # keygen: reference / floor instructions, from the records
    assert floor[3] == "refused (2 msg < 64)"  # sign over 2 messages: below ML-DSA's 64
    memory = (run_dir / "tables" / "memory-ml-dsa-host.md").read_text()
    assert "| signing stack | 60,000 / 12,000 |" in memory


def test_gate_holds_tables_until_waived(run_dir):
    # "lazy" costs instructions (8000 vs 7000 without it): rejected, no waiver -> no tables.
    with pytest.raises(report.GateError, match="lazy on host"):
        report.write_tables(runview.load(run_dir), [], ladders())
    assert not (run_dir / "tables").exists()
    tables = report.write_tables(runview.load(run_dir), [], ladders(WAIVER))
    negative = next(t for t in tables if t.name == "negative-results")
    assert {r[1] for r in negative.rows} == {"lazy"}
    adopted = next(t for t in tables if t.name == "adoption")
    assert [r[3] for r in adopted.rows if r[1] == "streaming" and r[2] == "host"] == ["accepted"]


WAIVER = f'''
[[waiver]]
variant = "{POINT}"
technique = "lazy"
text = "kept: it halves the signing stack"
bound = {{instructions = "+15%"}}
'''


def test_plots_and_report(run_dir):
    path = report.write_report(runview.load(run_dir), [], ladders(WAIVER))
    text = path.read_text()
    assert text.startswith(f"# Report of run `{RUN}`")
    assert text.index("## Plots") < text.index("## Tables")
    for platform in ("host", "m4"):
        for ext in ("png", "svg"):
            assert (run_dir / "plots" / f"pareto-ml-dsa-{platform}.{ext}").stat().st_size > 0
        assert f"plots/pareto-ml-dsa-{platform}.png" in text
    assert "published" in text and "callgrind" in text
    assert "1 rejected, kept by a waiver within its bound" in text  # the gate's decision


def test_command_line(cli, tmp_path):
    records = variant_records(REF, "host", insn=4000, stack=60000)
    run_dir = write_run(tmp_path / RUN, records)
    proc = cli("report", str(run_dir))
    assert proc.returncode == 0, proc.stderr
    assert RUN in (run_dir / "REPORT.md").read_text()
    assert cli("tables", str(tmp_path / "nothing")).returncode == 2


CAMPAIGN = f"""[campaign]
variants = ["*"]
platforms = ["host", "m4", "m33"]
[metrics.stack]
[[exclude]]
variants = ["{POINT}"]
platforms = ["m4", "m33"]
reason = "synthetic: kept off the boards"
"""


def test_coverage_says_measured_no_fit_and_why_not(tmp_path):
    records = variant_records(REF, "host", insn=4000, stack=60000) + \
        variant_records(POINT, "host", insn=8000, stack=12000) + \
        [record(REF, "m4", "all", "fits", False, method="paint"),
         record(REF, "m4", "all", "ram", 700000, method="paint")]
    run_dir = write_run(tmp_path / RUN, records, config_text=CAMPAIGN)
    tables = report.write_tables(runview.load(run_dir), [], ladders(WAIVER))
    rows = {(r[0], r[1]): r[2:] for r in next(t for t in tables if t.name == "coverage").rows}
    assert rows[(REF, "host")][2] == "measured: T I S; left out by the config: H"
    assert rows[(REF, "m4")] == ["does not fit (700,000 B)"] * 4
    assert rows[(POINT, "m33")] == ["not run: synthetic: kept off the boards"] * 4
    speedup = next(t for t in tables if t.name == "speedup-host")
    assert speedup.rows[0][-1] == "no (700,000 B)"


def test_adoption_evidence_from_another_run(tmp_path):
    """`sigspace adopt` output (one run per platform) judges a run that holds only the points."""
    points = variant_records(REF, "host", insn=4000, stack=60000) + \
        variant_records(POINT, "host", insn=8000, stack=12000)
    run_dir = write_run(tmp_path / RUN, points)
    other = "20260101T000100Z-0123456789"
    write_run(tmp_path / "adopt" / "host",
              variant_records(POINT, "host", insn=8000, stack=12000) +
              variant_records(f"{POINT}~lazy", "host", insn=7000, stack=20000) +
              variant_records(f"{POINT}~streaming", "host", insn=8000, stack=30000), run=other)
    tables = report.write_tables(runview.load(run_dir), [tmp_path / "adopt"], ladders(WAIVER))
    names = {t.name: t for t in tables}
    assert "ablation" not in names and names["ablation-host"].run == other
    assert {r[-1] for r in names["adoption"].rows if r[2] == "host"} == {other}


def test_plot_needs_every_part_of_signing_ram(tmp_path):
    """A point whose run lacks its workspace figure is listed as not drawn, never drawn with
    the stack alone (it would sit kilobytes too far left)."""
    from sigspace import plots
    whole = variant_records(POINT, "host", insn=8000, stack=12000, workspace=15000, retained=12000)
    partial = [r for r in variant_records(REF, "host", insn=4000, stack=60000)
               if r["metric"] != "workspace"]
    view = runview.load(write_run(tmp_path / RUN, whole + partial))
    found, missing = plots.collect(view, "host", "ML-DSA", plots.cost_metric(view, "host", "ML-DSA"))
    assert [(p.variant, p.ram) for p in found] == [(POINT, 12000 + 15000 + 12000)]
    assert missing == [REF]
