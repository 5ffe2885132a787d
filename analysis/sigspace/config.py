"""Campaign configs (configs/*.toml): which variants (globs over ids), platforms, metrics and how
many repetitions and inputs each metric uses. A config is checked completely before any work
starts; every refusal names the file, the line and the reason."""
from __future__ import annotations

import fnmatch
import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from . import platforms
from .vocabulary import OPS

# Settings each metric accepts, with their defaults. `messages`: inputs of sign and verify (the
# derived message set); `keys`: inputs of keygen and load_key (derived key seeds).
METRIC_SETTINGS: dict[str, dict] = {
    # nonce_sources: also time hedged signing, rnd drawn from each named source (gbench-hedged)
    "time": {"repetitions": 10, "messages": 32, "keys": 32, "passes": 1, "nonce_sources": []},
    "instructions": {"messages": 1, "keys": 1},
    "stack": {"messages": 1, "keys": 1},
    "heap": {"messages": 1, "keys": 1, "methods": ["counting-alloc", "massif"]},
    "workspace": {},
    "retained_state": {},
    "text": {},
    "data": {},
    "bss": {},
}
COMMON_SETTINGS = {"ops": list(OPS)}
TIME_MIN_MESSAGES = 32  # signing time is heavy-tailed: at least this many messages
CAMPAIGN_KEYS = {"description", "variants", "platforms"}
OVERRIDE_KEYS = {"variants", "metric"}


class ConfigError(Exception):
    def __init__(self, path: str, line: int | None, reason: str):
        self.path, self.line, self.reason = path, line, reason
        super().__init__(f"{path}:{line}: {reason}" if line else f"{path}: {reason}")


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


class _Lines:
    """Finds the line of a key (and optionally of a value inside it) in the TOML text, so that
    semantic errors point where the author has to look. Good enough for the flat configs here:
    table headers, [[arrays of tables]], `key = value` lines, and arrays spanning lines."""

    def __init__(self, text: str):
        self.lines = text.splitlines()

    def of(self, table: str, key: str | None = None, value: str | None = None,
           index: int = 0) -> int | None:
        current, seen = None, -1
        header = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?")
        assign = re.compile(r"^\s*([A-Za-z0-9_\-\"]+)\s*=")
        for n, line in enumerate(self.lines, 1):
            m = header.match(line)
            if m:
                current = m.group(1).replace('"', "")
                if current == table:
                    seen += 1
                    if key is None and seen == index:
                        return n
                continue
            if current != table or seen != index or key is None:
                continue
            m = assign.match(line)
            if m and m.group(1).strip('"') == key:
                if value is None:
                    return n
                for k in range(n, len(self.lines) + 1):  # the value may be on a later line
                    if f'"{value}"' in self.lines[k - 1] or f"'{value}'" in self.lines[k - 1]:
                        return k
                return n
        return None


