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
* A nullable object (a bye's ``player_b``, a rules entry's ``card``) is written by
  drf-spectacular as ``allOf: [$ref]`` beside ``nullable: true``; in OpenAPI 3.0 ``nullable``
  adds null only to a ``type`` beside it, so validators refuse the null every such answer
  may carry. It becomes ``oneOf`` the reference or null, which validators accept and
  generators read as "the model or None".
* A page's ``next`` and ``previous`` are in every page (null at either end).
* The token scheme says how the header is written.
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


NULL_ONLY: dict[str, Any] = {"type": "object", "nullable": True, "enum": [None]}


def _nullable_reference(schema: dict[str, Any]) -> None:
    """``allOf: [$ref]`` with ``nullable: true`` becomes ``oneOf: [$ref, null]``."""
    parts = schema.get("allOf")
    if schema.get("nullable") is not True or not isinstance(parts, list) or len(parts) != 1:
        return
    (part,) = parts
    if not isinstance(part, dict) or set(part) != {"$ref"}:
        return
    del schema["allOf"], schema["nullable"]
    schema["oneOf"] = [part, dict(NULL_ONLY)]


TOKEN_SCHEME_DESCRIPTION = (
    "An API token, sent in the `Authorization` header after the word `Token` and a space: "
    "`Authorization: Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b`. Get one by POSTing a "
    "username and password to /api/auth/token/ (generated clients: an authenticated client "
    'with the prefix "Token").'
)


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
    _nullable_reference(node)


def make_schema_client_ready(
    result: dict[str, Any], generator: Any, request: Any = None, public: bool = True
) -> dict[str, Any]:
    """The postprocessing hook (run after ``postprocess_schema_enums``)."""
    components = result.get("components", {})
    schemas = components.get("schemas", {})
    _walk(result, schemas)
    for name, schema in schemas.items():
        if name.startswith("Paginated") and {"next", "previous"} <= set(schema["properties"]):
            schema["required"] = list(schema["properties"])
    token = components.get("securitySchemes", {}).get("tokenAuth")
    if token is not None:
        token["description"] = TOKEN_SCHEME_DESCRIPTION
    return result
