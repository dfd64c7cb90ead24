"""The API's HTTP mechanics in the OpenAPI schema, added to every operation they apply to
by one drf-spectacular postprocessing hook (after ``config.api_schema_errors``):

* pages: the ``Link`` header (``rel="next"`` / ``rel="prev"``) of every paged list;
* ``Idempotency-Key`` on every POST that honours it, the ``Idempotent-Replayed`` header of
  a replayed answer and the 409 of a key reused or still in progress;
* conditional reads (``config.conditional.ConditionalRead``): ``If-None-Match``, the
  ``ETag`` of the answer and the 304;
* the read limit (``config.api_rate``): the ``RateLimit-*`` headers of every read and its
  429 with ``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from config.api import takes_idempotency_key
from config.api_rate import HEADERS as RATE_HEADERS
from config.conditional import ConditionalRead

ERROR_CONTENT = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
INTEGER = {"type": "integer", "minimum": 0}

IDEMPOTENCY_PARAMETER = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": 255},
    "description": (
        "A key of the caller's choosing (a UUID, say), to send the request again safely: "
        "for 24 hours, the same key with the same method, address and body is answered "
        "with the first answer (`Idempotent-Replayed: true`) and does nothing again; with "
        "another request, or while the first one runs, it is a 409. Answers that invite "
        "sending the request again as it is (5xx, 401, 403, 429) are not kept. For "
        "signed-in callers."
    ),
}
REPLAYED_HEADER = {
    "schema": {"type": "string", "enum": ["true"]},
    "description": "present on an answer replayed for an `Idempotency-Key`",
}
IF_NONE_MATCH_PARAMETER = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": "the `ETag` of the answer the caller holds: a 304 if it is still current",
}
ETAG_HEADER = {
    "schema": {"type": "string"},
    "description": ("a weak validator of this answer for this reader: send it as `If-None-Match`"),
}
LINK_HEADER = {
    "schema": {"type": "string"},
    "description": 'the next and previous pages (`<url>; rel="next"`, `<url>; rel="prev"`)',
}
RATE_HEADER_DESCRIPTIONS = dict(
    zip(
        RATE_HEADERS,
        (
            "the reads a caller may make a minute",
            "the reads left in this minute",
            "the seconds until the minute ends",
        ),
        strict=True,
    )
)
RATE_HEADER_SCHEMAS = {
    name: {"schema": INTEGER, "description": text}
    for name, text in RATE_HEADER_DESCRIPTIONS.items()
}
# Answers never stored for a key (so never replayed), and answers given before a read is
# counted (a bad token, an Accept nothing matches).
NEVER_REPLAYED = frozenset({"401", "403", "429", "500", "502", "503"})
UNCOUNTED = frozenset({"401", "406"})
DESCRIPTIONS = {
    "304": "Not modified: the answer named by `If-None-Match` is still current (no body).",
    "409": "The action clashes with the current state (already done, wrong phase, a race lost), "
    "or its `Idempotency-Key` was first sent with another request or is still in progress.",
    "429": "Too many reads this minute (`RateLimit-Limit`); see Retry-After.",
}


def _views(generator: Any) -> dict[tuple[str, str], type]:
    """Each operation's view class, by the path as the schema writes it (a ``{pk}`` of the
    URL map is ``{id}`` there: drf-spectacular's ``SCHEMA_COERCE_PATH_PK``)."""
    return {
        (path.replace("{pk}", "{id}"), method.lower()): view.cls
        for path, _regex, method, view in generator.endpoints or []
    }


def _headers(response: dict[str, Any]) -> dict[str, Any]:
    return response.setdefault("headers", {})


def _is_page(response: dict[str, Any]) -> bool:
    schema = response.get("content", {}).get("application/json", {}).get("schema", {})
    return schema.get("$ref", "").startswith("#/components/schemas/Paginated")


def _document_idempotency(operation: dict[str, Any]) -> None:
    operation.setdefault("parameters", []).append(IDEMPOTENCY_PARAMETER)
    responses = operation["responses"]
    responses.setdefault("409", {"content": ERROR_CONTENT})["description"] = DESCRIPTIONS["409"]
    for status, response in responses.items():
        if str(status) not in NEVER_REPLAYED:
            _headers(response)["Idempotent-Replayed"] = REPLAYED_HEADER


def _document_read(operation: dict[str, Any], *, conditional: bool) -> None:
    responses = operation["responses"]
    if conditional:
        operation.setdefault("parameters", []).append(IF_NONE_MATCH_PARAMETER)
        responses["304"] = {
            "description": DESCRIPTIONS["304"],
            "headers": {"ETag": ETAG_HEADER},
        }
    for status, response in responses.items():
        if str(status) not in UNCOUNTED:
            _headers(response).update(RATE_HEADER_SCHEMAS)
        if conditional and str(status) in ("200", "304"):
            _headers(response)["ETag"] = ETAG_HEADER
        if str(status).startswith("2") and _is_page(response):
            _headers(response)["Link"] = LINK_HEADER
    responses["429"] = {
        "description": DESCRIPTIONS["429"],
        "content": ERROR_CONTENT,
        "headers": {
            "Retry-After": {"schema": INTEGER, "description": "seconds to wait"},
            **RATE_HEADER_SCHEMAS,
        },
    }


def document_http_mechanics(
    result: dict[str, Any], generator: Any, request: Any = None, public: bool = True
) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (see ``SPECTACULAR_SETTINGS``)."""
    views = _views(generator)
    for path, item in result.get("paths", {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            view = views.get((path, method))
            if method == "post" and takes_idempotency_key(view):
                _document_idempotency(operation)
            elif method == "get":
                conditional = isinstance(view, type) and issubclass(view, ConditionalRead)
                _document_read(operation, conditional=conditional)
    return result
