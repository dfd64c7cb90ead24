"""The API's versions in the path: ``/api/v1/`` is the API; ``/api/`` answers exactly as
before for a deprecation period, each answer saying so (RFC 9745 ``Deprecation``, RFC 8594
``Sunset``) and naming the same route under ``/api/v1/`` (``Link``,
``rel="successor-version"``). The OpenAPI schema lists the versioned paths only.

Both are the same URL module mounted twice (``config/urls.py``): the versioned one is the
default instance of the ``api`` namespace, so ``reverse("api:…")`` gives ``/api/v1/…``,
and the unversioned one is the instance ``UNVERSIONED``; an answer that names another route
reverses it in the instance it was asked through (``current_app``), so links stay on the
prefix the client uses."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from email.utils import format_datetime
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

API_PREFIX = "/api/"
CURRENT = "v1"
CURRENT_PREFIX = f"{API_PREFIX}{CURRENT}/"
UNVERSIONED = "api-unversioned"


def is_unversioned(path: str) -> bool:
    return path.startswith(API_PREFIX) and not path.startswith(CURRENT_PREFIX)


def successor(path: str) -> str:
    """The same route under the current version (``/api/events/`` -> ``/api/v1/events/``)."""
    return CURRENT_PREFIX + path.removeprefix(API_PREFIX)


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def deprecation_headers(path: str) -> dict[str, str]:
    """The headers of an answer under the unversioned prefix."""
    deprecated = _midnight(date.fromisoformat(settings.API_UNVERSIONED_DEPRECATED_ON))
    sunset = _midnight(date.fromisoformat(settings.API_UNVERSIONED_SUNSET_ON))
    return {
        "Deprecation": f"@{int(deprecated.timestamp())}",
        "Sunset": format_datetime(sunset, usegmt=True),
        "Link": f'<{successor(path)}>; rel="successor-version"',
    }


class UnversionedDeprecation:
    """Adds the deprecation headers to every answer under ``/api/`` but ``/api/v1/`` (the
    ``Link`` header of a page, ``rel="next"``, is kept beside the successor link)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if is_unversioned(request.path_info):
            for name, value in deprecation_headers(request.path_info).items():
                if name == "Link" and response.has_header("Link"):
                    value = f"{response['Link']}, {value}"
                response[name] = value
        return response


def only_current_version(endpoints: list[tuple[str, str, str, Any]], **kwargs: Any) -> list:
    """drf-spectacular preprocessing hook: the schema describes ``/api/v1/`` only."""
    return [e for e in endpoints if e[0].startswith(CURRENT_PREFIX)]
