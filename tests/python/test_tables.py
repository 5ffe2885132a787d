"""The tables' rules (issue 14): ratios from instruction counts, never times, outside the
timing table; a time ratio inside the dispersion is refused; a signing cell over fewer messages
than its table needs is refused; memory per operation with its workspace, one accounting stated
in every caption; anchors counted alike; the randomness table's speedups only where
significant. Figures here are synthetic test inputs (synthetic.py)."""
import pytest
from synthetic import CONFIG, RUN, record, write_run

from sigspace import randomness_table, runview
from sigspace.tables import MISSING, build_all, render
from sigspace.tables.common import ACCOUNTING

REF, BAL = "ML-DSA-44/reference", "ML-DSA-44/balanced"


def point(variant, insn, stack, messages=64, times=(), platform="host", ws=(0, 0, 0),
          retained=0, load_key=0):
    """Instructions and stack per op (sign over `messages` messages, 10 insn apart), times per
    repetition (host), descriptor workspace (keygen, sign, verify) and retained state."""
    out = []
    for op, w in zip(("keygen", "sign", "verify"), ws):
        reps = range(messages) if op == "sign" else range(1)
        out += [record(variant, platform, op, "instructions", insn + 10 * r, r) for r in reps]
        out += [record(variant, platform, op, "stack", stack, r) for r in reps]
        out.append(record(variant, platform, op, "workspace", w, method="descriptor"))
        out += [record(variant, platform, op, "time", t, rep) for rep, t in enumerate(times)]
    out.append(record(variant, platform, "load_key", "instructions", load_key))
    out.append(record(variant, platform, "sign", "retained_state", retained, method="descriptor"))
    return out


TIMED = CONFIG + "[metrics.time]\n"   # the defaults: 10 repetitions of 1 pass of 32 messages


def tables_of(tmp_path, records, manifest_extra=None):
    folder = write_run(tmp_path / RUN, records, config_text=TIMED)
    if manifest_extra:
        import json
        m = json.loads((folder / "manifest.json").read_text())
        (folder / "manifest.json").write_text(json.dumps({**m, **manifest_extra}))
    return {t.name: t for t in build_all(runview.load(folder))}


def row(table, *first):
    return next(r for r in table.rows if r[:len(first)] == list(first))


def test_speedup_from_instructions_not_times(tmp_path):
    # Times say the balanced point is slower (2.0 vs 1.0); instructions say 2x faster.
    t = tables_of(tmp_path, point(REF, 8000, 60000, times=[1.0] * 10) +
                  point(BAL, 4000, 6000, times=[2.0] * 10))["speedup-host"]
    bal = row(t, "ML-DSA-44", "balanced")
    assert bal[2] == 2.0                        # keygen: 8000 / 4000 instructions
    assert bal[3] == pytest.approx(8315 / 4315, abs=0.01)   # sign median over 64 messages
    assert "instructions/callgrind" in t.methods and "time/gbench" not in t.methods


def test_speedup_with_and_without_load_key(tmp_path):
    t = tables_of(tmp_path, point(REF, 8000, 60000, load_key=0) +
                  point(BAL, 4000, 6000, load_key=4000))["speedup-host"]
    bal = row(t, "ML-DSA-44", "balanced")
    assert bal[3] != bal[4] and bal[4] == pytest.approx(8315 / 8315)


def test_too_few_messages_refused(tmp_path):
    tables = tables_of(tmp_path, point(REF, 8000, 60000, messages=2) +
                       point(BAL, 4000, 6000, messages=64))
    assert row(tables["speedup-host"], "ML-DSA-44", "balanced")[3] == "refused (2 msg < 64)"
    bench = row(tables["benchmark-host"], REF)
    assert bench[2:5] == ["refused (2 msg < 64)", "refused (2 msg < 64)", 2]
    assert isinstance(row(tables["benchmark-host"], BAL)[2], int)
    assert "at least this many signed messages per point (ML-DSA 64)" in \
        " ".join(tables["speedup-host"].notes)


def test_memory_per_operation_with_workspace(tmp_path):
    # Balanced: tiny signing stack, large keygen stack; the old "peak stack" hid the cut.
    tables = tables_of(tmp_path, point(REF, 8000, 60000, ws=(0, 0, 0), retained=100) +
                       [r for r in point(BAL, 4000, 6000, ws=(2000, 500, 300), retained=900)
                        if not (r["op"] == "keygen" and r["metric"] == "stack")] +
                       [record(BAL, "host", "keygen", "stack", 50000)])
    bal = row(tables["speedup-host"], "ML-DSA-44", "balanced")
    assert bal[7] == 6000 + 500 + 900 and bal[8] == f"{(1 - 7400 / 60100) * 100:.0f} %"
    bench = row(tables["benchmark-host"], BAL)
    assert bench[6] == "52,000 / 6,500 / 6,300" and bench[7] == 900


