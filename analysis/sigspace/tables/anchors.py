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


# Our point beside the pqm4 implementation it answers (issue 20): the fastest against m4f, the
# least RAM against m4fstack, the reference against clean.
COUNTERPART = {"speed-ceiling": "pqm4 m4f", "memory-floor": "pqm4 m4fstack",
               "reference": "pqm4 clean"}
FLOOR, CEILING = "memory-floor", "speed-ceiling"


def _ratio(ours, theirs):
    ok = isinstance(ours, (int, float)) and isinstance(theirs, (int, float)) and theirs
    return round(ours / theirs, 3) if ok else None


def _cost(view, v, platform, method):
    c = sign_cost(view, v, platform, method, True)
    return round(c["median"]) if isinstance(c, dict) else c


def _ratio_tables(view, ours, platform, method) -> list[Table]:
    """Each point against its pqm4 counterpart, and the memory floor against the speed ceiling:
    load_key + sign medians and per-operation RAM (stack + workspace), ratios of instruction
    counts and bytes."""
    by_set = {}
    for v in ours:
        ident = view.identity(v)
        by_set.setdefault(ident["param_set"], {})[ident["op_point"]] = v
    published = {(a.param_set, a.label): a for a in anchors.for_plot(SCHEME, platform)
                 if a.source == anchors.PQM4}
    rows, floor_rows = [], []
    for param_set, points_ in sorted(by_set.items()):
        for point, v in points_.items():
            a = published.get((param_set, COUNTERPART.get(point)))
            if a is None:
                continue
            cost = _cost(view, v, platform, method)
            row = [param_set, point, a.label, cost, a.sign_insn, _ratio(cost, a.sign_insn)]
            for op in ("sign", "keygen", "verify"):
                ram = op_ram(view, v, platform, op)
                row += [ram, a.stack[op], _ratio(ram, a.stack[op])]
            rows.append(row)
        if FLOOR in points_ and CEILING in points_:
            f, c = (_cost(view, points_[p], platform, method) for p in (FLOOR, CEILING))
            floor_rows.append([param_set, f, c, _ratio(f, c)])
    methods = ([f"instructions/{method}"] if method else []) + [
        "stack/paint", "workspace/descriptor", f"published: {anchors.PQM4}"]
    tables = []
    if rows:
        ram_cols = [f"{op} RAM {who}" for op in ("sign", "keygen", "verify")
                    for who in ("ours", "pqm4", "ratio")]
        tables.append(Table(
            name=f"pqm4-ratios-{SCHEME.lower()}-{platform}",
            title=f"{SCHEME}: each point against its pqm4 counterpart, counted alike ({platform})",
            columns=["set", "our point", "pqm4 (published)", "load_key + sign insn median ours",
                     "pqm4", "ratio", *ram_cols],
            rows=rows, run=view.id, accounting=True, methods=methods,
            notes=["Ratios are ours / pqm4: below 1, ours is fewer instructions or fewer bytes. "
                   "Instructions: our load_key + sign median over the run's messages against "
                   "pqm4's published median over 1000 (its signing decodes the key and expands A "
                   "on every call). RAM: our painted stack + workspace against pqm4's painted "
                   "stack; neither counts the retained key, the message or the signature.",
                   min_messages_note(view)]))
    if floor_rows:
        tables.append(Table(
            name=f"floor-over-ceiling-{SCHEME.lower()}-{platform}",
            title=f"{SCHEME}: what the memory floor's RAM costs in signing instructions ({platform})",
            columns=["set", "memory floor load_key + sign insn median",
                     "speed ceiling load_key + sign insn median", "ratio"],
            rows=floor_rows, run=view.id, methods=methods[:1],
            notes=["Both medians over the same messages of this run; the ratio is floor / ceiling.",
                   min_messages_note(view)]))
    return tables


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
        if source == anchors.PQM4:
            tables += _ratio_tables(view, ours, platform, method)
    return tables
