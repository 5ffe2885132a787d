"""`sigspace adopt CONFIG`: measures every technique of the ladder's operating points with and
without it (the point vs its ablation) by the campaign runner, one run per platform, then
decides adoption (adoption.py) and writes the adoption, negative-result and ablation tables.
Also the gate of `sigspace tables`: the decisions that concern a run's operating points."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import adoption, adoption_config, adoption_gate, campaign, config, platforms, provenance, results
from .runview import RunView
from .tables import ablation as ablation_tables
from .tables import adoption as adoption_tables
from .tables import render

LADDERS = provenance.ROOT / "configs" / "adoption"
ADOPTION_SUBDIR = "adoption"   # results/<run>/adoption/<ladder>/<platform>/: evidence for a run


def campaign_of(ladders: adoption_config.Ladders, platform: str) -> config.Campaign:
    """The campaign over each point and its ablations, deterministic metrics only; the points
    with a rejection-loop technique and those ablations sign at least LOOP_MESSAGES messages."""
    n = ladders.messages
    wanted = {m for tracked in ladders.tracked.values() for m in tracked.tolerances}
    if "ram" in wanted:
        wanted = (wanted - {"ram"}) | {"stack"}  # boards record ram with the stack
    metrics = {}
    for m in sorted(wanted):
        s = {**config.METRIC_SETTINGS[m], **config.COMMON_SETTINGS}
        s.update({k: v for k, v in (("messages", n), ("keys", 1)) if k in s})
        if m == "heap":
            s["methods"] = ["counting-alloc"]
        metrics[m] = s
    looped, loop_n = ladders.loop_pairs(), max(n, adoption.LOOP_MESSAGES)
    overrides = [{"variants": looped, "metric": m, "messages": loop_n}
                 for m in sorted(metrics) if "messages" in metrics[m] and looped and loop_n > n]
    return config.Campaign(path=ladders.path, text=ladders.text,
                           description=f"adoption: {ladders.description}",
                           variants=ladders.pairs(), platforms=[platform], metrics=metrics,
                           overrides=overrides)


@dataclass
class Outcome:
    verdict: adoption_gate.Verdict
    runs: dict[str, str]                                  # platform -> run id
    failures: dict[str, str] = field(default_factory=dict)  # platform -> why it did not run
    views: list[RunView] = field(default_factory=list)

    @property
    def decisions(self) -> list[adoption.Decision]:
        return self.verdict.decisions


def run(config_path: str, out: str | None, jobs: int) -> tuple[Path, Outcome]:
    ladders = adoption_config.load(config_path)
    if not ladders.points:
        raise campaign.CampaignError(f"{config_path}: no [[point]] to adopt techniques for")
    out_dir = Path(out) if out else campaign.SCRATCH / f"adopt-{Path(config_path).stem}"
    if out_dir.exists() and not out_dir.is_dir():
        raise campaign.OutputError(f"{out_dir} is not a directory; --out names a folder")
    failures = {}
    for platform in ladders.platforms:
        try:
            campaign.run_campaign(campaign_of(ladders, platform), str(out_dir / platform), jobs,
                                  None)
        except (campaign.CampaignError, platforms.PlatformError) as e:
            failures[platform] = str(e).splitlines()[0]
    outcome = evaluate([ladders], [out_dir])
    outcome.failures = failures
    write_tables(outcome, out_dir / "tables")
    return out_dir, outcome


def evidence(dirs: list[Path]) -> list[RunView]:
    """Complete adoption runs under each dir (one per platform), read through results.py."""
    views = []
    for d in dirs:
        for sub in sorted(Path(d).iterdir()) if Path(d).is_dir() else []:
            if (sub / results.MANIFEST).exists():
                try:
                    manifest, records = results.read_run(sub)
                except results.ResultsError:
                    continue  # unfinished: `sigspace adopt` again continues it
                views.append(RunView(sub, manifest, records))
    return views


def evaluate(ladders: list[adoption_config.Ladders], dirs: list[Path],
             extra: RunView | None = None) -> Outcome:
    """extra: the judged run itself; its records decide techniques when it holds ablations,
    and its points' budgets always (a budget is about the point as measured there too)."""
    views = evidence(dirs)
    if extra is not None and any("~" in v for v in extra.variants()):
        views.append(extra)
    records = [r for v in views for r in v.records]
    if extra is not None and extra not in views:
        budget_records = records + extra.records
    else:
        budget_records = records
    runs = {}
    for v in views:
        for p in v.platforms():
            runs.setdefault(p, v.id)
    decisions, budgets, waivers = [], [], {}
    for lad in ladders:
        decisions += adoption.decide_all(records, lad.points, lad.tracked, lad.platforms,
                                         lad.loop)
        budgets += [c for point, b in lad.budgets.items()
                    for c in adoption_gate.check_budget(budget_records, point, b)]
        waivers.update(lad.waivers)
    return Outcome(adoption_gate.judge(decisions, waivers, budgets), runs, views=views)


def tables_of(outcome: Outcome, skip: RunView | None = None) -> list:
    """The decisions, the negative results, the budgets and the ablation table of each
    evidence run (but skip, a run whose own ablation table is built with its other tables)."""
    tables = [adoption_tables.decisions_table(outcome.verdict, outcome.runs),
              adoption_tables.negative_table(outcome.decisions, outcome.runs)]
    if outcome.verdict.budgets:
        tables.append(adoption_tables.budget_table(outcome.verdict.budgets, outcome.runs))
    for view in outcome.views:
        if view is skip:
            continue
        for t in ablation_tables.build(view):
            t.name = f"ablation-{'-'.join(view.platforms())}"
            tables.append(t)
    return tables


def write_tables(outcome: Outcome, folder: Path) -> list[Path]:
    return [p for t in tables_of(outcome) for p in render.write(t, folder)]


def gate(view: RunView, extra_dirs: list[Path],
         ladders: list[adoption_config.Ladders] | None = None) -> Outcome:
    """Decisions for the run's operating points from the ladders (default: every one in
    configs/adoption/), on the run's own records (its ablations, the points' budgets) and on
    adoption runs under RUN/adoption/* and extra_dirs; outcome.verdict says what passed."""
    ladders = adoption_config.load_all(LADDERS) if ladders is None else ladders
    in_run = set(view.variants())
    for lad in ladders:
        lad.points = {p: t for p, t in lad.points.items() if p in in_run}
        lad.budgets = {p: b for p, b in lad.budgets.items() if p in in_run}
    dirs = sorted((view.dir / ADOPTION_SUBDIR).glob("*")) + list(extra_dirs)
    return evaluate(ladders, dirs, view)
