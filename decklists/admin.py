"""Deck lists in the Django admin: read-only (players submit them, judges check them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin
from django.http import HttpRequest

from decklists.models import DeckList, DeckListEntry

if TYPE_CHECKING:
    pass


# --- deck lists (read-only here: players submit them, judges check them on the site) ------------
class DeckListEntryInline(admin.TabularInline):
    model = DeckListEntry
    fields = ("quantity", "card", "line")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: DeckList | None = None) -> bool:
        return False


@admin.register(DeckList)
class DeckListAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "updated_at")
    list_filter = ("event",)
    search_fields = ("player__display_name", "player__username", "event__name")
    readonly_fields = ("event", "player", "text", "submitted_by", "submitted_at", "updated_at")
    inlines = [DeckListEntryInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: DeckList | None = None) -> bool:
        return False
