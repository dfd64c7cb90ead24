"""A drafter on a phone (390x844) opens the deck builder, which shows the deck won at the
auction, touches nothing and leaves: when building time is up, that deck is the seat's deck
list (the server's rule, not the page's script)."""

from __future__ import annotations

from collections import Counter

import pytest
from playwright.sync_api import expect

from decklists.models import DeckList
from decklists.selectors import deck_check_for
from drafts.models import CardInstance, CardSource, DeckState, DraftPhase, DraftSeat, Pod
from drafts.services import draft_start
from tests.e2e.conftest import login
from tests.e2e.test_draft_browser import booster_event
from tests.e2e.test_drafter_pages_browser import deck_of, run_out
from tests.factories import DEMO_PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_drafter_who_touches_nothing_in_the_builder_ends_with_the_deck_shown(site, page):
    event, judge, regs = booster_event(1, bots=1, auction=True, prefix="e2u")
    me = regs[0]
    draft_start(actor=judge, event_id=event.pk)
    pod = Pod.objects.get(draft__event=event)
    run_out(pod, until={DraftPhase.BUILDING})
    seat = DraftSeat.objects.get(registration=me)
    won = Counter(
        CardInstance.objects.filter(owner=seat, source=CardSource.AUCTION).values_list(
            "card_id", flat=True
        )
    )

    page.set_viewport_size({"width": 390, "height": 844})
    login(page, site, me.player.username, DEMO_PASSWORD)
    page.goto(f"{site}/events/{event.pk}/draft/deck/")
    expect(page.locator("[data-deck-count]")).to_have_text(str(sum(won.values())))
    shown = {int(k.removeprefix("card_")): n for k, n in deck_of(page).items() if n}
    assert shown == dict(won)
    page.goto(f"{site}/")  # leaves without touching anything

    run_out(pod, until={DraftPhase.DONE})
    deck_list = DeckList.objects.get(event=event, player=me.player)
    assert dict(deck_list.entries.values_list("card_id", "quantity")) == shown
    seat.refresh_from_db()
    legal = not deck_check_for(deck_list).check.errors
    assert seat.deck_state == (DeckState.DECK if legal else DeckState.NO_LEGAL_DECK)
