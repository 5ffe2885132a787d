"""Paper tables: each builder turns a RunView into Table objects, and render.py writes each
as Markdown, CSV and LaTeX. Every table names the run its figures come from and the methods
that produced them; a cell the run has no figure for says so instead of holding a number.

A builder joins by living here, exposing `build(view) -> list[Table]` (an empty list when the
run has no records for it) and being listed in BUILDERS. A table with memory figures sets accounting=True and
its caption states the accounting (common.ACCOUNTING). Tables written by their own modules
elsewhere (the randomness-cost table) join the report through report.EXTRA_TABLES.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field

MISSING = "—"   # no figure in this run for this cell (the notes say why)

BUILDERS = ("speedup", "memory", "benchmark", "anchors", "baselines", "timing", "ablation",
            "coverage")


@dataclass
class Table:
    name: str                 # file stem: tables/<name>.{md,csv,tex}
    title: str
    columns: list[str]
    rows: list[list]          # cells: str, int, float or None (None renders as MISSING)
    run: str                  # the run id every figure comes from
    methods: list[str]        # metric/method pairs the figures use
    notes: list[str] = field(default_factory=list)
    accounting: bool = False  # shows memory: its caption states the one memory accounting


def build_all(view) -> list[Table]:
    tables = []
    for name in BUILDERS:
        tables += importlib.import_module(f"{__name__}.{name}").build(view)
    return tables
