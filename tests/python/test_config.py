"""Bad campaign configs are refused before any work starts, with the file, line and reason."""
import textwrap

import pytest
import sigspace
from sigspace import config

GOOD = """\
[campaign]
variants = ["{variant}"]
platforms = ["host"]

[metrics.stack]
messages = 2

[metrics.time]
messages = 32
"""


@pytest.fixture
def registered():
    ids = sigspace.variants()
    if not ids:
        pytest.skip("no variants registered")
    return ids


def write(tmp_path, text):
    path = tmp_path / "c.toml"
    path.write_text(textwrap.dedent(text))
    return path


def test_good_config_loads(tmp_path, registered):
    c = config.load(write(tmp_path, GOOD.format(variant=registered[0])), registered)
    assert c.variants == [registered[0]]
    assert c.settings(registered[0], "stack")["messages"] == 2


def test_ablations_are_selected_by_a_pattern_with_a_tilde_only(tmp_path):
    points, ablations = sigspace.variants(), sigspace.ablations()
    every = config.load(write(tmp_path, GOOD.format(variant="ML-DSA-44/*")), points, ablations)
    assert every.variants and all("~" not in v for v in every.variants)
    some = config.load(write(tmp_path, GOOD.format(variant="ML-DSA-44/balanced~*")), points,
                       ablations)
    assert some.variants == [a for a in ablations if a.startswith("ML-DSA-44/balanced~")]
    with pytest.raises(config.ConfigError, match="matches no registered ablation"):
        config.load(write(tmp_path, GOOD.format(variant="ML-DSA-44/balanced~nothing")), points,
                    ablations)


@pytest.mark.parametrize("edit, line, reason", [
    (lambda t: t.replace('variants = ["{variant}"]', 'variants = ["NO-SUCH-*"]'), 2,
     "matches no registered variant"),
    (lambda t: t.replace("[metrics.stack]", "[metrics.stak]"), 5, "unknown metric 'stak'"),
    (lambda t: t.replace('platforms = ["host"]', 'platforms = ["host", "pdp11"]'), 3,
     "unknown platform 'pdp11'"),
    (lambda t: t.replace("messages = 2", "messages = 2 2"), 6, "TOML syntax error"),
    (lambda t: t.replace("messages = 32", "messages = 8"), 9, "at least 32 messages"),
    (lambda t: t.replace("messages = 2", "mesages = 2"), 6, "unknown setting 'mesages'"),
    (lambda t: t.replace("messages = 2", "messages = 0"), 6, "positive integer"),
    (lambda t: t + '\n[[override]]\nvariants = ["*"]\nmetric = "heap"\n', 13,
     "override.metric"),
])
def test_bad_config_refused_with_line(tmp_path, registered, edit, line, reason):
    path = write(tmp_path, edit(GOOD).format(variant=registered[0]))
    with pytest.raises(config.ConfigError) as e:
        config.load(path, registered)
    assert e.value.line == line, str(e.value)
    assert reason in e.value.reason
    assert f"c.toml:{line}:" in str(e.value)


def test_unimplemented_platform_refused(tmp_path, registered, monkeypatch):
    # A reserved board name whose plug-in is not there (yet): refused with the line.
    monkeypatch.setattr(config.platforms, "IMPLEMENTED", {"host": "unused"})
    path = write(tmp_path, GOOD.replace('platforms = ["host"]', 'platforms = ["host", "m33"]')
                 .format(variant=registered[0]))
    with pytest.raises(config.ConfigError, match=r"c.toml:3: platform 'm33' is not implemented"):
        config.load(path, registered)


def test_cli_refuses_bad_config_before_any_work(tmp_path, registered, cli):
    path = write(tmp_path, GOOD.replace("[metrics.stack]", "[metrics.stak]")
                 .format(variant=registered[0]))
    out = tmp_path / "run"
    proc = cli("run", str(path), "--out", str(out))
    assert proc.returncode == 2
    assert "c.toml:5: unknown metric 'stak'" in proc.stderr
    assert proc.stdout == "" and not out.exists()


def test_shipped_configs_are_valid(registered):
    root = config.Path(__file__).resolve().parents[2] / "configs"
    for path in sorted(root.glob("*.toml")) + sorted(root.glob("paper/*.toml")):
        c = config.load(path, registered, sigspace.ablations())
        if path.stem in ("quick", "full"):  # the host campaigns cover every variant
            assert c.variants == registered


def test_a_campaign_sets_the_board_timeout_and_the_environment_wins(tmp_path, registered,
                                                                    monkeypatch):
    from sigspace import campaign
    from sigspace.platforms import board_run
    text = GOOD.format(variant=registered[0]).replace('platforms = ["host"]',
                                                       'platforms = ["host"]\nqemu_timeout_s = 7200')
    c = config.load(write(tmp_path, text), registered)
    assert c.qemu_timeout_s == 7200
    monkeypatch.setattr(campaign, "plan", lambda _: [])  # no work: only the setting matters
    monkeypatch.delenv("SIGSPACE_QEMU_TIMEOUT", raising=False)
    monkeypatch.setattr(board_run, "CONFIGURED_TIMEOUT", None)
    campaign.run_campaign(c, str(tmp_path / "run"), 1, None)
    assert board_run.qemu_timeout() == 7200
    monkeypatch.setenv("SIGSPACE_QEMU_TIMEOUT", "60")
    assert board_run.qemu_timeout() == 60
    with pytest.raises(config.ConfigError, match="qemu_timeout_s"):
        config.load(write(tmp_path, text.replace("7200", "0")), registered)
