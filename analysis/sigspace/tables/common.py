"""What the table builders share: which variants are operating points (not ablations), their
order, and which speed figure a platform has (never two methods in one comparison)."""
from __future__ import annotations

import functools

OPS = ("keygen", "sign", "verify")
FIT_PLATFORM = "m4"          # the 640 KB part the LESS paper's "fits" column is about
FIT_BYTES = 640 * 1024


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


def speed_metric(view, platform: str) -> tuple[str, str] | None:
    """(metric, method) of speed on a platform: host time by gbench when the run has it,
    otherwise instruction counts (callgrind on the host, qemu-icount on boards)."""
    have = {(r["metric"], r["method"]) for r in view.records if r["platform"] == platform}
    for choice in (("time", "gbench"), ("instructions", "callgrind"),
                   ("instructions", "qemu-icount")):
        if choice in have:
            return choice
    return None


def fits(view, variant: str):
    """'yes' / 'no (N B)' from the 640 KB board's records, None when the run has none."""
    ok = view.figure(variant, FIT_PLATFORM, "all", "fits")
    if ok is None:
        return None
    return "yes" if ok else f"no ({view.figure(variant, FIT_PLATFORM, 'all', 'ram'):,} B)"


def peak_stack(view, variant: str, platform: str):
    figures = [view.figure(variant, platform, op, "stack") for op in OPS]
    figures = [f for f in figures if f is not None]
    return max(figures) if figures else None


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
