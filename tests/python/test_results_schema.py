"""The results schema: records and manifests are checked on write and on read."""
import copy
import json

import pytest
from sigspace import results

RECORD = {"schema": 1, "run": "20250101T000000Z-abcdef1234", "variant": "ML-DSA-44/reference",
          "scheme": "ML-DSA", "param_set": "ML-DSA-44", "op_point": "reference",
          "techniques": ["a"], "platform": "host", "op": "sign", "metric": "stack",
          "unit": "bytes", "value": 1234, "method": "paint", "rep": 0}


def test_valid_record_passes():
    results.check_record(RECORD)


@pytest.mark.parametrize("field", results.RECORD_FIELDS)
def test_every_field_is_required(field):
    r = dict(RECORD)
    del r[field]
    with pytest.raises(results.ResultsError, match=field):
        results.check_record(r)


@pytest.mark.parametrize("change", [
    {"extra": 1},                                 # fields exactly as documented
    {"metric": "stack", "unit": "ns"},            # unit must match the metric
    {"metric": "instructions", "unit": "insn", "value": 1.5},
    {"platform": "m5"}, {"op": "encrypt"}, {"method": "guess"},
    {"value": -1}, {"rep": -1}, {"schema": 2}, {"run": "yesterday"},
])
def test_bad_records_are_refused(change):
    r = {**RECORD, **change}
    with pytest.raises(results.ResultsError):
        results.check_record(r)


def test_field_order_is_the_documented_one():
    shuffled = dict(reversed(list(RECORD.items())))
    assert list(results.ordered(shuffled)) == list(results.RECORD_FIELDS)


def _manifest():
    return {"schema": 1, "run": RECORD["run"], "created": "2025-01-01T00:00:00Z",
            "finished": "2025-01-01T00:01:00Z", "complete": True,
            "git": {"commit": "a" * 40, "dirty": False},
            "config": {"path": "c.toml", "sha256": "0" * 64, "text": ""}, "shard": None,
            "platforms": {"host": {}}, "methods": {}, "tools": {}}


def test_write_then_read_round_trip(tmp_path):
    results.write_manifest(tmp_path, _manifest())
    results.write_records(tmp_path, [RECORD, {**RECORD, "rep": 1}])
    manifest, records = results.read_run(tmp_path)
    assert manifest["run"] == RECORD["run"] and len(records) == 2


def test_write_refuses_invalid_records_and_duplicates(tmp_path):
    with pytest.raises(results.ResultsError):
        results.write_records(tmp_path, [{**RECORD, "unit": "ns"}])
    with pytest.raises(results.ResultsError, match="duplicate"):
        results.write_records(tmp_path, [RECORD, copy.deepcopy(RECORD)])
    assert not (tmp_path / results.RECORDS).exists()


def test_read_refuses_tampered_runs(tmp_path):
    results.write_manifest(tmp_path, _manifest())
    bad = {**RECORD, "value": "big"}
    (tmp_path / results.RECORDS).write_text(json.dumps(RECORD) + "\n" + json.dumps(bad) + "\n")
    with pytest.raises(results.ResultsError, match="records.jsonl:2"):
        results.read_run(tmp_path)
    other_run = {**RECORD, "run": "20250101T000000Z-0000000000"}
    (tmp_path / results.RECORDS).write_text(json.dumps(other_run) + "\n")
    with pytest.raises(results.ResultsError, match="record of run"):
        results.read_run(tmp_path)


def test_manifest_is_checked(tmp_path):
    m = _manifest()
    del m["git"]
    with pytest.raises(results.ResultsError, match="git"):
        results.write_manifest(tmp_path, m)


def test_percentiles_match_numpy():
    np = pytest.importorskip("numpy")
    values = [5.0, 1.0, 9.0, 3.0, 7.0, 2.0]
    for q in (0.1, 0.5, 0.9):
        assert results.percentile(values, q) == pytest.approx(np.percentile(values, q * 100))
