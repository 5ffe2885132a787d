"""Subcommands of the `sigspace` command line. Each takes parsed args and returns an exit code."""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

from . import registry


class CommandError(Exception):
    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code


def _hex(value: str | None, name: str) -> bytes:
    """Hex from the command line, or from a file as @PATH: a LESS public key (up to 197 KB, so
    394 KB of hex) is longer than one command-line argument may be."""
    if value is None:
        return b""
    if value.startswith("@"):
        try:
            value = "".join(open(value[1:], encoding="ascii").read().split())
        except (OSError, UnicodeDecodeError) as e:
            raise CommandError(f"--{name}: cannot read {value[1:]}: {e}") from None
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise CommandError(f"--{name} is not valid hex (even length, 0-9a-fA-F)") from None


def _variant(variant_id: str) -> registry.Variant:
    try:
        return registry.variant(variant_id)
    except registry.InputError as e:
        raise CommandError(str(e)) from None


def _emit(obj) -> None:
    print(json.dumps(obj))


def cmd_list(args) -> int:
    """List registered variants with their sizes and workspace."""
    infos = [registry.variant(i).info for i in registry.variants()]
    if args.json:
        print(json.dumps(infos, indent=2))
        return 0
    if not infos:
        print("no variants registered")
        return 0
    print(f"{'variant':28} {'pk':>8} {'sk':>6} {'sig':>7} {'state':>8} {'ws.sign':>8}  techniques")
    for i in infos:
        s, w = i["sizes"], i["workspace"]
        print(f"{i['id']:28} {s['pk']:>8} {s['sk']:>6} {s['sig_max']:>7} "
              f"{s['retained_state']:>8} {w['sign']:>8}  {','.join(i['techniques']) or '-'}")
    return 0


def _message_kwargs(args) -> dict:
    if args.prehash is not None and not args.prehash.strip():
        raise CommandError("--prehash is empty: name a pre-hash (e.g. SHA2-256) or leave it out "
                           "to sign the message itself")
    return {"context": _hex(args.context, "context"), "interface": args.interface,
            "prehash": args.prehash}


def cmd_keygen(args) -> int:
    """Generate a key pair from a seed: {"pk": HEX, "sk": HEX}."""
    v = _variant(args.variant)
    if (args.seed is None) == (not args.random):
        raise CommandError("keygen needs --seed HEX or --random")
    if args.seed_source is not None and not args.random:
        raise CommandError("--seed-source goes with --random")
    try:
        if args.random:
            source = args.seed_source or registry.random_policy()["key_seed"]
            pk, sk = v.keygen(random=True, seed_source=source)
            _emit({"pk": pk.hex(), "sk": sk.hex(), "seed_source": source})
            return 0
        pk, sk = v.keygen(_hex(args.seed, "seed"))
    except registry.InputError as e:
        raise CommandError(str(e)) from None
    _emit({"pk": pk.hex(), "sk": sk.hex()})
    return 0


def cmd_sign(args) -> int:
    """Sign a message: {"signature": HEX}; without --rnd ML-DSA signs deterministically and LESS
    (no deterministic mode) draws its salt through the randomness policy ("salt": "drawn")."""
    v = _variant(args.variant)
    if args.hedged and args.rnd is not None:
        raise CommandError("--hedged draws rnd; do not give --rnd")
    if args.nonce_source is not None and not args.hedged:
        raise CommandError("--nonce-source goes with --hedged")
    rnd = None
    if args.rnd is not None:
        rnd = _hex(args.rnd, "rnd")
        if not rnd:
            raise CommandError(f"--rnd is empty: give {v.info['sizes']['rnd']} bytes in hex, or "
                               "leave --rnd out" + (" to sign deterministically"
                                                    if v.deterministic_signing else ""))
    drawn = args.hedged or (rnd is None and not v.deterministic_signing)
    hedged = {}
    if drawn:  # no --rnd and no --hedged stays deterministic where the scheme has that mode
        hedged = {"hedged": True,
                  "nonce_source": args.nonce_source or registry.random_policy()["nonce"]}
    try:
        sig = v.sign(_hex(args.sk, "sk"), _hex(args.message, "message"), rnd=rnd,
                     **_message_kwargs(args), **hedged)
    except registry.InputError as e:
        raise CommandError(str(e)) from None
    out = {"signature": sig.hex()}
    if not v.deterministic_signing:
        out["salt"] = "drawn" if drawn else "given"
    if drawn:
        out["nonce_source"] = hedged["nonce_source"]
    _emit(out)
    return 0


