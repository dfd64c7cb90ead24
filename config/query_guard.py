"""Text no parameter can hold is refused with a 400, once for every page and API call.

- A NUL character in the query string: PostgreSQL refuses any string that holds one, so a
  filter fed one straight from the query string would end in a server error. Forms and
  serializers already refuse NUL in bodies.
- Bytes that are not text in the request's charset (UTF-8 unless a form says otherwise)
  in the query string or a form body (``%ED%A0%80``, a lone surrogate spelled as if it
  were UTF-8): Django would quietly turn them into U+FFFD and store that. JSON bodies
  are the API parser's (``config/parsers.py``); multipart fields are decoded the same
  quiet way but carry files, so are left to the forms.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import unquote_to_bytes

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from config.views import bad_request

FORM = "application/x-www-form-urlencoded"


def _first_undecodable(raw: bytes, encoding: str) -> str | None:
    """The name of the first parameter of ``raw`` (a query string or form body) whose name
    or value is not text in ``encoding`` once unquoted, or None."""
    if raw.isascii() and b"%" not in raw:
        return None
    for pair in raw.split(b"&"):
        name, _sep, value = (unquote_to_bytes(p.replace(b"+", b" ")) for p in pair.partition(b"="))
        try:
            name.decode(encoding)
            value.decode(encoding)
        except UnicodeDecodeError:
            return name.decode(encoding, "replace")
    return None


class RequestTextGuard:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        query = request.META.get("QUERY_STRING", "")
        # "%00" is how a NUL arrives; checking the raw string first keeps the usual
        # request from decoding its query string here.
        if "%00" in query and any(
            "\x00" in key or any("\x00" in value for value in values)
            for key, values in request.GET.lists()
        ):
            return bad_request(
                request,
                detail=_("The query string holds a NUL character, which no parameter accepts."),
            )
        # The charset Django decodes both with (a form's own, else the site's).
        encoding = request.encoding or settings.DEFAULT_CHARSET
        # WSGI hands the query string over as latin-1; these are its bytes.
        name = _first_undecodable(query.encode("iso-8859-1", "replace"), encoding)
        if name is None and request.content_type == FORM and request.method != "GET":
            # Django reads a form body whole to parse it anyway; this reads it first.
            name = _first_undecodable(request.body, encoding)
        if name is not None:
            return bad_request(
                request,
                detail=_("The parameter “%(name)s” is not text in %(encoding)s.")
                % {"name": name, "encoding": encoding},
            )
        return self.get_response(request)
