"""The event archive format: its record types, their fields and kinds, and their keys.

An archive is one JSON object::

    {"format": "opm-event-archive", "version": 2, "exported_at": "...", "event": "<uuid>",
     "base": {"install": "<uuid>", "taken_at": "...", "digests": {"<key>": "<digest>"}},
     "people": {"<username>": {...}}, "catalogue": {"editions": {...}, "cards": {...}},
     "rulings": null | {...}, "records": {"<key>": {"type": "<type>", ...}}}

``records`` holds the event's own rows, each under a key that is the same on every
install (natural keys such as ``registration:<username>`` or ``round:3/table:5``, or
``report:<uuid>`` where a row has no natural key). ``base.digests`` is the state of those
records on the install the event was exported from; importing compares it with what the
importing install holds now and with the archive (``comparison.plan_import``).

Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

FORMAT = "opm-event-archive"
# The version written. Version 2 added the booster draft (the ``draft`` record); files of
# every version in READABLE_VERSIONS still import.
VERSION = 2
READABLE_VERSIONS = (1, 2)

# Field kinds. A trailing "?" allows null. A CARDS field is the row's related card entries
# of the same name (a deck list's or pool's ``entries``, a deck check's ``checked_entries``).
STR, INT, BOOL, DATE, DATETIME, SECONDS, JSON, USER, CARDS = (
    "str",
    "int",
    "bool",
    "date",
    "datetime",
    "seconds",
    "json",
    "user",
    "cards",
)
TIME = "time"  # a wall-clock time, "HH:MM" or "HH:MM:SS" (an event's start time)
RULINGS = "rulings"
PODS = "pods"  # a draft's pods, seats, packs, cards and picks (``archives.core.drafts``)


def ref(record_type: str) -> str:
    """The kind of a field that names another record of the archive by its key."""
    return f"ref:{record_type}"


def optional(kind: str) -> str:
    return f"{kind}?"


# The records of an event, in the order they are created (a record only refers to records
# of the types before it); deletions run in the reverse order.
# Fields added to format 1 after files were written without them: such a file reads as if
# it held this value (the one every event had before the field existed).
# A deck check's list as checked came later still: older files' checks read "not recorded".
ADDED_FIELDS: dict[str, dict[str, Any]] = {
    "event": {"draft_cards_private": False, "start_time": None},
    "deck_check": {"list_recorded": False, "checked_text": "", "checked_entries": []},
}

RECORD_FIELDS: dict[str, dict[str, str]] = {
    "event": {
        "uid": STR,
        "name": STR,
        "game": STR,
        "format": STR,
        "date": DATE,
        "start_time": optional(TIME),
        "venue": STR,
        "status": STR,
        "swiss_rounds": optional(INT),
        "round_minutes": INT,
        "top_cut": INT,
        "games_per_match": INT,
        "player_cap": optional(INT),
        "play_draw_required": BOOL,
        "tiebreaks": STR,
        "min_deck_size": INT,
        "deck_lists_required": BOOL,
        "draft_cards_private": BOOL,
        "record_policy": STR,
        "qiahn_ruleset": STR,
        "qiahn_squad": INT,
        "goblin_mode": STR,
        "goblin_scoring": STR,
        "rulings_version": optional(RULINGS),
        "seed": INT,
        "created_by": USER,
        "created_at": DATETIME,
    },
    "staff": {"user": USER, "role": STR},
    "registration": {
        "player": USER,
        "status": STR,
        "registered_at": DATETIME,
        "checked_in_at": optional(DATETIME),
        "late_entry": BOOL,
        "first_round": INT,
        "fixed_table": optional(INT),
        "dropped_at": optional(DATETIME),
        "dropped_after_round": optional(INT),
        "drop_reason": STR,
        "dropped_by": optional(USER),
        "disqualified": BOOL,
    },
    "draft": {
        "pack_editions": JSON,
        "paper": BOOL,
        "auction": BOOL,
        "bots": INT,
        "pod_rounds": INT,
        "bid_seconds": INT,
        "distribute_seconds": INT,
        "review_seconds": INT,
        "building_seconds": INT,
        "seed": INT,
        "started_at": optional(DATETIME),
        "pods": PODS,
    },
    "round": {
        "number": INT,
        "kind": STR,
        "status": STR,
        "seed": INT,
        "forced": BOOL,
        "created_at": DATETIME,
        "published_at": optional(DATETIME),
        "started_at": optional(DATETIME),
        "ends_at": optional(DATETIME),
        "paused_remaining": optional(SECONDS),
        "time_called_at": optional(DATETIME),
        "finished_at": optional(DATETIME),
    },
    "match": {
        "round": ref("round"),
        "table": INT,
        "player_a": ref("registration"),
        "player_b": optional(ref("registration")),
        "flags": JSON,
        "extension_seconds": INT,
        "status": STR,
        "games_won_a": optional(INT),
        "games_won_b": optional(INT),
        "games_drawn": optional(INT),
        "result_source": STR,
        "confirmed_at": optional(DATETIME),
        "winner": STR,
        "override": STR,
    },
    "game": {
        "match": ref("match"),
        "number": INT,
        "random_winner": STR,
        "chooser": STR,
        "choice_reason": STR,
        "choice": STR,
        "winner": STR,
        "by_penalty": BOOL,
        "side_a": STR,
        "score": JSON,
        "record": JSON,
    },
    "report": {
        "uid": STR,
        "match": ref("match"),
        "registration": optional(ref("registration")),
        "reported_by": USER,
        "games_won_a": INT,
        "games_won_b": INT,
        "games_drawn": INT,
        "games": JSON,
        "idempotency_key": STR,
        "created_at": DATETIME,
        "updated_at": DATETIME,
    },
    "penalty": {
        "uid": STR,
        "registration": ref("registration"),
        "match": optional(ref("match")),
        "round": optional(ref("round")),
        "infraction": STR,
        "kind": STR,
        "deviation_reason": STR,
        "game_number": optional(INT),
        "next_match": BOOL,
        "reason": STR,
        "issued_by": USER,
        "created_at": DATETIME,
    },
    "deck_list": {
        "player": USER,
        "text": STR,
        "submitted_at": DATETIME,
        "updated_at": DATETIME,
        "submitted_by": optional(USER),
        "entries": CARDS,
    },
    "card_pool": {"player": USER, "source": STR, "updated_at": DATETIME, "entries": CARDS},
    "deck_pick": {
        "deck_list": ref("deck_list"),
        "batch": INT,
        "picked_by": USER,
        "picked_at": DATETIME,
    },
    "deck_check": {
        "uid": STR,
        "registration": ref("registration"),
        "round": optional(ref("round")),
        "deck_list": optional(ref("deck_list")),
        "drawn_at_random": BOOL,
        "checked_at": DATETIME,
        "checked_by": USER,
        "outcome": STR,
        "note": STR,
        "penalty": optional(ref("penalty")),
        "created_at": DATETIME,
        "list_recorded": BOOL,
        "checked_text": STR,
        "checked_entries": CARDS,
    },
    "audit": {
        "uid": STR,
        "actor": optional(USER),
        "action": STR,
        "target": STR,
        "before": JSON,
        "after": JSON,
        "reason": STR,
        "created_at": DATETIME,
    },
}
RECORD_TYPES: tuple[str, ...] = tuple(RECORD_FIELDS)

# Record types a file of an older version cannot hold: the version that added each.
ADDED_IN: dict[str, int] = {"draft": 2}

# Kept, never changed or removed by an import: entries only ever get added to a log.
APPEND_ONLY = frozenset({"audit"})

KEY_RULES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "event": lambda r: "event",
    "staff": lambda r: f"staff:{r['user']}",
    "registration": lambda r: f"registration:{r['player']}",
    "draft": lambda r: "draft",
    "round": lambda r: f"round:{r['number']}",
    "match": lambda r: f"{r['round']}/table:{r['table']}",
    "game": lambda r: f"{r['match']}/game:{r['number']}",
    "report": lambda r: f"report:{r['uid']}",
    "penalty": lambda r: f"penalty:{r['uid']}",
    "deck_list": lambda r: f"deck_list:{r['player']}",
    "card_pool": lambda r: f"card_pool:{r['player']}",
    "deck_pick": lambda r: f"{r['deck_list']}/pick:{r['batch']}",
    "deck_check": lambda r: f"deck_check:{r['uid']}",
    "audit": lambda r: f"audit:{r['uid']}",
}

PERSON_FIELDS = {
    "display_name": STR,
    "first_name": STR,
    "last_name": STR,
    "player_number": optional(INT),
}
EDITION_FIELDS = {"name": STR, "set_size": INT, "release_date": optional(DATE)}
CARD_FIELDS = {
    "edition": STR,
    "number": INT,
    "name": STR,
    "type": STR,
    "faction": STR,
    "cost": optional(INT),
    "rarity": STR,
    "sample": BOOL,
    "attributes_known": BOOL,
}
RULINGS_DOCUMENT_FIELDS = {"slug": STR, "title_en": STR, "title_es": STR}
RULINGS_VERSION_FIELDS = {
    "number": INT,
    "status": STR,
    "published_on": optional(DATE),
    "summary_en": STR,
    "summary_es": STR,
}
RULINGS_ENTRY_FIELDS = {
    "section": STR,
    "key": STR,
    "card": optional(STR),
    "formats": JSON,
    "title_en": STR,
    "title_es": STR,
    "text_en": STR,
    "text_es": STR,
}
BASE_FIELDS = {"install": STR, "taken_at": DATETIME}


def record_key(record_type: str, record: Mapping[str, Any]) -> str:
    """The key a record of this type is stored under: the same on every install."""
    return KEY_RULES[record_type](record)


def card_ref(edition: str, number: int) -> str:
    return f"{edition}/{number}"


def rulings_ref(slug: str, number: int) -> str:
    return f"{slug}/{number}"