def cmd_verify(args) -> int:
    """Verify a signature: {"valid": true|false}; exit 0 valid, 1 invalid."""
    v = _variant(args.variant)
    try:
        ok = v.verify(_hex(args.pk, "pk"), _hex(args.message, "message"),
                      _hex(args.signature, "signature"), **_message_kwargs(args))
    except registry.InputError as e:
        raise CommandError(str(e)) from None
    _emit({"valid": ok})
    return 0 if ok else 1


def cmd_run(args) -> int:
    """Run a campaign config: DIR/manifest.json and DIR/records.jsonl (resumable); with
    --report the whole main job (pipeline.py): identity gate, measurements, adoption, report."""
    from . import campaign, config, pipeline, platforms, results
    try:
        if args.report and args.shard:
            raise CommandError("--report runs the whole job: run shards without it, then "
                               "merge and `sigspace report` the merged run")
        if args.report:
            def writer(run_dir, ladders):
                args.run, args.adoption = str(run_dir), []
                return _analysis(args, lambda r, v, a: r.write_report(v, a, ladders))
            run_dir, n, report = pipeline.run(args.config, args.out, args.jobs, writer)
        else:
            (run_dir, n), report = campaign.run(args.config, args.out, args.jobs, args.shard), None
    except config.ConfigError as e:
        raise CommandError(f"bad config: {e}") from None
    except campaign.OutputError as e:
        raise CommandError(str(e)) from None
    except (campaign.CampaignError, platforms.PlatformError, results.ResultsError,
            pipeline.PipelineError) as e:
        raise CommandError(str(e), code=1) from None
    out = {"run_dir": str(run_dir), "records": n}
    if report is not None:
        out["report"] = str(report)
    _emit(out)
    return 0


def cmd_merge(args) -> int:
    """Join shards of one campaign (same config and commit) into a new run directory."""
    from . import campaign, results
    try:
        run_dir, n = campaign.merge(args.dirs, args.out)
    except (campaign.CampaignError, results.ResultsError) as e:
        raise CommandError(str(e)) from None
    _emit({"run_dir": str(run_dir), "records": n})
    return 0


def cmd_randomness_table(args) -> int:
    """Write RUN/tables/randomness.{md,csv}: hedged signing per nonce source (configs/randomness.toml)."""
    from . import randomness_table, results
    try:
        md, cs = randomness_table.write(args.run, args.out, args.after)
    except (results.ResultsError, randomness_table.TableError) as e:
        raise CommandError(str(e)) from None
    _emit({"markdown": str(md), "csv": str(cs)})
    return 0


def _args_randomness_table(p):
    p.add_argument("run", help="a complete run directory with gbench-hedged records")
    p.add_argument("--out", help="folder for randomness.md/.csv (default: RUN/tables)")
    p.add_argument("--after", default="shake-drbg", help="the fast source of the 'after' column")


def _jobs(text: str) -> int:
    """--jobs: a whole number of parallel units, at least 1 (checked before any work)."""
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, got '{text}'")
    return jobs


def _shard(text: str) -> str:
    """--shard K/N, checked before any work by the campaign's own parser."""
    from . import campaign
    try:
        campaign.parse_shard(text)
    except campaign.CampaignError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("--shard ")) from None
    return text


def _args_run(p):
    p.add_argument("config", help="campaign config (configs/*.toml)")
    p.add_argument("--out", help="run directory (default: results/scratch/<run-id>, and an "
                                 "unfinished scratch run of the same config is continued)")
    p.add_argument("--jobs", type=_jobs, default=os.cpu_count() or 1,
                   help="units run in parallel (default: the CPU count); timing runs alone")
    p.add_argument("--shard", type=_shard,
                   help="K/N: run the K-th of N interleaved parts of the units")
    p.add_argument("--report", action="store_true",
                   help="then write the run's tables, plots and REPORT.md (sigspace report)")


def _args_merge(p):
    p.add_argument("dirs", nargs="+", help="complete run directories (shards)")
    p.add_argument("--out", required=True)


def cmd_kat_gen(args) -> int:
    """Write NIST PQCsignKAT_<pk bytes>.req/.rsp for a LESS variant (the official generator's way)."""
    v = _variant(args.variant)
    try:
        req, rsp = v.write_nist_kat(args.out, args.count)
    except registry.InputError as e:
        raise CommandError(str(e)) from None
    except RuntimeError as e:  # an operation failed or a file could not be written
        raise CommandError(str(e), code=3) from None
    _emit({"variant": v.id, "count": args.count, "req": req, "rsp": rsp})
    return 0


