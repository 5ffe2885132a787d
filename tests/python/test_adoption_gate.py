"""The adoption gate's rules beyond one decision: a waiver keeps a rejected technique only
within its stated bound, a budget is a rule (exceeding it fails), a waiver may cite only
evidence in the tree, and missing or refused evidence is never reported as a pass."""
import pytest
from synthetic import RUN, record, variant_records, write_run

from sigspace import adoption, adoption_config, adoption_gate, report, runview
from sigspace.config import ConfigError
from test_adoption import ABLATIONS, LADDER, POINT, REGISTERED, pair


def ladder(extra=""):
    return adoption_config.parse("l.toml", LADDER + extra, REGISTERED, ABLATIONS)


def verdict(lad, records, platforms=("host",)):
    decisions = adoption.decide_all(records, lad.points, lad.tracked, list(platforms), lad.loop)
    budgets = [c for p, b in lad.budgets.items()
               for c in adoption_gate.check_budget(records, p, b)]
    return adoption_gate.judge(decisions, lad.waivers, budgets)


def waiver(bound):
    return f'''
[[waiver]]
variant = "{POINT}"
technique = "lazy"
text = "kept: it halves the signing stack"
bound = {bound}
'''


# With lazy: 2 % more signing instructions for 100 fewer stack bytes (rejected); with
# streaming: as many instructions for 100 fewer bytes (accepted). Descriptor figures equal.
RECORDS = pair("lazy", "host", {"instructions": 1020, "stack": 900},
               {"instructions": 1000, "stack": 1000}) + \
    pair("streaming", "host", {}, {"instructions": 1020, "stack": 1000}) + \
    [record(v, "host", "sign", m, 0) for v in (POINT, f"{POINT}~lazy", f"{POINT}~streaming")
     for m in ("workspace", "retained_state")]


def test_rejected_without_waiver_fails():
    v = verdict(ladder(), RECORDS)
    assert not v.passed and v.failures == [
        f"{POINT} lazy on host: rejected (worse: sign instructions) without a waiver"]


@pytest.mark.parametrize("bound, passes", [
    ('{instructions = "+2.5%"}', True),
    ('{sign = {instructions = "+2.5%"}}', True),
    ('{instructions = "+1.5%"}', False),           # the evidence says +2 %
    ('{sign = {instructions = "+19"}}', False),     # +20 instructions
    ('{verify = {instructions = "+5%"}}', False),   # no bound for the op that got worse
    ('{stack = "+5%"}', False),                     # nor for the metric
])
def test_waiver_holds_only_within_its_bound(bound, passes):
    v = verdict(ladder(waiver(bound)), RECORDS)
    assert v.passed is passes, v.failures
    if not passes:
        assert "lazy on host" in v.failures[0] and ("exceeds the bound" in v.failures[0] or
                                                     "has no bound" in v.failures[0])


BUDGET = '\nbudget = {signing_ram = 2000, platforms = ["host"]}\n'


@pytest.mark.parametrize("workspace, status", [(600, "within"), (700, "within"),
                                               (701, "exceeded")])
def test_budget_is_a_rule(workspace, status):
    """Signing RAM = sign stack 900 + sign workspace + retained state 400, at most 2,000."""
    lad = adoption_config.parse("l.toml", LADDER.replace('"streaming"]', '"streaming"]' + BUDGET) +
                                waiver('{instructions = "+2.5%"}'), REGISTERED, ABLATIONS)
    # The same descriptor figures on both sides: only signing RAM is under test.
    descriptor = {"workspace": workspace, "retained_state": 400}
    records = [dict(r, value=descriptor.get(r["metric"], r["value"])) for r in RECORDS]
    v = verdict(lad, records)
    assert [b.status for b in v.budgets] == [status]
    assert v.passed is (status == "within"), v.failures
    if status == "exceeded":
        assert v.failures == [f"{POINT} signing RAM budget 2,000 B on host: exceeded (2,001 B)"]


def test_budget_without_figures_is_not_checked():
    lad = adoption_config.parse("l.toml", LADDER.replace('"streaming"]', '"streaming"]' +
                                                         BUDGET.replace("host", "m4")) +
                                waiver('{instructions = "+2.5%"}'), REGISTERED, ABLATIONS)
    v = verdict(lad, RECORDS)
    assert not v.failures and not v.passed and list(v.unchecked) == ["m4"]


