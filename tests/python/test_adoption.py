"""Pareto-monotone adoption as a pure function over records: a technique that makes a metric
worse is rejected (a negative result with its numbers), a Pareto-monotone one is accepted,
per platform; waivers let the tables through; ladders are checked with their line."""
import pytest
from synthetic import record

from sigspace import adoption, adoption_config
from sigspace.adoption import Tolerance
from sigspace.config import ConfigError
from sigspace.tables import adoption as adoption_tables
from sigspace.tables.render import markdown

POINT = "ML-DSA-44/memory-floor"
TOL = {"instructions": Tolerance.parse("+0.5%"), "stack": Tolerance.parse("+0")}


def pair(technique, platform, on, off):
    """Records of the point (technique on) and its ablation (off): {metric: value} each."""
    out = []
    for variant, figures in ((POINT, on), (f"{POINT}~{technique}", off)):
        out += [record(variant, platform, "sign", m, v) for m, v in figures.items()]
    return out


def test_tolerance_parse():
    assert Tolerance.parse("+0.5%") == Tolerance(relative=0.005)
    assert Tolerance.parse("+64") == Tolerance(absolute=64)
    with pytest.raises(ValueError):
        Tolerance.parse("0.5")


def test_worse_metric_rejected_as_negative_result():
    # Saves stack but costs 2 % more instructions: beyond the +0.5 % tolerance.
    records = pair("lazy", "host", {"instructions": 1020, "stack": 900},
                   {"instructions": 1000, "stack": 1000})
    d = adoption.decide(records, POINT, "lazy", "host", TOL)
    assert d.status == "rejected" and "worse: sign instructions" in d.reason
    negative = adoption_tables.negative_table([d], {"host": "RUN-A"})
    assert negative.rows == [[POINT, "lazy", "host", "sign", "instructions/callgrind", 1020,
                              1000, "+2.00 %", "+0.5%", "worse", "RUN-A"]]
    assert "RUN-A" in markdown(negative)


def test_pareto_monotone_accepted():
    # Within tolerance on instructions (+0.3 %), better on stack.
    records = pair("streaming", "host", {"instructions": 1003, "stack": 600},
                   {"instructions": 1000, "stack": 1000})
    d = adoption.decide(records, POINT, "streaming", "host", TOL)
    assert d.status == "accepted"
    assert [c.verdict for c in d.comparisons] == ["within tolerance", "better"]


def test_no_gain_rejected_and_no_data():
    records = pair("noop", "host", {"instructions": 1000, "stack": 1000},
                   {"instructions": 1000, "stack": 1000})
    d = adoption.decide(records, POINT, "noop", "host", TOL)
    assert (d.status, d.reason) == ("rejected", "no metric better")
    assert adoption.decide(records, POINT, "noop", "m4", TOL).status == "no data"


def test_decided_per_platform():
    records = pair("swar", "host", {"instructions": 800, "stack": 1000},
                   {"instructions": 1000, "stack": 1000}) + \
        pair("swar", "m4", {"instructions": 1100, "stack": 1000},
             {"instructions": 1000, "stack": 1000})
    by_platform = {d.platform: d.status for d in
                   adoption.decide_all(records, {POINT: ["swar"]}, {POINT: TOL},
                                       ["host", "m4", "m33"])}
    assert by_platform == {"host": "accepted", "m4": "rejected", "m33": "no data"}


def test_only_shared_inputs_compared():
    records = pair("x", "host", {"stack": 500}, {"stack": 1000})
    records.append(record(POINT, "host", "sign", "stack", 5000, rep=1))  # no partner input
    assert adoption.decide(records, POINT, "x", "host", TOL).status == "accepted"


LADDER = f'''
[adoption]
platforms = ["host", "m4"]
[tolerance]
instructions = "+0.5%"
stack = "+0"
[[point]]
variant = "{POINT}"
techniques = ["lazy", "streaming"]
'''
REGISTERED = {POINT: ["lazy", "streaming"]}
ABLATIONS = {f"{POINT}~lazy", f"{POINT}~streaming"}


def test_waiver_unblocks():
    lad = adoption_config.parse("l.toml", LADDER, REGISTERED, ABLATIONS)
    records = pair("lazy", "host", {"instructions": 1020, "stack": 900},
                   {"instructions": 1000, "stack": 1000})
    decisions = adoption.decide_all(records, lad.points, lad.tolerances, ["host"])
    assert [d.technique for d in adoption.blocking(decisions, lad.waivers)] == ["lazy"]
    waived = adoption_config.parse("l.toml", LADDER + f'''
[[waiver]]
variant = "{POINT}"
technique = "lazy"
text = "kept for its stack saving on the 640 KB part"
''', REGISTERED, ABLATIONS)
    assert adoption.blocking(decisions, waived.waivers) == []


@pytest.mark.parametrize("extra, message", [
    ('[[waiver]]\nvariant = "%s"\ntechnique = "lazy"\ntext = ""\n' % POINT, "must say in words"),
    ('[[waiver]]\nvariant = "%s"\ntechnique = "other"\ntext = "a b c"\n' % POINT, "not a technique"),
    ('[oops]\n', "unknown table"),
])
def test_bad_ladder_refused_with_line(extra, message):
    with pytest.raises(ConfigError) as e:
        adoption_config.parse("l.toml", LADDER + extra, REGISTERED, ABLATIONS)
    assert message in str(e.value) and e.value.line is not None


def test_unregistered_ablation_refused():
    with pytest.raises(ConfigError, match="not registered"):
        adoption_config.parse("l.toml", LADDER, REGISTERED, {f"{POINT}~lazy"})


def test_point_tolerance_replaces_default_and_campaign_covers_pairs():
    text = LADDER.replace('techniques = ["lazy", "streaming"]',
                          'techniques = ["lazy", "streaming"]\ntolerance = {instructions = "+1%"}')
    lad = adoption_config.parse("l.toml", text, REGISTERED, ABLATIONS)
    assert lad.tolerances[POINT] == {"instructions": Tolerance(relative=0.01)}
    from sigspace import adopt
    c = adopt.campaign_of(lad, "host")
    assert c.variants == [POINT, f"{POINT}~lazy", f"{POINT}~streaming"]
    assert list(c.metrics) == ["instructions"] and c.metrics["instructions"]["messages"] == 1


def test_committed_ladders_load():
    """configs/adoption/*.toml name registered points and ablations (the tables gate reads them)."""
    from sigspace import adopt
    for lad in adoption_config.load_all(adopt.LADDERS):
        assert lad.points and all(lad.tolerances.values())
