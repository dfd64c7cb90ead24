"""Benchmarks only (``QUERY_COUNT_HEADER=1``): every response says in ``X-DB-Queries`` how
many database queries it cost, counted on the server, so a load generator can report the
queries per response (``bench/pairings_storm.py``). Off by default; never on in production.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection
from django.http import HttpRequest, HttpResponseBase


class QueryCountHeader:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        count = 0

        def counted(execute: Callable[..., Any], *args: Any) -> Any:
            nonlocal count
            count += 1
            return execute(*args)

        with connection.execute_wrapper(counted):
            response = self.get_response(request)
        response["X-DB-Queries"] = str(count)
        return response