def test_memory_table_rows(tmp_path):
    from sigspace.tables import memory
    floor = "ML-DSA-44/memory-floor"
    tables = tables_of(tmp_path, point(REF, 8000, 60000) +
                       point(floor, 9000, 1000, ws=(1200, 400, 200), retained=50))
    rows = {r[0]: r[1] for r in tables["memory-ml-dsa-host"].rows}
    assert rows["key-generation RAM (stack + workspace)"] == "60,000 / 2,200"
    assert rows["verification workspace"] == "0 / 200"
    assert rows["signing RAM (+ retained)"] == "60,000 / 1,450"
    assert len(memory.ROWS) == len(rows)


def test_every_memory_caption_states_the_accounting(tmp_path):
    tables = tables_of(tmp_path, point(REF, 8000, 60000, platform="m4") +
                       point(REF, 8000, 60000, times=[1.0] * 10) + point(BAL, 4000, 6000))
    memory_words = ("RAM", "stack", "retained", "workspace")
    shown = [t for t in tables.values()
             if any(w in " ".join(map(str, t.columns + [r[0] for r in t.rows])) for w in memory_words)]
    assert {"speedup-host", "memory-ml-dsa-host", "benchmark-m4", "anchors-ml-dsa-m4"} <= \
        {t.name for t in shown}
    for t in shown:
        assert ACCOUNTING in render.markdown(t), t.name
        assert ACCOUNTING in render.csv_text(t), t.name
        assert render.tex_escape(ACCOUNTING) in render.latex(t), t.name


def test_timing_table_refuses_noisy_ratio(tmp_path):
    noisy = [1.0, 1.2, 0.9, 1.1, 1.05, 0.95, 1.15, 1.0, 0.98, 1.3]
    clear = [t * 0.5 for t in noisy]
    floor = "ML-DSA-44/memory-floor"
    t = tables_of(tmp_path, point(REF, 8000, 60000, times=noisy) +
                  point(BAL, 4000, 6000, times=[t * 0.9 for t in noisy]) +
                  point(floor, 4000, 6000, times=clear[:3]) +
                  point("ML-DSA-44/speed-ceiling", 4000, 6000, times=clear))["timing-host"]
    assert row(t, BAL, "sign")[6] == "n.s. (ranges overlap)"
    assert row(t, floor, "sign")[6] == "n.s. (3 samples)"
    assert row(t, "ML-DSA-44/speed-ceiling", "sign")[6] == 2.0
    # Keygen of the speed ceiling: disjoint time ranges, but the same instructions as the
    # reference (point() gives keygen `insn`): a time gap there is drift, not a speedup.
    t = tables_of(tmp_path / "b", point(REF, 8000, 60000, times=noisy) +
                  point(BAL, 8000, 6000, times=clear))["timing-host"]
    assert row(t, BAL, "keygen")[6] == "n.s. (same instructions)"
    assert row(t, REF, "sign")[4] == 10 and row(t, REF, "sign")[6] == "reference"


def test_timing_caption_names_sample_load_and_build(tmp_path):
    records = point(REF, 8000, 60000, times=[1.0] * 10)
    t = tables_of(tmp_path, records)["timing-host"]
    text = " ".join(t.notes)
    assert "load average during the run: not recorded" in text
    assert "build type: not recorded" in text
    assert "one sample is the mean over 1 pass of 32 keys (1 row); the mean over 1 pass of " \
        "32 messages (2 rows)" in text
    t = tables_of(tmp_path / "b", records, {"gbench_context": {
        "load_avg": [1.5, 1.75, 1.875], "num_cpus": 2, "library_build_type": "debug"}})
    text = " ".join(t["timing-host"].notes)
    assert "1.50 / 1.75 / 1.88 (1, 5, 15 min) on 2 logical CPUs" in text and "debug" in text


def test_timing_rows_show_passes_used_and_loop_overhead(tmp_path):
    units = [{"variant": REF, "op": "sign", "nonce_source": None, "passes": 40,
              "loop_overhead_share": 0.0004},
             {"variant": REF, "op": "sign", "nonce_source": "getrandom", "passes": 40,
              "loop_overhead_share": 0.5}]
    t = tables_of(tmp_path, point(REF, 8000, 60000, times=[1.0] * 10),
                  {"gbench": {"library_build_type": "debug", "loop_overhead_ns_max": 1.0,
                              "loop_overhead_share_max": 0.5, "note": "", "units": units}})
    t = t["timing-host"]
    assert row(t, REF, "sign")[5] == "0.0 %" and row(t, REF, "keygen")[5] == MISSING
    assert "the mean over enough passes of 32 messages to last 2 ms (1 row)" in " ".join(t.notes)


