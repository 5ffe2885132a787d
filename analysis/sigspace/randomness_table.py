"""The table of what randomness costs a signature (ARCHITECTURE.md, Randomness), in the layout
of shared/seeds/003: per variant, hedged signing time with the nonce drawn at libgcrypt's
VERY_STRONG level ("before") and from the policy's fast source ("after"), and the speedup where
it stands clear of the dispersion; then every source measured, with the draw's own time and its
share of signing, each with p10-p90 over the repetitions. Reads only a run directory's records
(gbench-hedged, plus gbench sign as the fixed-rnd baseline). A timing table: see timing.py."""
from __future__ import annotations

import csv
import io
from pathlib import Path

from . import results
from .runview import RunView
from .tables.coverage import campaign_of
from .tables.timing import MIN_SAMPLES, context_note, sample_text, significant, timing_unit

BEFORE = "gcrypt-very-strong"
BASELINE = "fixed rnd"  # the deterministic gbench sign of the same run: no draw at all
COLUMNS = ("run", "param_set", "variant", "rng_source", "sign_us_median", "sign_us_p10",
           "sign_us_p90", "rng_us_median", "rng_us_p10", "rng_us_p90", "rng_share",
           "rng_share_p10", "rng_share_p90", "repetitions")


class TableError(Exception):
    pass


def _spread(values: list[float], scale: float = 1.0) -> tuple[float, float, float]:
    return tuple(results.percentile(values, q) * scale for q in (0.5, 0.1, 0.9))


def rows(records: list[dict]) -> list[dict]:
    """One row per (variant, source): median, p10 and p90 over repetitions, in microseconds; the
    draw's share is taken per repetition (the draw and the signature of the same repetition)."""
    groups: dict[tuple, dict[int, float]] = {}
    for r in records:
        if r["op"] == "sign" and r["platform"] == "host" and \
                r["method"] in ("gbench", "gbench-hedged"):
            key = (r["variant"], r["method"], r.get("rng_source"), r["metric"])
            groups.setdefault(key, {})[r["rep"]] = r["value"]
    out = []
    for (variant, method, source, metric), signs in groups.items():
        if metric != "time":
            continue
        draws = groups.get((variant, method, source, "rng_time"), {})
        shares = [draws.get(rep, 0.0) / t for rep, t in signs.items()]
        sign = _spread(list(signs.values()), 1e-3)
        rng = _spread(list(draws.values()), 1e-3) if draws else (0.0, 0.0, 0.0)
        share = _spread(shares)
        out.append({"param_set": variant.split("/")[0], "variant": variant,
                    "rng_source": source if method == "gbench-hedged" else BASELINE,
                    "sign_us_median": sign[0], "sign_us_p10": sign[1], "sign_us_p90": sign[2],
                    "rng_us_median": rng[0], "rng_us_p10": rng[1], "rng_us_p90": rng[2],
                    "rng_share": share[0], "rng_share_p10": share[1], "rng_share_p90": share[2],
                    "repetitions": len(signs)})
    if not any(r["rng_source"] != BASELINE for r in out):
        raise TableError("the run has no gbench-hedged signing records (configs/randomness.toml)")
    return sorted(out, key=lambda r: (r["variant"], r["sign_us_median"]))


def _stats(row: dict) -> dict:
    return {"n": row["repetitions"], "median": row["sign_us_median"],
            "p10": row["sign_us_p10"], "p90": row["sign_us_p90"]}


def speedup(before: dict, after: dict):
    """before / after signing median, or why it is not significant (timing.significant)."""
    return significant(_stats(before), _stats(after)) or \
        f"{before['sign_us_median'] / after['sign_us_median']:.2f}x"


def markdown(run: str, manifest: dict, table: list[dict], after: str,
             sample: str = "the mean over the derived messages of one repetition") -> str:
    view = RunView(Path("."), manifest, [])
    cpu = view.manifest_field(("platforms", "host", "cpu", "model")) or "not recorded"
    gcrypt = view.manifest_field(("platforms", "host", "tools", "libgcrypt")) or "not recorded"
    by = {(r["variant"], r["rng_source"]): r for r in table}
    lines = [f"# What randomness costs a signature (run {run})", "",
             f"Host: {cpu}; libgcrypt {gcrypt}. A timing table: hedged signing, µs per "
             "operation, median and p10-p90 over the repetitions (samples); one sample is "
             f"{sample}. The nonce (ML-DSA rnd, LESS salt) drawn at {BEFORE} (before) or from "
             f"{after} (after). {context_note(view)}", "",
             "| variant | before (p10-p90) | after (p10-p90) | samples | speedup |",
             "|---|---:|---:|---:|---:|"]
    for v in dict.fromkeys(r["variant"] for r in table):
        b, a = by.get((v, BEFORE)), by.get((v, after))
        if b and a:
            lines.append(f"| {v} | {_cell(b, 'sign_us')} | {_cell(a, 'sign_us')} | "
                         f"{min(b['repetitions'], a['repetitions'])} | {speedup(b, a)} |")
    lines += ["", f"Speedup printed only with at least {MIN_SAMPLES} samples on both sides and "
              "p10-p90 ranges "
              "that do not overlap; otherwise n.s. (not significant).", "",
              "Every source: the draw alone, measured inside the hedged signatures, and its share "
              "of each signature (per repetition). Signing times of different rows differ by "
              "noise as well as by the draw: read the draw's cost from the draw columns.", "",
              "| variant | source | sign µs (p10-p90) | draw µs (p10-p90) | draw share (p10-p90) "
              "| samples |", "|---|---|---:|---:|---:|---:|"]
    for r in table:
        share = (f"{100 * r['rng_share']:.2f}% ({100 * r['rng_share_p10']:.2f}-"
                 f"{100 * r['rng_share_p90']:.2f}%)")
        lines.append(f"| {r['variant']} | {r['rng_source']} | {_cell(r, 'sign_us')} | "
                     f"{_cell(r, 'rng_us', 3)} | {share} | {r['repetitions']} |")
    return "\n".join(lines) + "\n"


def _cell(row: dict, prefix: str, places: int = 2) -> str:
    return (f"{row[prefix + '_median']:.{places}f} ({row[prefix + '_p10']:.{places}f}-"
            f"{row[prefix + '_p90']:.{places}f})")


def csv_text(run: str, table: list[dict]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    w.writeheader()
    for r in table:
        w.writerow({"run": run, **{k: (f"{v:.4f}" if isinstance(v, float) else v)
                                   for k, v in r.items()}})
    return buf.getvalue()


def write(run_dir: str | Path, out_dir: str | Path | None = None,
          after: str = "shake-drbg") -> tuple[Path, Path]:
    """Writes randomness.md and randomness.csv (default: RUN/tables/); returns their paths."""
    run_dir = Path(run_dir)
    manifest, records = results.read_run(run_dir)
    table = rows(records)
    if not any(r["rng_source"] == after for r in table):
        raise TableError(f"the run has no hedged signing with source '{after}'")
    view = RunView(run_dir, manifest, records)
    first = table[0]["variant"]
    sample = sample_text(campaign_of(view), first, "sign", timing_unit(view, first, "sign"))
    out = Path(out_dir) if out_dir else run_dir / "tables"
    out.mkdir(parents=True, exist_ok=True)
    md, cs = out / "randomness.md", out / "randomness.csv"
    results.atomic_write(md, markdown(manifest["run"], manifest, table, after, sample))
    results.atomic_write(cs, csv_text(manifest["run"], table))
    return md, cs