def test_missing_evidence_is_not_a_pass():
    v = verdict(ladder(waiver('{instructions = "+2.5%"}')), RECORDS, ("host", "m4"))
    assert not v.failures and not v.passed
    assert list(v.unchecked) == ["m4"] and len(v.unchecked["m4"]) == 2


def test_too_few_messages_for_a_rejection_loop_technique_is_not_a_pass():
    lad = adoption_config.parse("l.toml", LADDER.replace(
        "[adoption]", '[adoption]\nrejection_loop = ["streaming"]') +
        waiver('{instructions = "+2.5%"}'), REGISTERED, ABLATIONS)
    v = verdict(lad, RECORDS)
    assert not v.passed and v.unchecked == {"host": [
        f"{POINT} streaming on host: signing judged over 1 messages; this rejection-loop "
        "technique needs at least 64"]}


def test_waiver_citing_evidence_outside_the_tree_refused(tmp_path):
    (tmp_path / "results" / "run-a").mkdir(parents=True)
    text = LADDER + waiver('{instructions = "+2.5%"}').replace(
        "halves the signing stack", "halves the signing stack (results/run-a/records.jsonl)")
    with pytest.raises(ConfigError, match="results/run-a/records.jsonl, which is not in the tree"):
        adoption_config.parse("l.toml", text, REGISTERED, ABLATIONS, tmp_path)
    (tmp_path / "results" / "run-a" / "records.jsonl").write_text("")
    assert adoption_config.parse("l.toml", text, REGISTERED, ABLATIONS, tmp_path).waivers


def test_report_says_not_checked_and_where(tmp_path):
    """Evidence on the host only, the ladder asks for the host and m4: the report may not say
    that the gate passed, and names m4 as where it was not checked."""
    records = variant_records(POINT, "host", insn=8000, stack=12000) + \
        variant_records(f"{POINT}~lazy", "host", insn=8000, stack=20000) + \
        variant_records(f"{POINT}~streaming", "host", insn=8000, stack=30000)
    run_dir = write_run(tmp_path / RUN, records)
    text = report.write_report(runview.load(run_dir), [], [ladder()]).read_text()
    assert "Adoption gate NOT checked" in text and "Not checked on m4:" in text
    assert "passed" not in text.split("## Tables")[1].split("## Provenance")[0].replace(
        "it has not passed", "")
    assert f"{POINT} lazy on m4: no figures measured on both sides" in text
    adoption_md = (run_dir / "tables" / "adoption.md").read_text()
    assert "Adoption gate NOT checked" in adoption_md


def test_committed_waivers_hold_on_the_evidence_they_cite():
    """The ML-DSA ladder's bounds were derived from this committed adoption evidence: the gate
    must not fail on it (what 2 messages cannot decide is left unchecked, not passed)."""
    from sigspace import adopt
    evidence = adopt.provenance.ROOT / "results/20261130T020250Z-f53409f60d/adoption/mldsa"
    lad = adoption_config.load(adopt.LADDERS / "mldsa.toml")
    assert str(evidence.relative_to(adopt.provenance.ROOT)) in lad.text
    v = adopt.evaluate([lad], [evidence]).verdict
    assert v.failures == [] and not v.passed
    assert {d.technique for d in v.decisions if d.status == "too few messages"} == lad.loop
    assert [b.status for b in v.budgets] == ["within"] * 3


# Techniques the ladder gained after an earlier main job, each with its own committed evidence
# (test_newer_techniques_pass_the_full_ladder_on_their_evidence); the main job below judges
# them too.
NEWER = {"challenge-in-signature": "results/adoption/mldsa-floor-challenge-20261205",
         "swar-challenge": "results/adoption/mldsa-floor-challenge-20261205",
         "ntt-in-y-slot": "results/adoption/mldsa-floor-kernels-20261206",
         "matrix-kernel": "results/adoption/mldsa-floor-kernels-20261206",
         "swar-ct0": "results/adoption/mldsa-floor-kernels-20261206",
         "pointwise-kernel": "results/adoption/mldsa-sc-pointwise-20261206"}


