"""A booster draft in an archive: the ``pods`` of the ``draft`` record, checked field by field.

Each pod holds its seats (by position), the auction decks on its table, its packs, every
card instance and the pick log. Packs, table decks and card instances have an ``id`` of the
archive's own (1, 2, ... in the order the home install created them), never a primary key:
picks, places and the auction state name them by it. A seat is named by its position::

    {"number": 1, "phase": "building", "pack_round": 4, "pick_number": 12,
     "deadline": "...", "paused_remaining": null, "version": 140,
     "auction_state": {"state": {...}, "log": [...]} | {"paper_starter": 2, "log": []} | null,
     "seats": [{"position": 0, "registration": "registration:ana", "bot": false,
                "saved_deck": {"DV/12": 2} | null, "building_until": null, "deck_state": ""}],
     "table_decks": [{"id": 1, "name": "Fuego", "owner": 0}],
     "packs": [{"id": 1, "opener": 0, "pack_round": 1, "edition": "DV", "replaced": false,
                "replacement": 0}],
     "cards": [{"id": 1, "card": "DV/12", "pack": null, "table_deck": null, "owner": 0,
                "source": "draft"}],
     "picks": [{"seat": 0, "pack_round": 1, "pick_number": 1, "pack": 1, "card": 1,
                "kind": "player", "reason": "", "seconds_allowed": 50, "picked_at": "..."}]}

``check_pods`` checks the kinds and that every name resolves; whether the cards add up is
``conservation``'s. ``remap_auction`` renames the table decks and cards the auction state
names (primary keys to archive ids on export, back on import). Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from archives.core.errors import ArchiveError
from archives.core.fields import check_fields, check_object
from archives.core.schema import BOOL, DATETIME, INT, JSON, SECONDS, STR, optional

POD_FIELDS = {
    "number": INT,
    "phase": STR,
    "pack_round": INT,
    "pick_number": INT,
    "deadline": optional(DATETIME),
    "paused_remaining": optional(SECONDS),
    "version": INT,
    "auction_state": JSON,
    "seats": JSON,
    "table_decks": JSON,
    "packs": JSON,
    "cards": JSON,
    "picks": JSON,
}
SEAT_FIELDS = {
    "position": INT,
    "registration": optional(STR),
    "bot": BOOL,
    "saved_deck": JSON,
    "building_until": optional(DATETIME),
    "deck_state": STR,
}
TABLE_DECK_FIELDS = {"id": INT, "name": STR, "owner": optional(INT)}
PACK_FIELDS = {
    "id": INT,
    "opener": INT,
    "pack_round": INT,
    "edition": STR,
    "replaced": BOOL,
    "replacement": INT,
}
INSTANCE_FIELDS = {
    "id": INT,
    "card": STR,
    "pack": optional(INT),
    "table_deck": optional(INT),
    "owner": optional(INT),
    "source": STR,
}
PICK_FIELDS = {
    "seat": INT,
    "pack_round": INT,
    "pick_number": INT,
    "pack": INT,
    "card": INT,
    "kind": STR,
    "reason": STR,
    "seconds_allowed": INT,
    "picked_at": DATETIME,
}
# The parts of a pod, each a list of objects of these fields.
POD_PARTS = {
    "seats": SEAT_FIELDS,
    "table_decks": TABLE_DECK_FIELDS,
    "packs": PACK_FIELDS,
    "cards": INSTANCE_FIELDS,
    "picks": PICK_FIELDS,
}


def pod_items(pods: Any) -> int:
    """How many rows importing these pods may write (for the record limit), counting only
    containers: nothing is checked yet."""
    if not isinstance(pods, list):
        return 0
    total = 0
    for pod in pods:
        if isinstance(pod, dict):
            total += 1 + sum(
                len(part) for name in POD_PARTS if isinstance(part := pod.get(name), list)
            )
    return total


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ArchiveError("wrong_type", where=where, expected="list")
    return value


def _ids(items: list[dict[str, Any]], where: str) -> set[int]:
    seen: set[int] = set()
    for n, item in enumerate(items):
        if item["id"] in seen:
            raise ArchiveError("draft_duplicate_id", where=f"{where}[{n}].id", id=item["id"])
        seen.add(item["id"])
    return seen


def _resolves(value: Any, known: Mapping[Any, Any] | set[Any], where: str) -> None:
    if value is not None and value not in known:
        raise ArchiveError("unknown_reference", where=where, target=value)


def check_pods(
    pods: list[Any],
    where: str,
    records: Mapping[str, Any],
    cards: Mapping[str, Any],
) -> None:
    """Every pod, seat, table deck, pack, card and pick of the kinds of this format, and
    every name in them resolved (a registration record, a catalogue card, a seat position,
    a pack, a table deck or a card of the same pod); else ``ArchiveError``."""
    numbers: set[int] = set()
    registrations: set[str] = set()
    for p, pod in enumerate(pods):
        at = f"{where}[{p}]"
        check_fields(pod, POD_FIELDS, at)
        if pod["number"] in numbers:
            raise ArchiveError("draft_duplicate_id", where=f"{at}.number", id=pod["number"])
        numbers.add(pod["number"])
        parts = {
            name: [
                check_fields(item, spec, f"{at}.{name}[{n}]")
                for n, item in enumerate(_list(pod[name], f"{at}.{name}"))
            ]
            for name, spec in POD_PARTS.items()
        }
        positions: set[int] = set()
        for n, seat in enumerate(parts["seats"]):
            if seat["position"] in positions:
                raise ArchiveError(
                    "draft_duplicate_id", where=f"{at}.seats[{n}].position", id=seat["position"]
                )
            positions.add(seat["position"])
            key = seat["registration"]
            if key is not None:
                target = records.get(key)
                if not isinstance(target, dict) or target.get("type") != "registration":
                    raise ArchiveError(
                        "unknown_reference", where=f"{at}.seats[{n}].registration", target=key
                    )
                if key in registrations:
                    raise ArchiveError(
                        "draft_duplicate_id", where=f"{at}.seats[{n}].registration", id=key
                    )
                registrations.add(key)
            deck = seat["saved_deck"]
            if deck is not None:
                for ref, count in check_object(deck, f"{at}.seats[{n}].saved_deck").items():
                    _resolves(ref, cards, f"{at}.seats[{n}].saved_deck.{ref}")
                    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                        raise ArchiveError(
                            "wrong_type", where=f"{at}.seats[{n}].saved_deck.{ref}", expected="int"
                        )
        decks = _ids(parts["table_decks"], f"{at}.table_decks")
        packs = _ids(parts["packs"], f"{at}.packs")
        instances = _ids(parts["cards"], f"{at}.cards")
        for n, deck in enumerate(parts["table_decks"]):
            _resolves(deck["owner"], positions, f"{at}.table_decks[{n}].owner")
        for n, pack in enumerate(parts["packs"]):
            _resolves(pack["opener"], positions, f"{at}.packs[{n}].opener")
        for n, card in enumerate(parts["cards"]):
            _resolves(card["card"], cards, f"{at}.cards[{n}].card")
            _resolves(card["pack"], packs, f"{at}.cards[{n}].pack")
            _resolves(card["table_deck"], decks, f"{at}.cards[{n}].table_deck")
            _resolves(card["owner"], positions, f"{at}.cards[{n}].owner")
        for n, pick in enumerate(parts["picks"]):
            _resolves(pick["seat"], positions, f"{at}.picks[{n}].seat")
            _resolves(pick["pack"], packs, f"{at}.picks[{n}].pack")
            _resolves(pick["card"], instances, f"{at}.picks[{n}].card")
        state = pod["auction_state"]
        if state is not None:
            remap_auction(
                state,
                decks={d: d for d in decks},
                cards={c: c for c in instances},
                where=f"{at}.auction_state",
            )


def remap_auction(
    state: Any,
    *,
    decks: Mapping[int, Any],
    cards: Mapping[int, Any],
    where: str = "auction_state",
) -> dict[str, Any]:
    """A pod's auction state (``{"state": ..., "log": [...]}``, or a paper draft's
    ``{"paper_starter": ..., "log": []}``) with every table deck and card instance it names
    renamed by ``decks`` and ``cards`` (one not in them: an ``ArchiveError``)."""

    def rename(names: Mapping[int, Any], value: Any, at: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or value not in names:
            raise ArchiveError("unknown_reference", where=at, target=str(value)[:40])
        return names[value]

    state = check_object(state, where)
    out = dict(state)
    if "state" in state:
        inner = check_fields(state["state"], {"decks": JSON, "deck_of": JSON}, f"{where}.state")
        out["state"] = {
            **inner,
            "decks": [
                rename(decks, d, f"{where}.state.decks[{n}]")
                for n, d in enumerate(_list(inner["decks"], f"{where}.state.decks"))
            ],
            "deck_of": {
                seat: rename(decks, d, f"{where}.state.deck_of.{seat}")
                for seat, d in check_object(inner["deck_of"], f"{where}.state.deck_of").items()
            },
        }
    log = []
    for n, entry in enumerate(_list(state.get("log", []), f"{where}.log")):
        at = f"{where}.log[{n}]"
        entry = dict(check_object(entry, at))
        if "deck" in entry:
            entry["deck"] = rename(decks, entry["deck"], f"{at}.deck")
        if "moved" in entry:
            moved = []
            for m, move in enumerate(_list(entry["moved"], f"{at}.moved")):
                if not isinstance(move, list) or len(move) != 2:
                    raise ArchiveError("wrong_type", where=f"{at}.moved[{m}]", expected="list")
                target, ids = move
                moved.append(
                    [
                        rename(decks, target, f"{at}.moved[{m}]"),
                        [
                            rename(cards, i, f"{at}.moved[{m}]")
                            for i in _list(ids, f"{at}.moved[{m}]")
                        ],
                    ]
                )
            entry["moved"] = moved
        log.append(entry)
    if "log" in state:
        out["log"] = log
    return out
