"""Pareto-monotone adoption as a pure function over records: a technique that makes a metric
worse is rejected (a negative result with its numbers), one that makes a tracked figure better
by more than its tolerance and none worse is accepted, per platform; ladders are checked with
their line. The gate's other rules (bounds, budgets, missing evidence) are in test_adoption_gate."""
import pytest
from synthetic import record

from sigspace import adopt, adoption, adoption_config
from sigspace.adoption import Tolerance, Tracked
from sigspace.config import ConfigError
from sigspace.tables import adoption as adoption_tables
from sigspace.tables.render import markdown

POINT = "ML-DSA-44/memory-floor"
TOL = Tracked({"instructions": Tolerance.parse("+0.5%"), "stack": Tolerance.parse("+0")})
INSN = Tracked({"instructions": Tolerance.parse("+0.5%")})  # for instruction-only records


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
    assert d.status == "rejected" and d.reason.startswith("no tracked figure better")
    assert adoption.decide(records, POINT, "noop", "m4", TOL).status == "no data"


def test_a_gain_within_tolerance_is_no_gain():
    # 0.4 % fewer instructions under a +0.5 % tolerance: as noise-like as 0.4 % more.
    records = pair("tiny", "host", {"instructions": 996}, {"instructions": 1000})
    assert adoption.decide(records, POINT, "tiny", "host", INSN).status == "rejected"
    records = pair("tiny", "host", {"instructions": 994}, {"instructions": 1000})
    assert adoption.decide(records, POINT, "tiny", "host", INSN).status == "accepted"


def test_load_key_gain_is_not_better_for_a_sign_technique():
    """ML-DSA-87 speed ceiling early-reject: load_key a few instructions cheaper (code layout),
    signing slightly dearer but within tolerance; signing is the point's cost, so no gain."""
    sign_only = Tracked(INSN.tolerances, {"instructions": ["sign"]})
    records = pair("early", "host", {"instructions": 1002}, {"instructions": 1000})
    records += [record(POINT, "host", "load_key", "instructions", 90),
                record(f"{POINT}~early", "host", "load_key", "instructions", 100)]
    d = adoption.decide(records, POINT, "early", "host", sign_only)
    assert d.status == "rejected" and [c.op for c in d.comparisons] == ["sign"]
    # Tracked on every operation the same -10 % on load_key would count as better.
    assert adoption.decide(records, POINT, "early", "host", INSN).status == "accepted"


def test_rejection_loop_technique_needs_its_messages():
    def signed(n, on, off):
        return [record(v, "host", "sign", "instructions", x, rep=k) for k in range(n)
                for v, x in ((POINT, on), (f"{POINT}~early", off))]
    few = adoption.decide_all(signed(63, 900, 1000), {POINT: ["early"]}, {POINT: INSN},
                              ["host"], loop={"early"})[0]
    assert few.status == "too few messages" and not few.checked and "63" in few.reason
    enough = adoption.decide_all(signed(64, 900, 1000), {POINT: ["early"]}, {POINT: INSN},
                                 ["host"], loop={"early"})[0]
    assert enough.status == "accepted" and enough.messages == 64
    # The same 2 messages suffice for a technique that is not in the rejection loop.
    other = adoption.decide_all(signed(2, 900, 1000), {POINT: ["early"]}, {POINT: INSN},
                                ["host"])[0]
    assert other.status == "accepted"


def test_a_tracked_metric_left_unmeasured_is_incomplete_not_rejected():
    # Stack alone measured (no instruction counts): a cost-only technique cannot be judged.
    records = pair("x", "host", {"stack": 1000}, {"stack": 1000})
    d = adoption.decide(records, POINT, "x", "host", TOL)
    assert d.status == "incomplete" and not d.checked and "instructions" in d.reason


def test_decided_per_platform():
    records = pair("swar", "host", {"instructions": 800, "stack": 1000},
                   {"instructions": 1000, "stack": 1000}) + \
        pair("swar", "m4", {"instructions": 1100, "stack": 1000},
             {"instructions": 1000, "stack": 1000})
    by_platform = {d.platform: d.status for d in
                   adoption.decide_all(records, {POINT: ["swar"]}, {POINT: INSN},
                                       ["host", "m4", "m33"])}
    assert by_platform == {"host": "accepted", "m4": "rejected", "m33": "no data"}


def test_only_shared_inputs_compared():
    records = pair("x", "host", {"instructions": 1000, "stack": 500},
                   {"instructions": 1000, "stack": 1000})
    records.append(record(POINT, "host", "sign", "stack", 5000, rep=1))  # no partner input
    assert adoption.decide(records, POINT, "x", "host", TOL).status == "accepted"


