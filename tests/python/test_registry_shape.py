"""The registry's shape (sigspace/point.hpp): every registered technique is judged by a ladder,
a ladder names only registered techniques, one ladder entry stands for a point at every set,
every registered operating point has its place in the tables' ordering, and traits (descriptive)
stay apart from techniques (switchable, each with its ablation)."""
import re

import pytest
from conftest import ROOT

from sigspace import adoption_config, registry, vocabulary
from sigspace.config import ConfigError
from sigspace.tables.common import point_order

LADDERS = ROOT / "configs" / "adoption"
REGISTERED = {"X-1/fast": ["a", "b"], "X-2/fast": ["a", "b"], "X-1/reference": []}
ABLATIONS = {"X-1/fast~a", "X-1/fast~b", "X-2/fast~a", "X-2/fast~b"}


def ladder(techniques: str, variant: str = "X-*/fast", registered=None, ablations=None):
    text = f'[adoption]\nplatforms = ["host"]\n[tolerance]\ninstructions = "+0.5%"\n' \
           f'stack = "+0"\nworkspace = "+0"\nretained_state = "+0"\n' \
           f'[[point]]\nvariant = "{variant}"\ntechniques = {techniques}\n'
    return adoption_config.parse("ladder.toml", text, registered or REGISTERED,
                                 ablations or ABLATIONS)


def test_every_registered_technique_has_a_ladder_entry():
    assert adoption_config.gaps(adoption_config.load_all(LADDERS),
                                adoption_config.registered_techniques(),
                                registry.ablations()) == []


def test_a_technique_without_a_ladder_entry_is_a_gap():
    assert adoption_config.gaps([ladder('["a"]')], REGISTERED) == ["X-1/fast~b", "X-2/fast~b"]
    assert adoption_config.gaps([ladder('["a", "b"]')], REGISTERED) == []


def test_one_entry_stands_for_the_point_at_every_set():
    assert ladder('["b", "a"]').points == {"X-1/fast": ["b", "a"], "X-2/fast": ["b", "a"]}


@pytest.mark.parametrize("techniques, variant, message", [
    ('["a", "c"]', "X-*/fast", "'c' is not a technique of X-1/fast"),
    ('["a"]', "Y-*/fast", "point 'Y-*/fast' matches no registered variant")])
def test_a_ladder_naming_an_unknown_technique_or_point_is_refused(techniques, variant, message):
    with pytest.raises(ConfigError, match=re.escape(message)):
        ladder(techniques, variant)


def test_every_registered_point_has_its_place_in_the_tables():
    points = {registry.variant(v).info["op_point"] for v in registry.variants()}
    assert points <= set(point_order()), points - set(point_order())
    assert point_order()[:4] == ("reference", "speed-ceiling", "balanced", "memory-floor")


def test_traits_are_apart_from_techniques_and_each_technique_has_its_ablation():
    ablations = set(registry.ablations())
    for vid in registry.variants():
        info = registry.variant(vid).info
        assert not set(info["traits"]) & set(info["techniques"]), vid
        assert {f"{vid}~{t}" for t in info["techniques"]} <= ablations, vid
    assert registry.variant("ML-DSA-44/reference").info["techniques"] == []
    assert "full-matrix-A" in registry.variant("ML-DSA-44/reference").info["traits"]
    assert len([a for a in ablations if a.startswith("ML-DSA-65/memory-floor~")]) == 14


def test_contrasts_have_ablations_and_stay_out_of_the_techniques_and_ladders():
    ablations = set(registry.ablations())
    seen = set()
    for vid in registry.variants():
        info = registry.variant(vid).info
        assert not set(info["contrasts"]) & set(info["techniques"]), vid
        assert {f"{vid}~{c}" for c in info["contrasts"]} <= ablations, vid
        for c in info["contrasts"]:  # the ablation has its contrast off and its techniques on
            off = registry.variant(f"{vid}~{c}").info
            assert off["contrasts"] == [] and off["techniques"] == info["techniques"], vid
        seen |= set(info["contrasts"])
    assert seen == set(vocabulary.CONTRASTS)
    assert "constant-time" in registry.variant("LESS-1s/speed-ceiling").info["contrasts"]
    assert registry.variant("LESS-1s/reference").info["contrasts"] == []
    # A ladder cannot name a contrast: it is not a technique of the point.
    with pytest.raises(ConfigError, match="'constant-time' is not a technique of LESS-1b/speed"):
        ladder('["constant-time"]', "LESS-*/speed-ceiling",
               adoption_config.registered_techniques(), ablations)
