"""The API's refusals in the OpenAPI schema: one ``Error`` shape, and on each operation the
error statuses it can really answer.

Every refusal goes through ``config.api.exception_handler`` (or the 404 of an unknown
route), so every operation shares the same few statuses; which of them apply depends only
on the operation's method, its path parameters and its permission. This drf-spectacular
postprocessing hook adds them, so views document their success answers only.
"""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import AllowAny

from config.error_codes import GENERIC, api_error_codes

REASONS: dict[str, Any] = {"type": "array", "items": {"type": "string"}}


def error_schema() -> dict[str, Any]:
    """The one shape of a refusal, its ``code`` one of the codes the API answers."""
    generic = ", ".join(f"`{code}` {meaning}" for code, meaning in GENERIC.items())
    return {
        "type": "object",
        "description": (
            "Why the request was refused; nothing was changed. `detail` holds the reason for "
            "the whole request, a field's name holds that field's reasons, and `code` names "
            "the kind of refusal where the site gives one. Reasons are in the request's "
            "language. Some refusals carry more (documented below)."
        ),
        "properties": {
            "detail": {
                "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
            },
            "code": {
                "type": "string",
                "enum": sorted(api_error_codes()),
                "description": "The kind of refusal, stable across languages. A refusal with "
                f"no more precise code has its status's generic one: {generic}.",
            },
            "missing_tables": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "`round_incomplete`: the tables whose result is missing",
            },
            "problems": {
                "type": "array",
                "items": {"type": "object", "additionalProperties": True},
                "description": "`rematch`: the pairing check's problems (code, params)",
            },
            "rematches": {
                "type": "array",
                "items": {"type": "object", "additionalProperties": True},
                "description": "`rematch`: the players who already met, and their table",
            },
            "report": {
                "type": "object",
                "additionalProperties": True,
                "description": "`idempotency_key_stale`: the report that stands",
            },
            "errors": {
                "type": "array",
                "items": {"$ref": "#/components/schemas/Issue"},
                "description": "a deck list's or a document's issues, one per bad line",
            },
            "record_error": {
                "allOf": [{"$ref": "#/components/schemas/ErrorDetail"}],
                "description": "a game's record refused: the replay's first error",
            },
            # Also names of request fields (the judge's seat actions take a `seat_id`): a
            # refusal of such a field holds its reasons there instead.
            "pod_id": {
                "anyOf": [{"type": "integer"}, REASONS],
                "description": "`building_over`: the pod's id (else the field's reasons)",
            },
            "seat_id": {
                "anyOf": [{"type": "integer"}, REASONS],
                "description": "`building_over`: the seat's id (else the field's reasons)",
            },
        },
        "additionalProperties": {
            "description": "the reasons for the field of this name (a list of reasons; an "
            "object of them by key or position for a field that nests)",
        },
    }


DESCRIPTIONS = {
    "400": "Bad input: the reasons, by field or in `detail`.",
    "401": "The token or session is not valid (a bad token is refused on any route).",
    "403": "The caller may not do this, or may not see it.",
    "404": "No such object, or not one the caller may see.",
    "409": "The action clashes with the current state (already done, wrong phase, a race lost).",
    "406": "The `Accept` header names no type this operation answers.",
    "415": "The body is not JSON (`Content-Type: application/json`); forms are refused.",
    "429": "Too many failed logins for this account or from this address; see Retry-After.",
}

SAFE_METHODS = {"get", "head", "options"}
LOGIN_PATHS = {"/api/v1/auth/token/"}


def _open_to_everyone(generator: Any, path: str, method: str) -> bool:
    """Whether the view lets anybody through (no permission classes, or only AllowAny)."""
    for endpoint_path, _regex, endpoint_method, view in generator.endpoints or []:
        if endpoint_path == path and endpoint_method.lower() == method:
            classes = getattr(view.cls, "permission_classes", [])
            return all(issubclass(c, AllowAny) for c in classes)
    return False


def _error_statuses(generator: Any, path: str, method: str, *, has_body: bool) -> list[str]:
    statuses = ["400", "401"]
    if method not in SAFE_METHODS or not _open_to_everyone(generator, path, method):
        statuses.append("403")
    if "{" in path:
        statuses.append("404")
    if method not in SAFE_METHODS and "{" in path:
        statuses.append("409")  # an action on an existing object, whose state may clash
    if path in LOGIN_PATHS:
        statuses.append("429")
    statuses.append("406")
    if has_body:
        statuses.append("415")
    return sorted(statuses)


def document_error_responses(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (see ``SPECTACULAR_SETTINGS``)."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = error_schema()
    error_content = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            responses = operation["responses"]
            has_body = "requestBody" in operation
            for status in _error_statuses(generator, path, method, has_body=has_body):
                responses.setdefault(status, {"description": DESCRIPTIONS[status]})
            # A view names the refusals its path cannot show (a 404 from a query
            # parameter, say) with a description only: every refusal has the one shape.
            for status, response in responses.items():
                if str(status).startswith("4"):
                    response.setdefault("content", error_content)
    return result