LADDER = f'''
[adoption]
platforms = ["host", "m4"]
[tolerance]
instructions = "+0.5%"
stack = "+0"
workspace = "+0"
retained_state = "+0"
[[point]]
variant = "{POINT}"
techniques = ["lazy", "streaming"]
'''
REGISTERED = {POINT: ["lazy", "streaming"]}
ABLATIONS = {f"{POINT}~lazy", f"{POINT}~streaming"}


BOUND = 'bound = {instructions = "+4%"}\n'


@pytest.mark.parametrize("extra, message", [
    ('[[waiver]]\nvariant = "%s"\ntechnique = "lazy"\ntext = ""\n%s' % (POINT, BOUND),
     "must say in words"),
    ('[[waiver]]\nvariant = "%s"\ntechnique = "other"\ntext = "a b c"\n%s' % (POINT, BOUND),
     "not a technique"),
    ('[[waiver]]\nvariant = "%s"\ntechnique = "lazy"\ntext = "kept for a reason"\n' % POINT,
     "missing 'bound' in waiver[0]"),
    ('[[waiver]]\nvariant = "%s"\ntechnique = "lazy"\ntext = "kept for a reason"\n'
     'bound = {sign = {time = "+1%%"}}\n' % POINT, "deterministic"),
    ('[[waiver]]\nvariant = "%s"\ntechnique = "lazy"\ntext = "kept for a reason"\n'
     'bound = {instructions = "4%%"}\n' % POINT, "must be a tolerance string"),
    ('[oops]\n', "unknown table"),
])
def test_bad_ladder_refused_with_line(extra, message):
    with pytest.raises(ConfigError) as e:
        adoption_config.parse("l.toml", LADDER + extra, REGISTERED, ABLATIONS)
    assert message in str(e.value) and e.value.line is not None


def test_unregistered_ablation_refused():
    with pytest.raises(ConfigError, match="not registered"):
        adoption_config.parse("l.toml", LADDER, REGISTERED, {f"{POINT}~lazy"})


def test_point_tolerance_overrides_default_and_campaign_covers_pairs():
    text = LADDER.replace('techniques = ["lazy", "streaming"]',
                          'techniques = ["lazy", "streaming"]\ntolerance = {instructions = "+1%"}')
    lad = adoption_config.parse("l.toml", text, REGISTERED, ABLATIONS)
    assert lad.tracked[POINT].tolerances["instructions"] == Tolerance(relative=0.01)
    assert lad.tracked[POINT].tolerances["stack"] == Tolerance(absolute=0)
    c = adopt.campaign_of(lad, "host")
    assert c.variants == [POINT, f"{POINT}~lazy", f"{POINT}~streaming"]
    assert c.metrics["instructions"]["messages"] == 1 and c.overrides == []
    assert set(c.metrics) == {"instructions", "stack", "workspace", "retained_state"}


def test_campaign_signs_enough_messages_for_rejection_loop_techniques():
    text = LADDER.replace("[adoption]", '[adoption]\nmessages = 2\nrejection_loop = ["lazy"]')
    c = adopt.campaign_of(adoption_config.parse("l.toml", text, REGISTERED, ABLATIONS), "host")
    assert c.settings(f"{POINT}~lazy", "instructions")["messages"] == adoption.LOOP_MESSAGES
    assert c.settings(POINT, "stack")["messages"] == adoption.LOOP_MESSAGES
    assert c.settings(f"{POINT}~streaming", "instructions")["messages"] == 2


@pytest.mark.parametrize("change, message", [
    (("stack = \"+0\"\n", ""), "tracks cost and memory"),
    (("[[point]]", '[[point]]\nops = {instructions = ["sign", "encrypt"]}'), "must be a non-empty list of operations"),
    (("[[point]]", '[[point]]\nbudget = {signing_ram = 20480}'), "missing 'platforms' in point[0].budget"),
    (("[adoption]", '[adoption]\nrejection_loop = ["elsewhere"]'), "no point of this ladder"),
])
def test_point_rules_refused_with_line(change, message):
    with pytest.raises(ConfigError) as e:
        adoption_config.parse("l.toml", LADDER.replace(*change, 1), REGISTERED, ABLATIONS)
    assert message in str(e.value) and e.value.line is not None


def test_committed_ladders_load():
    """configs/adoption/*.toml name registered points and ablations (the tables gate reads them)."""
    for lad in adoption_config.load_all(adopt.LADDERS):
        assert lad.points and all(t.tolerances for t in lad.tracked.values())
