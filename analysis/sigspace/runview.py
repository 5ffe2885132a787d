"""A finished run as the analyses see it: its manifest and schema-checked records (read only
through results.py), with the few look-ups every table and plot needs. Nothing here measures
or estimates: a figure absent from the run is None, and the caller says so in its output."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

from . import results
from .vocabulary import WHOLE_RAM, metrics_in

# How repetitions of one (variant, platform, op, metric, method) become one figure: counts and
# bytes are deterministic per input, so the worst input is the budget; time takes the median.
PEAK_METRICS = metrics_in("bytes")
# A variant too big for the 640 KB part (its `fits` record false) is measured on the same board
# with its whole RAM (vocabulary.WHOLE_RAM); a run that lists m4-4mb holds its counts there, and
# they stand in for the part's (the tables' fits column and notes say so: stand_ins()).
BOARD_FIGURES = ("fits", "ram")


@dataclass
class RunView:
    dir: Path
    manifest: dict
    records: list[dict]
    _index: dict = field(default_factory=dict, repr=False)
    _figures: set = field(default_factory=set, repr=False)      # (variant, platform, op, metric)
    _stand_ins: dict = field(default_factory=dict, repr=False)  # platform -> stand_ins()

    def __post_init__(self):
        for r in self.records:
            key = (r["variant"], r["platform"], r["op"], r["metric"], r["method"])
            self._index.setdefault(key, []).append(r)
            self._figures.add(key[:4])
        for group in self._index.values():
            group.sort(key=lambda r: r["rep"])

    @property
    def id(self) -> str:
        return self.manifest["run"]

    def variants(self) -> list[str]:
        """Variants in the order the run recorded them (the registry order of its config)."""
        return list(dict.fromkeys(r["variant"] for r in self.records))

    def platforms(self) -> list[str]:
        return list(dict.fromkeys(r["platform"] for r in self.records))

    def identity(self, variant: str) -> dict | None:
        """scheme, param_set, op_point and techniques of a variant, from its records."""
        for r in self.records:
            if r["variant"] == variant:
                return {k: r[k] for k in ("scheme", "param_set", "op_point", "techniques")}
        return None

    def methods(self, variant: str, platform: str, op: str, metric: str) -> list[str]:
        platform = self._source(variant, platform, op, metric)
        return [k[4] for k in self._index if k[:4] == (variant, platform, op, metric)]

    def _source(self, variant: str, platform: str, op: str, metric: str) -> str:
        """The platform whose records give this figure: the whole-RAM image's for a variant
        that does not fit the part and was not measured on it, else the platform itself."""
        if metric in BOARD_FIGURES or (variant, platform, op, metric) in self._figures or \
                variant not in self.stand_ins(platform):
            return platform
        return WHOLE_RAM[platform]

    def stand_ins(self, platform: str) -> list[str]:
        """Variants whose figures on `platform` come from its whole-RAM image (m4-4mb)."""
        if platform not in self._stand_ins:
            whole = WHOLE_RAM.get(platform)
            fits = {k[0]: v for k, v in self._index.items() if k[1:4] == (platform, "all", "fits")}
            held = {k[0] for k in self._index if k[1] == whole}
            self._stand_ins[platform] = [v for v, recs in fits.items()
                                         if v in held and not all(r["value"] for r in recs)]
        return self._stand_ins[platform]

    def values(self, variant: str, platform: str, op: str, metric: str,
               method: str | None = None) -> list:
        """Values by rep; with method None, the first method recorded (one per metric here)."""
        if method is None:
            found = self.methods(variant, platform, op, metric)
            if not found:
                return []
            method = found[0]
        platform = self._source(variant, platform, op, metric)
        return [r["value"] for r in self._index.get((variant, platform, op, metric, method), [])]

    def figure(self, variant: str, platform: str, op: str, metric: str,
               method: str | None = None, reps: int | None = None):
        """One figure: the peak for byte metrics, else the median over repetitions/inputs (the
        first `reps` of them when given: a comparison on the inputs two variants share)."""
        v = self.values(variant, platform, op, metric, method)[:reps]
        if not v:
            return None
        if metric == "fits":
            return all(v)
        return max(v) if metric in PEAK_METRICS else median(v)

    def stats(self, variant: str, platform: str, op: str, metric: str,
              method: str | None = None) -> dict | None:
        """n, median, p10 and p90 over the repetitions or inputs of one figure; None if absent.
        Percentiles interpolate between ranks as results.summarize does."""
        v = self.values(variant, platform, op, metric, method)
        if not v:
            return None
        return {"n": len(v), **{k: results.percentile(v, q)
                                for k, q in (("median", 0.5), ("p10", 0.1), ("p90", 0.9))}}

    def manifest_field(self, *paths: tuple[str, ...]):
        """The first of several manifest paths that holds a value (None: not recorded). Timing
        captions name the machine's load and the benchmark library's build type from here."""
        for path in paths:
            node = self.manifest
            for key in path:
                node = node.get(key) if isinstance(node, dict) else None
            if node not in (None, "", []):
                return node
        return None

    def method_text(self, platform: str, metric: str, method: str) -> str:
        """How the manifest says a figure was obtained (for captions and method notes)."""
        return self.manifest.get("methods", {}).get(f"{metric}/{method}", "")


def load(run_dir: str | Path) -> RunView:
    manifest, records = results.read_run(Path(run_dir))
    return RunView(Path(run_dir), manifest, records)
