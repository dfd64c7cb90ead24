"""Admins define auction decks and booster slots in the admin; the demo data ships the
sample auction decks and a booster draft under way."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client

from drafts.admin import BoosterConfigForm
from drafts.models import AuctionDeck, BoosterConfig, DraftPhase, Pod
from drafts.services.demo import DRAFT_EVENT
from rulings.demo import load_rulings_data
from rulings.models import Card, Edition
from tests.factories import UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client() -> Client:
    client = Client()
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def test_an_admin_defines_an_auction_deck_with_its_cards(admin_client):
    load_rulings_data(sample=True)
    card = Card.objects.filter(sample=True).first()
    for url in (
        "/admin/drafts/auctiondeck/",
        "/admin/drafts/auctiondeck/add/",
        "/admin/drafts/boosterconfig/add/",
        "/admin/drafts/draft/",
    ):
        assert admin_client.get(url).status_code == 200, url
    response = admin_client.post(
        "/admin/drafts/auctiondeck/add/",
        {
            "name": "Starter",
            "active": "on",
            "cards-TOTAL_FORMS": "1",
            "cards-INITIAL_FORMS": "0",
            "cards-0-card": card.pk,
            "cards-0-quantity": "45",
        },
    )
    assert response.status_code == 302
    deck = AuctionDeck.objects.get(name="Starter")
    assert deck.cards.get().quantity == 45
    listing = admin_client.get("/admin/drafts/auctiondeck/").content.decode()
    assert "Starter" in listing and ">45<" in listing


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/admin/tournaments/auctiondeck/?q=St", "/admin/drafts/auctiondeck/?q=St"),
        ("/es/admin/tournaments/draft/3/change/", "/es/admin/drafts/draft/3/change/"),
        ("/admin/tournaments/boosterconfig/add/", "/admin/drafts/boosterconfig/add/"),
        ("/admin/rulings/decklist/", "/admin/decklists/decklist/"),
    ],
)
def test_the_admin_pages_of_draft_models_answer_at_their_old_addresses(admin_client, old, new):
    response = admin_client.get(old)
    assert response.status_code == 301
    assert response["Location"] == new


@pytest.mark.parametrize(
    "slots",
    ['{"rare": 1, "mythic": 2}', '{"rare": -1}', '{"rare": "3"}', '{"common": 0}', "[1, 2]"],
)
def test_booster_slots_that_cannot_make_a_booster_are_refused(slots):
    load_rulings_data(sample=True)
    edition = Edition.objects.first()
    form = BoosterConfigForm(data={"edition": edition.pk, "slots": slots})
    assert not form.is_valid() and "slots" in form.errors
    assert not BoosterConfig.objects.exists()


def test_booster_slots_are_saved():
    load_rulings_data(sample=True)
    edition = Edition.objects.first()
    form = BoosterConfigForm(
        data={"edition": edition.pk, "slots": '{"rare": 2, "uncommon": 2, "common": 8}'}
    )
    assert form.is_valid(), form.errors
    assert form.save().slots == {"rare": 2, "uncommon": 2, "common": 8}


def test_the_demo_has_auction_decks_and_a_draft_under_way(capsys):
    call_command("demo_data")
    call_command("demo_data")
    assert AuctionDeck.objects.count() >= 8
    event = Event.objects.get(name=DRAFT_EVENT)
    pod = Pod.objects.get(draft__event=event)
    assert pod.phase == DraftPhase.AUCTION and pod.seats.count() == 8
    assert pod.seats.filter(bot=True).count() == 2
    assert "draft:" in capsys.readouterr().out


def test_the_demo_draft_moves_on_its_own_where_nobody_signs_in():
    """Nobody signs in to the demo's drafters: each turn of theirs times out after a short
    wait and is played as a bot's, so a newcomer watches the auction move turn by turn and,
    within minutes, a pack pass (the reads and the sweep apply the deadlines; no worker)."""
    from config.clock import simulated_clock
    from drafts.services.deadlines import apply_draft_deadlines, settle_if_expired

    with simulated_clock() as clock:
        call_command("demo_data")
        pod = Pod.objects.get(draft__event__name=DRAFT_EVENT)
        assert pod.phase == DraftPhase.AUCTION
        before = pod.version
        clock.advance(20)  # one short wait: a turn has passed
        settle_if_expired(pod.pk)  # someone looks at the draft
        pod.refresh_from_db()
        assert pod.version > before and pod.phase == DraftPhase.AUCTION
        for _ in range(12 * 60 // 5):  # a page polling every 5 s for at most 12 minutes
            clock.advance(5)
            apply_draft_deadlines()
            pod.refresh_from_db()
            if pod.phase == DraftPhase.DRAFTING and pod.pick_number > 1:
                break
        assert pod.phase == DraftPhase.DRAFTING and pod.pick_number > 1  # a pack has passed
