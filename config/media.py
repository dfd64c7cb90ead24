"""The uploaded files (card pictures) served by the site itself where ``SERVE_MEDIA`` is on:
the demo and a venue laptop. A production site leaves it off and has its proxy or storage
serve ``MEDIA_URL`` (docs/operations.md).

Stored names are digests of their content, so an address never changes what it holds and
the browser may keep it for a year without asking again.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_safe
from django.views.static import serve

YEAR = 365 * 24 * 3600


@require_safe
def serve_media(request: HttpRequest, path: str) -> HttpResponse:
    if not settings.SERVE_MEDIA:
        raise Http404
    response = serve(request, path, document_root=settings.MEDIA_ROOT)
    response["Cache-Control"] = f"public, max-age={YEAR}, immutable"
    response["X-Content-Type-Options"] = "nosniff"
    return response
