"""The table of what randomness costs a signature (ARCHITECTURE.md, Randomness), in the layout
of shared/seeds/003: per variant, hedged signing time with the nonce drawn at libgcrypt's
VERY_STRONG level ("before") and from the policy's fast source ("after"), and the speedup;
then every source measured, with the draw's own time and its share of signing. Reads only a
run directory's records (gbench-hedged, plus gbench sign as the fixed-rnd baseline)."""
from __future__ import annotations

import csv
import io
from pathlib import Path

from . import results

BEFORE = "gcrypt-very-strong"
BASELINE = "fixed rnd"  # the deterministic gbench sign of the same run: no draw at all
COLUMNS = ("run", "param_set", "variant", "rng_source", "sign_us_median", "sign_us_p10",
           "sign_us_p90", "rng_us_median", "rng_share", "repetitions")


class TableError(Exception):
    pass


def rows(records: list[dict]) -> list[dict]:
    """One row per (variant, source): medians over repetitions, in microseconds."""
    stats = results.summarize(r for r in records if r["op"] == "sign" and r["platform"] == "host")
    out = []
    for key, s in stats.items():
        variant, _, _, metric, method = key[:5]
        if metric != "time" or method not in ("gbench", "gbench-hedged"):
            continue
        source = key[5] if method == "gbench-hedged" else BASELINE
        rng = stats.get((variant, "host", "sign", "rng_time", method) + key[5:])
        rng_us = rng["median"] / 1e3 if rng else 0.0
        out.append({"param_set": variant.split("/")[0], "variant": variant, "rng_source": source,
                    "sign_us_median": s["median"] / 1e3, "sign_us_p10": s["p10"] / 1e3,
                    "sign_us_p90": s["p90"] / 1e3, "rng_us_median": rng_us,
                    "rng_share": rng_us / (s["median"] / 1e3), "repetitions": s["n"]})
    if not any(r["rng_source"] != BASELINE for r in out):
        raise TableError("the run has no gbench-hedged signing records (configs/randomness.toml)")
    return sorted(out, key=lambda r: (r["variant"], r["sign_us_median"]))


def _summary(table: list[dict], after: str) -> list[tuple[str, float, float]]:
    by = {(r["variant"], r["rng_source"]): r for r in table}
    return [(v, by[(v, BEFORE)]["sign_us_median"], by[(v, after)]["sign_us_median"])
            for v in dict.fromkeys(r["variant"] for r in table)
            if (v, BEFORE) in by and (v, after) in by]


def markdown(run: str, manifest: dict, table: list[dict], after: str) -> str:
    cpu = manifest.get("platforms", {}).get("host", {}).get("cpu", {}).get("model", "unknown")
    gcrypt = manifest.get("platforms", {}).get("host", {}).get("tools", {}).get("libgcrypt", "?")
    lines = [f"# What randomness costs a signature (run {run})", "",
             f"Host: {cpu}; libgcrypt {gcrypt}. Hedged signing, µs per operation (median over "
             "repetitions of the mean over the derived messages); the nonce (ML-DSA rnd, LESS "
             f"salt) drawn at {BEFORE} (before) or from {after} (after).", "",
             "| variant | before | after | speedup |", "|---|---:|---:|---:|"]
    for v, before, aft in _summary(table, after):
        lines.append(f"| {v} | {before:.2f} | {aft:.2f} | {before / aft:.2f}x |")
    lines += ["", "Every source: signing time (p10-p90), the draw alone, and its share of signing.",
              "", "| variant | source | sign µs | p10-p90 | draw µs | draw share |",
              "|---|---|---:|---:|---:|---:|"]
    for r in table:
        lines.append(f"| {r['variant']} | {r['rng_source']} | {r['sign_us_median']:.2f} | "
                     f"{r['sign_us_p10']:.2f}-{r['sign_us_p90']:.2f} | {r['rng_us_median']:.3f} | "
                     f"{100 * r['rng_share']:.2f}% |")
    return "\n".join(lines) + "\n"


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
    out = Path(out_dir) if out_dir else run_dir / "tables"
    out.mkdir(parents=True, exist_ok=True)
    md, cs = out / "randomness.md", out / "randomness.csv"
    results.atomic_write(md, markdown(manifest["run"], manifest, table, after))
    results.atomic_write(cs, csv_text(manifest["run"], table))
    return md, cs
