"""A sample set of auction decks built from the catalogue's sample cards (for the demo
site and tests): one deck per faction and edition, 45 cards each; and the demo's booster
draft event."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction

from drafts.models import AuctionDeck, AuctionDeckCard
from rulings.models import Card
from rulings.models.choices import CardTypeChoice

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


DRAFT_EVENT = "Demo: Booster draft night"
# Short enough to watch: a turn nobody takes passes in seconds.
DEMO_BID_SECONDS = 10
DEMO_DISTRIBUTE_SECONDS = 15
DEMO_REVIEW_SECONDS = 15


def load_draft_demo(ctx: Any) -> list[str]:
    """The demo's booster draft: six demo players and two bots at one pod, the deck
    auction under way (through the real services). Its turns are short: a seat nobody signs
    in to times out after a few seconds and its turn is played as a bot's (the auction's
    timeout rule, a random pick), so a newcomer sees the auction move and packs pass; a
    demo player who signs in still has time to bid, take a deck or pick (the pick timer is
    the rules' own)."""
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from drafts.services.setup import draft_configure, draft_start
    from tournaments.models import Event
    from tournaments.models.choices import EventFormat, StaffRole
    from tournaments.rules import ORGANISERS_GROUP
    from tournaments.services.events import event_create, staff_set
    from tournaments.services.registration import (
        registration_check_in,
        registration_register,
    )

    decks = load_sample_auction_decks()
    lines = [f"auction decks: {len(decks)} sample decks (admin: Booster drafts › Auction decks)"]
    if Event.objects.filter(name=DRAFT_EVENT).exists():
        return [*lines, f"draft already there, left as it is: '{DRAFT_EVENT}'"]
    organiser = ctx.judges[0]
    group, _created = Group.objects.get_or_create(name=ORGANISERS_GROUP)
    organiser.groups.add(group)
    event = event_create(
        actor=organiser,
        name=DRAFT_EVENT,
        date=timezone.localdate(),
        start_time=dt.time(17, 0),
        venue="La Tienda de Juegos",
        format=EventFormat.BOOSTER_DRAFT,
        swiss_rounds=3,
    )
    staff_set(actor=organiser, event_id=event.pk, user=ctx.judges[1], role=StaffRole.JUDGE)
    players = ctx.players[10:16]
    for player in players:
        registration = registration_register(actor=player, event_id=event.pk)
        registration_check_in(actor=organiser, registration_id=registration.pk)
    draft_configure(
        actor=organiser,
        event_id=event.pk,
        pack_editions=["DV", "DV", "SU", "SU"],
        bots=2,
        bid_seconds=DEMO_BID_SECONDS,
        distribute_seconds=DEMO_DISTRIBUTE_SECONDS,
        review_seconds=DEMO_REVIEW_SECONDS,
        building_seconds=900,
    )
    draft_start(actor=organiser, event_id=event.pk)
    names = f"{players[0].username}..{players[-1].username}"
    return [
        *lines,
        f"draft: '{DRAFT_EVENT}' (one pod of 6 players and 2 bots, deck auction under way);"
        f" drafters {names}, console for {ctx.judges[0].username} and {ctx.judges[1].username}",
    ]