def _args_kat_gen(p):
    p.add_argument("--variant", required=True)
    p.add_argument("--count", type=int, default=100, help="entries (default: 100, as NIST's)")
    p.add_argument("--out", required=True, help="folder for the two files (created if need be)")


def _args_list(p):
    p.add_argument("--json", action="store_true")


def _args_keygen(p):
    p.add_argument("--variant", required=True)
    p.add_argument("--seed")
    p.add_argument("--random", action="store_true",
                   help="draw the seed through the randomness policy")
    p.add_argument("--seed-source", help="source of the random seed (default: the policy's)")


def _message_args(p):
    p.add_argument("--message", required=True)
    p.add_argument("--context")
    p.add_argument("--prehash")
    p.add_argument("--interface", choices=["pure", "prehash", "internal", "external-mu"])


def _args_sign(p):
    p.add_argument("--variant", required=True)
    p.add_argument("--sk", required=True)
    p.add_argument("--rnd")
    p.add_argument("--hedged", action="store_true",
                   help="draw rnd (LESS: the salt) through the randomness policy")
    p.add_argument("--nonce-source", help="source of the hedged rnd (default: the policy's)")
    _message_args(p)


def _args_verify(p):
    p.add_argument("--variant", required=True)
    p.add_argument("--pk", required=True)
    p.add_argument("--signature", required=True)
    _message_args(p)


def cmd_adopt(args) -> int:
    """Judge each technique of an adoption ladder with and without it (Pareto-monotone)."""
    from . import adopt, campaign, config, platforms, results
    try:
        out_dir, outcome = adopt.run(args.config, args.out, args.jobs)
    except config.ConfigError as e:
        raise CommandError(f"bad adoption config: {e}") from None
    except campaign.OutputError as e:
        raise CommandError(str(e)) from None
    except (campaign.CampaignError, platforms.PlatformError, results.ResultsError) as e:
        raise CommandError(str(e), code=1) from None
    _emit({"out_dir": str(out_dir), "runs": outcome.runs, "not_run": outcome.failures,
           "decisions": [{"point": d.point, "technique": d.technique, "platform": d.platform,
                          "decision": d.status, "why": d.reason} for d in outcome.decisions]})
    return 0


def _analysis(args, action):
    """Reads RUN (schema-checked) and runs one of report.py's writers on it."""
    from . import config, report, results, runview
    for d in args.adoption or []:  # evidence that is not there would judge nothing, silently
        if not Path(d).is_dir():
            raise CommandError(f"--adoption {d}: not a directory (`sigspace adopt` output)")
    try:
        view = runview.load(args.run)
        return action(report, view, [Path(d) for d in args.adoption or []])
    except results.ResultsError as e:
        raise CommandError(str(e)) from None
    except config.ConfigError as e:
        raise CommandError(f"bad adoption config: {e}") from None
    except report.GateError as e:
        raise CommandError(str(e), code=1) from None


def cmd_tables(args) -> int:
    """Write RUN/tables/*.{md,csv,tex} (held back while an adopted technique fails)."""
    tables = _analysis(args, lambda r, v, a: r.write_tables(v, a))
    _emit({"tables": sorted({t.name for t in tables}), "dir": str(Path(args.run) / "tables")})
    return 0


def cmd_plot(args) -> int:
    """Write RUN/plots/pareto-<scheme>-<platform>[-cat<N>].{png,pdf,svg}."""
    figures = _analysis(args, lambda r, v, a: r.write_plots(v))
    _emit({"plots": [str(f.png) for f in figures]})
    return 0


def cmd_report(args) -> int:
    """Write RUN/REPORT.md with the run's plots and tables, after checking the claims files its
    config names ([report] claims), so that a merged run of shards reports as the main job does."""
    _check_run_claims(Path(args.run))
    _emit({"report": str(_analysis(args, lambda r, v, a: r.write_report(v, a)))})
    return 0


def _check_run_claims(run_dir: Path) -> None:
    import tomllib
    from . import config, pipeline, results
    try:
        manifest = results.read_manifest(run_dir)
    except results.ResultsError as e:
        raise CommandError(str(e)) from None
    cfg = manifest["config"]
    names = tomllib.loads(cfg["text"]).get("report", {}).get("claims", [])
    try:
        specs = pipeline.claims_of(cfg["path"], names)
    except (OSError, config.ConfigError) as e:
        raise CommandError(f"claims file of the run's config ({cfg['path']}): {e}") from None
    pipeline.check_claims(run_dir, specs)


