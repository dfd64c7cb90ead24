"""Language: Django's LocaleMiddleware, plus two things it does not do with the default
language unprefixed.

- Paths outside the translated URL patterns (the API) take the reader's cookie or
  Accept-Language; Django would answer every unprefixed path in English.
- A reader who prefers another language and opens an unprefixed page (a link shared
  at the venue, a bookmark) is sent to that page in their language. A reader who chose
  English with the language switch has the cookie that says so and stays.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers

from config.language import path_in_language

UNPREFIXED_PATHS = ("/api/",)


class LocaleMiddleware(DjangoLocaleMiddleware):
    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        if request.path_info.startswith(UNPREFIXED_PATHS):
            translation.activate(translation.get_language_from_request(request, check_path=False))
            request.LANGUAGE_CODE = translation.get_language()
            return None
        super().process_request(request)
        return self._redirect_to_preferred_language(request)

    def _redirect_to_preferred_language(self, request: HttpRequest) -> HttpResponse | None:
        if request.method not in ("GET", "HEAD"):
            return None
        if translation.get_language_from_path(request.path_info) is not None:
            return None
        preferred = translation.get_language_from_request(request, check_path=False)
        if preferred == settings.LANGUAGE_CODE:
            return None
        target = path_in_language(request.path_info, preferred)
        if target == request.path_info:
            return None  # not a translated page (health check, language switch)
        script_prefix = request.path[: len(request.path) - len(request.path_info)]
        query = request.META.get("QUERY_STRING", "")
        response = HttpResponseRedirect(script_prefix + target + (f"?{query}" if query else ""))
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response
