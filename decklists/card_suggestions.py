"""Reads for the deck-list field's completion: the catalogue's cards whose name holds what
the player typed, for an event's format and rulings version (cards legal in it first, banned
ones marked), each with the text that completes a line the deck-list parser reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Case, Count, IntegerField, Value, When

from decklists.selectors import event_deck_format
from rulings.core.cards import normalise
from rulings.deckcheck import CardLists
from rulings.models import Card
from rulings.selectors import card_lists_for, document_find, version_in_force

if TYPE_CHECKING:
    from tournaments.models import Event

MIN_CHARS = 2
MAX_QUERY_CHARS = 100
# Rows read per search: enough for the suggestions and their reprints, never the catalogue.
_ROWS = 60


@dataclass(frozen=True)
class CardSuggestion:
    """One card to complete a line with: ``value`` goes after the quantity (the name, or
    the name with its reference when reprints share it, so the line names one card);
    ``label`` is what the reader picks from; ``banned`` in the event's format."""

    value: str
    label: str
    banned: bool


def _event_card_lists(event: Event) -> CardLists:
    """The banned and watch lists the event's lists are checked against: the version pinned
    when it started, before that the one in force on its date."""
    if event.rulings_version_id is not None:
        version = event.rulings_version
    else:
        document = document_find()
        version = version_in_force(document, event.date) if document else None
    return card_lists_for(version, on_date=event.date)


def card_suggestions(event: Event, text: str, *, limit: int = 8) -> list[CardSuggestion]:
    """Cards whose name holds ``text`` (case and accents ignored): names that start with it
    before the others, cards banned in the event's format last and marked, at most
    ``limit``."""
    key = normalise(text[:MAX_QUERY_CHARS])
    if len(key) < MIN_CHARS:
        return []
    cards = list(
        Card.objects.filter(name_key__contains=key)
        .select_related("edition")
        .annotate(
            later=Case(
                When(name_key__startswith=key, then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .order_by("later", "name_key", "edition__code", "number")[:_ROWS]
    )
    if not cards:
        return []
    lists = _event_card_lists(event)
    deck_format = event_deck_format(event)
    by_name: dict[str, list[Card]] = {}
    for card in cards:
        by_name.setdefault(card.name_key, []).append(card)

    def banned(card: Card) -> bool:
        ban = lists.ban_for(card.as_info())
        return ban is not None and (deck_format is None or ban.applies_to(deck_format.code))

    groups = sorted(
        by_name.values(), key=lambda same: (banned(same[0]), same[0].later, same[0].name_key)
    )
    # Reprints share a name, which alone is then ambiguous to the parser: counted in the
    # whole catalogue, since the rows read may stop in the middle of a name's printings.
    printings = dict(
        Card.objects.filter(name_key__in=by_name)
        .values("name_key")
        .annotate(n=Count("id"))
        .values_list("name_key", "n")
    )
    out: list[CardSuggestion] = []
    for same in groups:
        is_banned = banned(same[0])
        for card in same:
            label = f"{card.name} ({card.ref})"
            value = card.name if printings.get(card.name_key, 1) == 1 else label
            out.append(CardSuggestion(value=value, label=label, banned=is_banned))
            if len(out) == limit:
                return out
    return out
