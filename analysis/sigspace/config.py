"""Campaign configs (configs/*.toml): which variants (globs over ids), platforms, metrics and how
many repetitions and inputs each metric uses. A config is checked completely before any work
starts; every refusal names the file, the line and the reason."""
from __future__ import annotations

import fnmatch
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from . import platforms, tomlinput
from .tomlinput import ConfigError
from .vocabulary import OPS

SCHEMA = "campaign.schema.json"


def _metric_settings() -> dict[str, dict]:
    """Settings each metric accepts, with their defaults, as the schema declares them (its
    $defs/settings-<metric>). `messages`: inputs of sign and verify (the derived message set);
    `keys`: inputs of keygen and load_key (derived key seeds); time's `nonce_sources`: also
    time hedged signing, rnd drawn from each named source (gbench-hedged)."""
    schema = tomlinput.schema(SCHEMA)
    return {m: {k: v["default"] for k, v in schema["$defs"][f"settings-{m}"]["properties"].items()
                if k != "ops"}
            for m in schema["properties"]["metrics"]["properties"]}


METRIC_SETTINGS: dict[str, dict] = _metric_settings()
COMMON_SETTINGS = {"ops": list(OPS)}
TIME_MIN_MESSAGES = 32  # signing time is heavy-tailed: at least this many messages
OVERRIDE_KEYS = {"variants", "metric"}


@dataclass
class Campaign:
    path: str
    text: str
    description: str
    variants: list[str]          # ids selected, in registry order
    platforms: list[str]
    metrics: dict[str, dict]     # metric -> settings (defaults filled in)
    overrides: list[dict] = field(default_factory=list)  # {"variants": [...], "metric", settings}
    excludes: list[dict] = field(default_factory=list)   # {"variants", "platforms", "reason"}
    adoption: dict = field(default_factory=dict)  # [adoption]: ladders (paths), platforms, messages
    claims: list[str] = field(default_factory=list)  # [report] claims: files checked before REPORT
    qemu_timeout_s: int | None = None  # [campaign] qemu_timeout_s: one board run's limit

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()

    def settings(self, variant: str, metric: str) -> dict:
        """The metric's settings for one variant: the metric table, then matching overrides."""
        s = dict(self.metrics[metric])
        for o in self.overrides:
            if o["metric"] == metric and any(fnmatch.fnmatchcase(variant, p)
                                             for p in o["variants"]):
                s.update({k: v for k, v in o.items() if k not in OVERRIDE_KEYS})
        return s

    def excluded(self, variant: str, platform: str) -> str | None:
        """Why the config leaves this variant out on this platform, or None when it runs."""
        for e in self.excludes:
            if platform in e["platforms"] and any(fnmatch.fnmatchcase(variant, p)
                                                  for p in e["variants"]):
                return e["reason"]
        return None


def load(path: str | Path, registered: list[str], ablations: list[str] = ()) -> Campaign:
    """Reads and checks a campaign config against the registered variant ids; a pattern with a
    '~' selects ablations ("ML-DSA-44/balanced~*"), any other operating points only. Shapes and
    types are the schema's (schema/campaign.schema.json); what follows it here is what the
    schema cannot know: the registry, the platforms' plug-ins and the files named."""
    text, data = tomlinput.read(str(path))
    return from_data(str(path), text, data, registered, ablations)


