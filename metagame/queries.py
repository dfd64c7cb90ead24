"""The metagame's grouped counts, each one aggregate query in the database.

A match is joined to its two players' deck lists at its event (a registration's player and
the event name one list), and the counts are grouped there: Python only ever sees one row
per group (a Sanctuary pairing, a card, a month), never a row per match or per list.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.db.models import (
    Case,
    Count,
    F,
    FilteredRelation,
    FloatField,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)

from decklists.models import DeckList, DeckListEntry
from metagame.card_sql import card_match_sums
from metagame.core.rates import WinRate
from tournaments.models import Event, Match
from tournaments.models.choices import MatchStatus, ResultSource

# The way from a match to each side's deck list at the match's event.
LIST = {"a": "player_a__player__deck_lists", "b": "player_b__player__deck_lists"}
NO_SANCTUARY = "none"


def played_matches(events: QuerySet[Event]) -> QuerySet[Match]:
    """Confirmed matches that were played: no bye, no match conceded by a drop before
    anything was known, no double loss (nobody won it)."""
    return (
        Match.objects.filter(
            round__event__in=events, status=MatchStatus.CONFIRMED, player_b__isnull=False
        )
        .exclude(result_source__in=[ResultSource.BYE, ResultSource.DROP])
        .exclude(override="double_loss")
    )


def points(side: str) -> Case:
    """A side's match points: a win 1, a draw (no winner) 1/2, a loss 0."""
    return Case(
        When(winner=side, then=Value(1.0)),
        When(winner="", then=Value(0.5)),
        default=Value(0.0),
        output_field=FloatField(),
    )


def with_both_lists(matches: QuerySet[Match]) -> QuerySet[Match]:
    """Matches whose two players each have a list at the match's event (one filter call, so
    the later ``values`` reuse the same joins)."""
    return matches.filter(
        **{f"{LIST['a']}__event": F("round__event"), f"{LIST['b']}__event": F("round__event")}
    )


def sanctuary_ids(events: QuerySet[Event]) -> dict[int, tuple[str, str]]:
    """Every Sanctuary played in these events: id -> (name, faction)."""
    from rulings.models import Card
    from rulings.models.choices import CardTypeChoice

    played = DeckListEntry.objects.filter(deck_list__event__in=events).values("card")
    cards = Card.objects.filter(type=CardTypeChoice.SANTUARIO, pk__in=played)
    return {c.pk: (c.name, c.faction) for c in cards.only("pk", "name", "faction")}


def lists_by_sanctuary(events: QuerySet[Event], sanctuaries: Iterable[int]) -> dict[str, int]:
    """Lists per Sanctuary (``"none"`` for a list without one)."""
    rows = (
        DeckList.objects.filter(event__in=events)
        .annotate(
            sanctuary=FilteredRelation("entries", condition=Q(entries__card__in=list(sanctuaries)))
        )
        .values("sanctuary__card")
        .annotate(n=Count("pk"))
    )
    return {_key(r["sanctuary__card"]): r["n"] for r in rows}


def sanctuary_cells(
    events: QuerySet[Event], sanctuaries: Iterable[int]
) -> dict[tuple[str, str], WinRate]:
    """The matchup table by Sanctuary, each match counted from both sides."""
    ids = list(sanctuaries)
    rows = (
        played_matches(events)
        .annotate(
            la=FilteredRelation(
                LIST["a"], condition=Q(**{f"{LIST['a']}__event": F("round__event")})
            ),
            lb=FilteredRelation(
                LIST["b"], condition=Q(**{f"{LIST['b']}__event": F("round__event")})
            ),
        )
        .filter(la__isnull=False, lb__isnull=False)
        .annotate(
            sa=FilteredRelation("la__entries", condition=Q(la__entries__card__in=ids)),
            sb=FilteredRelation("lb__entries", condition=Q(lb__entries__card__in=ids)),
        )
        .values("sa__card", "sb__card")
        .annotate(p=Sum(points("a")), n=Count("pk"))
    )
    cells: dict[tuple[str, str], WinRate] = {}
    for r in rows:
        a, b, p, n = _key(r["sa__card"]), _key(r["sb__card"]), float(r["p"]), r["n"]
        cells[(a, b)] = cells.get((a, b), WinRate(0.0, 0)) + WinRate(p, n)
        cells[(b, a)] = cells.get((b, a), WinRate(0.0, 0)) + WinRate(n - p, n)
    return cells


def _key(card_id: int | None) -> str:
    return NO_SANCTUARY if card_id is None else str(card_id)


@dataclass(frozen=True)
class CardSums:
    """What a card's figures are made of, for one group (the whole period, or a month before
    or since the card was listed)."""

    lists: int = 0  # lists that play it
    copies: int = 0  # their copies of it, added up
    side_points: float = 0.0  # points of every side whose list plays it
    sides: int = 0  # those sides' matches
    both: int = 0  # matches in which both lists play it

    def __add__(self, other: CardSums) -> CardSums:
        return CardSums(
            self.lists + other.lists,
            self.copies + other.copies,
            self.side_points + other.side_points,
            self.sides + other.sides,
            self.both + other.both,
        )


def card_sums(
    events: QuerySet[Event],
    *,
    cards: Iterable[int] | None = None,
    listed: Mapping[int, dt.date] | None = None,
) -> dict[tuple, CardSums]:
    """Per card: keys ``(card_id,)``; or, given ``listed`` (card -> the day it was listed),
    per card, month and before/since that day: keys ``(card_id, month, since)``."""
    by_month = listed is not None
    card_ids = None if cards is None else list(cards)
    out: dict[tuple, CardSums] = {}

    def add(key: tuple, sums: CardSums) -> None:
        out[key] = out.get(key, CardSums()) + sums

    entries = DeckListEntry.objects.filter(deck_list__event__in=events)
    if card_ids is not None:
        entries = entries.filter(card__in=card_ids)
    day = {"day": F("deck_list__event__date")} if by_month else {}
    rows = entries.values("card", **day).annotate(n=Count("deck_list"), q=Sum("quantity"))
    for r in rows:
        add(_card_key(r["card"], r.get("day"), listed), CardSums(lists=r["n"], copies=r["q"]))

    for card, day, side_points, sides, both in card_match_sums(
        events, cards=card_ids, by_day=by_month
    ):
        add(_card_key(card, day, listed), CardSums(side_points=side_points, sides=sides, both=both))
    return out


def _card_key(card: int, day: dt.date | None, listed: Mapping[int, dt.date] | None) -> tuple:
    if listed is None or day is None:
        return (card,)
    if isinstance(day, dt.datetime):
        day = day.date()
    return (card, day.replace(day=1), day >= listed[card])


def lists_by_day(events: QuerySet[Event]) -> dict[dt.date, int]:
    """Lists per event day: the whole a watch-listed card's monthly share is taken of."""
    rows = DeckList.objects.filter(event__in=events).values("event__date").annotate(n=Count("pk"))
    return {r["event__date"]: r["n"] for r in rows}


def played_match_count(events: QuerySet[Event]) -> int:
    return with_both_lists(played_matches(events)).count()
