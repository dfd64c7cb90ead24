"""Language for paths outside the translated URL patterns (the API).

Django's LocaleMiddleware, with the default language unprefixed, answers every
unprefixed path in English whatever the reader asked for. Pages carry their
language in the URL; the API has no prefix, so there the reader's cookie or
Accept-Language decides.
"""

from __future__ import annotations

from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware
from django.utils import translation

UNPREFIXED_PATHS = ("/api/",)


class LocaleMiddleware(DjangoLocaleMiddleware):
    def process_request(self, request) -> None:
        if request.path_info.startswith(UNPREFIXED_PATHS):
            translation.activate(translation.get_language_from_request(request, check_path=False))
            request.LANGUAGE_CODE = translation.get_language()
            return
        super().process_request(request)
