"""Walks the API's own OpenAPI schema, deterministically: its operations, a plausible body
for each, and that body with one chosen string replaced, field by field."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from drf_spectacular.generators import SchemaGenerator

METHODS = ("get", "post", "put", "patch", "delete")


@cache
def api_schema() -> dict[str, Any]:
    generated = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(json.dumps(generated, cls=DjangoJSONEncoder))


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema behind ``$ref`` and ``allOf`` (merged)."""
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = {
            **api_schema()["components"]["schemas"][name],
            **{k: v for k, v in schema.items() if k != "$ref"},
        }
    if "allOf" in schema:
        merged: dict[str, Any] = {k: v for k, v in schema.items() if k != "allOf"}
        for part in schema["allOf"]:
            part = resolve(part)
            merged.setdefault("properties", {}).update(part.get("properties", {}))
            merged.setdefault("required", []).extend(part.get("required", []))
            for key in ("type", "enum"):
                if key in part:
                    merged.setdefault(key, part[key])
        schema = merged
    return schema


def sample(schema: dict[str, Any], depth: int = 0) -> Any:
    """A plausible value: every writable property, the first choice, the minimum."""
    schema = resolve(schema)
    if "example" in schema:
        return schema["example"]
    if "enum" in schema:
        return next((v for v in schema["enum"] if v not in (None, "")), schema["enum"][0])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return sample(schema[key][0], depth)
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        if depth > 6:
            return {}
        return {
            name: sample(prop, depth + 1)
            for name, prop in schema.get("properties", {}).items()
            if not resolve(prop).get("readOnly")
        }
    if kind == "array":
        count = max(1, schema.get("minItems", 1))
        return [sample(schema.get("items", {}), depth + 1) for _ in range(count)]
    if kind == "integer":
        return max(1, schema.get("minimum", 1))
    if kind == "number":
        return 1
    if kind == "boolean":
        return False
    if kind == "string":
        if schema.get("format") == "date":
            return "2026-12-05"
        if schema.get("format") == "date-time":
            return "2026-12-05T10:00:00Z"
        return "x" * max(1, schema.get("minLength", 1))
    return None


def with_each_string(
    schema: dict[str, Any], replacement: str, depth: int = 0
) -> Iterator[tuple[str, Any]]:
    """(where, value) for each string the schema allows, that string being ``replacement``
    and the rest of the value plausible: every property, array item and ``oneOf`` branch."""
    schema = resolve(schema)
    if depth > 8:
        return
    for key in ("oneOf", "anyOf"):
        for branch in schema.get(key, []):
            yield from with_each_string(branch, replacement, depth)
    kind = schema.get("type")
    if kind == "string" or ("enum" in schema and kind is None):
        yield "", replacement
    elif kind == "object" or "properties" in schema:
        base = sample(schema, depth)
        if not isinstance(base, dict):
            return
        for name, prop in schema.get("properties", {}).items():
            if resolve(prop).get("readOnly"):
                continue
            for where, value in with_each_string(prop, replacement, depth + 1):
                yield f"{name}{'.' + where if where else ''}", {**base, name: value}
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            yield "<key>", {**base, replacement: sample(extra, depth + 1)}
            for where, value in with_each_string(extra, replacement, depth + 1):
                yield f"*{'.' + where if where else ''}", {**base, "x": value}
    elif kind == "array":
        for where, value in with_each_string(schema.get("items", {}), replacement, depth + 1):
            yield f"0{'.' + where if where else ''}", [value]


def operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(path, method, operation) for every operation of the schema."""
    for path, item in api_schema()["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item[method]


def json_body(operation: dict[str, Any]) -> dict[str, Any] | None:
    content = operation.get("requestBody", {}).get("content", {})
    media = content.get("application/json")
    return media["schema"] if media else None


def fill_path(path: str, ids: dict[str, int]) -> str:
    """The path with its parameters replaced by the ids of real objects, by collection:
    ``{id}`` in /api/<collection>/{id}/ takes ``ids[collection]``, a named one its name."""
    collection = path.split("/")[2]
    out = path
    while "{" in out:
        start = out.index("{")
        end = out.index("}", start)
        name = out[start + 1 : end]
        key = collection if name in ("id", "pk") else name
        value = ids.get(key, "players" if name == "what" else 1)
        out = out[:start] + str(value) + out[end + 1 :]
    return out