def from_data(path: str, text: str, data: dict, registered: list[str],
              ablations: list[str] = ()) -> Campaign:
    """The checks of load() on a parsed document (text: its source, for the lines)."""
    lines = tomlinput.Lines(text)
    tomlinput.check(data, SCHEMA, path, lines)

    def fail(reason, table, key=None, value=None, index=0):
        raise ConfigError(path, lines.of(table, key, value, index), reason)

    campaign = data["campaign"]
    selected = []
    for p in campaign["variants"]:
        pool = ablations if "~" in p else registered
        hits = [v for v in pool if fnmatch.fnmatchcase(v, p)]
        if not hits:
            fail(f"variant pattern '{p}' matches no registered "
                 f"{'ablation' if '~' in p else 'variant'} (registered: "
                 f"{', '.join(pool) or 'none'})", "campaign", "variants", p)
        selected += [h for h in hits if h not in selected]
    selected = [v for v in [*registered, *ablations] if v in selected]  # registry order

    plats = campaign.get("platforms", ["host"])
    for p in plats:
        problem = platforms.refusal(p)
        if problem:
            fail(problem, "campaign", "platforms", p)

    metrics = {}
    for name, settings in data["metrics"].items():
        table = f"metrics.{name}"
        for p in plats:
            problem = platforms.get(p).refuse_metric(name)
            if problem:
                fail(problem, table)
        metrics[name] = _settings(name, settings, lambda r, k, v=None: fail(r, table, k, v))

    overrides = []
    for i, o in enumerate(data.get("override", [])):
        def ofail(reason, key=None, value=None, i=i):
            fail(reason, "override", key, value, i)
        metric = o["metric"]
        if metric not in metrics:
            ofail(f"override.metric must name a metric of this config ({', '.join(metrics)})",
                  "metric")
        for p in o["variants"]:
            if not any(fnmatch.fnmatchcase(v, p) for v in selected):
                ofail(f"override pattern '{p}' matches no selected variant", "variants", p)
        rest = {k: v for k, v in o.items() if k not in OVERRIDE_KEYS}
        overrides.append({"variants": o["variants"], "metric": metric,
                          **_settings(metric, rest, ofail, defaults=False)})

    excludes = _excludes(data.get("exclude", []), selected, plats, fail)
    return Campaign(path=path, text=text, description=campaign.get("description", ""),
                    variants=selected, platforms=plats, metrics=metrics, overrides=overrides,
                    excludes=excludes, adoption=_adoption(data.get("adoption", {}), path, fail),
                    claims=_claims(data.get("report", {}), path, fail),
                    qemu_timeout_s=campaign.get("qemu_timeout_s"))


def resolve_path(config_path: str, name: str) -> Path:
    """A file a config names: absolute, else from the repository root, else beside the config."""
    from .provenance import ROOT
    p = Path(name)
    if p.is_absolute():
        return p
    return ROOT / p if (ROOT / p).exists() else Path(config_path).parent / p


def _adoption(section: dict, path: str, fail) -> dict:
    """[adoption]: the ladders the main job checks after measuring, at this config's depth."""
    for name in section.get("ladders", []):
        if not resolve_path(path, name).is_file():
            fail(f"adoption ladder '{name}' not found", "adoption", "ladders", name)
    for p in section.get("platforms", []):
        problem = platforms.refusal(p)
        if problem:
            fail(problem, "adoption", "platforms", p)
    return dict(section)


def _claims(section: dict, path: str, fail) -> list[str]:
    """[report] claims: the claims files (claims.py) the main job checks before its report."""
    for name in section.get("claims", []):
        if not resolve_path(path, name).is_file():
            fail(f"claims file '{name}' not found", "report", "claims", name)
    return list(section.get("claims", []))


def _excludes(raw: list, selected: list[str], plats: list[str], fail) -> list[dict]:
    """[[exclude]] tables: variants (globs) left out on some platforms, with the reason that
    coverage reports (e.g. a LESS category-5 signature takes ~10 minutes under QEMU)."""
    out = []
    for i, e in enumerate(raw):
        def efail(reason, key=None, value=None, i=i):
            fail(reason, "exclude", key, value, i)
        for p in e["variants"]:
            if not any(fnmatch.fnmatchcase(v, p) for v in selected):
                efail(f"exclude pattern '{p}' matches no selected variant", "variants", p)
        for p in e["platforms"]:
            if p not in plats:
                efail(f"exclude.platforms must list platforms of this campaign "
                      f"({', '.join(plats)}); '{p}' is not one", "platforms", p)
        out.append({"variants": e["variants"], "platforms": e["platforms"],
                    "reason": e["reason"]})
    return out


def _settings(metric: str, given: dict, fail, defaults: bool = True) -> dict:
    """A metric's settings (schema-checked) with its defaults; checks what the schema cannot:
    the host's randomness sources, and time's minimum of messages."""
    out = {**METRIC_SETTINGS[metric], **COMMON_SETTINGS} if defaults else {}
    for key, value in given.items():
        if key == "nonce_sources":
            from .registry import random_sources
            known = random_sources()
            bad = [s for s in value if s not in known]
            if bad:
                fail(f"nonce_sources: unknown source {bad[0]!r}; a list drawn from "
                     f"{', '.join(known)}", key, bad[0])
        out[key] = value
    if metric == "time" and out.get("messages", TIME_MIN_MESSAGES) < TIME_MIN_MESSAGES:
        fail(f"time needs at least {TIME_MIN_MESSAGES} messages (signing time is heavy-tailed)",
             "messages")
    return out
