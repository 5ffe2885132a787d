"""The timing table (host only): wall-clock time per operation as a distribution over the
benchmark's repetitions, median and p10-p90, with what one sample is, the machine's load and
the benchmark library's build type. A time ratio against the reference is printed only where
the difference stands clear of the dispersion; every other ratio in the tables is from
instruction counts."""
from __future__ import annotations

from . import MISSING, Table
from .common import points, reference_of
from .coverage import campaign_of

OPS = ("keygen", "load_key", "sign", "verify")
MIN_SAMPLES = 5     # fewer repetitions give no p10-p90 worth the name: no ratio
NOT_RECORDED = "not recorded"
# Where the manifest records the timing context (the first path holding a value wins).
LOAD_PATHS = (("platforms", "host", "load_avg"), ("gbench_context", "load_avg"))
BUILD_PATHS = (("platforms", "host", "probe", "build", "benchmark_library_build_type"),
               ("gbench_context", "library_build_type"))


def significant(ref: dict, own: dict) -> str | None:
    """Why a time ratio is not significant (None when it is): too few samples, or the p10-p90
    ranges of the two overlap (the difference is smaller than the dispersion)."""
    if min(ref["n"], own["n"]) < MIN_SAMPLES:
        return f"n.s. ({min(ref['n'], own['n'])} samples)"
    if own["p90"] >= ref["p10"] and ref["p90"] >= own["p10"]:
        return "n.s. (ranges overlap)"
    return None


def time_ratio(view, variant, op):
    """Reference median / this median where significant. Equal instruction counts (the same
    work: e.g. a point running the reference's keygen) make any time gap drift of the machine,
    so no ratio is printed for them either."""
    if variant == reference_of(variant):
        return "reference"
    ref = view.stats(reference_of(variant), "host", op, "time", "gbench")
    own = view.stats(variant, "host", op, "time", "gbench")
    if ref is None or own is None:
        return None
    insn = [view.figure(v, "host", op, "instructions") for v in (reference_of(variant), variant)]
    if insn[0] is not None and insn[0] == insn[1]:
        return "n.s. (same instructions)"
    return significant(ref, own) or round(ref["median"] / own["median"], 2)


def spread(s: dict) -> str:
    if s["n"] < 2:
        return f"{MISSING} ({s['n']} sample)"
    return f"{s['p10'] / 1e3:,.2f}–{s['p90'] / 1e3:,.2f}"


def timing_unit(view, variant, op) -> dict:
    """What the manifest records of a timing unit: the passes sigspace-bench used and the share
    of the time that gbench's loop itself takes ({} in runs before it was recorded)."""
    for u in view.manifest_field(("gbench", "units")) or []:
        if (u["variant"], u["op"], u.get("nonce_source")) == (variant, op, None):
            return u
    return {}


def sample_text(campaign, variant, op, unit: dict | None = None) -> str:
    """What one sample is: the passes the unit used (the manifest; the config's floor in older
    runs) over the config's inputs."""
    if campaign is None or variant not in campaign.variants or "time" not in campaign.metrics:
        return f"the mean over the inputs of one repetition ({NOT_RECORDED} how many)"
    settings = campaign.settings(variant, "time")
    kind = "keys" if op in ("keygen", "load_key") else "messages"
    if unit and unit.get("passes"):
        return f"the mean over enough passes of {settings.get(kind)} {kind} to last 2 ms"
    passes = settings.get("passes", 1)
    return (f"the mean over {passes} pass{'es' if passes != 1 else ''} of "
            f"{settings.get(kind)} {kind}")


def loop_share(unit: dict):
    share = unit.get("loop_overhead_share")
    return MISSING if share is None else f"{100 * share:.1f} %"


def context_note(view) -> str:
    load = view.manifest_field(*LOAD_PATHS)
    cpus = view.manifest_field(("gbench_context", "num_cpus"),
                               ("platforms", "host", "cpu", "logical_cpus"))
    load_text = (" / ".join(f"{x:.2f}" for x in load) + " (1, 5, 15 min)"
                 if isinstance(load, list) else str(load or NOT_RECORDED))
    build = view.manifest_field(*BUILD_PATHS) or NOT_RECORDED
    return (f"Machine load average during the run: {load_text} on {cpus or NOT_RECORDED} "
            f"logical CPUs; Google Benchmark library build type: {build}.")


def build(view) -> list[Table]:
    if not any(r["metric"] == "time" and r["method"] == "gbench" for r in view.records):
        return []
    campaign = campaign_of(view)
    rows, samples = [], {}
    for v in points(view):
        for op in OPS:
            s = view.stats(v, "host", op, "time", "gbench")
            if s is None:
                continue
            unit = timing_unit(view, v, op)
            samples.setdefault(sample_text(campaign, v, op, unit), []).append(f"{v} {op}")
            rows.append([v, op, round(s["median"] / 1e3, 2), spread(s), s["n"], loop_share(unit),
                         time_ratio(view, v, op)])
    what = "; ".join(f"{k} ({len(v)} row{'s' if len(v) != 1 else ''})"
                     for k, v in samples.items())
    return [Table(
        name="timing-host", title="Wall-clock time per operation (host, a timing table)",
        columns=["variant", "op", "median (µs)", "p10–p90 (µs)", "samples", "loop overhead",
                 "× reference (time)"],
        rows=rows, run=view.id, methods=["time/gbench"],
        notes=["Median and p10-p90 over the samples (benchmark repetitions); one sample is "
               f"{what}. This is not a median over messages.",
               context_note(view),
               "Loop overhead: gbench's loop timed without the operation (one call and an index "
               "step) over this row's fastest repetition; above 1 % only for operations of a few "
               "nanoseconds (a key load that copies a seed), whose time is mostly that loop.",
               f"× reference: reference median / this median, printed only with at least "
               f"{MIN_SAMPLES} samples on both sides, p10-p90 ranges that do not overlap and "
               "different instruction counts (callgrind); otherwise 'n.s.' (not significant). "
               "The speedup tables take their ratios from instruction counts.",
               f"{MISSING}: no time figure for the reference in this run."])]
