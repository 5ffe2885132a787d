"""The campaign runner behind `sigspace run` and `sigspace merge`: plans the units of a config,
runs them (in parallel where timing is not disturbed), writes each unit's records atomically,
resumes an interrupted run by skipping finished units, and joins shards."""
from __future__ import annotations

import json
import shutil
import sys
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from pathlib import Path

from . import config as config_mod
from . import platforms, provenance, registry, results, vocabulary
from .platforms import board_run
from .progress import Progress

SCRATCH = provenance.ROOT / "results" / "scratch"


class CampaignError(Exception):
    pass


class OutputError(CampaignError):
    """The run directory given (--out) cannot take this run: the user's to change (exit 2)."""


def parse_shard(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        k, n = (int(x) for x in text.split("/"))
    except ValueError:
        k = n = 0
    if not 1 <= k <= n:
        raise CampaignError(f"--shard must be K/N with 1 <= K <= N, got '{text}'")
    return k, n


def deal(units: list[platforms.Unit], k: int, n: int) -> list[platforms.Unit]:
    """Shard k of n: the units that share one measurement (a board variant's run) are dealt
    round-robin as one, so no two shards repeat the same run."""
    group = {u.key: platforms.get(u.platform).shares_work(u) for u in units}
    order = {g: i for i, g in enumerate(dict.fromkeys(group.values()))}
    return [u for u in units if order[group[u.key]] % n == k - 1]


def plan(campaign: config_mod.Campaign) -> list[platforms.Unit]:
    units = []
    for name in campaign.platforms:
        platform = platforms.get(name)
        available = set(platform.variant_ids())
        for variant in campaign.variants:
            if campaign.excluded(variant, name):
                continue
            if variant not in available:
                raise CampaignError(f"{variant} is registered but not in the {name} binaries "
                                    "(rebuild: bash harness/setup.sh)")
            for metric in campaign.metrics:
                units += platform.plan(variant, metric, campaign.settings(variant, metric))
    keys = [u.key for u in units]
    if len(set(keys)) != len(keys):
        raise CampaignError("internal: two units share a key")
    return units


def _records(unit: platforms.Unit, result: platforms.UnitResult, run_id: str) -> list[dict]:
    info = platforms.get(unit.platform).variant_info(unit.variant)
    source = unit.option("nonce_source")
    measured = [(unit.metric, rep, value) for rep, value in result.values]
    measured += [(m, rep, value) for m, values in result.more.items() for rep, value in values]
    return [{"schema": 1, "run": run_id, "variant": unit.variant, "scheme": info["scheme"],
             "param_set": info["param_set"], "op_point": info["op_point"],
             "techniques": list(info["techniques"]), "platform": unit.platform, "op": unit.op,
             "metric": metric, "unit": vocabulary.unit_of(metric),
             "value": value, "method": unit.method, "rep": rep,
             **({"rng_source": source} if source else {})}
            for metric, rep, value in measured]


def _manifest(campaign, git, run_id, created, shard) -> dict:
    plats = {name: platforms.get(name).describe() for name in campaign.platforms}
    methods = {}
    for name in campaign.platforms:
        methods.update(platforms.get(name).methods())
    return {"schema": 1, "run": run_id, "created": provenance.iso(created), "finished": None,
            "complete": False, "git": git,
            "config": {"path": campaign.path, "sha256": campaign.sha256, "text": campaign.text},
            "shard": None if shard is None else {"index": shard[0], "count": shard[1]},
            "platforms": plats, "methods": methods,
            "tools": {"sigspace": _package_version()},
            "machine": {"cpu": provenance.cpu_identity(),
                        "load": {"start": provenance.load_average(), "end": None}}}


def _package_version() -> str:
    from . import __version__
    return __version__


def _same_run(old: dict, new: dict) -> str | None:
    """Why a run directory cannot be continued with the current config and binaries."""
    if old["config"]["sha256"] != new["config"]["sha256"]:
        return "its config differs"
    if old["git"]["commit"] != new["git"]["commit"] or \
            old["git"].get("dirty_paths") != new["git"].get("dirty_paths"):
        return "it was made at another commit or with other uncommitted changes"
    if old["shard"] != new["shard"]:
        return "it is another shard"
    for name, desc in new["platforms"].items():
        probe = desc.get("probe", {}).get("sha256")
        if probe and old["platforms"].get(name, {}).get("probe", {}).get("sha256") != probe:
            return f"the {name} binaries changed since"
    return None


def _find_resumable(fresh: dict) -> Path | None:
    """The newest unfinished scratch run of the same config, commit, shard and binaries."""
    if not SCRATCH.is_dir():
        return None
    for d in sorted(SCRATCH.iterdir(), reverse=True):
        try:
            old = results.read_manifest(d)
        except results.ResultsError:
            continue
        if not old["complete"] and _same_run(old, fresh) is None:
            return d
    return None


def run(config_path: str, out: str | None, jobs: int, shard_text: str | None,
        progress_stream=None) -> tuple[Path, int]:
    """Runs (or continues) a campaign; returns the run directory and its record count."""
    campaign = config_mod.load(config_path, registry.variants(),  # refuses before any work
                               registry.ablations())
    return run_campaign(campaign, out, jobs, shard_text, progress_stream)


def run_campaign(campaign: config_mod.Campaign, out: str | None, jobs: int,
                 shard_text: str | None, progress_stream=None) -> tuple[Path, int]:
    """Runs a campaign already checked (a config file's, or one that `sigspace adopt` builds
    over an operating point and its ablations)."""
    if jobs < 1:
        raise CampaignError("--jobs must be at least 1")
    shard = parse_shard(shard_text)
    board_run.CONFIGURED_TIMEOUT = campaign.qemu_timeout_s  # before the manifest records it
    units = plan(campaign)
    if shard:
        units = deal(units, *shard)
    git = provenance.git_state()
    created = provenance.now()
    fresh = _manifest(campaign, git, provenance.run_id(git, created), created, shard)

    run_dir = Path(out) if out else (_find_resumable(fresh) or SCRATCH / fresh["run"])
    if run_dir.exists() and not run_dir.is_dir():
        raise OutputError(f"{run_dir} is not a directory; --out names a run directory")
    if (run_dir / results.MANIFEST).exists():
        try:
            manifest = results.read_manifest(run_dir)
        except results.ResultsError as e:
            raise OutputError(f"{e}; choose another --out") from None
        why = _same_run(manifest, fresh)
        if why:
            raise OutputError(f"{run_dir} holds run {manifest['run']} and {why}; "
                              "choose another --out")
        if manifest["complete"]:
            return run_dir, len(results.read_run(run_dir)[1])
    else:
        if run_dir.exists() and any(run_dir.iterdir()):
            raise OutputError(f"{run_dir} exists and is not a run directory; choose another --out")
        manifest = fresh
        results.units_dir(run_dir).mkdir(parents=True, exist_ok=True)
        results.write_manifest(run_dir, manifest)
    print(f"sigspace run: {manifest['run']} -> {run_dir}", file=progress_stream or sys.stderr)
    _execute(run_dir, manifest["run"], units, jobs, progress_stream)
    return run_dir, _finish(run_dir, manifest, units)


def _meta_path(run_dir: Path, unit: platforms.Unit) -> Path:
    return results.units_dir(run_dir) / (unit.key + ".meta.json")


def _run_unit(run_dir: Path, run_id: str, unit: platforms.Unit) -> None:
    result = platforms.get(unit.platform).run(unit)
    if result.meta:  # side data first: a unit counts as done only once its records exist
        results.atomic_write(_meta_path(run_dir, unit), json.dumps(result.meta))
    results.write_unit(run_dir, unit.key, _records(unit, result, run_id))


def _label(u: platforms.Unit) -> str:
    return f"{u.variant} {u.op} {u.metric}/{u.method} #{u.first}"


def _execute(run_dir, run_id, units, jobs, progress_stream) -> None:
    for stale in results.units_dir(run_dir).glob("*.tmp"):  # a write cut short by a kill
        stale.unlink()
    pending = [u for u in units if not results.unit_path(run_dir, u.key).exists()]
    progress = Progress(len(units), len(units) - len(pending), progress_stream)
    try:
        # Units that only count (instructions, stack, heap, descriptor figures) share the
        # cores; timing units then run one at a time so that nothing else disturbs them.
        shared = [u for u in pending if not u.exclusive]
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(_run_unit, run_dir, run_id, u): u for u in shared}
            try:
                for f in futures:
                    f.add_done_callback(lambda f, u=futures[f]: progress.step(_label(u))
                                        if f.exception() is None else None)
                done, _ = wait(futures, return_when=FIRST_EXCEPTION)
                failed = [f for f in done if f.exception() is not None]
                if failed:
                    raise failed[0].exception()
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)
                raise
        for u in pending:
            if u.exclusive:
                _run_unit(run_dir, run_id, u)
                progress.step(_label(u))
    except platforms.PlatformError as e:
        raise CampaignError(f"{e}\nsigspace run: stopped; rerun the same command to continue "
                            f"({run_dir})") from None
    finally:
        progress.close()


