"""The names a measurement record uses (ARCHITECTURE.md, Results: extend, never rename), defined
once for the whole package. schema/record.schema.json spells the same names as enums, because
records are checked against it; tests/python/test_vocabulary.py keeps the two equal, so a name
added on one side only fails the tests."""
from __future__ import annotations

import re

# A variant's operations, in the order tables list them.
OPS = ("keygen", "load_key", "sign", "verify")
# The op of figures that belong to a whole binary or board, not to one operation
# (text, data, bss; fits and ram on a board).
WHOLE_BINARY_OP = "all"
RECORD_OPS = OPS + (WHOLE_BINARY_OP,)

# Contrasts: properties a point has that an ablation switches off only to show what they cost
# (sigspace/point.hpp), never adopted or dropped. "<point>~constant-time" signs with the
# reference's data-dependent kernels: the price of constant time. test_vocabulary.py keeps this
# equal to the registry's contrasts.
CONTRASTS = ("constant-time",)

# host; m4: Cortex-M4 with a 640 KB RAM budget; m4-4mb: the same board with its whole RAM;
# m33: Cortex-M33.
PLATFORMS = ("host", "m4", "m4-4mb", "m33")
# A part and the same board with its whole RAM: a variant too big for the part is measured on
# the latter for the bytes it needs, and its counts there stand in for the part's.
WHOLE_RAM = {"m4": "m4-4mb"}

UNITS = ("ns", "insn", "bytes", "bool")
# Each metric with the one unit its records carry. ram: the bytes a variant needs on a board
# (recorded with fits); rng_time: the randomness draw alone inside hedged signing.
METRIC_UNITS = {
    "time": "ns", "instructions": "insn", "stack": "bytes", "heap": "bytes",
    "workspace": "bytes", "retained_state": "bytes", "text": "bytes", "data": "bytes",
    "bss": "bytes", "fits": "bool", "ram": "bytes", "rng_time": "ns",
}
METRICS = tuple(METRIC_UNITS)

# How a figure is obtained. gbench-hedged: gbench of hedged signing, the randomness drawn in
# every iteration (kept apart from gbench, whose rnd is fixed).
METHODS = ("gbench", "callgrind", "qemu-icount", "paint", "massif", "counting-alloc",
           "descriptor", "elf", "gbench-hedged")


def unit_of(metric: str) -> str:
    return METRIC_UNITS[metric]


def metrics_in(unit: str) -> tuple[str, ...]:
    """The metrics recorded in one unit, e.g. every byte count."""
    return tuple(m for m, u in METRIC_UNITS.items() if u == unit)


def category(param_set: str) -> str:
    """NIST security category of a LESS set (LESS-1b -> '1'); any other set is its own."""
    m = re.match(r"LESS-(\d)", param_set)
    return m.group(1) if m else param_set
