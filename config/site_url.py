"""Absolute addresses of the site's pages, for what leaves the browser: QR codes on
printed slips, links in e-mail.

``SITE_URL`` (e.g. ``http://192.168.1.20:8000`` for a venue laptop serving the venue's
network) wins when set, so a code printed on a laptop reached as ``localhost`` still works
on the players' phones; otherwise the address the request came in on.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest

# Where an address built without a request (an e-mail) points when SITE_URL is not set: a
# development machine. ``manage.py check --deploy`` warns about it (``accounts.checks``).
DEVELOPMENT_ORIGIN = "http://localhost:8000"


def site_origin() -> str:
    """The site's origin for what is built without a request."""
    return settings.SITE_URL or DEVELOPMENT_ORIGIN


def absolute_url(path: str, request: HttpRequest | None = None) -> str:
    """``path`` (from ``reverse``, starting with ``/``) as an absolute URL: under
    ``SITE_URL`` when set, else on the request's own scheme and host, else (no request)
    under the development origin."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    if request is None:
        return DEVELOPMENT_ORIGIN + path
    return request.build_absolute_uri(path)


def request_origin(request: HttpRequest) -> str:
    """The origin the QR codes printed from this request point to."""
    return settings.SITE_URL or f"{request.scheme}://{request.get_host()}"


def is_local_origin(origin: str) -> bool:
    """True when ``origin`` names this machine only (localhost, 127.x, ::1): a phone that
    scans a QR code under it opens itself, not the site."""
    host = (urlsplit(origin).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def local_origin(request: HttpRequest) -> str:
    """The QR codes' origin when phones cannot reach it (for a warning), else ""."""
    origin = request_origin(request)
    return origin if is_local_origin(origin) else ""