def test_anchors_counted_alike(tmp_path):
    from sigspace import anchors
    t = tables_of(tmp_path, point(REF, 8000, 60000, platform="m4", ws=(0, 300, 0),
                                  retained=100, load_key=50))["anchors-ml-dsa-m4"]
    ours = row(t, "ML-DSA-44", "reference")
    assert ours[3:5] == [8315, 8365] and ours[8] == 60000 + 300 + 100
    pqm4 = next(a for a in anchors.PQM4_QEMU if a.param_set == "ML-DSA-44" and "m4fstack" in a.label)
    got = row(t, "ML-DSA-44", pqm4.label)
    assert got[3] is None and got[4] == pqm4.sign_insn   # its signing includes ExpandA
    assert got[5] == got[8] == pqm4.stack["sign"] and got[7] == 0
    assert all(r[0] == "ML-DSA-44" for r in t.rows)       # only the sets of this run


def test_each_point_against_its_pqm4_counterpart_and_the_floor_against_the_ceiling(tmp_path):
    from sigspace import anchors
    sc, floor = "ML-DSA-44/speed-ceiling", "ML-DSA-44/memory-floor"
    t = tables_of(tmp_path, point(sc, 2000, 30000, platform="m4", load_key=600) +
                  point(floor, 5000, 800, platform="m4", ws=(1200, 3400, 1200), load_key=40))
    ratios, over = t["pqm4-ratios-ml-dsa-m4"], t["floor-over-ceiling-ml-dsa-m4"]
    m4f, stack = (next(a for a in anchors.PQM4_QEMU if a.param_set == "ML-DSA-44" and a.label == l)
                  for l in ("pqm4 m4f", "pqm4 m4fstack"))
    got = row(ratios, "ML-DSA-44", "speed-ceiling")
    assert got[2:6] == ["pqm4 m4f", 2915, m4f.sign_insn, round(2915 / m4f.sign_insn, 3)]
    got = row(ratios, "ML-DSA-44", "memory-floor")
    assert got[2:5] == ["pqm4 m4fstack", 5355, stack.sign_insn]
    # RAM per operation: painted stack + workspace against pqm4's painted stack.
    assert got[6:9] == [4200, stack.stack["sign"], round(4200 / stack.stack["sign"], 3)]
    assert got[9] == 2000 and got[12] == 2000
    assert row(over, "ML-DSA-44")[1:] == [5355, 2915, round(5355 / 2915, 3)]
    # Too few signing messages: refused, and no ratio drawn from it.
    t = tables_of(tmp_path / "b", point(sc, 2000, 30000, platform="m4", messages=8) +
                  point(floor, 5000, 800, platform="m4", messages=8))
    assert row(t["floor-over-ceiling-ml-dsa-m4"], "ML-DSA-44")[1:] == [
        "refused (8 msg < 64)", "refused (8 msg < 64)", None]


def _rng(source, metric, value, rep, method="gbench-hedged"):
    r = record(REF, "host", "sign", metric, value, rep, method=method)
    r["unit"] = "ns"
    return {**r, "rng_source": source} if source else r


def test_randomness_speedup_only_where_significant():
    noisy = [100e3, 130e3, 90e3, 110e3, 105e3, 95e3]
    recs = [_rng(None, "time", v, i, method="gbench") for i, v in enumerate(noisy)]
    for i, v in enumerate(noisy):
        recs += [_rng("gcrypt-very-strong", "time", v + 2000e3, i),
                 _rng("gcrypt-very-strong", "rng_time", 2000e3, i),
                 _rng("shake-drbg", "time", v, i), _rng("shake-drbg", "rng_time", 1e3 + i, i),
                 _rng("os", "time", v * 1.05, i), _rng("os", "rng_time", 2e3, i)]
    table = randomness_table.rows(recs)
    by = {r["rng_source"]: r for r in table}
    assert randomness_table.speedup(by["gcrypt-very-strong"], by["shake-drbg"]).endswith("x")
    assert randomness_table.speedup(by["shake-drbg"], by["os"]) == "n.s. (ranges overlap)"
    assert by["shake-drbg"]["rng_us_p10"] < by["shake-drbg"]["rng_us_p90"]
    assert by["shake-drbg"]["rng_share_p10"] < by["shake-drbg"]["rng_share_p90"]
    md = randomness_table.markdown("RUN", {}, table, "shake-drbg")
    assert "Google Benchmark library build type: not recorded" in md


