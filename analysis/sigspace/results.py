"""Run directories (ARCHITECTURE.md, Results): `manifest.json` and `records.jsonl`, both checked
against the JSON Schemas in schema/ when written and when read. While a run is in progress its
units live in `.partial/units/` as one complete file each (written to a temporary name, fsynced,
renamed), so an interrupted run never leaves half a record and resumes by skipping finished units.
"""
from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

import jsonschema

RECORD_FIELDS = ("schema", "run", "variant", "scheme", "param_set", "op_point", "techniques",
                 "platform", "op", "metric", "unit", "value", "method", "rep")
# Fields a record may carry besides those (absent from older runs).
OPTIONAL_FIELDS = ("rng_source",)
# The fields that identify one measured value; a run holds each at most once. rng_source is
# None in records without it, so keys of older records keep their meaning.
RECORD_KEY = ("variant", "platform", "op", "metric", "method", "rep", "rng_source")

MANIFEST = "manifest.json"
RECORDS = "records.jsonl"
PARTIAL = ".partial"


class ResultsError(Exception):
    """A run directory or record that does not satisfy the schema or the run's invariants."""


def _validator(name: str) -> jsonschema.Draft202012Validator:
    text = resources.files("sigspace").joinpath("schema", name).read_text()
    schema = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


_RECORD = _validator("record.schema.json")
_MANIFEST = _validator("manifest.schema.json")


def _check(validator, obj, what: str) -> None:
    error = jsonschema.exceptions.best_match(validator.iter_errors(obj))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(top level)"
        raise ResultsError(f"{what}: {where}: {error.message}")


def check_record(record: dict, what: str = "record") -> None:
    _check(_RECORD, record, what)


def check_manifest(manifest: dict, what: str = "manifest") -> None:
    _check(_MANIFEST, manifest, what)


def record_key(record: dict) -> tuple:
    return tuple(record.get(f) for f in RECORD_KEY)


def ordered(record: dict) -> dict:
    """The record with its fields in the documented order (stable, diff-friendly files)."""
    return {**{f: record[f] for f in RECORD_FIELDS},
            **{f: record[f] for f in OPTIONAL_FIELDS if f in record}}


def atomic_write(path: Path, text: str) -> None:
    """Writes text so that path holds either its old content or all of text, never a part."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    dir_fd = os.open(path.parent, os.O_RDONLY)  # make the rename itself durable
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def dumps(obj, what: str, **kwargs) -> str:
    """JSON as the schema means it: NaN and Infinity are no JSON numbers, so never written."""
    try:
        return json.dumps(obj, allow_nan=False, **kwargs)
    except ValueError as e:
        raise ResultsError(f"{what}: {e}") from None


def records_text(records: Iterable[dict]) -> str:
    return "".join(dumps(ordered(r), "record") + "\n" for r in records)


def write_manifest(run_dir: Path, manifest: dict) -> None:
    check_manifest(manifest)
    atomic_write(run_dir / MANIFEST, dumps(manifest, "manifest", indent=2) + "\n")


def read_text(path: Path) -> str:
    """A run file's text (UTF-8); ResultsError when it cannot be read as such."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ResultsError(f"{path}: missing") from None
    except IsADirectoryError:
        raise ResultsError(f"{path}: a directory, not a file") from None
    except OSError as e:
        raise ResultsError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ResultsError(f"{path}: not UTF-8 text (byte {e.start})") from None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str, source: str):
    """Strict JSON: NaN and Infinity (which Python's json accepts) are refused, and so is
    nesting too deep to read."""
    try:
        return json.loads(text, parse_constant=_no_constant)
    except ValueError as e:  # JSONDecodeError is a ValueError
        raise ResultsError(f"{source}: not JSON: {e}") from None
    except RecursionError:
        raise ResultsError(f"{source}: not JSON: nested too deeply") from None


def read_manifest(run_dir: Path) -> dict:
    run_dir = Path(run_dir)
    if not run_dir.is_dir():
        raise ResultsError(f"{run_dir}: {'not a directory' if run_dir.exists() else 'missing'};"
                           " a run is a directory")
    path = run_dir / MANIFEST
    if not path.exists():
        raise ResultsError(f"{run_dir}: no {MANIFEST}; not a run directory")
    manifest = loads(read_text(path), str(path))
    check_manifest(manifest, str(path))
    return manifest


def parse_records(text: str, source: str) -> list[dict]:
    """One JSON record per line; blank lines at the end (an editor's last newline) are none."""
    records = []
    for n, line in enumerate(text.rstrip("\n\r\t ").splitlines(), 1):
        record = loads(line, f"{source}:{n}")
        check_record(record, f"{source}:{n}")
        records.append(record)
    return records


def check_unique(records: Iterable[dict], source: str) -> None:
    seen = set()
    for r in records:
        key = record_key(r)
        if key in seen:
            raise ResultsError(f"{source}: duplicate record {dict(zip(RECORD_KEY, key))}")
        seen.add(key)


def write_records(run_dir: Path, records: list[dict]) -> None:
    for i, r in enumerate(records):
        check_record(r, f"record {i}")
    check_unique(records, str(run_dir / RECORDS))
    atomic_write(run_dir / RECORDS, records_text(records))


def read_run(run_dir: Path) -> tuple[dict, list[dict]]:
    """The manifest and records of a finished run, validated; ResultsError otherwise."""
    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    if not manifest["complete"]:
        raise ResultsError(f"{run_dir}: the run is not complete (rerun it to continue)")
    path = run_dir / RECORDS
    records = parse_records(read_text(path), str(path))
    check_unique(records, str(path))
    for r in records:
        if r["run"] != manifest["run"]:
            raise ResultsError(f"{path}: record of run {r['run']} in run {manifest['run']}")
    return manifest, records


# --- units of a run in progress --------------------------------------------------------------

def units_dir(run_dir: Path) -> Path:
    return Path(run_dir) / PARTIAL / "units"


def unit_path(run_dir: Path, unit_key: str) -> Path:
    return units_dir(run_dir) / (unit_key + ".jsonl")


def write_unit(run_dir: Path, unit_key: str, records: list[dict]) -> None:
    for i, r in enumerate(records):
        check_record(r, f"unit {unit_key} record {i}")
    atomic_write(unit_path(run_dir, unit_key), records_text(records))


def read_unit(run_dir: Path, unit_key: str) -> list[dict] | None:
    """The unit's records, or None when the unit has not finished (no file)."""
    path = unit_path(run_dir, unit_key)
    if not path.exists():
        return None
    return parse_records(read_text(path), str(path))


# --- summaries ----------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default; the gbench runner's too)."""
    if not values:
        return math.nan
    v = sorted(values)
    pos = q * (len(v) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (pos - lo) * (v[hi] - v[lo])


def summarize(records: Iterable[dict]) -> dict[tuple, dict]:
    """Per (variant, platform, op, metric, method): n, median, p10, p90, min, max over reps.
    Records with an rng_source get it as a sixth key element, so sources never mix."""
    groups: dict[tuple, list] = {}
    for r in records:
        key = (r["variant"], r["platform"], r["op"], r["metric"], r["method"])
        key += (r["rng_source"],) if "rng_source" in r else ()
        groups.setdefault(key, []).append(r["value"])
    return {k: {"n": len(v), "median": percentile(v, 0.5), "p10": percentile(v, 0.1),
                "p90": percentile(v, 0.9), "min": min(v), "max": max(v)}
            for k, v in groups.items()}
