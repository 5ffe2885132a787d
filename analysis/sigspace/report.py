"""`sigspace tables RUN`, `plot RUN` and `report RUN`: the run's tables (Markdown, CSV, LaTeX)
under RUN/tables, its Pareto plots under RUN/plots, and RUN/REPORT.md opening with the plots and
tables. Tables are held back while the adoption gate fails (adopt.gate); a gate that could not
check everything is reported as not checked, never as passed."""
from __future__ import annotations

import importlib
from pathlib import Path

from . import adopt, plots
from .runview import RunView
from .tables import adoption as adoption_tables
from .tables import build_all, render
from .tables.common import ACCOUNTING


# Tables other modules write: sigspace.<name>.write(run_dir) -> (markdown path, ...), raising
# the module's TableError when the run has no records for it (then the report leaves it out).
EXTRA_TABLES = ("randomness_table",)


# What every table below holds to, said once at the head of the tables.
TABLE_RULES = ("Every ratio is taken from instruction counts (callgrind on the host, the QEMU "
               "counting plugin on the boards) except in the timing tables, which give medians "
               "with p10-p90 and print a time ratio only where it stands clear of the "
               "dispersion. Signing cost is a distribution: median and p90 over the signed "
               "messages, and a cell measured over fewer messages than its table needs is "
               "refused. " + ACCOUNTING)


class GateError(Exception):
    """The adoption gate failed (a technique rejected without a waiver or beyond its waiver's
    bound, a budget exceeded): no tables for this run."""


def check_gate(view: RunView, adoption_dirs: list[Path], ladders=None) -> adopt.Outcome:
    outcome = adopt.gate(view, adoption_dirs, ladders)
    if outcome.verdict.failures:
        raise GateError("adoption gate failed (add a [[waiver]] with its reason and bound to "
                        "configs/adoption/, or drop the technique):\n  "
                        + "\n  ".join(outcome.verdict.failures))
    return outcome


def gate_summary(outcome) -> list[str]:
    """The adoption gate for the report: its state (passed only when everything was checked),
    the counts, the platform and run of each decision, and what was not checked, where."""
    v = outcome.verdict
    if not v.decisions and not v.budgets:
        return ["Adoption gate: no adoption ladder names an operating point of this run; "
                "the gate was NOT checked."]
    counts: dict[str, int] = {}
    for d in v.decisions:
        waived = d.status == "rejected" and v.waiver(d) is not None
        key = "rejected, kept by a waiver within its bound" if waived else d.status
        counts[key] = counts.get(key, 0) + 1
    for b in v.budgets:
        counts[f"budget {b.status}"] = counts.get(f"budget {b.status}", 0) + 1
    decided = sorted({d.platform for d in v.decisions if d.checked})
    runs = ", ".join(f"{p} on run `{outcome.runs[p]}`" for p in decided if p in outcome.runs)
    out = [adoption_tables.status_note(v), "",
           "Technique x platform: " + ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) +
           f". Decisions made on: {runs or 'no platform'} (the adoption table names the "
           "platform of each)."]
    for platform, items in sorted(v.unchecked.items()):
        out += ["", f"Not checked on {platform}:", ""] + [f"- {i}" for i in items]
    return out


def write_tables(view: RunView, adoption_dirs: list[Path], ladders=None) -> list:
    """ladders: adoption ladders to gate by (default: configs/adoption/*.toml)."""
    return _write_tables(view, adoption_dirs, ladders)[0]


def _write_tables(view: RunView, adoption_dirs: list[Path], ladders) -> tuple[list, list[str]]:
    outcome = check_gate(view, adoption_dirs, ladders)
    tables = build_all(view)
    if outcome.decisions or outcome.verdict.budgets:
        tables += adopt.tables_of(outcome, skip=view)
    for t in tables:
        render.write(t, view.dir / "tables")
    return tables, gate_summary(outcome)


