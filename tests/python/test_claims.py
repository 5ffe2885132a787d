"""The claims check (issue 19) on a small synthetic run: one claim that holds, one that ours
beats, one that ours falls short of, one the run cannot answer (signing cost over fewer
messages than ML-DSA needs) and one at sets the run lacks; the committed claims files load; a
malformed claims file is refused with one line and exit 2."""
from pathlib import Path

import pytest

from sigspace import claims, runview
from synthetic import variant_records, write_run

ROOT = Path(__file__).resolve().parents[2]
REF, FLOOR = "ML-DSA-44/reference", "ML-DSA-44/memory-floor"

HEAD = """\
[paper]
title = "A synthetic paper"
source = "this test"
platform = "host"
"""


def claim(cid, metric, op, rng, sets='["ML-DSA-44"]', point="memory-floor"):
    return (f'\n[[claim]]\nid = "{cid}"\ntext = "{cid}"\npublished = "as printed"\n'
            f'metric = "{metric}"\nop = "{op}"\npoint = "{point}"\nsets = {sets}\n'
            f"range = {rng}\n")


CLAIMS = HEAD + (
    claim("holds", "slowdown", "keygen", "[1.9, 2.1]")          # 2,000 / 1,000 insns = 2.0x
    + claim("beaten", "stack-reduction", "sign", "[50, 60]")    # 1 - 1,000 / 4,000 = 75 %
    + claim("short", "ram", "sign", "[1000, 1200]")             # 1,000 stack + 500 workspace
    + claim("few-messages", "speedup", "sign", "[0.4, 0.6]")    # 2 messages < 64
    + claim("all-sets", "stack", "verify", "[900, 1100]", sets='["ML-DSA-*"]'))


@pytest.fixture
def run(tmp_path):
    records = (variant_records(REF, "host", insn=1000, stack=4000)
               + variant_records(FLOOR, "host", insn=2000, stack=1000, workspace=500,
                                 retained=100))
    return write_run(tmp_path / "run", records)


def verdicts(run_dir, text, tmp_path):
    path = tmp_path / "synthetic.toml"
    path.write_text(text)
    spec = claims.load(path)
    return {r.claim.id: r for r in claims.check(runview.load(run_dir), spec,
                                                 [REF, FLOOR, "ML-DSA-65/reference",
                                                  "ML-DSA-87/reference"])}


def test_holds_beats_falls_short_and_not_measured(run, tmp_path):
    got = verdicts(run, CLAIMS, tmp_path)
    assert got["holds"].verdict == "matches"
    assert got["beaten"].verdict == "beats"
    assert got["short"].verdict == "falls short"
    assert got["few-messages"].verdict == "not measured"
    # A glob over the registry's sets: the sets the run lacks are named, not dropped.
    every = got["all-sets"]
    assert [s for s, _, _ in every.per_set] == ["ML-DSA-44", "ML-DSA-65", "ML-DSA-87"]
    assert every.verdict == "not measured"
    assert every.where() == "matches: ML-DSA-44; not measured: ML-DSA-65, ML-DSA-87"


def test_fits_claims_are_judged_by_direction(run, tmp_path):
    text = HEAD + "".join(
        f'\n[[claim]]\nid = "{cid}"\ntext = "t"\npublished = "p"\nmetric = "fits"\nop = "all"\n'
        f'point = "memory-floor"\nsets = ["ML-DSA-44"]\nexpect = {expect}\n'
        for cid, expect in (("fits-as-published", "true"), ("fits-where-theirs-did-not", "false")))
    records = (variant_records(FLOOR, "host", 2000, 1000)
               + [{**variant_records(FLOOR, "host", 1, 1)[0], "op": "all", "metric": "fits",
                   "unit": "bool", "value": True, "method": "paint"}])
    got = verdicts(write_run(tmp_path / "fits", records), text, tmp_path)
    assert got["fits-as-published"].verdict == "matches"
    assert got["fits-where-theirs-did-not"].verdict == "beats"


def test_cli_prints_and_writes_the_check(run, tmp_path, cli):
    path = tmp_path / "synthetic.toml"
    path.write_text(CLAIMS)
    proc = cli("claims", str(run), str(path), "--write")
    assert proc.returncode == 0, proc.stderr
    rows = [line for line in proc.stdout.splitlines() if line.startswith("| ")]
    assert any(r.startswith("| holds:") and "| matches |" in r for r in rows)
    assert any(r.startswith("| short:") and "| 1,500 B | falls short |" in r for r in rows)
    for name in ("claims-synthetic", "claims-synthetic-by-set"):
        for ext in ("md", "csv", "tex"):
            assert (run / "tables" / f"{name}.{ext}").is_file()


@pytest.mark.parametrize("text, says", [
    (HEAD, "missing 'claim'"),
    (HEAD + claim("x", "speed", "sign", "[1, 2]"), "claim[0].metric must be one of"),
    (HEAD + claim("x", "speedup", "sign", "[2, 1]"), "is not [low, high]"),
    (HEAD + claim("x", "speedup", "sign", "[1]"), "claim[0].range must be"),
    (HEAD + claim("x", "speedup", "all", "[1, 2]"), "per operation"),
    (HEAD + claim("x", "fits", "all", "[1, 2]"), "takes expect"),
    (HEAD + claim("x", "stack", "sign", "[1, 2]") * 2, "given twice"),
])
def test_bad_claims_files_are_refused_in_one_line(run, tmp_path, cli, text, says):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    proc = cli("claims", str(run), str(path), "--write")
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and says in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr
    assert not (run / "tables").exists()


