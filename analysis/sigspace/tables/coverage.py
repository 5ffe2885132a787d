"""Coverage: for every variant, platform and operation, whether the run measured it (and
which metrics), whether the variant does not fit the board (and the bytes it needs), or why it
was not run. Variants registered now but absent from the run are listed too."""
from __future__ import annotations

import fnmatch

from .. import config as config_mod, tomlinput
from ..vocabulary import OPS, PLATFORMS
from . import Table

LETTERS = {"time": "T", "instructions": "I", "stack": "S", "heap": "H"}


def _registered() -> list[str]:
    try:
        from .. import registry
        return registry.variants()
    except ImportError:  # the native module is absent: list only what the run holds
        return []


def campaign_of(view):
    """The run's own config, re-read from the manifest, to say what it left out and why."""
    selected = [v for v in view.variants() if "~" not in v]
    ablations = [v for v in view.variants() if "~" in v]
    path, text = view.manifest["config"]["path"], view.manifest["config"]["text"]
    try:
        return config_mod.from_data(path, text, tomlinput.parse(path, text), selected, ablations)
    except config_mod.ConfigError:
        return None  # not a campaign file (e.g. an adoption ladder): reasons stay generic


def _wanted(campaign, variant, op) -> list[str] | None:
    """Per-operation metrics the config asks for this variant and op (None: config unknown)."""
    if campaign is None or variant not in campaign.variants:
        return None
    return [m for m in LETTERS if m in campaign.metrics
            and op in campaign.settings(variant, m).get("ops", OPS)]


def _cell(view, campaign, variant, platform, op):
    reason = campaign.excluded(variant, platform) if campaign is not None else None
    if reason:
        return f"not run: {reason}"
    measured = [m for m in LETTERS if view.values(variant, platform, op, m)]
    wanted = _wanted(campaign, variant, op)
    if view.figure(variant, platform, "all", "fits") is False:
        return f"does not fit ({view.figure(variant, platform, 'all', 'ram'):,} B)"
    if not measured:
        return "not run: left out by the config" if wanted == [] else "not run: no record"
    text = "measured: " + " ".join(LETTERS[m] for m in measured)
    # Boards never measure time or heap, so only the host names what its config left out.
    left_out = [LETTERS[m] for m in LETTERS if wanted is not None and m not in wanted
                and m not in measured and platform == "host"]
    return text + ("; left out by the config: " + " ".join(left_out) if left_out else "")


def _absent_reason(view, variant) -> str:
    try:
        data = tomlinput.parse("config", view.manifest["config"]["text"])
    except config_mod.ConfigError:
        data = {}
    selected = data.get("campaign", {}).get("variants", []) \
        if isinstance(data.get("campaign"), dict) else []
    patterns = [p for p in selected if isinstance(p, str)] if isinstance(selected, list) else []
    if any(fnmatch.fnmatchcase(variant, p) for p in patterns):
        return "not run: registered after this run"
    return "not run: not selected by the config"


def build(view) -> list[Table]:
    campaign = campaign_of(view)
    configured = campaign.platforms if campaign is not None else []
    platforms = [p for p in PLATFORMS if p in view.platforms() or p in configured]
    rows = []
    for variant in view.variants():
        for platform in platforms:
            rows.append([variant, platform,
                         *[_cell(view, campaign, variant, platform, op) for op in OPS]])
    for variant in _registered():
        if variant not in view.variants():
            rows.append([variant, "all", *[_absent_reason(view, variant)] * len(OPS)])
    skipped = [p for p in PLATFORMS if p not in platforms]
    notes = ["measured: T time, I instructions, S stack, H heap (per-operation metrics with "
             "records in this run).",
             "does not fit: the board's `fits` record is false; the bytes are its `ram` record."]
    if skipped:
        notes.append(f"Not run on {', '.join(skipped)}: not a platform of this run's config "
                     f"({view.manifest['config']['path']}).")
    return [Table(name="coverage", title="Coverage: what this run measured, per variant, "
                  "platform and operation", columns=["variant", "platform", *OPS], rows=rows,
                  run=view.id, methods=["records present in the run", "fits/paint", "ram/paint"],
                  notes=notes)]