def test_baselines_judge_our_reference_against_the_official_one(tmp_path):
    from sigspace import anchors
    clean = next(a for a in anchors.PQM4_QEMU if a.param_set == "ML-DSA-44" and a.label == "pqm4 clean")
    within = int(clean.keygen_insn * 1.09)          # keygen and verify 9 % over: within 10 %
    t = tables_of(tmp_path, point(REF, within, 30000, platform="m4", retained=2560,
                                  load_key=clean.sign_insn))["baselines-m4"]
    keygen, sign = row(t, "ML-DSA-44", "keygen"), row(t, "ML-DSA-44", "sign")
    assert keygen[3:7] == [clean.keygen_insn, within, round(within / clean.keygen_insn, 3), "yes"]
    # Signing is load_key + sign (the official crypto_sign decodes the key), median of 64.
    assert sign[4] == clean.sign_insn + within + 315 and sign[6] == "no (> 1.10)"
    # RAM is stack + workspace; the reference's retained copy of the key is not added.
    assert keygen[8] == 30000 and keygen[10] == "yes"
    assert sign[8] == 30000 and sign[9] == round(30000 / clean.stack["sign"], 3)
    # Too few signing messages: the sign cell is refused, not judged.
    t = tables_of(tmp_path / "b", point(REF, within, 30000, messages=8, platform="m4"))
    assert row(t["baselines-m4"], "ML-DSA-44", "sign")[4:7] == [
        "refused (8 msg < 64)", None, MISSING]


def test_randomness_table_writes_from_a_committed_run(tmp_path):
    # write() names what a sample is through the timing table's helper; its signature changed
    # under it once (the passes a unit used) and only the command caught it.
    import shutil
    from conftest import ROOT
    run = tmp_path / "run"
    shutil.copytree(ROOT / "results" / "20261129T224038Z-c43569927a", run)
    md, cs = randomness_table.write(run, tmp_path / "out")
    assert "one sample is the mean over 1 pass of 32 messages" in md.read_text()
    assert cs.read_text().startswith("run,")


def test_a_contrast_makes_the_price_table_not_an_ablation_row(tmp_path):
    sc = "LESS-1s/speed-ceiling"
    t = tables_of(tmp_path, point(sc, 6000, 5000) + point(f"{sc}~constant-time", 4000, 5000) +
                  point(f"{sc}~two-pass-cf", 6600, 4900))
    assert {r[1] for r in t["ablation"].rows} == {"two-pass-cf"}
    price = t["price-of-constant-time"]
    sign = row(price, sc, "constant-time", "host", "sign", "instructions/callgrind")
    assert sign[5:] == [6315, 4315, f"{6315 / 4315:.3f}x"]   # medians over 64 messages
    assert row(price, sc, "constant-time", "host", "sign", "stack/paint")[7] == "1.000x"


def test_an_ablation_measured_on_fewer_messages_is_compared_on_the_ones_both_signed(tmp_path):
    # The paper config signs 3 messages with a point and 1 with its ablations: the table must
    # compare message 0 with message 0, not the point's median with the ablation's one message.
    sc = "LESS-1s/speed-ceiling"
    t = tables_of(tmp_path, point(sc, 6000, 5000, messages=3) +
                  point(f"{sc}~two-pass-cf", 6600, 4900, messages=1))
    sign = row(t["ablation"], sc, "two-pass-cf", "host", "sign", "instructions/callgrind")
    assert sign[5:] == [6000, 6600, "+10.00 %"]   # the point's median over 3 would be 6010


def test_a_reference_too_big_for_the_part_is_counted_on_its_whole_ram_image(tmp_path):
    # LESS-5b's reference does not fit 640 KB: the run holds its counts on m4-4mb, and the m4
    # speedup table divides by them, saying so; the coverage of m4 itself is unchanged.
    ref, bal = "LESS-5b/reference", "LESS-5b/balanced"
    no_fit = [record(ref, "m4", "all", "fits", False, method="paint"),
              record(ref, "m4", "all", "ram", 929_348, method="paint")]
    records = [{**r, "scheme": "LESS"} for r in
               point(ref, 180_000, 830_000, messages=3, platform="m4-4mb") + no_fit +
               point(bal, 30_000, 170_000, messages=3, platform="m4")]
    t = tables_of(tmp_path, records)["speedup-m4"]
    assert row(t, "LESS-5b", "balanced")[3] == round(180_010 / 30_010, 2)
    assert row(t, "LESS-5b", "reference")[9] == "no (929,348 B)"
    assert any("whole RAM (m4-4mb in the records): LESS-5b/reference" in n for n in t.notes)