def _finish(run_dir: Path, manifest: dict, units: list[platforms.Unit]) -> int:
    records = []
    for u in units:
        unit_records = results.read_unit(run_dir, u.key)
        if unit_records is None:
            raise CampaignError(f"internal: unit {u.key} has no records after the run")
        records += unit_records
    manifest = dict(manifest)
    metas = [json.loads(p.read_text()) for p in map(lambda u: _meta_path(run_dir, u), units)
             if p.exists()]
    manifest.update(side_data(metas, manifest["platforms"]))
    manifest["machine"] = {**manifest["machine"],
                           "load": {**manifest["machine"]["load"], "end": provenance.load_average()}}
    results.write_records(run_dir, records)
    manifest["complete"] = True
    manifest["finished"] = provenance.iso(provenance.now())
    results.write_manifest(run_dir, manifest)
    shutil.rmtree(run_dir / results.PARTIAL, ignore_errors=True)
    return len(records)


def side_data(metas: list[dict], plats: dict) -> dict:
    """Manifest fields from the units' side data: gbench's context and build type with the
    loop overhead measured beside every timing, and per board the firmware images (hash,
    sizes, flags) and the counting plugin's hash."""
    out = {}
    contexts = [m["gbench_context"] for m in metas if m.get("gbench_context")]
    if contexts:
        out["gbench_context"] = contexts[0]
        loops = [m["loop_overhead"] for m in metas if m.get("loop_overhead", {}).get("ns")]
        worst = max((l["ns"] / l["timed_ns"] for l in loops if l["timed_ns"]), default=None)
        out["gbench"] = {
            "library_build_type": contexts[0].get("library_build_type", "unknown"),
            "loop_overhead_ns_max": max((l["ns"] for l in loops), default=None),
            "loop_overhead_share_max": worst,
            # Where the loop is more than 1 % of the time: operations of a few nanoseconds,
            # where one call and an index step are a visible part of the time itself.
            "loop_overhead_above_1_percent": sorted(
                (l["unit"] for l in loops if l["timed_ns"] and l["ns"] / l["timed_ns"] > 0.01)),
            # Per timing unit, for the timing table: the passes used and the loop's share.
            "units": [{k: l.get(k) for k in ("variant", "op", "nonce_source", "passes")} |
                      {"loop_overhead_share": l["ns"] / l["timed_ns"] if l["timed_ns"] else None}
                      for l in loops if "variant" in l],
            "note": "Each timing unit also times gbench's loop with the operation left out "
                    "(sigspace-bench <name>/loop-overhead); the share is that time over the "
                    "unit's fastest repetition, the largest over the run. sigspace-bench raises "
                    "the passes until a repetition lasts 2 ms, so the library's per-repetition "
                    "timer work (a debug build in Debian) is spread over enough iterations."}
    firmware: dict = {}
    for m in metas:
        for plat, images in m.get("firmware", {}).items():
            firmware.setdefault(plat, {}).update(images)
    if firmware:
        out["firmware"] = firmware
        out["platforms"] = {name: dict(desc) for name, desc in plats.items()}
        for plat, images in firmware.items():
            hashes = sorted({i["plugin_sha256"] for i in images.values()})
            flags = sorted({json.dumps(i["flags"], sort_keys=True) for i in images.values()})
            out["platforms"][plat]["plugin_sha256"] = hashes[0] if len(hashes) == 1 else hashes
            out["platforms"][plat]["flags"] = [json.loads(f) for f in flags]
    return out


