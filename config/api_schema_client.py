"""drf-spectacular postprocessing that keeps the OpenAPI schema valid and usable by client
generators, in one place rather than in every serializer.

* A serializer field that is optional with ``default=""`` documents ``default: ""``. When
  the field itself refuses an empty value (a choice, or text that may not be blank) that
  default breaks its own ``enum`` or ``minLength``: the schema is invalid and generators
  drop the whole model. The empty default is the server's "not given"; the schema then
  says only that the field is optional.
* The game-record schemas (``games.api_schema.choice``) keep their choices inline in an
  ``allOf`` so that the enum hook does not hoist them into components named after the
  field. Once that hook has run, the ``allOf`` is unwrapped into a plain inline enum, which
  generators turn into an enum type (they make an ``allOf`` of an inline enum an empty
  object).
"""

from __future__ import annotations

from typing import Any


def _accepts_empty_text(prop: dict[str, Any], schemas: dict[str, Any]) -> bool:
    """Whether ``""`` is a value the property ``prop`` accepts, as far as it says."""
    if prop.get("minLength", 0) >= 1:
        return False
    if "enum" in prop and "" not in prop["enum"]:
        return False
    for key in ("allOf", "oneOf", "anyOf"):
        parts = prop.get(key)
        if not parts:
            continue
        verdicts = [_accepts_empty_text(_resolved(part, schemas), schemas) for part in parts]
        if key == "allOf" and not all(verdicts):
            return False
        if key != "allOf" and not any(verdicts):
            return False
    if "$ref" in prop:
        return _accepts_empty_text(_resolved(prop, schemas), schemas)
    return True


def _resolved(schema: dict[str, Any], schemas: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if not ref:
        return schema
    return schemas.get(ref.rsplit("/", 1)[-1], {})


def _unwrap_inline_enum(schema: dict[str, Any]) -> None:
    """Merge into ``schema`` its ``allOf`` when that holds one inline enum (no ``$ref``)."""
    parts = schema.get("allOf")
    if not isinstance(parts, list) or len(parts) != 1:
        return
    (part,) = parts
    if not isinstance(part, dict) or "$ref" in part or "enum" not in part:
        return
    del schema["allOf"]
    schema.update(part)


def _walk(node: Any, schemas: dict[str, Any]) -> None:
    if isinstance(node, list):
        for item in node:
            _walk(item, schemas)
        return
    if not isinstance(node, dict):
        return
    properties = node.get("properties")
    if isinstance(properties, dict):
        for prop in properties.values():
            if (
                isinstance(prop, dict)
                and prop.get("default") == ""
                and not _accepts_empty_text(prop, schemas)
            ):
                del prop["default"]
    for value in node.values():
        _walk(value, schemas)
    _unwrap_inline_enum(node)


def make_schema_client_ready(
    result: dict[str, Any], generator: Any, request: Any = None, public: bool = True
) -> dict[str, Any]:
    """The postprocessing hook (run after ``postprocess_schema_enums``)."""
    schemas = result.get("components", {}).get("schemas", {})
    _walk(result, schemas)
    return result
