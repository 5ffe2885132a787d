"""Every reader of user input refuses a malformed one the same way (issue 14): the command exits
2 with one line on stderr naming the file, prints nothing on stdout, shows no traceback and
writes nothing. One table per reader: campaign configs (`run`), adoption ladders (`adopt`) and
run directories (`tables`, `compare`)."""
import json
import shutil

import pytest

from synthetic import record, write_run

CONFIG = """\
[campaign]
variants = ["ML-DSA-44/reference"]
platforms = ["host"]

[metrics.stack]
messages = 2
"""
DEEP = "[" * 5000 + "]" * 5000


def top(line: str) -> str:
    """A key of the document itself: it goes before the first table."""
    return line + "\n" + CONFIG


def sub(old: str, new: str) -> str:
    assert old in CONFIG
    return CONFIG.replace(old, new)


# (name, file content, what the message must say)
BAD_CONFIGS = [
    ("override-not-tables", top("override = [1]"), "override[0] must be a table"),
    ("override-metric-list",
     CONFIG + '[[override]]\nvariants = ["*"]\nmetric = ["stack"]\n', "override[0].metric"),
    ("variants-not-strings", sub('["ML-DSA-44/reference"]', "[1]"), "campaign.variants"),
    ("exclude-not-tables", top("exclude = [1]"), "exclude[0] must be a table"),
    ("exclude-strings", top('exclude = ["abc"]'), "exclude[0] must be a table"),
    ("not-utf8", CONFIG.encode() + b"# caf\xe9\n", "not UTF-8"),
    ("deep-arrays", sub('["ML-DSA-44/reference"]', DEEP), "nested too deeply"),
    ("deep-tables", top("a = " + "{b = " * 3000 + "1" + "}" * 3000), "nested too deeply"),
    ("empty", "", "missing 'campaign'"),
    ("campaign-not-table", "campaign = 5\n[metrics.stack]\n", "campaign must be a table"),
    ("no-metrics", CONFIG.split("[metrics")[0], "missing 'metrics'"),
    ("metric-not-table", CONFIG.split("[metrics")[0] + "[metrics]\nstack = 5\n",
     "metrics.stack must be a table"),
    ("platforms-string", sub('["host"]', '"host"'), "campaign.platforms must be"),
    ("platform-unknown", sub('["host"]', '["pdp11"]'), "unknown platform 'pdp11'"),
    ("ops-string", CONFIG + 'ops = "sign"\n', "metrics.stack.ops must be"),
    ("ops-unknown", CONFIG + 'ops = ["sig"]\n', "metrics.stack.ops must be"),
    ("messages-float", sub("messages = 2", "messages = 2.5"), "positive integer"),
    ("messages-bool", sub("messages = 2", "messages = true"), "positive integer"),
    ("messages-date", sub("messages = 2", "messages = 1979-05-27"), "positive integer"),
    ("messages-inf", sub("messages = 2", "messages = inf"), "positive integer"),
    ("setting-unknown", sub("messages = 2", "mesages = 2"), "unknown setting 'mesages'"),
    ("methods-string", CONFIG + '[metrics.heap]\nmethods = "massif"\n', "metrics.heap.methods"),
    ("nonce-sources-ints", CONFIG + "[metrics.time]\nnonce_sources = [1]\n", "nonce_sources"),
    ("nonce-source-unknown", CONFIG + '[metrics.time]\nnonce_sources = ["dice"]\n', "'dice'"),
    ("adoption-not-table", top("adoption = 5"), "adoption must be a table"),
    ("adoption-platforms-string", CONFIG + '[adoption]\nplatforms = "m4"\n', "adoption.platforms"),
    ("adoption-ladders-ints", CONFIG + "[adoption]\nladders = [1]\n", "adoption.ladders"),
    ("adoption-ladder-missing", CONFIG + '[adoption]\nladders = ["no/such.toml"]\n',
     "not found"),
    ("description-int", sub("[campaign]", "[campaign]\ndescription = 5"),
     "campaign.description must be a string"),
    ("exclude-reason-int",
     CONFIG + '[[exclude]]\nvariants = ["*"]\nplatforms = ["host"]\nreason = 5\n',
     "exclude[0].reason"),
    ("exclude-platform-elsewhere",
     CONFIG + '[[exclude]]\nvariants = ["*"]\nplatforms = ["m4"]\nreason = "x"\n',
     "platforms of this campaign"),
    ("override-without-metric", CONFIG + '[[override]]\nvariants = ["*"]\n', "missing 'metric'"),
    ("override-variants-string", CONFIG + '[[override]]\nvariants = "*"\nmetric = "stack"\n',
     "override[0].variants"),
    ("nul-byte", CONFIG + "# \x00\n", "TOML syntax error"),
    ("syntax", CONFIG + "messages = = 2\n", "TOML syntax error"),
]

