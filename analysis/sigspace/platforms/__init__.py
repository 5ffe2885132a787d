"""Platform plug-ins: where a campaign's measurements run. A platform turns (variant, metric,
settings) into units of work and runs a unit into (rep, value) pairs; the campaign runner does
the rest (records, resuming, shards, progress). The host and the boards (m4, m4-4mb, m33) are
implemented; a name in vocabulary.PLATFORMS without a plug-in would be refused clearly.

To add a board: write platforms/<name>.py with a Platform subclass and list it in IMPLEMENTED.
"""
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from ..vocabulary import PLATFORMS

# name -> "module:Class" of the implemented plug-ins.
IMPLEMENTED = {"host": "sigspace.platforms.host:HostPlatform",
               "m4": "sigspace.platforms.board:M4Platform",
               "m4-4mb": "sigspace.platforms.board:M4FullPlatform",
               "m33": "sigspace.platforms.board:M33Platform"}


@dataclass(frozen=True)
class Unit:
    """One piece of work whose records are written together (or not at all)."""
    platform: str
    variant: str
    metric: str
    method: str
    op: str                 # keygen | load_key | sign | verify | all
    first: int = 0          # first input index (message or key seed)
    count: int = 1          # inputs covered
    options: tuple = ()     # method options as sorted (name, value) pairs, e.g. repetitions
    exclusive: bool = False  # must run alone (timing): no other unit runs at the same time

    @property
    def key(self) -> str:
        """A file-name-safe identity, stable across runs of the same config."""
        parts = [self.platform, self.variant.replace("/", "+"), self.metric, self.method,
                 self.op, f"{self.first}-{self.first + self.count - 1}"]
        parts += [f"{k}={v}" for k, v in self.options]
        return "__".join(parts)

    def option(self, name, default=None):
        return dict(self.options).get(name, default)


@dataclass
class UnitResult:
    values: list[tuple[int, float | int]]       # (rep, value)
    meta: dict = field(default_factory=dict)    # e.g. the gbench context block
    # further metrics measured in the same windows: metric -> (rep, value), e.g. rng_time
    more: dict[str, list[tuple[int, float]]] = field(default_factory=dict)


# Descriptor figures: the variant's published workspace and retained state, the same on every
# platform (ARCHITECTURE.md, Measurement), so every plug-in records them alike and a board's
# adoption judges a memory point by them as the host's does.
DESCRIPTOR_METHODS = {
    "workspace/descriptor": "The variant descriptor's published workspace of the operation.",
    "retained_state/descriptor": "The descriptor's retained signing-key state (state_bytes), "
                                 "recorded under op 'sign', whose signer keeps it.",
}


def plan_descriptor(platform: str, variant_id: str, metric: str, ops) -> list["Unit"]:
    """Units of a descriptor metric ([] for any other metric)."""
    if metric == "retained_state":
        return [Unit(platform, variant_id, metric, "descriptor", "sign")]
    if metric == "workspace":
        return [Unit(platform, variant_id, metric, "descriptor", op) for op in ops]
    return []


def descriptor_figure(info: dict, unit: "Unit") -> "UnitResult":
    """A descriptor unit's figure from the registry entry (variant_info)."""
    if unit.metric == "workspace":
        return UnitResult([(0, info["workspace"][unit.op])])
    return UnitResult([(0, info["sizes"]["retained_state"])])


class PlatformError(Exception):
    """A platform could not measure (tool missing, probe failed); the run stops, resumable."""


class Platform(ABC):
    name: str

    def refuse_metric(self, metric: str) -> str | None:
        """Why this platform cannot measure metric, or None when it can."""
        return None

    @abstractmethod
    def describe(self) -> dict:
        """Manifest entry: tools, versions, CPU, build of the measured binaries."""

    @abstractmethod
    def methods(self) -> dict[str, str]:
        """metric/method -> how the figure is obtained, for the manifest."""

    @abstractmethod
    def variant_ids(self) -> list[str]:
        """Ids of the variants this platform's binaries contain."""

    @abstractmethod
    def variant_info(self, variant_id: str) -> dict:
        """The registry entry (identity, sizes, workspace) as `sigspace list --json` gives it."""

    @abstractmethod
    def plan(self, variant_id: str, metric: str, settings: dict) -> list[Unit]:
        """The units that measure metric for one variant with the given settings."""

    @abstractmethod
    def run(self, unit: Unit) -> UnitResult:
        """Runs one unit; raises PlatformError when the measurement failed."""

    def shares_work(self, unit: Unit) -> str:
        """Units with the same answer share one measurement, so a shard must take them all;
        here every unit is measured by itself."""
        return unit.key


def refusal(name: str) -> str | None:
    """Why a config may not name this platform, or None when it can be used."""
    if name not in PLATFORMS:
        return f"unknown platform '{name}' (known: {', '.join(PLATFORMS)})"
    if name not in IMPLEMENTED:
        return (f"platform '{name}' is not implemented yet (implemented: "
                f"{', '.join(IMPLEMENTED)}); its plug-in goes in sigspace/platforms/")
    return None


_instances: dict[str, Platform] = {}


def get(name: str) -> Platform:
    problem = refusal(name)
    if problem:
        raise PlatformError(problem)
    if name not in _instances:
        module, cls = IMPLEMENTED[name].split(":")
        _instances[name] = getattr(importlib.import_module(module), cls)()
    return _instances[name]
