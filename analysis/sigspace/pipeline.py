"""The main job, `sigspace run CONFIG --report`, as one pipeline in a fixed order:

1. byte identity: every variant's host transcript (fixed inputs, harness/host/transcript) must
   equal that of its parameter set's reference point; a mismatch stops the job here;
2. the measurements (campaign.run; the boards check their transcript against the host's);
3. when the config names adoption ladders ([adoption] ladders = [...]), the adoption check at
   the config's depth, measured by `sigspace adopt`'s machinery into RUN/adoption/<ladder>/;
4. only then the tables, plots and REPORT.md, gated on that run's own adoption evidence, after
   the claims check of every claims file the config names ([report] claims = [...]).

A failing step raises PipelineError and no later step runs, so a failed gate writes no table.
"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from . import adopt, adoption_config, campaign, claims, config, registry
from .platforms import host

TRANSCRIPT_MESSAGES = 2   # the rejection loop makes ML-DSA message-dependent: more than one


class PipelineError(Exception):
    pass


def _transcript(variant_id: str) -> str:
    tool = host.bin_dir() / "sigspace-transcript"
    proc = subprocess.run([str(tool), "--variant", variant_id, "--messages",
                           str(TRANSCRIPT_MESSAGES)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise PipelineError(f"byte identity: sigspace-transcript {variant_id}: "
                            f"{proc.stderr.strip()[-500:]}")
    return json.loads(proc.stdout)["transcript"]


def identity_gate(variant_ids: list[str], transcript=None) -> dict[str, str]:
    """Each variant's transcript against its parameter set's reference point; returns the
    transcripts, raises PipelineError naming every variant that differs."""
    transcript = transcript or _transcript
    # sigspace-transcript knows the registry's points only: an ablation ("<point>~<technique>")
    # is checked through its point here, and against the vectors by ctest (kat_ablations).
    digests = {v: transcript(v) for v in dict.fromkeys(v.split("~")[0] for v in variant_ids)}
    wrong = []
    for v, d in digests.items():
        ref = v.split("/")[0] + "/reference"
        expected = digests.get(ref) or transcript(ref)
        if d != expected:
            wrong.append(f"{v} ({d[:16]}… != {ref} {expected[:16]}…)")
    if wrong:
        raise PipelineError("byte identity gate failed, nothing measured: " + "; ".join(wrong))
    return digests


def adoption_ladders(campaign_cfg: config.Campaign) -> list[adoption_config.Ladders]:
    """The config's [adoption] ladders at the config's depth (platforms, messages)."""
    section = campaign_cfg.adoption or {}
    out = []
    for path in section.get("ladders", []):
        lad = adoption_config.load(str(Path(config.resolve_path(campaign_cfg.path, path))))
        lad.platforms = list(section.get("platforms", lad.platforms))
        lad.messages = int(section.get("messages", lad.messages))
        out.append(lad)
    return out


def adoption_check(run_dir: Path, ladders, jobs: int) -> list[Path]:
    """Measures each ladder into RUN/adoption/<ladder>/<platform> (resumable) and writes its
    decision tables there; returns the evidence folders."""
    folders = []
    for lad in ladders:
        folder = run_dir / adopt.ADOPTION_SUBDIR / Path(lad.path).stem
        for platform in lad.platforms:
            campaign.run_campaign(adopt.campaign_of(lad, platform), str(folder / platform),
                                  jobs, None)
        adopt.write_tables(adopt.evaluate([lad], [folder]), folder / "tables")
        folders.append(folder)
    return folders


def claims_of(config_path: str, names: list[str]) -> list[claims.Claims]:
    """The claims files a config names ([report] claims), loaded."""
    return [claims.load(config.resolve_path(config_path, name)) for name in names]


def check_claims(run_dir: Path, specs: list[claims.Claims]) -> None:
    """Writes each claims file's check and ratio plot into the run (claims.write); the report
    shows the plots first and the checks under "Claims"."""
    from . import runview
    if not specs:
        return
    view = runview.load(run_dir)
    for spec in specs:
        claims.write(view, spec, claims.check(view, spec, registry.variants()),
                     registry.variants())


def run(config_path: str, out: str | None, jobs: int, report_writer):
    """The whole main job; report_writer(run_dir, ladders) writes the tables, plots and report.
    Returns (run_dir, record count, report path)."""
    cfg = config.load(config_path, registry.variants(), registry.ablations())
    ladders = adoption_ladders(cfg)  # a bad ladder is refused before any work, as a bad config
    specs = claims_of(cfg.path, cfg.claims)  # and so is a bad claims file
    identity_gate(cfg.variants)
    run_dir, n = campaign.run_campaign(cfg, out, jobs, None)
    adoption_check(run_dir, ladders, jobs)
    check_claims(run_dir, specs)
    # Re-read the ladders: the gate filters their points to the run's own.
    return run_dir, n, report_writer(run_dir, adoption_ladders(cfg) or None)
