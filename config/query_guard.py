"""A NUL character in the query string is refused with a 400.

No parameter of this site can hold one, and PostgreSQL refuses any string that
does, so a filter fed one straight from the query string would end in a server
error. Forms and serializers already refuse NUL in bodies; this covers the query
string once for every page and API call.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from config.views import bad_request


class NullCharacterGuard:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # "%00" is how a NUL arrives; checking the raw string first keeps the usual
        # request from decoding its query string here.
        if "%00" in request.META.get("QUERY_STRING", "") and any(
            "\x00" in key or any("\x00" in value for value in values)
            for key, values in request.GET.lists()
        ):
            return bad_request(
                request,
                detail=_("The query string holds a NUL character, which no parameter accepts."),
            )
        return self.get_response(request)
