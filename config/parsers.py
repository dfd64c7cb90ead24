"""The API's one JSON parser: DRF's, with the body size and nesting depth bounded first."""

from __future__ import annotations

from typing import IO, Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.settings import api_settings
from rest_framework.utils import json

from config.json_limits import MAX_JSON_DEPTH, json_depth


class BoundedJSONParser(JSONParser):
    """Refuses, with a 400 and a translated reason, a body larger than Django's upload
    limit or nested deeper than :data:`~config.json_limits.MAX_JSON_DEPTH`, before the
    decoder sees it (a deep body would otherwise end in a ``RecursionError``)."""

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
            return json.loads(text, parse_constant=parse_constant)
        except ValueError as exc:
            raise ParseError(
                _("The request body is not valid JSON: %(reason)s") % {"reason": exc}
            ) from None
