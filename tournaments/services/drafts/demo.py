"""A sample set of auction decks built from the catalogue's sample cards (for the demo
site and tests): one deck per faction and edition, 45 cards each."""

from __future__ import annotations

from django.db import transaction

from rulings.models import Card
from rulings.models.choices import CardTypeChoice
from tournaments.models import AuctionDeck, AuctionDeckCard

DECK_SIZE = 45


@transaction.atomic
def load_sample_auction_decks() -> list[AuctionDeck]:
    """Create the sample decks that do not exist yet; returns every sample deck."""
    decks = []
    cards = list(Card.objects.filter(sample=True).select_related("edition").order_by("pk"))
    groups: dict[tuple[str, str], list[Card]] = {}
    for card in cards:
        if card.faction:
            groups.setdefault((card.edition.name, card.get_faction_display()), []).append(card)
    for (edition, faction), members in sorted(groups.items()):
        name = f"{faction} ({edition})"
        deck, created = AuctionDeck.objects.get_or_create(name=name)
        decks.append(deck)
        if not created:
            continue
        quantities: dict[int, int] = {}
        total = 0
        ordered = sorted(
            members, key=lambda c: (c.type != CardTypeChoice.SANTUARIO, c.rarity != "common")
        )
        sanctuaries = [c for c in ordered if c.type == CardTypeChoice.SANTUARIO]
        if sanctuaries:
            quantities[sanctuaries[0].pk] = 1
            total = 1
        playable = [c for c in ordered if c.type != CardTypeChoice.SANTUARIO] or ordered
        i = 0
        while total < DECK_SIZE:
            card = playable[i % len(playable)]
            quantities[card.pk] = quantities.get(card.pk, 0) + 1
            total += 1
            i += 1
        AuctionDeckCard.objects.bulk_create(
            AuctionDeckCard(deck=deck, card_id=pk, quantity=q) for pk, q in quantities.items()
        )
    return decks