@pytest.mark.parametrize("path", sorted((ROOT / "configs" / "claims").glob("*.toml")),
                         ids=lambda p: p.name)
def test_committed_claims_files_load(path):
    spec = claims.load(path)
    assert spec.claims and spec.platform in ("host", "m4", "m33")


def test_the_main_job_checks_the_configs_claims_and_the_report_shows_them(run, tmp_path):
    from sigspace import config, pipeline, report
    path = tmp_path / "synthetic.toml"
    path.write_text(CLAIMS)
    cfg_text = ('[campaign]\nvariants = ["ML-DSA-44/reference"]\nplatforms = ["host"]\n'
                f'[metrics.stack]\n[report]\nclaims = ["{path}"]\n')
    cfg_path = tmp_path / "c.toml"
    cfg_path.write_text(cfg_text)
    cfg = config.load(str(cfg_path), [REF], [])
    pipeline.check_claims(run, pipeline.claims_of(cfg.path, cfg.claims))
    text = report.write_report(runview.load(run), []).read_text()
    assert text.index("## Tables") < text.index("## Claims") < text.index("## Provenance")
    assert "| short: short | as printed | 1,500 B | falls short |" in text
    assert "tables/claims-synthetic-by-set.md" in text


def test_a_config_naming_a_missing_claims_file_is_refused(tmp_path, cli):
    cfg_path = tmp_path / "c.toml"
    cfg_path.write_text('[campaign]\nvariants = ["ML-DSA-44/reference"]\nplatforms = ["host"]\n'
                        '[metrics.stack]\n[report]\nclaims = ["nowhere.toml"]\n')
    proc = cli("run", str(cfg_path), "--out", str(tmp_path / "out"))
    assert proc.returncode == 2 and "claims file 'nowhere.toml' not found" in proc.stderr
    assert not (tmp_path / "out").exists()


def test_the_ratio_plot_draws_ours_and_the_papers_boxes(tmp_path):
    from matplotlib.patches import Rectangle
    from sigspace import claims_plot, report
    from synthetic import record
    records = []
    for variant, insn, stack in ((REF, 1000, 4000), (FLOOR, 2000, 1000)):
        records += variant_records(variant, "host", insn, stack)
        records += [record(variant, "host", "sign", "instructions", insn + m, rep=m)
                    for m in range(2, 64)]  # 64 messages: what an ML-DSA signing cell needs
    run_dir = write_run(tmp_path / "run", records)
    text = HEAD + claim("floor-speed", "slowdown", "sign", "[1.5, 2.5]") + \
        claim("floor-stack", "stack-reduction", "sign", "[60, 80]")
    path = tmp_path / "paper.toml"
    path.write_text(text)
    spec = claims.load(path)
    view = runview.load(run_dir)
    fig = claims_plot.build(view, spec, [REF, FLOOR])
    boxes = [p for ax in fig.axes for p in ax.patches if isinstance(p, Rectangle)]
    assert len(boxes) == 1
    (x0, y0), w, h = boxes[0].get_xy(), boxes[0].get_width(), boxes[0].get_height()
    assert (round(x0, 2), round(x0 + w, 2), y0, y0 + h) == (0.2, 0.4, 1.5, 2.5)
    ours = [tuple(o) for ax in fig.axes for c in ax.collections for o in c.get_offsets()]
    assert (1.0, 1.0) in ours  # the reference; the floor's x counts its workspace and state
    claims.write(view, spec, claims.check(view, spec, [REF, FLOOR]), [REF, FLOOR])
    assert (run_dir / "plots" / "claims-paper.png").stat().st_size > 0
    out = report.write_report(view, []).read_text()
    assert out.index("plots/claims-paper.png") < out.index("plots/pareto-ml-dsa-host.png")


def test_report_checks_the_claims_its_runs_config_names(tmp_path, cli):
    # A run merged from shards has no main job after it: `sigspace report` checks the claims
    # files its config names, and refuses one that is gone with the file named.
    path = tmp_path / "synthetic.toml"
    path.write_text(CLAIMS)
    records = (variant_records(REF, "host", insn=1000, stack=4000)
               + variant_records(FLOOR, "host", insn=2000, stack=1000, workspace=500,
                                 retained=100))
    config_text = ('[campaign]\nvariants = ["ML-DSA-44/*"]\nplatforms = ["host"]\n'
                   f'[metrics.stack]\n[report]\nclaims = ["{path}"]\n')
    run_dir = write_run(tmp_path / "run", records, config_text=config_text)
    cli("report", str(run_dir), check=True)
    text = (run_dir / "REPORT.md").read_text()
    assert "| short: short | as printed | 1,500 B | falls short |" in text
    path.unlink()
    proc = cli("report", str(run_dir))
    assert proc.returncode == 2 and str(path) in proc.stderr, proc.stderr
