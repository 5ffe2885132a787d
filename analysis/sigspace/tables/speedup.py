"""Table (a), the LESS paper's layout: per parameter set and operating point, speedup against
the reference for keygen, sign and verify, peak stack and its reduction, and whether the point
fits the 640 KB Cortex-M4 part. One table per platform (its own speed method)."""
from __future__ import annotations

from . import MISSING, Table
from .common import (FIT_PLATFORM, OPS, fits, measured_platforms, peak_stack, points,
                      reference_of, speed_metric)


def _ratio(view, variant, platform, op, metric, method):
    ref = view.figure(reference_of(variant), platform, op, metric, method)
    own = view.figure(variant, platform, op, metric, method)
    return round(ref / own, 2) if ref and own else None


def _row(view, variant, platform, speed):
    ident = view.identity(variant)
    ratios = [_ratio(view, variant, platform, op, *speed) if speed else None for op in OPS]
    peak = peak_stack(view, variant, platform)
    ref_peak = peak_stack(view, reference_of(variant), platform)
    reduction = f"{(1 - peak / ref_peak) * 100:.0f} %" if peak and ref_peak else None
    return [ident["param_set"], ident["op_point"], *ratios, peak, reduction, fits(view, variant)]


def build(view) -> list[Table]:
    tables = []
    for platform in measured_platforms(view):
        speed = speed_metric(view, platform)
        rows = [_row(view, v, platform, speed) for v in points(view)]
        methods = ([f"{speed[0]}/{speed[1]}"] if speed else []) + ["stack/paint"]
        notes = [f"Speedup = reference figure / this point's figure ({speed[0]} by {speed[1]}, "
                 "median over inputs; the same inputs for every point)." if speed else
                 "No speed figures on this platform in this run.",
                 "Peak stack: the largest painted stack of keygen, sign and verify; reduction "
                 "against the reference's peak.",
                 f"Fits 640 KB: the {FIT_PLATFORM} board's `fits` record (static data, buffers "
                 "and deepest stack within 640 KB), with the bytes needed when it does not; "
                 f"{MISSING} where this run has no {FIT_PLATFORM} record.",
                 f"{MISSING} elsewhere: the run has no figure for that cell (see the coverage "
                 "table)."]
        if any(fits(view, v) is not None for v in points(view)):
            methods.append("fits/paint")
        tables.append(Table(
            name=f"speedup-{platform}",
            title=f"Speedup against the reference and peak stack ({platform})",
            columns=["set", "point", "keygen ×", "sign ×", "verify ×", "peak stack (B)",
                     "stack reduction", "fits 640 KB"],
            rows=rows, run=view.id, methods=methods, notes=notes))
    return tables
