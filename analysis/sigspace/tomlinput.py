"""Reading a TOML input (campaign configs, adoption ladders) and checking it against its JSON
Schema (schema/*.schema.json). Every refusal is a ConfigError naming the file, the line of the
offending key where it can be found, and what was expected; nothing else escapes, whatever the
bytes of the file."""
from __future__ import annotations

import json
import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path

import jsonschema


def one_line(text: str) -> str:
    """`text` with every unprintable character (newlines, tabs, U+2028...) escaped, so that a
    key or value quoted from the user's file cannot break the one-line refusal."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


class ConfigError(Exception):
    def __init__(self, path: str, line: int | None, reason: str):
        reason = one_line(reason)
        self.path, self.line, self.reason = path, line, reason
        super().__init__(f"{path}:{line}: {reason}" if line else f"{path}: {reason}")


class Lines:
    """Finds the line of a key (and optionally of a value inside it) in the TOML text, so that
    errors point where the author has to look; tomllib reports no positions. Good enough for the
    flat configs here: table headers, [[arrays of tables]], `key = value` lines, and arrays
    spanning lines. table None is the part before the first header."""

    def __init__(self, text: str):
        self.lines = text.splitlines()

    def of(self, table: str | None, key: str | None = None, value: str | None = None,
           index: int = 0) -> int | None:
        current, seen = None, 0 if table is None else -1
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

    def of_path(self, path: list, value=None) -> int | None:
        """The line of a value given by its path in the parsed document, e.g. ["override", 2,
        "metric"]: the most specific table header and key that the text shows."""
        hint = value if isinstance(value, str) else None
        for split in range(len(path), -1, -1):
            key = path[split] if split < len(path) else None
            if key is not None and not isinstance(key, str):
                continue  # an array index is no key of a line
            head = path[:split]
            names = [p for p in head if isinstance(p, str)]
            index = next((p for p in reversed(head) if isinstance(p, int)), 0)
            if not names and key is None:
                return None
            line = self.of(".".join(names) if names else None, key, hint, index)
            if line:
                return line
        return None


def read(path: str) -> tuple[str, dict]:
    """The text and the parsed document of a TOML file; ConfigError for anything else."""
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise ConfigError(path, None, f"cannot read: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise ConfigError(path, line, f"not UTF-8 text (byte {e.start}): TOML files are "
                                      "UTF-8") from None
    return text, parse(path, text)


def parse(path: str, text: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise ConfigError(path, int(m.group(1)) if m else None,
                          f"TOML syntax error: {e}") from None
    except RecursionError:
        raise ConfigError(path, None, "arrays or tables nested too deeply") from None


@cache
def _schema(name: str) -> tuple[dict, jsonschema.Draft202012Validator]:
    schema = json.loads(resources.files("sigspace").joinpath("schema", name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema, jsonschema.Draft202012Validator(schema)


def schema(name: str) -> dict:
    return _schema(name)[0]


def check(data: dict, schema_name: str, path: str, lines: Lines) -> None:
    """Validates the parsed document against schema/<schema_name>; the first (most relevant)
    violation becomes a ConfigError with its line."""
    root, validator = _schema(schema_name)
    try:
        # A property that fails its own schema counts as "unevaluated" too: that report only
        # repeats the real one, so it is left out.
        error = jsonschema.exceptions.best_match(
            e for e in validator.iter_errors(data)
            if e.validator != "unevaluatedProperties" or _unknown(root, data, e))
    except RecursionError:
        raise ConfigError(path, None, "arrays or tables nested too deeply") from None
    if error is None:
        return
    at = list(error.absolute_path)
    key, reason = _explain(root, data, error, at)
    where = at + [key] if key is not None else at
    raise ConfigError(path, lines.of_path(where, error.instance if key is None else None),
                      reason)


# --- messages ---------------------------------------------------------------------------------

def _resolve(root: dict, node: dict) -> dict:
    """The node with its local $ref ("#/$defs/...") merged in."""
    while isinstance(node, dict) and "$ref" in node:
        target = root
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _declared(root: dict, node: dict, instance) -> dict:
    """Properties a node declares for this instance: its own, and those of the `then` of every
    allOf entry whose `if` holds (an override's settings depend on its metric)."""
    node = _resolve(root, node)
    props = dict(node.get("properties", {}))
    for part in node.get("allOf", []):
        cond = part.get("if")
        if cond is not None and jsonschema.Draft202012Validator(cond).is_valid(instance):
            props.update(_resolve(root, part["then"]).get("properties", {}))
    return props


def _child(root: dict, node: dict, step, instance) -> dict | None:
    node = _resolve(root, node)
    if isinstance(step, int):
        return _resolve(root, node.get("items", {}))
    found = _declared(root, node, instance).get(step)
    if found is None and isinstance(node.get("additionalProperties"), dict):
        found = node["additionalProperties"]
    return _resolve(root, found) if found is not None else None


def _nodes(root: dict, document, path: list) -> list[dict]:
    """The schema node of each prefix of path (the document's root first)."""
    nodes, node, instance = [_resolve(root, root)], root, document
    for step in path:
        node = _child(root, node, step, instance) if node is not None else None
        try:
            instance = instance[step]
        except (KeyError, IndexError, TypeError):
            instance = None
        nodes.append(node or {})
    return nodes


def _where(path: list) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out or "the file"


def _shown(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    # TOML dates and times are no JSON: they show as TOML writes them.
    text = json.dumps(value) if isinstance(value, (str, int, float)) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _unknown(root: dict, document, error) -> list[str]:
    """The keys of an additionalProperties/unevaluatedProperties error that no schema declares."""
    here = _nodes(root, document, list(error.absolute_path))[-1]
    allowed = _declared(root, here, error.instance)
    return [k for k in error.instance if k not in allowed]


def _explain(root: dict, document, error, at: list) -> tuple[str | None, str]:
    """(the offending key below `at`, or None; the reason in words)."""
    nodes = _nodes(root, document, at)
    here = nodes[-1]
    if error.validator in ("additionalProperties", "unevaluatedProperties") or \
            "propertyNames" in error.schema_path:
        allowed = _declared(root, here, error.instance if isinstance(error.instance, dict)
                            else None)
        if "propertyNames" in error.schema_path:
            key, names = error.instance, here.get("propertyNames", {}).get("enum", [])
            allowed = {n: None for n in names} | allowed
        else:
            key = _unknown(root, document, error)[0]
        noun = here.get("title", "key")
        inside = f" in {_where(at)}" if at else ""
        return key, f"unknown {noun} '{key}'{inside} (allowed: {', '.join(allowed) or 'none'})"
    if error.validator == "required":
        key = next(k for k in error.validator_value if k not in error.instance)
        wanted = _child(root, here, key, error.instance) or {}
        what = f" ({wanted['description']})" if "description" in wanted else ""
        inside = f" in {_where(at)}" if at else ""
        return None, f"missing '{key}'{inside}{what}"
    if error.validator == "anyOf" and all(set(o) == {"required"} for o in error.validator_value):
        names = [k for o in error.validator_value for k in o["required"]]
        inside = f" in {_where(at)}" if at else ""
        return None, f"missing one of {', '.join(repr(n) for n in names)}{inside}"
    # A value of the wrong type or shape: say what the nearest described node expects.
    for depth in range(len(nodes) - 1, -1, -1):
        if "description" in nodes[depth]:
            described, want = at[:depth], nodes[depth]["description"]
            break
    else:
        described, want = at, error.message
    got = _shown(error.instance)
    if described == at:
        return None, f"{_where(at)} must be {want}, not {got}"
    return None, f"{_where(described)} must be {want}; {_where(at)} is {got}"