def cmd_claims(args) -> int:
    """Check a paper's published claims (configs/claims/*.toml) against a run: per claim the
    published figure, ours, and whether ours matches, beats or falls short."""
    from . import claims, config, results, runview
    from .tables import render
    try:
        view = runview.load(args.run)
        spec = claims.load(args.claims)
    except results.ResultsError as e:
        raise CommandError(str(e)) from None
    except config.ConfigError as e:
        raise CommandError(f"bad claims file: {e}") from None
    checked = claims.check(view, spec, registry.variants())
    if args.write:
        claims.write(view, spec, checked, registry.variants())
    print(render.markdown(claims.tables(view, spec, checked)[0]))
    return 0


def _args_claims(p) -> None:
    p.add_argument("run", help="a complete run directory (results/<run-id>)")
    p.add_argument("claims", help="a claims file (configs/claims/<paper>.toml)")
    p.add_argument("--write", action="store_true",
                   help="also write RUN/tables/claims-<paper>{,-by-set}.{md,csv,tex} and the "
                        "ratio plot RUN/plots/claims-<paper>.{png,pdf,svg}")


def cmd_compare(args) -> int:
    """Compare two runs' deterministic figures; exit 1 when one moved beyond --tolerance."""
    from . import compare, results
    try:
        tolerance = float(args.tolerance.rstrip("%"))
    except ValueError:
        tolerance = math.nan
    if not (math.isfinite(tolerance) and tolerance >= 0):  # nan, inf, -5: no tolerance at all
        raise CommandError(f"--tolerance '{args.tolerance}' is not a percentage (a finite number "
                           ">= 0, e.g. 1%)")
    if args.metrics is not None and not args.metrics.strip():
        raise CommandError("--metrics is empty: name deterministic metrics or leave it out")
    metrics = tuple(args.metrics.split(",")) if args.metrics else compare.DETERMINISTIC
    unknown = [m for m in metrics if m not in compare.DETERMINISTIC]
    if unknown:
        raise CommandError(f"--metrics: {', '.join(unknown)} not among the deterministic metrics "
                           f"({', '.join(compare.DETERMINISTIC)})")
    try:
        c = compare.compare(Path(args.before), Path(args.after), metrics)
    except results.ResultsError as e:
        raise CommandError(str(e)) from None
    if c.compared == 0:
        raise CommandError(f"{args.before} and {args.after} share no deterministic figure")
    _emit(compare.summary(c, tolerance))
    return 1 if c.over(tolerance) else 0


def _args_compare(p):
    p.add_argument("before", help="a complete run directory")
    p.add_argument("after", help="a complete run directory")
    p.add_argument("--tolerance", default="1%",
                   help="largest relative change allowed, in percent (default 1%%)")
    p.add_argument("--metrics", help="comma-separated deterministic metrics (default: all)")


def _args_adopt(p):
    p.add_argument("config", help="adoption ladder (configs/adoption/*.toml)")
    p.add_argument("--out", help="folder of the per-platform runs and tables (default: "
                                 "results/scratch/adopt-<config name>; rerun to continue)")
    p.add_argument("--jobs", type=_jobs, default=os.cpu_count() or 1)


def _args_analysis(p):
    p.add_argument("run", help="a complete run directory (results/<run-id>)")
    p.add_argument("--adoption", action="append", metavar="DIR",
                   help="`sigspace adopt` output to judge the run's techniques by, besides "
                        "RUN/adoption/* (repeatable)")


COMMANDS = {"list": cmd_list, "keygen": cmd_keygen, "sign": cmd_sign, "verify": cmd_verify,
            "kat-gen": cmd_kat_gen, "run": cmd_run, "merge": cmd_merge,
            "adopt": cmd_adopt, "tables": cmd_tables, "plot": cmd_plot, "report": cmd_report}
ARGUMENTS = {"list": _args_list, "keygen": _args_keygen, "sign": _args_sign,
             "verify": _args_verify, "kat-gen": _args_kat_gen, "run": _args_run, "merge": _args_merge,
             "adopt": _args_adopt, "tables": _args_analysis, "plot": _args_analysis,
             "report": _args_analysis}
COMMANDS["compare"] = cmd_compare
ARGUMENTS["compare"] = _args_compare
COMMANDS["claims"] = cmd_claims
ARGUMENTS["claims"] = _args_claims
# The randomness table (analysis/sigspace/randomness_table.py), registered apart from the table
# above so that it reads as one addition.
COMMANDS["randomness-table"] = cmd_randomness_table
ARGUMENTS["randomness-table"] = _args_randomness_table
