"""The Django admin for tournaments: browsing and repair. Results and pairings are changed
through the judge pages and the API, which audit every change; here they are read-only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin

from tournaments.models import (
    AuditEntry,
    Event,
    EventStaff,
    Match,
    Penalty,
    Registration,
    ResultReport,
    Round,
)

if TYPE_CHECKING:
    from django.db.models import Model
    from django.http import HttpRequest


class StaffInline(admin.TabularInline):
    model = EventStaff
    extra = 0
    autocomplete_fields = ("user",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "game", "format", "status")
    list_filter = ("status", "game", "format")
    search_fields = ("name", "venue")
    date_hierarchy = "date"
    inlines = [StaffInline]
    readonly_fields = ("seed", "created_by", "created_at")


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("player", "event", "status", "late_entry", "fixed_table")
    list_filter = ("status",)
    search_fields = ("player__display_name", "player__username", "event__name")
    list_select_related = ("player", "event")
    raw_id_fields = ("event", "player", "dropped_by")


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ("event", "number", "kind", "status", "started_at", "ends_at")
    list_filter = ("status", "kind")
    list_select_related = ("event",)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = (
        "round",
        "table",
        "player_a",
        "player_b",
        "status",
        "games_won_a",
        "games_won_b",
        "games_drawn",
    )
    list_filter = ("status",)
    list_select_related = ("round__event", "player_a__player", "player_b__player")


@admin.register(ResultReport)
class ResultReportAdmin(ReadOnlyAdmin):
    list_display = (
        "match",
        "reported_by",
        "games_won_a",
        "games_won_b",
        "games_drawn",
        "created_at",
    )


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ("registration", "kind", "reason", "issued_by", "created_at")
    list_filter = ("kind",)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "event", "actor", "action", "target", "reason")
    list_filter = ("action",)
    search_fields = ("target", "reason")
