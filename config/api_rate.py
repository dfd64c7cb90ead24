"""The API's read limit: each person's reads (GET and HEAD) a minute, counted in the shared
cache (``config.rate_limit``), per token or session user, or per address when anonymous.

Every counted read answers the IETF draft's headers (draft-ietf-httpapi-ratelimit-headers):
``RateLimit-Limit`` (reads a window), ``RateLimit-Remaining`` (left in this window) and
``RateLimit-Reset`` (seconds until the window ends). Beyond the limit the read is a 429
with ``Retry-After`` (DRF's ``Throttled``, answered by ``config.api.exception_handler``).
Writes are not counted: they are guarded by permissions and idempotency."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from rest_framework.throttling import BaseThrottle

from config import rate_limit
from config.client_address import client_address

if TYPE_CHECKING:
    from rest_framework.request import Request
    from rest_framework.views import APIView

WINDOW_SECONDS = 60
READ_METHODS = frozenset({"GET", "HEAD"})
HEADERS = ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")


@dataclass(frozen=True)
class ReadAllowance:
    limit: int
    remaining: int
    reset: int

    def headers(self) -> dict[str, str]:
        return dict(zip(HEADERS, map(str, (self.limit, self.remaining, self.reset)), strict=True))


def reader_key(request: Request) -> str:
    user = request.user
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"address:{client_address(request._request)}"


class ReadRateThrottle(BaseThrottle):
    """DRF throttle (``DEFAULT_THROTTLE_CLASSES``): runs after authentication, so a token's
    reads count for its user wherever they come from."""

    def allow_request(self, request: Request, view: APIView) -> bool:
        if request.method not in READ_METHODS:
            return True
        limit = settings.API_READS_PER_MINUTE
        counted, reset = rate_limit.count(
            scope="api-read", who=reader_key(request), window=WINDOW_SECONDS
        )
        allowance = ReadAllowance(limit=limit, remaining=max(0, limit - counted), reset=reset)
        # Read by RateLimitHeaders, on Django's request (DRF's wraps it for the view only).
        request._request.api_read_allowance = allowance
        self._wait = reset
        return counted <= limit

    def wait(self) -> float | None:
        return self._wait


class RateLimitHeaders:
    """Middleware: the counted read's ``RateLimit-*`` headers on its answer (a 304 and a 429
    included)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        allowance = getattr(request, "api_read_allowance", None)
        if allowance is not None:
            for name, value in allowance.headers().items():
                response[name] = value
        return response
