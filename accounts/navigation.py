"""The navigation bar, built per user from entries each app registers.

An entry names a URL and the permission that shows it, so what a role sees in
the bar is decided by the same rules that guard the pages behind it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.urls import reverse
from django.utils.functional import Promise

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User


@dataclass(frozen=True)
class NavEntry:
    key: str
    label: str | Promise
    url_name: str
    order: int = 50
    perm: str | None = None
    authenticated_only: bool = False
    anonymous_only: bool = False


_entries: dict[str, NavEntry] = {}


def register(entry: NavEntry) -> None:
    _entries[entry.key] = entry


def entries_for(user: User | AnonymousUser) -> list[dict[str, str]]:
    visible = []
    for entry in sorted(_entries.values(), key=lambda e: (e.order, e.key)):
        if entry.authenticated_only and not user.is_authenticated:
            continue
        if entry.anonymous_only and user.is_authenticated:
            continue
        if entry.perm and not user.has_perm(entry.perm):
            continue
        visible.append(
            {"key": entry.key, "label": str(entry.label), "url": reverse(entry.url_name)}
        )
    return visible
