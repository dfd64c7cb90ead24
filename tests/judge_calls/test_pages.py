"""Judge calls on the pages: the player's panel on their match page, the judges' live queue
with its buttons, the times per round, the print log; who may see and do what."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from judge_calls.models import JudgeCall, JudgeCallState
from judge_calls.services import (
    judge_call_claim,
    judge_call_create,
    judge_call_escalate,
    judge_call_resolve,
)
from tests.tournaments.helpers import add_judge
from tournaments.models import Penalty

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(round1):
    return round1.matches.exclude(player_b__isnull=True).order_by("table").first()


@pytest.fixture
def caller(table):
    return table.player_a


def my_match(client, event):
    return client.get(reverse("tournaments:my_match", args=[event.pk]))


def test_a_player_calls_a_judge_from_their_match_page(as_user, event, table, caller):
    client = as_user(caller.player)
    page = my_match(client, event).content.decode()
    assert 'data-testid="judge-call-form"' in page
    response = client.post(
        reverse("judge_calls:call_judge", args=[table.pk]),
        {"reason": "result_dispute", "note": "We disagree on game 2"},
        follow=True,
    )
    assert response.status_code == 200
    call = JudgeCall.objects.get()
    assert (call.caller, call.reason, call.note) == (
        caller,
        "result_dispute",
        "We disagree on game 2",
    )
    page = response.content.decode()
    assert 'data-state="waiting"' in page and "Waiting for a judge" in page
    assert 'data-testid="judge-call-form"' not in page  # one open call at a time


def test_the_player_sees_who_is_coming_then_the_answer(as_user, event, table, caller, judge):
    call = judge_call_create(actor=caller.player, match_id=table.pk, reason="rules_question")
    client = as_user(caller.player)
    judge_call_claim(actor=judge, call_id=call.pk)
    page = my_match(client, event).content.decode()
    assert 'data-state="claimed"' in page and "Judge judy is on the way." in page
    judge_call_resolve(actor=judge, call_id=call.pk, outcome="time_extension", extension_minutes=3)
    page = my_match(client, event).content.decode()
    assert 'data-state="resolved"' in page and "Time extension: 3 minutes." in page
    assert 'data-testid="judge-call-form"' in page  # may call again


def test_the_player_cancels_from_the_page(as_user, event, table, caller):
    call = judge_call_create(actor=caller.player, match_id=table.pk, reason="other")
    client = as_user(caller.player)
    client.post(reverse("judge_calls:cancel_judge_call", args=[call.pk]))
    call.refresh_from_db()
    assert call.state == JudgeCallState.CANCELLED


def test_a_bad_reason_is_a_message_and_nothing_changes(as_user, event, table, caller):
    client = as_user(caller.player)
    response = client.post(
        reverse("judge_calls:call_judge", args=[table.pk]), {"reason": "bored"}, follow=True
    )
    assert "Select a valid choice" in response.content.decode()
    assert not JudgeCall.objects.exists()


def test_someone_else_cannot_call_to_that_table_nor_cancel(as_user, event, table, caller, regs):
    other = next(r for r in regs if r.pk not in (table.player_a_id, table.player_b_id))
    client = as_user(other.player)
    response = client.post(
        reverse("judge_calls:call_judge", args=[table.pk]), {"reason": "other"}, follow=True
    )
    assert "Only a player of this match" in response.content.decode()
    call = judge_call_create(actor=caller.player, match_id=table.pk, reason="other")
    assert client.post(reverse("judge_calls:cancel_judge_call", args=[call.pk])).status_code == 403
    call.refresh_from_db()
    assert call.state == JudgeCallState.WAITING


def test_the_queue_is_for_staff_only(as_user, event, round1, caller, organiser, judge):
    url = reverse("judge_calls:judge_calls", args=[event.pk])
    assert as_user(caller.player).get(url).status_code == 403
    assert as_user().get(url).status_code == 302  # to the login page
    page = as_user(judge).get(url).content.decode()
    assert 'data-testid="call-queue"' in page and "Nobody is waiting for a judge." in page
    assert 'data-testid="tab-judge-calls"' in page
    assert (
        'data-testid="tab-judge-calls"'
        not in my_match(as_user(caller.player), event).content.decode()
    )


def test_the_queue_orders_calls_by_waiting_time_and_offers_the_buttons(
    as_user, event, round1, judge
):
    tables = list(round1.matches.exclude(player_b__isnull=True).order_by("table"))
    first = judge_call_create(
        actor=tables[2].player_a.player, match_id=tables[2].pk, reason="other"
    )
    second = judge_call_create(
        actor=tables[0].player_b.player, match_id=tables[0].pk, reason="deck_problem"
    )
    page = as_user(judge).get(reverse("judge_calls:judge_calls", args=[event.pk])).content.decode()
    assert page.index(f'data-call="{first.pk}"') < page.index(f'data-call="{second.pk}"')
    for button in ("call-claim", "call-escalate", "call-ruling", "call-extend", "call-penalty"):
        assert f'data-testid="{button}"' in page
    assert 'id="calls" data-refresh' in page  # the live part of the page


def test_claim_escalate_and_resolve_from_the_queue(as_user, event, table, caller, judge, organiser):
    call = judge_call_create(actor=caller.player, match_id=table.pk, reason="rules_question")
    client = as_user(judge)
    client.post(reverse("judge_calls:judge_call_action", args=[call.pk, "claim"]))
    call.refresh_from_db()
    assert call.state == JudgeCallState.CLAIMED and call.claimed_by == judge
    second = as_user(add_judge(event, "second"))
    response = second.post(
        reverse("judge_calls:judge_call_action", args=[call.pk, "claim"]), follow=True
    )
    assert "Judge judy has already claimed this call." in response.content.decode()
    client.post(reverse("judge_calls:judge_call_action", args=[call.pk, "escalate"]))
    call.refresh_from_db()
    assert call.state == JudgeCallState.ESCALATED
    # Only the head judge (the organiser) gets the buttons of an escalated call.
    page = client.get(reverse("judge_calls:judge_calls", args=[event.pk])).content.decode()
    assert 'data-testid="call-claim"' not in page
    head = as_user(organiser)
    assert (
        'data-testid="call-claim"'
        in head.get(reverse("judge_calls:judge_calls", args=[event.pk])).content.decode()
    )
    head.post(
        reverse("judge_calls:resolve_judge_call", args=[call.pk]),
        {
            "outcome": "penalty",
            "penalty_registration": table.player_b_id,
            "penalty_kind": "warning",
            "penalty_reason": "Slow play",
        },
    )
    call.refresh_from_db()
    assert call.state == JudgeCallState.RESOLVED
    assert Penalty.objects.get().registration_id == table.player_b_id


def test_a_bad_answer_is_a_message_and_nothing_changes(as_user, event, table, caller, judge):
    call = judge_call_create(actor=caller.player, match_id=table.pk, reason="other")
    response = as_user(judge).post(
        reverse("judge_calls:resolve_judge_call", args=[call.pk]),
        {"outcome": "time_extension", "extension_minutes": "999"},
        follow=True,
    )
    assert response.status_code == 200
    assert f"Table {table.table}:" in response.content.decode()
    call.refresh_from_db()
    table.refresh_from_db()
    assert call.state == JudgeCallState.WAITING and table.extension_seconds == 0
    response = as_user(judge).post(
        reverse("judge_calls:judge_call_action", args=[call.pk, "explode"]), follow=True
    )
    assert "Unknown action." in response.content.decode()


def test_the_times_per_round_and_the_print_log(as_user, event, table, caller, judge):
    call = judge_call_create(actor=caller.player, match_id=table.pk, reason="rules_question")
    judge_call_claim(actor=judge, call_id=call.pk)
    judge_call_escalate(actor=judge, call_id=call.pk)
    client = as_user(judge)
    page = client.get(reverse("judge_calls:judge_calls", args=[event.pk])).content.decode()
    assert 'data-testid="call-times-round" data-round="1"' in page
    printed = client.get(reverse("judge_calls:print_judge_calls", args=[event.pk]))
    assert printed.status_code == 200
    text = printed.content.decode()
    assert f'data-call="{call.pk}"' in text and caller.name in text
    assert "Escalated to the head judge" in text
    assert (
        as_user(caller.player)
        .get(reverse("judge_calls:print_judge_calls", args=[event.pk]))
        .status_code
        == 403
    )


def test_the_pages_in_spanish(as_user, event, table, caller, judge):
    judge_call_create(actor=caller.player, match_id=table.pk, reason="rules_question")
    with translation.override("es"):
        client = as_user(caller.player)
        client.cookies["django_language"] = "es"
        page = my_match(client, event).content.decode()
        assert "Esperando a un juez" in page
        judge_client = as_user(judge)
        judge_client.cookies["django_language"] = "es"
        queue = judge_client.get(reverse("judge_calls:judge_calls", args=[event.pk]))
        text = queue.content.decode()
        assert "Llamadas a juez" in text and "Hacerme cargo" in text and "Duda de reglas" in text


def test_the_round_dashboard_shows_the_calls_panel(as_user, event, table, caller, judge):
    judge_call_create(actor=caller.player, match_id=table.pk, reason="rules_question")
    page = as_user(judge).get(reverse("tournaments:dashboard", args=[event.pk])).content.decode()
    assert 'data-testid="dashboard-judge-calls"' in page
    assert "1 open call" in page and 'data-round="1"' in page
