"""Deck checks as recorded acts: who was checked, in which round, when, by whom, the outcome
and the penalty given; the deck-list status of every player; the event option that requires
lists before the start."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from config.errors import ConflictError, DomainError
from decklists import selectors
from decklists.models import DeckCheck
from decklists.services.checks import deck_check_record
from decklists.services.lists import deck_list_submit
from tests.factories import UserFactory
from tests.rulings_fixtures import quimera_list
from tournaments.models import AuditEntry, Penalty, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=timezone.localdate() + dt.timedelta(days=30))


def test_a_discrepancy_without_a_note_is_refused_by_the_database(event, register, judge_of):
    registration = register(event, UserFactory())
    judge = judge_of(event)
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckCheck.objects.create(
            event=event,
            registration=registration,
            checked_at=timezone.now(),
            checked_by=judge,
            outcome="discrepancies",
            note="",
        )
    DeckCheck.objects.create(
        event=event,
        registration=registration,
        checked_at=timezone.now(),
        checked_by=judge,
        outcome="as_listed",
    )
    assert DeckCheck.objects.count() == 1


# --- helpers -------------------------------------------------------------------------------


@pytest.fixture
def table(event, register, judge_of):
    """A judge and four players: Ana (legal list), Bea (40 cards: not legal), Ciro (legal
    with a watch-list warning), Dani (no list)."""
    judge = judge_of(event)
    people = {}
    for name in ("Ana", "Bea", "Ciro", "Dani"):
        user = UserFactory(username=name.lower(), display_name=name)
        people[name] = register(event, user)
    deck_list_submit(event=event, player=people["Ana"].player, text=quimera_list(), actor=judge)
    deck_list_submit(
        event=event, player=people["Bea"].player, text=quimera_list(size=40), actor=judge
    )
    deck_list_submit(
        event=event,
        player=people["Ciro"].player,
        text=quimera_list(size=40, extra="1 Achak"),
        actor=judge,
    )
    return judge, people


def login(client, user, password):
    client.login(request=HttpRequest(), username=user.username, password=password)


# --- status per player ---------------------------------------------------------------------
def test_each_player_has_a_deck_list_status_and_the_counts_add_up(event, table):
    rows = selectors.deck_statuses_for_event(event)
    status = {row.registration.player.display_name: row.status for row in rows}
    assert status["Ana"] == "legal"
    assert status["Bea"] == "illegal"
    assert status["Dani"] == "missing"
    assert status["Ciro"] == "warned"  # Achak is on the watch list
    counts = selectors.deck_status_counts(rows)
    assert counts == {"missing": 1, "illegal": 1, "warned": 1, "legal": 1}


def test_the_judge_page_filters_by_status(client, event, table, password):
    judge, _people = table
    login(client, judge, password)
    url = reverse("decklists:event_decks", args=[event.pk])
    page = client.get(url).content.decode()
    assert "Missing (1)" in page and "All (4)" in page
    missing = client.get(url, {"status": "missing"}).content.decode()
    table_html = missing.split('data-testid="player-deck-status"')[1].split("</table>")[0]
    assert "Dani" in table_html and "Ana" not in table_html and "Bea" not in table_html
    assert client.get(url, {"status": "nonsense"}).status_code == 200


def test_the_status_api_filters_and_counts(client, event, table, password):
    judge, _people = table
    login(client, judge, password)
    url = f"/api/rulings/events/{event.pk}/deck-status/"
    data = client.get(url, {"status": "missing"}).json()
    assert [p["player_name"] for p in data["players"]] == ["Dani"]
    assert data["counts"]["missing"] == 1 and data["counts"]["legal"] >= 1
    assert client.get(url, {"status": "nonsense"}).status_code == 400


def test_players_see_neither_statuses_nor_checks(client, event, table, password):
    _judge, people = table
    ana = people["Ana"].player
    ana.set_password(password)
    ana.save()
    login(client, ana, password)
    assert client.get(f"/api/rulings/events/{event.pk}/deck-status/").status_code == 403
    assert client.get(f"/api/rulings/events/{event.pk}/deck-checks/").status_code == 403
    assert client.get(reverse("decklists:deck_checks", args=[event.pk])).status_code == 403


# --- recording a check ---------------------------------------------------------------------
def test_a_recorded_check_names_round_judge_outcome_and_penalty(event, table):
    judge, people = table
    bea = people["Bea"]
    round_ = Round.objects.create(event=event, number=2, seed=1, status="published")
    penalty = Penalty.objects.create(
        event=event,
        registration=bea,
        kind="game_loss",
        reason="Deck does not match",
        issued_by=judge,
    )
    check = deck_check_record(
        actor=judge,
        event_id=event.pk,
        registration_id=bea.pk,
        outcome="discrepancies",
        note="3 Esporas in the deck, 4 on the list",
        penalty_id=penalty.pk,
    )
    assert check.round == round_ and check.checked_by == judge and check.penalty == penalty
    assert check.deck_list is not None
    entry = AuditEntry.objects.get(action="deck_check.record")
    assert entry.actor == judge and entry.after["outcome"] == "discrepancies"
    [(group_round, checks)] = selectors.deck_checks_by_round(event)
    assert group_round == round_ and [item.check for item in checks] == [check]


@pytest.mark.parametrize(
    "change, field",
    [
        ({"outcome": "discrepancies", "note": "  "}, "note"),
        ({"outcome": "lost"}, "outcome"),
        ({"checked_at": timezone.now() + dt.timedelta(hours=1)}, "checked_at"),
        ({"registration_id": 10**9}, "registration"),
        ({"round_id": 10**9}, "round"),
    ],
)
def test_bad_checks_are_refused_and_change_nothing(event, table, change, field):
    judge, people = table
    values = {
        "actor": judge,
        "event_id": event.pk,
        "registration_id": people["Ana"].pk,
        "outcome": "as_listed",
        **change,
    }
    with pytest.raises(DomainError) as excinfo:
        deck_check_record(**values)
    assert excinfo.value.field == field
    assert not DeckCheck.objects.exists()
    assert not AuditEntry.objects.filter(action="deck_check.record").exists()


def test_a_penalty_of_another_player_cannot_be_linked(event, table):
    judge, people = table
    penalty = Penalty.objects.create(
        event=event, registration=people["Bea"], kind="warning", reason="x", issued_by=judge
    )
    with pytest.raises(DomainError) as excinfo:
        deck_check_record(
            actor=judge,
            event_id=event.pk,
            registration_id=people["Ana"].pk,
            outcome="as_listed",
            penalty_id=penalty.pk,
        )
    assert excinfo.value.field == "penalty"


def test_a_player_cannot_record_a_check(event, table):
    from django.core.exceptions import PermissionDenied

    _judge, people = table
    with pytest.raises(PermissionDenied):
        deck_check_record(
            actor=people["Ana"].player,
            event_id=event.pk,
            registration_id=people["Bea"].pk,
            outcome="as_listed",
        )


def test_the_draw_prefers_players_not_checked_yet(event, table):
    import random

    judge, people = table
    for name in ("Ana", "Bea", "Ciro"):
        deck_check_record(
            actor=judge, event_id=event.pk, registration_id=people[name].pk, outcome="as_listed"
        )
    for seed in range(5):
        assert selectors.deck_check_draw(event, rng=random.Random(seed)) == people["Dani"]


def test_the_page_draws_then_records_and_lists_by_round(client, event, table, password):
    judge, people = table
    Round.objects.create(event=event, number=1, seed=1, status="published")
    login(client, judge, password)
    url = reverse("decklists:deck_checks", args=[event.pk])
    drawn = client.post(reverse("decklists:deck_check_draw", args=[event.pk]))
    assert drawn.status_code == 302 and "random=1" in drawn["Location"]
    form_page = client.get(drawn["Location"]).content.decode()
    assert "Drawn at random:" in form_page
    refused = client.post(url, {"registration": people["Bea"].pk, "outcome": "discrepancies"})
    assert refused.status_code == 400
    assert "Describe the discrepancies found." in refused.content.decode()
    response = client.post(
        url,
        {
            "registration": people["Bea"].pk,
            "outcome": "discrepancies",
            "note": "Sideboard card in the deck",
            "drawn_at_random": "on",
        },
    )
    assert response.status_code == 302
    page = client.get(url).content.decode()
    assert "Round 1" in page and "Sideboard card in the deck" in page and "at random" in page


def test_the_api_records_and_lists_checks(client, event, table, password):
    judge, people = table
    login(client, judge, password)
    url = f"/api/rulings/events/{event.pk}/deck-checks/"
    response = client.post(
        url,
        {"registration": people["Ana"].pk, "outcome": "as_listed"},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert response.json()["player_name"] == "Ana" and response.json()["round"] is None
    bad = client.post(
        url,
        {"registration": people["Ana"].pk, "outcome": "discrepancies"},
        content_type="application/json",
    )
    assert bad.status_code == 400 and "note" in bad.json()
    assert [c["player_name"] for c in client.get(url).json()["results"]] == ["Ana"]


# --- the event option and the saved banner ---------------------------------------------------
def test_missing_lists_block_the_start_only_when_the_event_requires_them(event, table):
    from tournaments.services.rounds import round_pair_next

    judge, _people = table
    event.registrations.update(status="checked_in")
    event.deck_lists_required = True
    event.save()
    with pytest.raises(ConflictError) as excinfo:
        round_pair_next(actor=judge, event_id=event.pk)
    assert "Dani" in excinfo.value.message and "Ana" not in excinfo.value.message
    event.refresh_from_db()
    assert event.status == "registration"
    event.deck_lists_required = False
    event.save()
    round_pair_next(actor=judge, event_id=event.pk)
    event.refresh_from_db()
    assert event.status == "running"


def test_an_illegal_list_is_saved_under_a_warning_not_a_success(
    client, event, player, register, password
):
    register(event, player)
    login(client, player, password)
    url = reverse("decklists:my_deck", args=[event.pk])
    response = client.post(url, {"text": quimera_list(size=40)}, follow=True)
    page = response.content.decode()
    assert 'class="message warning"' in page
    assert "saved, but it is not legal" in page
    assert 'class="message success"' not in page
    response = client.post(url, {"text": quimera_list()}, follow=True)
    assert 'class="message success"' in response.content.decode()