def merge(dirs: list[str], out: str) -> tuple[Path, int]:
    """Joins complete runs (shards) of one config and commit into a new run directory."""
    if not dirs:
        raise CampaignError("merge needs at least one run directory")
    runs = [results.read_run(Path(d)) for d in dirs]
    first = runs[0][0]
    ids, shards = set(), set()
    for (m, _), d in zip(runs, dirs):
        if m["config"]["sha256"] != first["config"]["sha256"]:
            raise CampaignError(f"{d}: made from another config than {dirs[0]}")
        if m["git"]["commit"] != first["git"]["commit"] or m["git"]["dirty"] != first["git"]["dirty"]:
            raise CampaignError(f"{d}: made at another commit (or tree state) than {dirs[0]}")
        # A part is its run id and shard: shards started in the same second share an id.
        shard = None if m["shard"] is None else (m["shard"]["index"], m["shard"]["count"])
        if (m["run"], shard) in ids:
            raise CampaignError(f"{d}: run {m['run']} given twice")
        ids.add((m["run"], shard))
        if shard is not None:
            key = shard
            if key in shards:
                raise CampaignError(f"{d}: shard {key[0]}/{key[1]} given twice")
            shards.add(key)
    seen = {}
    for (m, records), d in zip(runs, dirs):
        for r in records:
            k = results.record_key(r)
            if k in seen:
                raise CampaignError(f"{d}: record {dict(zip(results.RECORD_KEY, k))} is also "
                                    f"in {seen[k]}; refusing duplicates")
            seen[k] = d
    counts = {n for _, n in shards}
    if shards and (len(counts) > 1 or len(shards) != next(iter(counts))):
        print(f"sigspace merge: warning: shards {sorted(shards)} do not form one complete set",
              file=sys.stderr)
    out_dir = Path(out)
    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        raise CampaignError(f"{out_dir} exists and is not an empty directory")
    created = provenance.now()
    run_id = provenance.run_id(first["git"], created)
    manifest = {**first, "run": run_id, "created": provenance.iso(created),
                "finished": provenance.iso(created), "complete": True, "shard": None,
                "merged_from": [m["run"] for m, _ in runs],
                "parts": [{"run": m["run"], "shard": m["shard"], "platforms": m["platforms"],
                           "created": m["created"]} for m, _ in runs]}
    merged = [{**r, "run": run_id} for _, records in runs for r in records]
    out_dir.mkdir(parents=True, exist_ok=True)
    results.write_records(out_dir, merged)
    results.write_manifest(out_dir, manifest)
    return out_dir, len(merged)
