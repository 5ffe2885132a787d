"""The main job's order (analysis/sigspace/pipeline.py): byte identity first (a failure
measures nothing and writes no table), then the measurements, then the adoption check into
RUN/adoption/<ladder>/, and only then the tables and the report, gated on that evidence."""
import pytest
from sigspace import config, pipeline, report, results, runview

from conftest import run_cli

POINT = "ML-DSA-44/balanced"


def write(path, text):
    path.write_text(text)
    return path


@pytest.fixture
def ladder(tmp_path):
    return write(tmp_path / "ladder.toml", f"""
[adoption]
description = "one technique, for the pipeline test"
platforms = ["m4"]
messages = 4

[tolerance]
instructions = "+0.5%"
stack = "+0"
workspace = "+0"
retained_state = "+0"

[[point]]
variant = "{POINT}"
techniques = ["early-reject"]
""")


def campaign_config(tmp_path, ladder):
    return write(tmp_path / "main.toml", f"""
[campaign]
variants = ["{POINT}"]
platforms = ["host"]
[metrics.workspace]
[metrics.instructions]
messages = 1

[adoption]
ladders = ["{ladder}"]
platforms = ["host"]
messages = 1
""")


def test_the_config_decides_the_adoption_depth(tmp_path, ladder):
    cfg = config.load(campaign_config(tmp_path, ladder), [POINT], [f"{POINT}~early-reject"])
    (lad,) = pipeline.adoption_ladders(cfg)
    assert (lad.platforms, lad.messages) == (["host"], 1)  # not the ladder's m4 and 4


def test_a_bad_adoption_section_is_refused_with_its_line(tmp_path, cli):
    path = write(tmp_path / "bad.toml", '[campaign]\nvariants = ["*"]\n[metrics.workspace]\n'
                                        '[adoption]\nladders = ["no/such/ladder.toml"]\n')
    proc = cli("run", str(path), "--report", "--out", str(tmp_path / "out"))
    assert proc.returncode == 2
    assert "bad.toml:5" in proc.stderr and "not found" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_report_with_a_shard_is_refused(tmp_path, ladder, cli):
    proc = cli("run", str(campaign_config(tmp_path, ladder)), "--report", "--shard", "1/2")
    assert proc.returncode == 2 and "merge" in proc.stderr


def test_identity_gate_passes_on_the_real_transcripts():
    digests = pipeline.identity_gate(["ML-DSA-44/reference", POINT])
    assert digests["ML-DSA-44/reference"] == digests[POINT]


def test_a_failing_identity_gate_measures_nothing_and_writes_no_table(tmp_path, ladder,
                                                                        monkeypatch):
    real = pipeline._transcript
    monkeypatch.setattr(pipeline, "_transcript",
                        lambda v: "0" * 64 if v == POINT else real(v))
    out = tmp_path / "run"
    written = []
    with pytest.raises(pipeline.PipelineError, match="byte identity"):
        pipeline.run(str(campaign_config(tmp_path, ladder)), str(out), 1,
                     lambda run_dir, ladders: written.append(run_dir))
    assert written == [] and not out.exists()


def test_adoption_evidence_lands_in_the_run_before_the_report(tmp_path, ladder):
    out = tmp_path / "run"
    seen = {}

    def writer(run_dir, ladders):
        evidence = run_dir / "adoption" / "ladder" / "host"
        seen["complete"] = results.read_manifest(evidence)["complete"]
        seen["tables"] = (run_dir / "tables").exists()
        view = runview.load(str(run_dir))
        return report.write_report(view, [], ladders)

    run_dir, _, path = pipeline.run(str(campaign_config(tmp_path, ladder)), str(out), 1,
                                    writer)
    assert seen == {"complete": True, "tables": False}
    evidence_run = results.read_manifest(run_dir / "adoption" / "ladder" / "host")["run"]
    text = path.read_text()
    assert evidence_run in text  # the report says which run decided the gate
    assert "decided on the records of run none" not in text