POINT = "ML-DSA-44/balanced"
LADDER = f"""\
[adoption]
platforms = ["host"]

[tolerance]
instructions = "+1%"
stack = "+0"
workspace = "+0"
retained_state = "+0"

[[point]]
variant = "{POINT}"
techniques = ["merged-ntt"]
"""
WAIVER = f'[[waiver]]\nvariant = "{POINT}"\ntechnique = "merged-ntt"\ntext = "a good reason"\n'


def lsub(old: str, new: str) -> str:
    assert old in LADDER
    return LADDER.replace(old, new)


BAD_LADDERS = [
    ("adoption-not-table", "adoption = 5\n", "adoption must be a table"),
    ("point-ints", "point = [1]\n", "point[0] must be a table"),
    ("point-string", 'point = "x"\n', "point must be an array"),
    ("tolerance-int", "tolerance = 5\n", "tolerance must be a table"),
    ("variant-list", lsub(f'variant = "{POINT}"', 'variant = ["a"]'), "point[0].variant"),
    ("platforms-int", lsub('platforms = ["host"]', "platforms = 5"), "adoption.platforms"),
    ("platforms-string", lsub('platforms = ["host"]', 'platforms = "host"'),
     "adoption.platforms must be"),
    ("waiver-ints", "waiver = [1]\n" + LADDER, "waiver[0] must be a table"),
    ("waiver-variants-int", LADDER + WAIVER.replace(f'variant = "{POINT}"', "variants = 5")
     + 'bound = {stack = "+1"}\n', "waiver[0].variants"),
    ("waiver-without-variant", LADDER + WAIVER.replace(f'variant = "{POINT}"\n', "")
     + 'bound = {stack = "+1"}\n', "missing one of 'variant', 'variants'"),
    ("waiver-bound-op-int", LADDER + WAIVER + "bound = {sign = 5}\n", "waiver[0].bound.sign"),
    ("waiver-text-int", LADDER + WAIVER.replace('"a good reason"', "5")
     + 'bound = {stack = "+1"}\n', "waiver[0].text"),
    ("waiver-platform-unknown", LADDER + WAIVER + 'bound = {stack = "+1"}\nplatforms = ["pdp11"]\n',
     "unknown platform 'pdp11'"),
    ("not-utf8", LADDER.encode() + b"# caf\xe9\n", "not UTF-8"),
    ("tolerance-number", lsub('stack = "+0"', "stack = 0"), "tolerance.stack must be"),
    ("tolerance-metric-time", lsub('stack = "+0"', 'time = "+0"'), "unknown deterministic metric"),
    ("ops-string", LADDER + 'ops = "sign"\n', "point[0].ops must be"),
    ("budget-ram-string", LADDER + 'budget = {signing_ram = "x", platforms = ["m4"]}\n',
     "signing_ram"),
    ("techniques-ints", lsub('["merged-ntt"]', "[1]"), "point[0].techniques"),
    ("technique-unknown", lsub('["merged-ntt"]', '["no-such"]'), "not a technique"),
    ("rejection-loop-string", lsub("[adoption]", '[adoption]\nrejection_loop = "x"'),
     "adoption.rejection_loop"),
    ("messages-zero", lsub("[adoption]", "[adoption]\nmessages = 0"), "positive integer"),
    ("deep", "a = " + DEEP + "\n", "nested too deeply"),
]


def assert_refused(proc, message, *unwritten):
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("sigspace: "), proc.stderr
    assert message in proc.stderr, proc.stderr
    for path in unwritten:
        assert not path.exists(), f"{path} was written"


def _write(path, content):
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return path


