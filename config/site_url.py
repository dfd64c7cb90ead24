"""Absolute addresses of the site's pages, for what leaves the browser: QR codes on
printed slips, links in e-mail.

``SITE_URL`` (e.g. ``http://192.168.1.20:8000`` for a venue laptop serving the venue's
network) wins when set, so a code printed on a laptop reached as ``localhost`` still works
on the players' phones; otherwise the address the request came in on.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest


def absolute_url(path: str, request: HttpRequest | None = None) -> str:
    """``path`` (from ``reverse``, starting with ``/``) as an absolute URL: under
    ``SITE_URL`` when set, else on the request's own scheme and host."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    if request is None:
        raise ImproperlyConfigured("SITE_URL must be set to build an address without a request.")
    return request.build_absolute_uri(path)
