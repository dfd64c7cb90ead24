"""Switching language.

Django's own ``set_language`` cannot translate a Spanish URL back to English
when the default language has no prefix (it resolves ``/es/...`` while
English is active and fails), so this view rewrites the prefix itself.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

_CODES = [code for code, _name in settings.LANGUAGES]


def _strip_prefix(path: str) -> str:
    for code in _CODES:
        prefix = f"/{code}/"
        if path.startswith(prefix):
            return "/" + path[len(prefix) :]
        if path == f"/{code}":
            return "/"
    return path


def path_in_language(path: str, language: str) -> str:
    """The same page in ``language``; paths outside the translated URLs stay as they are."""
    bare = _strip_prefix(path)
    candidate = bare if language == settings.LANGUAGE_CODE else f"/{language}{bare}"
    with translation.override(language):
        try:
            resolve(candidate)
        except Resolver404:
            return path
    return candidate


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    language = request.POST.get("language", "")
    next_url = request.POST.get("next") or "/"
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = "/"
    if language not in _CODES:
        return HttpResponseRedirect(next_url)
    parts = urlsplit(next_url)
    target = urlunsplit(
        ("", "", path_in_language(parts.path or "/", language), parts.query, parts.fragment)
    )
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