def test_committed_main_job_passes_the_gate_on_its_own_evidence():
    """The main job's run (README) decided every technique on the Cortex-M4 over 64 signing
    messages: the gate checked every decision and budget there and found no failure."""
    import sigspace
    from sigspace import adopt, config, pipeline, results
    from sigspace.runview import RunView
    run = adopt.provenance.ROOT / "results/20261206T222209Z-15689e5515"
    quick = config.load(adopt.provenance.ROOT / "configs/quick.toml", sigspace.variants(),
                        sigspace.ablations())
    (lad,) = pipeline.adoption_ladders(quick)  # the M4 at 64 messages, as the main job ran it
    view = RunView(run, *results.read_run(run))  # the budgets are judged on the run itself
    v = adopt.evaluate([lad], [run / "adoption" / "mldsa"], view).verdict
    assert v.failures == [] and v.passed
    assert not any(v.unchecked.values()), v.unchecked
    judged = {d.technique for d in v.decisions if d.status in ("accepted", "rejected")}
    assert set(NEWER) <= judged
    assert [b.status for b in v.budgets] == ["within"] * 3


def test_newer_techniques_pass_the_full_ladder_on_their_evidence():
    """What the main job predates is decided by its own evidence under the full ladder: on
    every platform each such technique is accepted or kept by a waiver whose bound holds."""
    from sigspace import adopt
    lad = adoption_config.load(adopt.LADDERS / "mldsa.toml")
    for where in sorted(set(NEWER.values())):
        techniques = {t for t, w in NEWER.items() if w == where}
        v = adopt.evaluate([lad], [adopt.provenance.ROOT / where]).verdict
        assert v.failures == [], v.failures
        mine = [d for d in v.decisions if d.technique in techniques]
        assert len(mine) == 3 * 3 * len(techniques)  # three sets, three platforms
        kept = [d for d in mine if d.status == "accepted" or
                (d.status == "rejected" and v.waiver(d) is not None)]
        assert kept == mine, sorted({(d.point, d.technique, d.platform, d.status) for d in mine})
        assert any(d.status == "rejected" for d in mine)  # the waivers are exercised


# A candidate ("+wide": off in the point, "<point>~+wide" switches it on), judged the other way
# round: with it = the candidate variant, without = the point.
CANDIDATE_LADDER = LADDER.replace('techniques = ["lazy", "streaming"]',
                                  'techniques = ["lazy", "streaming"]\ncandidates = ["wide"]')


def candidate_records(with_it: dict) -> list[dict]:
    point = {"instructions": 1000, "stack": 1000, "workspace": 0, "retained_state": 0}
    return [record(v, "host", "sign", m, x) for v, figures in
            ((POINT, point), (f"{POINT}~+wide", {**point, **with_it})) for m, x in figures.items()]


def candidate_verdict(with_it: dict, extra: str = ""):
    lad = adoption_config.parse("l.toml", CANDIDATE_LADDER + extra, REGISTERED,
                                ABLATIONS | {f"{POINT}~+wide"})
    lad.points[POINT] = ["+wide"]  # the candidate alone
    return lad, verdict(lad, candidate_records(with_it))


def test_a_candidate_joins_the_ladder_and_its_campaign():
    lad, _ = candidate_verdict({})
    assert f"{POINT}~+wide" in lad.pairs()
    with pytest.raises(ConfigError, match="not a candidate"):
        adoption_config.parse("l.toml", CANDIDATE_LADDER, REGISTERED, ABLATIONS)


def test_a_rejected_candidate_is_a_negative_result_and_passes():
    _, v = candidate_verdict({"instructions": 1100})  # 10 % slower with it switched on
    (d,) = v.decisions
    assert d.candidate and d.status == "rejected" and d.reason == "worse: sign instructions"
    assert [c.with_technique for c in d.comparisons if c.metric == "instructions"] == [1100]
    assert v.passed, v.failures


def test_an_accepted_candidate_fails_unless_a_waiver_keeps_it_off():
    _, v = candidate_verdict({"instructions": 900})  # 10 % faster with it
    assert v.failures == [f"{POINT} +wide on host: a candidate accepted (better: sign "
                          "instructions) but off in the point: switch it on, or a waiver says "
                          "why not"]
    keep = ('[[waiver]]\nvariant = "%s"\ntechnique = "+wide"\ntext = "kept off for a reason"\n'
            'bound = {instructions = "+%s%%"}\n')
    assert candidate_verdict({"instructions": 900}, keep % (POINT, 12))[1].passed
    held = candidate_verdict({"instructions": 900}, keep % (POINT, 8))[1]  # forgoes 10 %
    assert not held.passed and "exceeds the bound" in held.failures[0]


