"""sigspace.vocabulary and schema/record.schema.json name the same ops, platforms, metrics,
units and methods, and give each metric the same unit: a name added on one side only fails
here. Every module that plans or describes figures uses only those names."""
import json
from importlib import resources

import pytest
from sigspace import adoption, config, tomlinput, vocabulary
from sigspace.platforms import board, host

SCHEMA = json.loads(resources.files("sigspace").joinpath("schema", "record.schema.json")
                    .read_text())


def _enum(field: str) -> list[str]:
    return SCHEMA["properties"][field]["enum"]


def _same_names(module_names, schema_names, what):
    assert len(set(module_names)) == len(module_names), f"{what}: a name twice in vocabulary"
    only_module = sorted(set(module_names) - set(schema_names))
    only_schema = sorted(set(schema_names) - set(module_names))
    assert not only_module and not only_schema, (
        f"{what}: only in vocabulary.py {only_module}, only in record.schema.json {only_schema}")


@pytest.mark.parametrize("field, names", [
    ("op", vocabulary.RECORD_OPS), ("platform", vocabulary.PLATFORMS),
    ("metric", vocabulary.METRICS), ("unit", vocabulary.UNITS), ("method", vocabulary.METHODS),
])
def test_names_agree_with_schema(field, names):
    _same_names(names, _enum(field), field)


def _schema_units() -> dict[str, str]:
    """metric -> unit from the schema's if/then rules ("if metric is X then unit is U")."""
    units = {}
    for rule in SCHEMA["allOf"]:
        metric = rule["if"].get("properties", {}).get("metric")
        unit = rule["then"].get("properties", {}).get("unit")
        if metric is None or unit is None:
            continue
        for name in metric.get("enum", [metric.get("const")]):
            assert name not in units, f"the schema gives {name} two units"
            units[name] = unit["const"]
    return units


def test_each_metric_has_the_schemas_unit():
    assert vocabulary.METRIC_UNITS == _schema_units()
    assert set(vocabulary.METRIC_UNITS.values()) == set(vocabulary.UNITS)


def test_whole_binary_op_is_not_an_operation():
    assert vocabulary.WHOLE_BINARY_OP not in vocabulary.OPS
    assert vocabulary.RECORD_OPS == vocabulary.OPS + (vocabulary.WHOLE_BINARY_OP,)


@pytest.mark.parametrize("described", [host.METHODS, board.METHODS], ids=["host", "board"])
def test_platform_methods_use_the_vocabulary(described):
    for key in described:
        metric, method = key.split("/")
        assert metric in vocabulary.METRICS, key
        assert method in vocabulary.METHODS, key


def test_configurable_and_tracked_metrics_use_the_vocabulary():
    assert set(config.METRIC_SETTINGS) <= set(vocabulary.METRICS)
    assert set(adoption.DETERMINISTIC) <= set(vocabulary.METRICS)


def test_config_and_ladder_schemas_spell_the_package_names():
    """The campaign and ladder schemas list operations, methods and adoption metrics as enums;
    they must be the package's own names (a name added on one side only fails here)."""
    campaign = tomlinput.schema("campaign.schema.json")
    assert campaign["$defs"]["ops"]["items"]["enum"] == list(vocabulary.OPS)
    heap = campaign["$defs"]["settings-heap"]["properties"]["methods"]
    assert set(heap["items"]["enum"]) <= set(vocabulary.METHODS)
    ladder = tomlinput.schema("ladder.schema.json")
    assert ladder["$defs"]["tolerances"]["propertyNames"]["enum"] == list(adoption.DETERMINISTIC)
    point_ops = ladder["properties"]["point"]["items"]["properties"]["ops"]
    assert point_ops["additionalProperties"]["items"]["enum"] == list(adoption.OPS)
    bound = ladder["properties"]["waiver"]["items"]["properties"]["bound"]
    assert bound["propertyNames"]["enum"] == [*adoption.DETERMINISTIC, *adoption.OPS]
