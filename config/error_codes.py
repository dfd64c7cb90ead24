"""The codes an API refusal names in its ``code``: the enum of ``Error.code`` in the
schema, and the only codes the API answers.

A refusal's code is named where it is raised (``ConflictError(..., code="draft_started")``)
or comes from a core's catalogue of messages (the game engines', the pairing's, the
draft's): the named ones are listed here (tests/config/test_error_codes.py finds every
one in the code), the catalogues are named by ``settings.API_ERROR_CODE_SOURCES``. A
refusal that names none, or one that is not listed, answers the generic code of its
status, so the schema's enum never leaves a code out."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from django.conf import settings
from django.utils.module_loading import import_string

# The generic codes, by the refusal's class in config.errors: what a refusal with no more
# precise code answers.
GENERIC = {
    "invalid": "bad input (400)",
    "forbidden": "the caller may not do this (403)",
    "not_found": "no such thing, or not one the caller may see (404)",
    "conflict": "the action clashes with the current state (409)",
}

# Codes named where they are raised.
NAMED = frozenset(
    {
        # accounts and the API's plumbing
        "bad_idempotency_key",
        "idempotency_key_in_progress",
        "login_locked",
        "name_character",
        "too_many_requests",
        # archives
        "archive_conflict",
        "archive_draft_event",
        "archive_integrity",
        "archive_invalid_value",
        # deck lists, pools and rulings documents
        "bad_count",
        "card_picture_invalid",
        "card_pictures_invalid",
        "catalogue_import_invalid",
        "deck_building",
        "deck_list_invalid",
        "deck_lists_locked",
        "deck_lists_missing",
        "deck_too_small",
        "entry_invalid",
        "lists_locked",
        "no_deck_list",
        "no_deck_lists",
        "no_lists",
        "not_in_pool",
        "published_on_in_past",
        "published_on_not_after_previous",
        "second_sanctuary",
        "summary_missing",
        "version_frozen",
        "version_invalid",
        # drafts
        "already_seated",
        "auction_over",
        "auction_stale",
        "bidding_over",
        "building_over",
        "card_not_in_pack",
        "cards_left",
        "draft_exists",
        "draft_minimum_fixed",
        "draft_not_done",
        "draft_over",
        "draft_started",
        "draft_started_no_seat",
        "drafting_over",
        "empty_seat",
        "no_auction_decks",
        "no_draft_pool",
        "no_seat",
        "not_a_draft",
        "not_building",
        "not_your_turn",
        "paper",
        "paused",
        "pick_repeated",
        "pick_too_early",
        "pick_too_late",
        "picking_started",
        "seat_is_bot",
        "seat_taken",
        "still_bidding",
        "still_drafting",
        # events, rounds, results, penalties and judge calls
        "by_penalty_without_game_loss",
        "call_claimed",
        "call_closed",
        "call_escalated",
        "event.record_required",
        "event_finished",
        "event_running",
        "game_loss_not_reported",
        "idempotency_key_reused",
        "idempotency_key_stale",
        "ignores_game_loss",
        "infraction_not_applicable",
        "no_players",
        "not_event_judge",
        "not_registered",
        "nothing_to_confirm",
        "own_match",
        "play_draw_required",
        "record",
        "record.too_large",
        "record.unreadable",
        "registration_closed",
        "rematch",
        "report_changed",
        "round_incomplete",
        "setting_not_applicable",
    }
)


def _codes(source: object) -> Iterable[str]:
    return source.keys() if isinstance(source, dict) else source  # type: ignore[return-value]


@functools.cache
def api_error_codes() -> frozenset[str]:
    """Every code an API refusal may name."""
    codes = set(GENERIC) | NAMED
    for path in settings.API_ERROR_CODE_SOURCES:
        codes.update(str(code) for code in _codes(import_string(path)))
    return frozenset(codes)


def documented_code(code: str, generic: str) -> str:
    """``code`` if the schema lists it, else the refusal's generic code."""
    return code if code in api_error_codes() else generic
