"""API pagination: ``limit`` and ``offset``, with a cap on ``limit`` so a huge one is
answered with at most ``max_limit`` items instead of a query the database refuses."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination


class Pagination(LimitOffsetPagination):
    max_limit = 1000
