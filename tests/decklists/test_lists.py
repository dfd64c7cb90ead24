"""Deck lists: submission is all or nothing; checks follow the version in force on the event's
date; lists lock when the event starts; judges draw random deck checks."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from django.utils import timezone

from config.errors import ConflictError, DomainError
from decklists import selectors as deck_selectors
from decklists.models import DeckCheckPick, DeckList
from decklists.services.lists import card_pool_set, deck_check_pick_random, deck_list_submit
from rulings import selectors
from rulings.errors import DeckListInvalid
from rulings.models import Card
from rulings.services import (
    document_entry_save,
    document_version_publish,
    document_version_start_draft,
)
from tests.factories import UserFactory
from tests.rulings_fixtures import quimera_list, with_summary
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db

TODAY = dt.date(2030, 1, 1)


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=timezone.localdate() + dt.timedelta(days=30))


@pytest.fixture
def entrant(event, player, register):
    register(event, player)
    return player


def codes(report):
    return [i.code for i in report.check.errors], [i.code for i in report.check.warnings]


def test_a_legal_list_is_saved_with_its_entries(event, entrant):
    deck_list, _parsed = deck_list_submit(
        event=event, player=entrant, text=quimera_list(), actor=entrant
    )
    assert deck_list.entries.count() == 11
    assert deck_list.card_count == 41
    report = deck_selectors.deck_check_for(deck_list)
    assert report.check.legal and report.version.number == 1


def test_a_list_with_bad_lines_saves_nothing(event, entrant):
    text = quimera_list(extra="-2 Garphades\n1 Nadie\n2 Santuario de la")
    with pytest.raises(DeckListInvalid) as excinfo:
        deck_list_submit(event=event, player=entrant, text=text, actor=entrant)
    assert [(i.line, i.code) for i in excinfo.value.issues] == [
        (12, "bad_quantity"),
        (13, "unknown_card"),
        (14, "ambiguous_name"),
    ]
    assert excinfo.value.field == "text"
    assert not DeckList.objects.exists()


def test_a_refused_replacement_keeps_the_previous_list(event, entrant):
    deck_list, _ = deck_list_submit(event=event, player=entrant, text=quimera_list(), actor=entrant)
    with pytest.raises(DeckListInvalid):
        deck_list_submit(event=event, player=entrant, text="4 Nadie", actor=entrant)
    deck_list.refresh_from_db()
    assert deck_list.text == quimera_list() and deck_list.card_count == 41


def test_a_second_sanctuary_is_refused(event, entrant):
    text = quimera_list(extra="1 Santuario de la Fosa (DV 129)")
    with pytest.raises(DeckListInvalid) as excinfo:
        deck_list_submit(event=event, player=entrant, text=text, actor=entrant)
    assert excinfo.value.issues[0].code == "second_sanctuary"
    assert not DeckList.objects.exists()


def test_lists_lock_when_the_event_starts(event, entrant):
    event.status = "running"
    event.save()
    with pytest.raises(ConflictError):
        deck_list_submit(event=event, player=entrant, text=quimera_list(), actor=entrant)


def test_only_registered_players_submit(event, player):
    with pytest.raises(DomainError) as excinfo:
        deck_list_submit(event=event, player=player, text=quimera_list(), actor=player)
    assert excinfo.value.code == "not_registered"


def test_events_without_decks_take_no_lists(make_event, rulings_data, player, register):
    standard = make_event(date=TODAY, format="standard")
    register(standard, player)
    with pytest.raises(DomainError):
        deck_list_submit(event=standard, player=player, text=quimera_list(), actor=player)


def test_a_list_that_parses_but_breaks_the_rules_is_saved_and_the_check_says_why(event, entrant):
    text = quimera_list(size=37, extra="4 Sombra del Alcantarillado\n1 Puentes Colgantes")
    deck_list, _ = deck_list_submit(event=event, player=entrant, text=text, actor=entrant)
    errors, _warnings = codes(deck_selectors.deck_check_for(deck_list))
    assert errors == ["banned_card", "off_faction"]


def test_the_event_date_picks_the_version_of_the_rules(
    rulings_data, make_event, register, site_admin
):
    """A new version bans Garphades; an event dated before it still checks against version 1."""
    today = timezone.localdate()
    before = make_event(date=today, name="Before")
    after = make_event(date=today + dt.timedelta(days=1), name="After")
    players = [UserFactory(), UserFactory()]
    text = quimera_list(size=37, extra="4 Garphades")
    for event, who in zip((before, after), players, strict=True):
        register(event, who)
        deck_list_submit(event=event, player=who, text=text, actor=who)

    draft = document_version_start_draft(document=selectors.document_get(), actor=site_admin)
    garphades = Card.objects.get(edition__code="DV", number=6)
    document_entry_save(version=draft, section="banned_list", card=garphades)
    document_version_publish(version=with_summary(draft), published_on=today, actor=site_admin)

    old = deck_selectors.deck_check_for(DeckList.objects.get(event=before))
    new = deck_selectors.deck_check_for(DeckList.objects.get(event=after))
    assert old.version.number == 1 and new.version.number == 2
    # Garphades' faction is unknown (a warning either way); the ban is new.
    assert "banned_card" not in codes(old)[0]
    assert codes(old)[1] == ["watched_card", "faction_unknown"]
    assert "banned_card" in codes(new)[0]
    banned = next(i for i in new.check.errors if i.code == "banned_card")
    assert banned.params["card"] == "Garphades (DV 6/280)"


def test_judges_draw_lists_not_drawn_before(event, register, judge_of):
    judge = judge_of(event)
    players = [UserFactory() for _ in range(5)]
    for who in players:
        register(event, who)
        deck_list_submit(event=event, player=who, text=quimera_list(), actor=who)
    rng = random.Random(7)
    first = deck_check_pick_random(event=event, count=3, actor=judge, rng=rng)
    second = deck_check_pick_random(event=event, count=3, actor=judge, rng=rng)
    assert len(first) == 3 and len(second) == 2
    assert not {d.pk for d in first} & {d.pk for d in second}
    assert DeckCheckPick.objects.filter(batch=2).count() == 2
    assert AuditEntry.objects.filter(event=event, action="deck_check.random_pick").count() == 2
    third = deck_check_pick_random(event=event, count=2, actor=judge, rng=rng)
    assert len(third) == 2  # everyone drawn once: draw from all again
    with pytest.raises(DomainError):
        deck_check_pick_random(event=event, count=0, actor=judge)


def test_sealed_deck_must_come_from_the_pool(rulings_data, make_event, player, register, judge_of):
    sealed = make_event(date=TODAY, format="sealed")
    register(sealed, player)
    judge = judge_of(sealed)
    deck_list, _ = deck_list_submit(event=sealed, player=player, text=quimera_list(), actor=player)
    errors, warnings = codes(deck_selectors.deck_check_for(deck_list))
    assert errors == [] and warnings == ["pool_not_checked"]
    card_pool_set(
        event=sealed, player=player, text=quimera_list(size=40), actor=judge, source="sealed"
    )
    errors, _ = codes(deck_selectors.deck_check_for(deck_list))
    assert errors == ["not_in_pool"]
    assert AuditEntry.objects.filter(action="card_pool.set").exists()


def test_checking_every_list_of_an_event_costs_a_fixed_number_of_queries(
    event, register, django_assert_max_num_queries
):
    for _ in range(8):
        who = UserFactory()
        register(event, who)
        deck_list_submit(event=event, player=who, text=quimera_list(), actor=who)
    with django_assert_max_num_queries(8 + 5):
        rows = deck_selectors.deck_checks_for_event(event)
        assert len(rows) == 8 and all(r.check.legal for _, r in rows)