def test_a_registered_candidate_no_ladder_judges_is_a_gap():
    registered = {POINT: ["lazy", "streaming"]}
    lad = adoption_config.parse("l.toml", LADDER, registered, ABLATIONS)
    assert adoption_config.gaps([lad], registered, [f"{POINT}~+wide"]) == [f"{POINT}~+wide"]
    lad = adoption_config.parse("l.toml", CANDIDATE_LADDER, registered, ABLATIONS | {f"{POINT}~+wide"})
    assert adoption_config.gaps([lad], registered, [f"{POINT}~+wide"]) == []


def test_less_balanced_memory_techniques_and_candidate_on_their_evidence():
    """The balanced point's seeds-on-demand and maps-in-signature are accepted at every LESS set
    on the host, the M4 and the M33 under the full ladder, and its candidate block-transpose is
    rejected everywhere (a negative result: it stays off), with no gate failure."""
    from sigspace import adopt
    lad = adoption_config.load(adopt.LADDERS / "less.toml")
    where = adopt.provenance.ROOT / "results/adoption/less-balanced-memory-20261206"
    v = adopt.evaluate([lad], [where]).verdict
    assert v.failures == [], v.failures
    judged = {(d.point, d.technique, d.platform): d.status for d in v.decisions
              if d.status in ("accepted", "rejected")}
    sets = ("1b", "1i", "1s", "3b", "3s", "5b", "5s")
    for s in sets:
        for p in ("host", "m4", "m33"):
            for t in ("seeds-on-demand", "maps-in-signature"):
                assert judged[(f"LESS-{s}/balanced", t, p)] == "accepted"
            assert judged[(f"LESS-{s}/balanced", "+block-transpose", p)] == "rejected"


def test_less_points_whole_ladder_passes_on_its_final_evidence():
    """Every technique of the LESS speed ceiling and balanced point, and the candidate, is
    decided at every set on the M4, the M33 and the host (results/adoption/less-points-20261206,
    the final code), with no gate failure: accepted, kept by a waiver whose bound holds, or (the
    candidate) rejected and left off."""
    from sigspace import adopt
    lad = adoption_config.load(adopt.LADDERS / "less.toml")
    where = adopt.provenance.ROOT / "results/adoption/less-points-20261206"
    v = adopt.evaluate([lad], [where]).verdict
    assert v.failures == [], v.failures
    mine = [d for d in v.decisions if not d.point.endswith("/memory-floor")]
    assert len(mine) == 7 * 3 * (8 + 8)  # sets, platforms, the two points' techniques
    for d in mine:
        waived = v.waiver(d) is not None and d.status == "rejected"
        assert d.status == "accepted" or waived or (d.candidate and d.status == "rejected"), \
            (d.point, d.technique, d.platform, d.status, d.reason)
    assert any(v.waiver(d) is not None and d.status == "rejected" for d in mine)


def test_less_memory_floor_is_decided_at_every_set_on_the_m33_by_its_evidence():
    """The LESS paper's run measures the memory floor's ablations on the M4 only; its M33
    evidence (results/adoption/less-floor-m33-20261206) decides every technique at every set,
    the configs' ladder and waiver judging it: accepted, or double-pass kept within its bound."""
    from sigspace import adopt
    lad = adoption_config.load(adopt.LADDERS / "less.toml")
    where = adopt.provenance.ROOT / "results/adoption/less-floor-m33-20261206"
    v = adopt.evaluate([lad], [where]).verdict
    assert v.failures == [], v.failures
    floor = [d for d in v.decisions if d.point.endswith("/memory-floor") and d.platform == "m33"]
    assert len(floor) == 7 * 6
    for d in floor:
        kept = d.technique == "double-pass" and d.status == "rejected" and v.waiver(d) is not None
        assert d.status == "accepted" or kept, (d.point, d.technique, d.status, d.reason)
        if kept:
            assert not v.waiver(d).excess(d), (d.point, v.waiver(d).excess(d))