def _positive_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def load(path: str | Path, registered: list[str], ablations: list[str] = ()) -> Campaign:
    """Reads and checks a campaign config against the registered variant ids; a pattern with a
    '~' selects ablations ("ML-DSA-44/balanced~*"), any other operating points only."""
    path = str(path)
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise ConfigError(path, None, f"cannot read: {e.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise ConfigError(path, int(m.group(1)) if m else None,
                          f"TOML syntax error: {e}") from None
    lines = _Lines(text)

    def fail(reason, table, key=None, value=None, index=0):
        raise ConfigError(path, lines.of(table, key, value, index), reason)

    for top in data:
        if top not in ("campaign", "metrics", "override", "exclude", "adoption"):
            fail(f"unknown table or key '{top}' (campaign, metrics, override, exclude, "
                 "adoption)", top)
    campaign = data.get("campaign")
    if not isinstance(campaign, dict):
        raise ConfigError(path, None, "missing [campaign] table")
    for key in campaign:
        if key not in CAMPAIGN_KEYS:
            fail(f"unknown key '{key}' in [campaign] ({', '.join(sorted(CAMPAIGN_KEYS))})",
                 "campaign", key)

    patterns = campaign.get("variants")
    if not isinstance(patterns, list) or not patterns or \
            not all(isinstance(p, str) for p in patterns):
        fail("campaign.variants must be a non-empty list of id globs", "campaign", "variants")
    selected = []
    for p in patterns:
        pool = ablations if "~" in p else registered
        hits = [v for v in pool if fnmatch.fnmatchcase(v, p)]
        if not hits:
            fail(f"variant pattern '{p}' matches no registered "
                 f"{'ablation' if '~' in p else 'variant'} (registered: "
                 f"{', '.join(pool) or 'none'})", "campaign", "variants", p)
        selected += [h for h in hits if h not in selected]
    selected = [v for v in [*registered, *ablations] if v in selected]  # registry order

    plats = campaign.get("platforms", ["host"])
    if not isinstance(plats, list) or not plats or not all(isinstance(p, str) for p in plats):
        fail("campaign.platforms must be a non-empty list of names", "campaign", "platforms")
    for p in plats:
        problem = platforms.refusal(p)
        if problem:
            fail(problem, "campaign", "platforms", p)

    metrics_table = data.get("metrics")
    if not isinstance(metrics_table, dict) or not metrics_table:
        raise ConfigError(path, None, "no [metrics.<name>] tables: nothing to measure")
    metrics = {}
    for name, settings in metrics_table.items():
        table = f"metrics.{name}"
        if name not in METRIC_SETTINGS:
            fail(f"unknown metric '{name}' (known: {', '.join(METRIC_SETTINGS)})", table)
        if not isinstance(settings, dict):
            fail(f"metrics.{name} must be a table", "metrics", name)
        for p in plats:
            problem = platforms.get(p).refuse_metric(name)
            if problem:
                fail(problem, table)
        metrics[name] = _settings(name, settings, lambda r, k, v=None: fail(r, table, k, v))

    overrides = []
    raw_overrides = data.get("override", [])
    if not isinstance(raw_overrides, list):
        fail("override must be an array of tables: [[override]]", "override")
    for i, o in enumerate(raw_overrides):
        def ofail(reason, key=None, value=None, i=i):
            fail(reason, "override", key, value, i)
        metric = o.get("metric")
        if metric not in metrics:
            ofail(f"override.metric must name a metric of this config ({', '.join(metrics)})",
                  "metric")
        pats = o.get("variants")
        if not isinstance(pats, list) or not pats:
            ofail("override.variants must be a non-empty list of id globs", "variants")
        for p in pats:
            if not any(fnmatch.fnmatchcase(v, p) for v in selected):
                ofail(f"override pattern '{p}' matches no selected variant", "variants", p)
        rest = {k: v for k, v in o.items() if k not in OVERRIDE_KEYS}
        overrides.append({"variants": pats, "metric": metric,
                          **_settings(metric, rest, ofail, defaults=False)})

    excludes = _excludes(data.get("exclude", []), selected, plats, fail)

    description = campaign.get("description", "")
    if not isinstance(description, str):
        fail("campaign.description must be a string", "campaign", "description")
    return Campaign(path=path, text=text, description=description, variants=selected,
                    platforms=plats, metrics=metrics, overrides=overrides, excludes=excludes,
                    adoption=_adoption(data.get("adoption", {}), path, fail))


def resolve_path(config_path: str, name: str) -> Path:
    """A file a config names: absolute, else from the repository root, else beside the config."""
    from .provenance import ROOT
    p = Path(name)
    if p.is_absolute():
        return p
    return ROOT / p if (ROOT / p).exists() else Path(config_path).parent / p