# (command, file name, case): a config is read by `run`, a ladder by `adopt`.
BAD_FILES = [("run", "c.toml", c) for c in BAD_CONFIGS] + \
            [("adopt", "l.toml", c) for c in BAD_LADDERS]


@pytest.mark.parametrize("command, name, case", BAD_FILES,
                         ids=[f"{cmd}-{case[0]}" for cmd, _, case in BAD_FILES])
def test_bad_config_or_ladder_refused(cli, tmp_path, command, name, case):
    _, content, message = case
    path = _write(tmp_path / name, content)
    out = tmp_path / "out"
    proc = cli(command, str(path), "--out", str(out))
    assert_refused(proc, message, out)
    assert name in proc.stderr


def test_config_that_is_a_directory_refused(cli, tmp_path):
    (tmp_path / "c.toml").mkdir()
    out = tmp_path / "run"
    assert_refused(cli("run", str(tmp_path / "c.toml"), "--out", str(out)), "cannot read", out)


def test_bad_ladder_of_a_config_refused_before_any_work(cli, tmp_path):
    """The main job reads its [adoption] ladders before measuring, not after."""
    ladder = _write(tmp_path / "l.toml", "point = [1]\n")
    config = _write(tmp_path / "c.toml", CONFIG + f'[adoption]\nladders = ["{ladder}"]\n')
    out = tmp_path / "run"
    assert_refused(cli("run", str(config), "--out", str(out), "--report"), "point[0]", out)


# --- run directories --------------------------------------------------------------------------

def good_run(folder):
    return write_run(folder, [record("ML-DSA-44/reference", "host", "sign", "stack", 100)])


def _records(run, text):
    (run / "records.jsonl").write_text(text)


def _line(run):
    return (run / "records.jsonl").read_text().splitlines()[0]


def _manifest(run):
    return json.loads((run / "manifest.json").read_text())


BAD_RUNS = [
    ("run-is-a-file", lambda run: (shutil.rmtree(run), run.write_text("x")), "not a directory"),
    ("run-missing", lambda run: shutil.rmtree(run), "missing"),
    ("manifest-is-a-directory",
     lambda run: ((run / "manifest.json").unlink(), (run / "manifest.json").mkdir()),
     "a directory, not a file"),
    ("records-is-a-directory",
     lambda run: ((run / "records.jsonl").unlink(), (run / "records.jsonl").mkdir()),
     "a directory, not a file"),
    ("manifest-not-utf8", lambda run: (run / "manifest.json").write_bytes(b'{"a": "\xff"}'),
     "not UTF-8"),
    ("records-not-utf8", lambda run: (run / "records.jsonl").write_bytes(b"\xff\n"), "not UTF-8"),
    ("manifest-deep", lambda run: (run / "manifest.json").write_text("[" * 100000 + "]" * 100000),
     "nested too deeply"),
    ("records-deep", lambda run: _records(run, "[" * 100000 + "]" * 100000 + "\n"),
     "nested too deeply"),
    ("records-nan", lambda run: _records(run, _line(run).replace('"value": 100', '"value": NaN')),
     "NaN is not a JSON number"),
    ("records-infinity",
     lambda run: _records(run, _line(run).replace('"value": 100', '"value": Infinity')),
     "Infinity is not a JSON number"),
    ("manifest-not-json", lambda run: (run / "manifest.json").write_text("{"), "not JSON"),
    ("manifest-an-array", lambda run: (run / "manifest.json").write_text("[]"), "manifest"),
    ("manifest-missing", lambda run: (run / "manifest.json").unlink(), "not a run directory"),
    ("records-missing", lambda run: (run / "records.jsonl").unlink(), "missing"),
    ("record-an-array", lambda run: _records(run, "[]\n"), "records.jsonl:1"),
    ("record-missing-field",
     lambda run: _records(run, json.dumps({k: v for k, v in json.loads(_line(run)).items()
                                           if k != "op"}) + "\n"), "'op' is a required"),
    ("blank-line-inside", lambda run: _records(run, _line(run) + "\n\n" + _line(run) + "\n"),
     "records.jsonl:2: not JSON"),
    ("duplicate-record", lambda run: _records(run, (_line(run) + "\n") * 2), "duplicate record"),
    ("incomplete", lambda run: (run / "manifest.json").write_text(
        json.dumps({**_manifest(run), "complete": False})), "not complete"),
]


