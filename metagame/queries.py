"""The metagame's grouped counts, each one aggregate query in the database.

A match is joined to its two players' deck lists at its event (a registration's player and
the event name one list), once (``metagame.match_sql``), and the counts are grouped in the
database: Python only ever sees one row per group (a Sanctuary pairing, a card, an event),
never a row per match or per list.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from django.db.models import (
    Case,
    Count,
    FilteredRelation,
    FloatField,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)

from decklists.models import DeckList, DeckListEntry
from metagame.core.rates import WinRate
from metagame.match_sql import MatchSums
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


def sanctuary_ids() -> dict[int, tuple[str, str]]:
    """Every Sanctuary of the catalogue: id -> (name, faction)."""
    from rulings.models import Card
    from rulings.models.choices import CardTypeChoice

    cards = Card.objects.filter(type=CardTypeChoice.SANTUARIO).only("pk", "name", "faction")
    return {c.pk: (c.name, c.faction) for c in cards}


def lists_by_sanctuary(
    events: QuerySet[Event], sanctuaries: Iterable[int]
) -> dict[int, dict[str, int]]:
    """Per event, lists per Sanctuary (``"none"`` for a list without one)."""
    rows = (
        DeckList.objects.filter(event__in=events)
        .annotate(
            sanctuary=FilteredRelation("entries", condition=Q(entries__card__in=list(sanctuaries)))
        )
        .values("event", "sanctuary__card")
        .annotate(n=Count("pk"))
    )
    out: dict[int, dict[str, int]] = {}
    for r in rows:
        out.setdefault(r["event"], {})[_key(r["sanctuary__card"])] = r["n"]
    return out


def sanctuary_cells(sums: MatchSums) -> dict[int, dict[tuple[str, str], WinRate]]:
    """Per event, the matchup table by Sanctuary, each match counted from both sides."""
    out: dict[int, dict[tuple[str, str], WinRate]] = {}
    for event, card_a, card_b, p, n in sums.cells:
        cells = out.setdefault(event, {})
        a, b = _key(card_a), _key(card_b)
        cells[(a, b)] = cells.get((a, b), WinRate(0.0, 0)) + WinRate(p, n)
        cells[(b, a)] = cells.get((b, a), WinRate(0.0, 0)) + WinRate(n - p, n)
    return out


def _key(card_id: int | None) -> str:
    return NO_SANCTUARY if card_id is None else str(card_id)


class CardSums(NamedTuple):
    """What a card's figures are made of, for one group (an event, the whole period, a month
    before or since the card was listed). A tuple: each event's are cached, and tuples are
    the cheapest to keep and read back."""

    lists: int = 0  # lists that play it
    copies: int = 0  # their copies of it, added up
    side_points: float = 0.0  # points of every side whose list plays it
    sides: int = 0  # those sides' matches
    both: int = 0  # matches in which both lists play it

    def __add__(self, other: tuple) -> CardSums:  # type: ignore[override]
        return CardSums(
            self[0] + other[0],
            self[1] + other[1],
            self[2] + other[2],
            self[3] + other[3],
            self[4] + other[4],
        )


def card_sums(events: QuerySet[Event], sums: MatchSums) -> dict[int, dict[int, CardSums]]:
    """Per event, per card: its lists and copies, and the sums its match-win rate against
    lists without it is made of (``sums``, from ``metagame.match_sql``)."""
    # one row per event and card on each side: each card's sums are made once, not added up
    played = {(row[0], row[1]): row[2:] for row in sums.cards}
    rows = (
        DeckListEntry.objects.filter(deck_list__event__in=events)
        .order_by()  # the models' ordering would join every list's event and player
        .values_list("deck_list__event", "card")
        .annotate(n=Count("deck_list"), q=Sum("quantity"))
    )
    out: dict[int, dict[int, CardSums]] = {}
    for event, card, n, q in rows:
        side_points, sides, both = played.pop((event, card), (0.0, 0, 0))
        out.setdefault(event, {})[card] = CardSums(n, q, side_points, sides, both)
    for (event, card), (side_points, sides, both) in played.items():  # none: a side is a list
        out.setdefault(event, {})[card] = CardSums(0, 0, side_points, sides, both)
    return out