def _adoption(section, path: str, fail) -> dict:
    """[adoption]: the ladders the main job checks after measuring, at this config's depth."""
    if not isinstance(section, dict):
        fail("adoption must be a table: [adoption]", "adoption")
    for key in section:
        if key not in ("ladders", "platforms", "messages"):
            fail(f"unknown key '{key}' in [adoption] (ladders, platforms, messages)",
                 "adoption", key)
    ladders = section.get("ladders", [])
    if not isinstance(ladders, list) or not all(isinstance(x, str) for x in ladders):
        fail("adoption.ladders must be a list of ladder files", "adoption", "ladders")
    for name in ladders:
        if not resolve_path(path, name).is_file():
            fail(f"adoption ladder '{name}' not found", "adoption", "ladders", name)
    plats = section.get("platforms", [])
    if not isinstance(plats, list) or any(platforms.refusal(p) for p in plats):
        fail("adoption.platforms must be a list of implemented platforms", "adoption",
             "platforms")
    messages = section.get("messages", 1)
    if not isinstance(messages, int) or isinstance(messages, bool) or messages < 1:
        fail("adoption.messages must be a positive integer", "adoption", "messages")
    return dict(section)


def _excludes(raw, selected: list[str], plats: list[str], fail) -> list[dict]:
    """[[exclude]] tables: variants (globs) left out on some platforms, with the reason that
    coverage reports (e.g. a LESS category-5 signature takes ~10 minutes under QEMU)."""
    if not isinstance(raw, list):
        fail("exclude must be an array of tables: [[exclude]]", "exclude")
    out = []
    for i, e in enumerate(raw):
        def efail(reason, key=None, value=None, i=i):
            fail(reason, "exclude", key, value, i)
        for key in e:
            if key not in ("variants", "platforms", "reason"):
                efail(f"unknown key '{key}' in [[exclude]] (variants, platforms, reason)", key)
        pats, where, reason = e.get("variants"), e.get("platforms"), e.get("reason")
        if not isinstance(pats, list) or not pats:
            efail("exclude.variants must be a non-empty list of id globs", "variants")
        for p in pats:
            if not any(fnmatch.fnmatchcase(v, p) for v in selected):
                efail(f"exclude pattern '{p}' matches no selected variant", "variants", p)
        if not isinstance(where, list) or not where or any(p not in plats for p in where):
            efail(f"exclude.platforms must list platforms of this campaign ({', '.join(plats)})",
                  "platforms")
        if not isinstance(reason, str) or not reason.strip():
            efail("exclude.reason must say why (coverage reports it)", "reason")
        out.append({"variants": pats, "platforms": where, "reason": reason})
    return out


def _settings(metric: str, given: dict, fail, defaults: bool = True) -> dict:
    allowed = {**METRIC_SETTINGS[metric], **COMMON_SETTINGS}
    out = dict(allowed) if defaults else {}
    for key, value in given.items():
        if key not in allowed:
            fail(f"unknown setting '{key}' for metric {metric} "
                 f"(allowed: {', '.join(allowed) or 'none'})", key)
        if key in ("repetitions", "messages", "keys", "passes") and not _positive_int(value):
            fail(f"{key} must be a positive integer", key)
        if key == "ops":
            if not isinstance(value, list) or not value or any(op not in OPS for op in value):
                fail(f"ops must be a non-empty list drawn from {', '.join(OPS)}", key)
        if key == "nonce_sources":
            from .registry import random_sources
            known = random_sources()
            bad = [s for s in value if s not in known] if isinstance(value, list) else [value]
            if bad:
                fail(f"nonce_sources: unknown source {bad[0]!r}; a list drawn from "
                     f"{', '.join(known)}", key, bad[0] if isinstance(bad[0], str) else None)
        if key == "methods":
            known = METRIC_SETTINGS[metric]["methods"]
            bad = [m for m in value if m not in known] if isinstance(value, list) else [value]
            if bad or not value:
                fail(f"methods must be a non-empty list drawn from {', '.join(known)}", key,
                     bad[0] if bad and isinstance(bad[0], str) else None)
        out[key] = value
    if metric == "time" and out.get("messages", TIME_MIN_MESSAGES) < TIME_MIN_MESSAGES:
        fail(f"time needs at least {TIME_MIN_MESSAGES} messages (signing time is heavy-tailed)",
             "messages")
    return out
