"""Table (a), the LESS paper's layout: per parameter set and operating point, the speedup
against the reference from instruction counts (keygen, signing median with and without
load_key, verify), signing RAM and its reduction against the reference's signing RAM, and
whether the point fits the 640 KB Cortex-M4 part. One table per platform (its own counter)."""
from __future__ import annotations

from . import MISSING, Table
from .common import (FIT_PLATFORM, fits, insn_method, measured_platforms, min_messages_note,
                     points, ratio, reference_of, sign_cost, signing_ram, stand_in_notes)


def _median(cost):
    return cost["median"] if isinstance(cost, dict) else cost


def _row(view, variant, platform, method):
    ident = view.identity(variant)
    ref = reference_of(variant)

    def op_ratio(op):
        return ratio(view.figure(ref, platform, op, "instructions", method),
                     view.figure(variant, platform, op, "instructions", method))

    sign = [ratio(_median(sign_cost(view, ref, platform, method, hoist)),
                  _median(sign_cost(view, variant, platform, method, hoist)))
            for hoist in (False, True)]
    stats = view.stats(variant, platform, "sign", "instructions", method)
    ram, ref_ram = signing_ram(view, variant, platform), signing_ram(view, ref, platform)
    cut = f"{(1 - ram / ref_ram) * 100:.0f} %" if ram is not None and ref_ram else None
    return [ident["param_set"], ident["op_point"], op_ratio("keygen"), *sign,
            stats["n"] if stats else None, op_ratio("verify"), ram, cut, fits(view, variant)]


def build(view) -> list[Table]:
    tables = []
    for platform in measured_platforms(view):
        method = insn_method(view, platform)
        rows = [_row(view, v, platform, method) for v in points(view)]
        notes = [f"Speedup = reference / this point, instructions by {method} (deterministic; "
                 "no ratio here is taken from times: see the timing table). Sign: median over "
                 "the signed messages (the same messages for every point); 'sign ×' is the "
                 "signature alone, 'load_key + sign ×' adds the one-off load_key of the key "
                 "(the speed ceiling hoists ExpandA into load_key, so the two differ there)."
                 if method else "No instruction counts on this platform in this run.",
                 min_messages_note(view),
                 "Signing RAM = sign stack + sign workspace + retained state; reduction against "
                 "the reference's signing RAM.",
                 f"Fits 640 KB: the {FIT_PLATFORM} board's `fits` record (static data, buffers "
                 "and deepest stack within 640 KB), with the bytes needed when it does not; "
                 f"{MISSING} where this run has no {FIT_PLATFORM} record.",
                 f"{MISSING} elsewhere: the run has no figure for that cell (see the coverage "
                 "table).", *stand_in_notes(view, platform)]
        tables.append(Table(
            name=f"speedup-{platform}",
            title=f"Speedup against the reference (instructions) and signing RAM ({platform})",
            columns=["set", "point", "keygen ×", "sign ×", "load_key + sign ×", "sign msgs",
                     "verify ×", "signing RAM (B)", "signing RAM cut", "fits 640 KB"],
            rows=rows, run=view.id, notes=notes, accounting=True,
            methods=([f"instructions/{method}"] if method else []) +
            ["stack/paint", "workspace/descriptor", "retained_state/descriptor", "fits/paint"]))
    return tables
