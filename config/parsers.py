"""The API's one JSON parser: DRF's, with the body size and nesting depth bounded first and
lone surrogates refused after."""

from __future__ import annotations

from typing import IO, Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser
from rest_framework.settings import api_settings
from rest_framework.utils import json

from config.json_limits import (
    MAX_JSON_DEPTH,
    first_lone_surrogate,
    json_depth,
    may_hold_surrogates,
)


def lone_surrogate_reason(value: Any) -> tuple[str, str] | None:
    """Why a parsed JSON value holding a lone surrogate is refused, and the field to name
    (its top-level key; ``detail`` when there is none); None for good text."""
    found = first_lone_surrogate(value)
    if found is None:
        return None
    path, surrogate = found
    # The place is written with the surrogate escaped, so that the reason itself encodes.
    where = ".".join(str(step) for step in path).encode("utf-8", "backslashreplace").decode()
    code = f"U+{ord(surrogate):04X}"
    if not path:
        reason = _(
            "The request body holds a lone surrogate (%(code)s): half of a UTF-16 pair, "
            "which is no character on its own."
        ) % {"code": code}
    else:
        reason = _(
            "The text at “%(where)s” holds a lone surrogate (%(code)s): half of a UTF-16 "
            "pair, which is no character on its own."
        ) % {"where": where, "code": code}
    top = path[0] if path else None
    field = top if isinstance(top, str) and first_lone_surrogate(top) is None else "detail"
    return field, reason


def lone_surrogate_in_json(text: str) -> tuple[str, str] | None:
    """:func:`lone_surrogate_reason` of JSON ``text``, for the few places that parse their
    own JSON (strictly, as game records); None as well when the text is not JSON, which
    their own parser then says."""
    if not may_hold_surrogates(text.encode("utf-8", "surrogatepass")):
        return None
    try:
        return lone_surrogate_reason(json.loads(text))
    except (ValueError, RecursionError):
        return None


class BoundedJSONParser(JSONParser):
    """Refuses, with a 400 and a translated reason, a body larger than Django's upload
    limit or nested deeper than :data:`~config.json_limits.MAX_JSON_DEPTH`, before the
    decoder sees it (a deep body would otherwise end in a ``RecursionError``), and a body
    holding a lone surrogate, once for every field (a refusal quoting it could not be
    written as UTF-8, and no field stores one)."""

    def parse(
        self,
        stream: IO[bytes] | None,
        media_type: str | None = None,
        parser_context: dict[str, Any] | None = None,
    ) -> Any:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        body = stream.read(limit + 1) if stream is not None else b""
        if len(body) > limit:
            raise ParseError(
                _("The request body is too large (at most %(limit)s bytes).") % {"limit": limit}
            )
        if json_depth(body) > MAX_JSON_DEPTH:
            raise ParseError(
                _("The JSON nests arrays or objects more than %(depth)s levels deep.")
                % {"depth": MAX_JSON_DEPTH}
            )
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = body.decode(encoding)
        except (LookupError, UnicodeError):
            raise ParseError(
                _("The request body is not text in %(encoding)s.") % {"encoding": encoding}
            ) from None
        parse_constant = json.strict_constant if api_settings.STRICT_JSON else None
        try:
            data = json.loads(text, parse_constant=parse_constant)
        except ValueError as exc:
            raise ParseError(
                _("The request body is not valid JSON: %(reason)s") % {"reason": exc}
            ) from None
        if may_hold_surrogates(body) and (refused := lone_surrogate_reason(data)):
            field, reason = refused
            raise ValidationError({field: [reason]})
        return data
