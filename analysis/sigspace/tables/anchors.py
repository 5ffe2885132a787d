"""Published anchors beside our points, counted the same way: per operation RAM = stack +
workspace, retained state its own column, signing RAM = sign stack + sign workspace + retained.
An anchor sits only on the core it was measured on (pqm4 under QEMU mps2-an386 = m4; the
seed's Cortex-M33 figures = m33). Signing cost says whether load_key is inside it: pqm4's
crypto_sign decodes the key and expands A on every call, so it compares with load_key + sign."""
from __future__ import annotations

from .. import anchors
from . import MISSING, Table
from .common import (descriptor, insn_method, min_messages_note, op_ram, points, sign_cost,
                     signing_ram)

SCHEME = "ML-DSA"
HOME = {anchors.PQM4: "m4", anchors.SEED: "m33"}   # where each source was measured


def _ours(view, v, platform, method):
    ident = view.identity(v)
    costs = [sign_cost(view, v, platform, method, hoist) for hoist in (False, True)]
    costs = [round(c["median"]) if isinstance(c, dict) else c for c in costs]
    return [ident["param_set"], ident["op_point"], "this run", *costs,
            view.figure(v, platform, "sign", "stack"), descriptor(view, v, "sign", "workspace"),
            descriptor(view, v, "sign", "retained_state"), signing_ram(view, v, platform),
            op_ram(view, v, platform, "keygen"), op_ram(view, v, platform, "verify")]


def _anchor(a):
    ram = {op: a.stack[op] + (a.workspace if op == "sign" else 0) for op in a.stack}
    return [a.param_set, a.label, "published", None, a.sign_insn, a.stack["sign"], a.workspace,
            a.retained, a.sign_ram(), ram["keygen"], ram["verify"]]


def build(view) -> list[Table]:
    tables = []
    for source, platform in HOME.items():
        ours = [v for v in points(view, SCHEME) if view.stats(v, platform, "sign", "stack")]
        if not ours:
            continue
        sets = {view.identity(v)["param_set"] for v in ours}
        method = insn_method(view, platform)
        rows = [_ours(view, v, platform, method) for v in ours]
        rows += [_anchor(a) for a in anchors.for_plot(SCHEME, platform)
                 if a.source == source and a.param_set in sets]
        rows.sort(key=lambda r: r[0])   # stable: each set's points, then its anchors
        tables.append(Table(
            name=f"anchors-{SCHEME.lower()}-{platform}",
            title=f"{SCHEME} beside published figures, counted alike ({platform})",
            columns=["set", "implementation", "figures", "sign insn median",
                     "load_key + sign insn median", "sign stack", "sign workspace",
                     "retained state", "signing RAM", "keygen RAM", "verify RAM"],
            rows=rows, run=view.id, accounting=True,
            methods=([f"instructions/{method}"] if method else []) +
            ["stack/paint", "workspace/descriptor", "retained_state/descriptor",
             f"published: {source}"],
            notes=[f"Published rows are not measured in this run ({source}).",
                   "pqm4 keeps keys, message and signature in globals and has no caller "
                   "workspace: its RAM is its painted stack with nothing retained; its packed "
                   "secret key (the caller's buffer, as ours) is left out. Its signing re-decodes "
                   "the key and expands A on every call, so its cost sits in the load_key + sign "
                   f"column ({MISSING} in 'sign insn median').",
                   "Seed rows (Cortex-M33, Rust, written-stack watermarks) give no instruction "
                   "counts; their retained key and external signing workspace are as published.",
                   min_messages_note(view)]))
    return tables