def write_extra_tables(view: RunView) -> list[str]:
    """Markdown of the EXTRA_TABLES whose records the run holds (written beside ours)."""
    texts = []
    for name in EXTRA_TABLES:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.{name}":
                raise  # the module exists but is broken: say so rather than hide it
            continue
        try:
            paths = module.write(view.dir)
        except module.TableError:
            continue  # no records of its kind in this run
        text = Path(paths[0]).read_text()  # its headings go below the report's "## Tables"
        texts.append("\n".join("##" + ln if ln.startswith("#") else ln
                               for ln in text.splitlines()) + "\n")
    return texts


def write_plots(view: RunView) -> list[plots.Figure]:
    return plots.plot_all(view, view.dir / "plots")


def _provenance(view: RunView) -> list[str]:
    m = view.manifest
    git = m["git"]
    state = "dirty: " + ", ".join(git.get("dirty_paths", [])) if git["dirty"] else "clean tree"
    return [f"- run id: `{view.id}` ({len(view.records)} records in `records.jsonl`)",
            f"- made by: `sigspace run {m['config']['path']}`; config sha256 "
            f"`{m['config']['sha256'][:16]}…`",
            f"- git commit `{git['commit']}` ({state})",
            f"- created {m['created']}, finished {m.get('finished')}",
            f"- platforms: {', '.join(m['platforms'])}"]


def _claims_plot_caption(view: RunView, png: Path) -> str:
    """Its full caption is a note of its claims table (claims.tables), shown under Claims."""
    return (f"The paper's points as published beside ours, in ratios to each set's reference; "
            f"the caption is under Claims ([tables/{png.stem}.md](tables/{png.stem}.md)). "
            f"([PDF](plots/{png.stem}.pdf), [SVG](plots/{png.stem}.svg))")


def claims_section(view: RunView) -> list[str]:
    """The claims checks written into RUN/tables (`sigspace claims --write`, or the main job for
    a config's [report] claims), each linked to its by-set detail."""
    found = sorted(p for p in (view.dir / "tables").glob("claims-*.md")
                   if not p.stem.endswith("-by-set"))
    out = ["## Claims", ""] if found else []
    for p in found:
        out += [p.read_text().rstrip(), "",
                f"Per parameter set: [tables/{p.stem}-by-set.md](tables/{p.stem}-by-set.md).", ""]
    return out


def write_report(view: RunView, adoption_dirs: list[Path], ladders=None) -> Path:
    tables, summary = _write_tables(view, adoption_dirs, ladders)
    figures = write_plots(view)
    out = [f"# Report of run `{view.id}`", "",
           "Every figure below comes from this run's `records.jsonl` (read through the schema "
           "check); each table and plot names the run id and the record methods. Published "
           "anchors are marked as such and were not measured here.", ""]
    out += ["## Plots", ""]
    for png in sorted((view.dir / "plots").glob("claims-*.png")):  # the claims' ratio plots
        out += [f"![{png.stem}](plots/{png.name})", "", _claims_plot_caption(view, png), ""]
    for f in figures:
        out += [f"![{f.stem}](plots/{f.png.name})", "", f.caption,
                f"([PDF](plots/{f.pdf.name}), [SVG](plots/{f.svg.name}))", ""]
    if not figures:
        out += ["No plot: the run has no signing cost with a signing stack.", ""]
    out += ["## Tables", "", "Each also as CSV and LaTeX under `tables/`. " + TABLE_RULES, ""]
    out += summary + [""]
    for t in tables:
        out += [render.markdown(t), ""]
    out += write_extra_tables(view)
    out += claims_section(view)
    out += ["## Provenance", ""] + _provenance(view) + ["", "## Methods", ""]
    out += [f"- `{k}`: {v}" for k, v in sorted(view.manifest.get("methods", {}).items())]
    path = view.dir / "REPORT.md"
    path.write_text("\n".join(out).rstrip() + "\n")
    return path
