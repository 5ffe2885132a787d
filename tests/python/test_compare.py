"""`sigspace compare BEFORE AFTER`: deterministic figures matched across two runs, the moved ones
measured against a tolerance (exit 1 beyond it), times never compared, bad input exit 2."""
import json

from synthetic import record, write_run


def records(stack, insn, time=100.0):
    v = "ML-DSA-44/reference"
    return [record(v, "m4", "sign", "stack", stack), record(v, "m4", "sign", "instructions", insn),
            record(v, "host", "sign", "time", time)]


def test_within_tolerance_passes_and_beyond_fails(tmp_path, cli):
    a = write_run(tmp_path / "a", records(1000, 10**6))
    b = write_run(tmp_path / "b", records(1008, 10**6, time=900.0), run="20260101T000001Z-bbbbbbbbbb")
    ok = cli("compare", str(a), str(b), "--tolerance", "1%")
    assert ok.returncode == 0, ok.stderr
    out = json.loads(ok.stdout)
    assert out["compared"] == 2 and out["moved"] == 1  # the time is not compared
    assert out["per_metric"]["stack"]["max_change_percent"] == 0.8
    bad = cli("compare", str(a), str(b), "--tolerance", "0.5")
    assert bad.returncode == 1
    assert json.loads(bad.stdout)["over_tolerance"][0]["metric"] == "stack"
    only = cli("compare", str(a), str(b), "--tolerance", "0.5", "--metrics", "instructions")
    assert only.returncode == 0 and json.loads(only.stdout)["moved"] == 0


def test_bad_input_is_refused(tmp_path, cli):
    a = write_run(tmp_path / "a", records(1, 1))
    for args in (["compare", str(a), str(tmp_path / "none")],
                 ["compare", str(a), str(a), "--tolerance", "x"],
                 ["compare", str(a), str(a), "--metrics", "time"]):
        proc = cli(*args)
        assert proc.returncode == 2 and proc.stderr.startswith("sigspace: "), args
        assert "Traceback" not in proc.stderr