@pytest.mark.parametrize("name, spoil, message", BAD_RUNS, ids=[c[0] for c in BAD_RUNS])
def test_bad_run_dir_refused(cli, tmp_path, name, spoil, message):
    run = good_run(tmp_path / "run")
    spoil(run)
    assert_refused(cli("tables", str(run)), message, run / "tables")
    other = good_run(tmp_path / "other")
    assert_refused(cli("compare", str(other), str(run)), message)


def test_trailing_blank_lines_of_records_are_accepted(tmp_path):
    from sigspace import results
    run = good_run(tmp_path / "run")
    _records(run, _line(run) + "\n\n\n")
    manifest, records = results.read_run(run)
    assert len(records) == 1 and records[0]["value"] == 100


def test_nan_is_never_written(tmp_path):
    from sigspace import results
    r = record("ML-DSA-44/reference", "host", "sign", "time", float("nan"))
    with pytest.raises(results.ResultsError, match="not JSON compliant"):
        good_run(tmp_path / "run") and results.write_records(tmp_path / "run", [r])
    assert "NaN" not in (tmp_path / "run" / "records.jsonl").read_text()


# --- options: refused as bad usage (exit 2) before any work ----------------------------------
# The config does not exist: an option let through would end in "cannot read", not a run.

@pytest.mark.parametrize("args, message", [
    (["run", "no-such.toml", "--jobs", "0"], "--jobs"),
    (["run", "no-such.toml", "--jobs", "x"], "--jobs"),
    (["run", "no-such.toml", "--shard", "3/2"], "--shard"),
    (["run", "no-such.toml", "--shard", "x"], "--shard"),
    (["adopt", "no-such.toml", "--jobs", "-1"], "--jobs"),
    (["compare", "RUN", "RUN", "--tolerance", "nan"], "--tolerance"),
    (["compare", "RUN", "RUN", "--tolerance", "-5"], "--tolerance"),
    (["compare", "RUN", "RUN", "--tolerance", "inf%"], "--tolerance"),
    (["compare", "RUN", "RUN", "--metrics", ""], "--metrics is empty"),
    (["tables", "RUN", "--adoption", "no-such-dir"], "--adoption"),
    (["merge", "RUN", "--out", "FILE"], "not an empty directory"),
], ids=lambda a: " ".join(a) if isinstance(a, list) else None)
def test_bad_option_refused(cli, tmp_path, args, message):
    run = good_run(tmp_path / "run")
    out = tmp_path / "out"
    (tmp_path / "file").write_text("x")
    args = [{"RUN": str(run), "FILE": str(tmp_path / "file")}.get(a, a) for a in args]
    extra = ["--out", str(out)] if args[0] in ("run", "adopt") else []
    assert_refused(cli(*args, *extra), message, out, run / "tables")
    assert (tmp_path / "file").read_text() == "x"


def _spoilt_out(tmp_path, kind):
    out = tmp_path / "out"
    if kind == "file":
        out.write_text("x")
    else:
        out.mkdir()
        (out / ("manifest.json" if kind == "bad-manifest" else "notes.txt")).write_text("{")
    return out


@pytest.mark.parametrize("command, kind, message", [
    ("run", "file", "is not a directory"),
    ("run", "bad-manifest", "not JSON"),
    ("run", "other-files", "is not a run directory"),
    ("adopt", "file", "is not a directory"),
])
def test_out_that_cannot_take_the_run_refused(cli, tmp_path, command, kind, message):
    """--out is input too: what is there is left as it was."""
    if command == "run":  # cheap if it ever ran: descriptor figures of one variant
        source = _write(tmp_path / "c.toml", CONFIG.split("[metrics")[0] + "[metrics.workspace]\n")
    else:
        source = _write(tmp_path / "l.toml", LADDER)
    out = _spoilt_out(tmp_path, kind)
    before = sorted(p.name for p in out.iterdir()) if out.is_dir() else out.read_text()
    assert_refused(cli(command, str(source), "--out", str(out)), message)
    assert (sorted(p.name for p in out.iterdir()) if out.is_dir() else out.read_text()) == before
