"""The client's address, as every per-address count (login lockout, API reads) sees it."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str | None:
    """The client's address: ``REMOTE_ADDR``, or behind ``TRUSTED_PROXY_COUNT`` proxies the
    address the outermost trusted proxy saw (counted from the right of X-Forwarded-For, so
    a client cannot choose it by sending the header itself)."""
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies > 0:
        hops = [
            hop.strip()
            for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if hop.strip()
        ]
        if len(hops) >= proxies:
            return hops[-proxies]
    return request.META.get("REMOTE_ADDR")
