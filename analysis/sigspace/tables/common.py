"""What the table builders share: which variants are operating points (not ablations), their
order, the deterministic speed figure of a platform, signing cost as a distribution with its
message minimum, and the one memory accounting every table states."""
from __future__ import annotations

import functools

from ..vocabulary import WHOLE_RAM

OPS = ("keygen", "sign", "verify")
FIT_PLATFORM = "m4"          # the 640 KB part the LESS paper's "fits" column is about
FIT_BYTES = 640 * 1024

# Ratios in tables come from deterministic figures only: instruction counts (callgrind on the
# host, the QEMU counting plugin on boards). Times get their own table (timing.py).
INSN_METHODS = ("callgrind", "qemu-icount")

# Signing cost is a distribution over messages. A signing-cost cell needs this many messages of
# its scheme (ML-DSA: rejection sampling makes signing heavy-tailed, ANCHORS.md); schemes not
# listed have no rejection loop and take what was measured (the count is shown).
MIN_SIGN_MESSAGES = {"ML-DSA": 64}

ACCOUNTING = ("Memory accounting (every table): per operation, RAM = painted stack + the "
              "descriptor's workspace; retained state (the signing key a device keeps between "
              "signatures) is its own figure; signing RAM = sign stack + sign workspace + "
              "retained state. Keys, messages and signatures are the caller's buffers and are "
              "not counted (pqm4's convention).")


def is_ablation(variant: str) -> bool:
    return "~" in variant


@functools.lru_cache(maxsize=None)
def point_order() -> tuple[str, ...]:
    """Operating points in the order the schemes list them (variants/<scheme>/points.hpp), so a
    newly registered point has its place in every table without an edit here."""
    from .. import registry
    return tuple(dict.fromkeys(registry.variant(v).info["op_point"] for v in registry.variants()))


def points(view, scheme: str | None = None) -> list[str]:
    """Operating points of the run (ablations excluded), by scheme, set, then point order."""
    def key(v):
        ident = view.identity(v)
        order = point_order()
        rank = order.index(ident["op_point"]) if ident["op_point"] in order else len(order)
        return ident["scheme"], ident["param_set"], rank, ident["op_point"]
    chosen = [v for v in view.variants() if not is_ablation(v)
              and (scheme is None or view.identity(v)["scheme"] == scheme)]
    return sorted(chosen, key=key)


def schemes(view) -> list[str]:
    return list(dict.fromkeys(view.identity(v)["scheme"] for v in points(view)))


def reference_of(variant: str) -> str:
    return variant.split("/")[0] + "/reference"


def insn_method(view, platform: str) -> str | None:
    """The instruction-count method of a platform in this run (never time)."""
    have = {r["method"] for r in view.records
            if r["platform"] == platform and r["metric"] == "instructions"}
    return next((m for m in INSN_METHODS if m in have), None)


def min_messages(scheme: str) -> int:
    return MIN_SIGN_MESSAGES.get(scheme, 1)


def min_messages_note(view) -> str:
    need = ", ".join(f"{s} {min_messages(s)}" for s in schemes(view))
    return (f"Signing cells need at least this many signed messages per point ({need}); a cell "
            "measured over fewer is shown as refused with its count, never as a figure.")


def sign_cost(view, variant, platform, method, with_load_key=False):
    """Signing instructions over the run's messages as {'n', 'median', 'p90'}, a refusal string
    when fewer messages than the scheme needs, None when the run has none. with_load_key adds
    the key's one-off load_key count to every message (the run loads one key)."""
    s = view.stats(variant, platform, "sign", "instructions", method)
    if s is None:
        return None
    need = min_messages(view.identity(variant)["scheme"])
    if s["n"] < need:
        return refused(s["n"], need)
    extra = 0
    if with_load_key:
        extra = view.figure(variant, platform, "load_key", "instructions", method)
        if extra is None:
            return None
    return {"n": s["n"], "median": s["median"] + extra, "p90": s["p90"] + extra}


def refused(have: int, need: int) -> str:
    return f"refused ({have} msg < {need})"


def ratio(ref, own):
    """ref / own rounded to 2 places; a refusal string passes through; None when missing."""
    for x in (own, ref):
        if isinstance(x, str):
            return x
    return round(ref / own, 2) if ref and own else None


def fits(view, variant: str):
    """'yes' / 'no (N B)' from the 640 KB board's records, None when the run has none."""
    ok = view.figure(variant, FIT_PLATFORM, "all", "fits")
    if ok is None:
        return None
    return "yes" if ok else f"no ({view.figure(variant, FIT_PLATFORM, 'all', 'ram'):,} B)"


def op_ram(view, variant: str, platform: str, op: str):
    """RAM of one operation: its painted stack + its descriptor workspace (None if either is
    missing: the stack alone would understate it)."""
    stack = view.figure(variant, platform, op, "stack")
    work = descriptor(view, variant, op, "workspace")
    return None if stack is None or work is None else stack + work


def signing_ram(view, variant: str, platform: str):
    """Sign stack + sign workspace + retained state (None if any part is missing)."""
    ram = op_ram(view, variant, platform, "sign")
    kept = descriptor(view, variant, "sign", "retained_state")
    return None if ram is None or kept is None else ram + kept


def measured_platforms(view) -> list[str]:
    """Platforms with per-operation figures (not only whole-image sizes)."""
    return [p for p in view.platforms()
            if any(r["platform"] == p and r["op"] in OPS for r in view.records)]


def descriptor(view, variant: str, op: str, metric: str):
    """A descriptor figure (workspace, retained state): the same on every platform, recorded
    by the host plug-in; taken from whichever platform of the run recorded it."""
    for platform in view.platforms():
        value = view.figure(variant, platform, op, metric, "descriptor")
        if value is not None:
            return value
    return None


def stand_in_notes(view, platform: str, among=None) -> list[str]:
    """The note a table or caption owes when figures of `platform` come from its whole-RAM image
    (vocabulary.WHOLE_RAM): which variants (of `among`, when given), and why."""
    found = [v for v in view.stand_ins(platform) if among is None or v in among]
    if not found:
        return []
    return [f"Not fitting the {FIT_BYTES // 1024} KB part, so counted on the same board with "
            f"its whole RAM ({WHOLE_RAM[platform]} in the records): {', '.join(found)}."]
