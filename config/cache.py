"""Django's Redis cache, with one client object per connection pool instead of one per call.

Django's backend builds a new ``redis.Redis`` client for every cache operation (the client
sets up some 170 response callbacks each time): on a page answered ``304`` from the
event's live number (one cache read) that was a third of the request's CPU time. The client
is thread-safe and holds no connection of its own (the pool does), so one per pool is
enough; the pool itself stays as Django makes it, and re-creates its connections after a
fork as redis-py does.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient as DjangoRedisCacheClient


class RedisCacheClient(DjangoRedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient
