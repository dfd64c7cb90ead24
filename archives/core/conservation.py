"""Card conservation in an archived booster draft: every card adds up, or the file is refused.

A draft never creates or loses a card: each card instance is in exactly one place (a pack,
an auction deck on the table, or a seat's pool); every live pack of a pack round held as
many cards as the others; a seat's pool is its picks and the auction deck it won, nothing
else; the card pool a player builds from is their seat's pool; and every deck (the list
submitted, the deck the builder saved) comes from the pool. ``check_conservation`` raises
``ArchiveError`` naming the first thing that does not add up. Runs on a checked draft record
(``drafts.check_pods``). Pure Python: nothing here imports Django.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from typing import Any

from archives.core.errors import ArchiveError

POOL_SOURCES = frozenset({"auction", "draft"})


def _username(registration_key: str) -> str:
    return registration_key.split(":", 1)[1]


def check_conservation(draft: Mapping[str, Any], records: Mapping[str, Any]) -> None:
    """Refuse (``ArchiveError``) a draft whose cards do not add up (see the module)."""
    pools: dict[str, Counter[str]] = {}  # username -> the seat's pool, card ref -> copies
    for pod in draft["pods"]:
        pools.update(_check_pod(pod))
    if not draft["paper"]:
        _check_card_pools(pools, records)
    _check_deck_lists(records)


def _check_pod(pod: Mapping[str, Any]) -> dict[str, Counter[str]]:
    number = pod["number"]
    seats = {s["position"]: s for s in pod["seats"]}
    cards = {c["id"]: c for c in pod["cards"]}
    packs = {p["id"]: p for p in pod["packs"]}

    def seat_label(position: int) -> int:
        return position + 1

    # Each card in exactly one place; a card in a pool came from the auction or the draft.
    for card in pod["cards"]:
        places = sum(card[place] is not None for place in ("pack", "table_deck", "owner"))
        if places != 1:
            raise ArchiveError("draft_card_place", pod=number, card=card["card"], places=places)
        if (card["owner"] is not None) != (card["source"] in POOL_SOURCES):
            raise ArchiveError(
                "draft_card_source", pod=number, card=card["card"], source=card["source"] or "-"
            )

    # One pick per seat and step, each card picked once, into the picker's pool.
    steps: set[tuple[int, int, int]] = set()
    picked: dict[int, int] = {}  # card id -> seat position
    taken_from: Counter[int] = Counter()  # pack id -> picks from it
    numbers: dict[tuple[int, int], set[int]] = defaultdict(set)
    for pick in pod["picks"]:
        seat, step = pick["seat"], (pick["pack_round"], pick["pick_number"])
        if (seat, *step) in steps:
            raise ArchiveError(
                "draft_pick_twice",
                pod=number,
                seat=seat_label(seat),
                round=step[0],
                pick=step[1],
            )
        steps.add((seat, *step))
        if pick["card"] in picked:
            raise ArchiveError(
                "draft_card_picked_twice", pod=number, card=cards[pick["card"]]["card"]
            )
        picked[pick["card"]] = seat
        card = cards[pick["card"]]
        if card["owner"] != seat or card["source"] != "draft":
            raise ArchiveError(
                "draft_pick_not_in_pool",
                pod=number,
                seat=seat_label(seat),
                round=step[0],
                pick=step[1],
                card=card["card"],
            )
        taken_from[pick["pack"]] += 1
        numbers[(seat, step[0])].add(step[1])
    for (seat, pack_round), taken in sorted(numbers.items()):
        missing = next(n for n in range(1, len(taken) + 2) if n not in taken)
        if missing <= max(taken):
            raise ArchiveError(
                "draft_picks_gap", pod=number, seat=seat_label(seat), round=pack_round, pick=missing
            )

    # Every live pack of a pack round started with as many cards as the others (what is
    # left in it and what was picked from it); a replaced pack holds nothing.
    in_pack = Counter(c["pack"] for c in pod["cards"] if c["pack"] is not None)
    sizes: dict[int, dict[int, int]] = defaultdict(dict)
    for pack_id, pack in packs.items():
        size = in_pack[pack_id] + taken_from[pack_id]
        if pack["replaced"]:
            if size:
                raise ArchiveError(
                    "draft_pack_short",
                    pod=number,
                    seat=seat_label(pack["opener"]),
                    round=pack["pack_round"],
                    count=size,
                    expected=0,
                )
            continue
        sizes[pack["pack_round"]][pack_id] = size
    for pack_round, by_pack in sorted(sizes.items()):
        expected = Counter(by_pack.values()).most_common(1)[0][0]
        for pack_id, size in sorted(by_pack.items()):
            if size != expected:
                raise ArchiveError(
                    "draft_pack_short",
                    pod=number,
                    seat=seat_label(packs[pack_id]["opener"]),
                    round=pack_round,
                    count=size,
                    expected=expected,
                )

    # A pool is the seat's picks and the auction deck it won.
    decks = {d["id"]: d for d in pod["table_decks"]}
    owns_deck = {d["owner"] for d in pod["table_decks"] if d["owner"] is not None}
    for card_id, card in sorted(cards.items()):
        owner = card["owner"]
        if owner is None:
            if card["table_deck"] is not None and decks[card["table_deck"]]["owner"] is not None:
                raise ArchiveError(
                    "draft_auction_unaccounted", pod=number, card=card["card"]
                )  # a won deck's cards are its winner's
            continue
        if card["source"] == "draft":
            accounted = picked.get(card_id) == owner
        else:
            accounted = owner in owns_deck
        if not accounted:
            raise ArchiveError(
                "draft_pool_unaccounted", pod=number, seat=seat_label(owner), card=card["card"]
            )
    _check_auction_moves(pod, cards, decks)

    pools: dict[str, Counter[str]] = {}
    for position, seat in seats.items():
        pool = Counter(c["card"] for c in pod["cards"] if c["owner"] == position)
        who = _username(seat["registration"]) if seat["registration"] else None
        for ref, count in sorted((seat["saved_deck"] or {}).items()):
            if count > pool[ref]:
                raise ArchiveError(
                    "draft_deck_outside_pool",
                    who=who or f"{number}/{seat_label(position)}",
                    card=ref,
                    deck=count,
                    pool=pool[ref],
                )
        if who is not None:
            pools[who] = pool
    return pools


def _check_auction_moves(
    pod: Mapping[str, Any], cards: Mapping[int, Any], decks: Mapping[int, Any]
) -> None:
    """The auction log's moves: a card last moved to a deck is on that deck still, or in
    the pool of the seat that won it; each deck the auction gave a seat is that seat's."""
    state = pod["auction_state"] or {}
    last_move: dict[int, int] = {}
    for entry in state.get("log", []):
        for target, ids in entry.get("moved", []):
            for card_id in ids:
                # a card leaves the deck taken, so it was there: moved to it last, if ever
                if last_move.get(card_id, entry.get("deck")) != entry.get("deck"):
                    raise ArchiveError(
                        "draft_auction_unaccounted", pod=pod["number"], card=cards[card_id]["card"]
                    )
                last_move[card_id] = target
    for card_id, target in sorted(last_move.items()):
        card, deck = cards[card_id], decks[target]
        on_deck = card["table_deck"] == target
        won = deck["owner"] is not None and card["owner"] == deck["owner"]
        if not (on_deck or (won and card["source"] == "auction")):
            raise ArchiveError("draft_auction_unaccounted", pod=pod["number"], card=card["card"])
    deck_of = (state.get("state") or {}).get("deck_of", {})
    for seat, deck_id in sorted(deck_of.items()):
        if str(decks[deck_id]["owner"]) != str(seat):
            raise ArchiveError("draft_auction_deck", pod=pod["number"], deck=decks[deck_id]["name"])


def _entries(record: Mapping[str, Any]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for entry in record["entries"]:
        counts[entry["card"]] += entry["quantity"]
    return counts


def _check_card_pools(pools: Mapping[str, Counter[str]], records: Mapping[str, Any]) -> None:
    """A draft card pool (what deck lists are checked against) is the seat's pool."""
    for username, pool in sorted(pools.items()):
        record = records.get(f"card_pool:{username}")
        if record is None or record["source"] != "draft":
            continue
        recorded = _entries(record)
        for ref in sorted(set(pool) | set(recorded)):
            if pool[ref] != recorded[ref]:
                raise ArchiveError(
                    "draft_card_pool_mismatch",
                    player=username,
                    card=ref,
                    recorded=recorded[ref],
                    drafted=pool[ref],
                )


def _check_deck_lists(records: Mapping[str, Any]) -> None:
    """Every deck list of a player with a draft pool is within the pool."""
    for _key, record in sorted(records.items()):
        if record["type"] != "deck_list":
            continue
        pool = records.get(f"card_pool:{record['player']}")
        if pool is None or pool["source"] != "draft":
            continue
        available = _entries(pool)
        for ref, count in sorted(_entries(record).items()):
            if count > available[ref]:
                raise ArchiveError(
                    "draft_deck_outside_pool",
                    who=record["player"],
                    card=ref,
                    deck=count,
                    pool=available[ref],
                )
