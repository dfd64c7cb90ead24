"""API pagination, the same on every list: ``limit`` and ``offset``, answered as
``{count, next, previous, results}`` with the neighbouring pages also in a ``Link`` header
(RFC 8288, ``rel="next"`` / ``rel="prev"``). ``limit`` is capped at ``max_limit``, so a
huge one is answered with at most that many items instead of a query the database refuses.

Generic list views page through ``pagination_class``; a view that builds its list itself
answers with ``paginated_response`` (and names ``pagination_class`` so the schema shows the
page)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView


class Pagination(LimitOffsetPagination):
    max_limit = 1000

    def get_paginated_response(self, data: Any) -> Response:
        response = super().get_paginated_response(data)
        links = [
            f'<{url}>; rel="{rel}"'
            for url, rel in ((self.get_next_link(), "next"), (self.get_previous_link(), "prev"))
            if url
        ]
        if links:
            response["Link"] = ", ".join(links)
        return response


def paginated_response(
    request: Request, view: APIView, items: Sequence[Any], serialize: Any = None
) -> Response:
    """One page of ``items`` (already filtered for the reader), each passed through
    ``serialize`` when given (so only the page's items are serialized)."""
    paginator = Pagination()
    page = paginator.paginate_queryset(items, request, view=view) or []
    data = [serialize(item) for item in page] if serialize else list(page)
    return paginator.get_paginated_response(data)
