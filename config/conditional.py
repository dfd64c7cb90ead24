"""Conditional reads of the API: an ``ETag`` on each answer, and a 304 with no body to an
``If-None-Match`` that names the current one, decided before the view reads anything.

The ETag is a hash of what the answer is a function of: the site's data version
(``config/data_version.py``: it changes with any write), the route with its query, the
reader (their user id, or anonymous: what each role may see is decided by the selectors
from the reader and the data, so two readers who may see different things never share an
ETag), and the language and types asked for. A 304 therefore costs the authentication and
two cache reads, never a query for the data.

ETags are weak (``W/"…"``): an answer with the server's clock in it (a round's
``server_now``) is the same answer a second later. A view whose answer changes at a known
moment without a write (a round's clock running out, which the read itself applies) sets
``etag_fresh_until``: past it, the next read is answered in full."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.utils import translation
from django.utils.http import parse_etags
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.request import Request
from rest_framework.response import Response

from config import clock, data_version

READ_METHODS = frozenset({"GET", "HEAD"})


class NotModified(APIException):
    status_code = status.HTTP_304_NOT_MODIFIED


def reader_etag(request: Request) -> str:
    user = request.user
    reader = f"user:{user.pk}" if user is not None and user.is_authenticated else "anonymous"
    parts = (
        data_version.current(),
        request._request.get_full_path(),
        reader,
        translation.get_language() or "",
        request.headers.get("Accept", ""),
    )
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:32]
    return f'W/"{digest}"'


def _named(header: str, etag: str) -> bool:
    if header.strip() == "*":
        return True
    opaque = etag.removeprefix("W/")
    return any(e.removeprefix("W/") == opaque for e in parse_etags(header))


def _until_key(etag: str) -> str:
    return f"etag-until:{etag}"


class ConditionalRead:
    """Mixin for an API view (before the DRF view class): ETag and 304 on GET and HEAD."""

    etag: str | None = None
    # Set by the view while answering: this answer is stale from then on, write or none.
    etag_fresh_until: datetime | None = None

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # authentication, permissions, rate
        if request.method not in READ_METHODS:
            return
        self.etag = reader_etag(request)  # before the view reads the data
        header = request.headers.get("If-None-Match")
        if header and _named(header, self.etag):
            until = cache.get(_until_key(self.etag))
            if until is None or clock.now() < until:
                raise NotModified()

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, NotModified):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": self.etag})
        return super().handle_exception(exc)

    def finalize_response(
        self, request: Request, response: Response, *args: Any, **kwargs: Any
    ) -> Response:
        response = super().finalize_response(request, response, *args, **kwargs)
        if self.etag and request.method in READ_METHODS and response.status_code == 200:
            response["ETag"] = self.etag
            if self.etag_fresh_until is not None:
                seconds = (self.etag_fresh_until - clock.now()).total_seconds()
                cache.set(_until_key(self.etag), self.etag_fresh_until, max(1, int(seconds) + 60))
        return response
