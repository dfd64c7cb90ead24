"""Deliveries of every kind, driven by the real services, received by a local HTTP server and
checked with the recipe receivers are given (docs/api.md); a receiver that fails is tried
again with backoff on a simulated clock, then sent again from the endpoint's page."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from config.clock import simulated_clock
from tournaments.models import Match
from tournaments.services.registration import registration_drop
from tournaments.services.results import ReportedResult, match_report, match_set_result
from tournaments.services.rounds import round_pair_next, round_publish
from tournaments.services.topcut import event_finish
from webhooks.core.backoff import RETRY_DELAYS_SECONDS
from webhooks.models import DeliveryStatus, WebhookDelivery
from webhooks.sending import send_due
from webhooks.services import endpoint_create

ALL = [
    "round.published",
    "result.confirmed",
    "match.disputed",
    "standings.changed",
    "player.dropped",
    "event.finished",
]


def _players(match: Match):
    return match.player_a.player, match.player_b.player


def test_every_kind_arrives_signed_from_the_real_services(
    organiser, event, judge, regs, endpoint, receiver, docs_verify_signature
):
    # Round 1 published: eight players, four tables, no bye.
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    t1, t2, t3, t4 = Match.objects.filter(round=round_).order_by("table")
    # Both players agree: confirmed (and the standings change).
    a, b = _players(t1)
    match_report(actor=a, match_id=t1.pk, result=ReportedResult(2, 0))
    match_report(actor=b, match_id=t1.pk, result=ReportedResult(2, 0))
    # They differ: disputed, and a judge settles it.
    a, b = _players(t2)
    match_report(actor=a, match_id=t2.pk, result=ReportedResult(2, 0))
    match_report(actor=b, match_id=t2.pk, result=ReportedResult(0, 2))
    match_set_result(actor=judge, match_id=t2.pk, result=ReportedResult(2, 1), reason="slips")
    # A player drops mid-round: their match is conceded.
    registration_drop(actor=t3.player_a.player, registration_id=t3.player_a_id)
    match_set_result(actor=judge, match_id=t4.pk, result=ReportedResult(1, 2), reason="slip")
    event_finish(actor=organiser, event_id=event.pk)

    queued = list(WebhookDelivery.objects.filter(endpoint=endpoint).order_by("pk"))
    assert {d.kind for d in queued} == set(ALL)
    assert all(d.status == DeliveryStatus.PENDING for d in queued)
    assert not receiver.received  # nothing is sent inside the actions

    assert send_due() == len(queued)
    assert len(receiver.received) == len(queued)
    assert set(receiver.kinds()) == set(ALL)
    for got in receiver.received:
        assert docs_verify_signature(endpoint.secret, got.headers["Webhook-Signature"], got.body)
        assert got.json["type"] == got.headers["Webhook-Event"]
        assert got.json["id"] == got.headers["Webhook-Id"]
        assert got.json["event"]["id"] == event.pk
    by_kind = {}
    for got in receiver.received:
        by_kind.setdefault(got.json["type"], []).append(got.json["data"])
    assert by_kind["round.published"][0]["round"]["number"] == 1
    assert len(by_kind["round.published"][0]["matches"]) == 4
    confirmed = {d["match"]["table"]: d["match"] for d in by_kind["result.confirmed"]}
    assert confirmed[1]["games_won_a"] == 2 and confirmed[1]["status"] == "confirmed"
    assert confirmed[2]["result_source"] == "judge"
    assert confirmed[3]["result_source"] == "drop"
    assert by_kind["match.disputed"][0]["match"]["status"] == "disputed"
    assert by_kind["player.dropped"][0]["player"]["id"] == t3.player_a_id
    assert by_kind["player.dropped"][0]["player"]["status"] == "dropped"
    assert by_kind["event.finished"][0]["event"]["status"] == "finished"
    assert by_kind["standings.changed"][0]["standings_url"].endswith(
        f"/api/v1/events/{event.pk}/standings/"
    )
    # Each is delivered once: nothing is left to send.
    assert WebhookDelivery.objects.filter(status=DeliveryStatus.SUCCEEDED).count() == len(queued)
    assert send_due() == 0


def test_only_the_subscribed_kinds_and_nothing_of_a_rolled_back_action(
    organiser, event, judge, regs, receiver
):
    endpoint_create(actor=organiser, url=receiver.url, kinds=["event.finished"], event_id=event.pk)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    assert not WebhookDelivery.objects.exists()  # not subscribed to round.published

    class Undone(Exception):
        pass

    for match in Match.objects.filter(round=round_):
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 0))
    with pytest.raises(Undone), transaction.atomic():
        event_finish(actor=organiser, event_id=event.pk)
        assert WebhookDelivery.objects.filter(kind="event.finished").count() == 1
        raise Undone  # the action's transaction rolls back: its delivery with it
    assert not WebhookDelivery.objects.exists()


def test_an_endpoint_for_all_events_hears_every_event_its_owner_organises(
    organiser, event, judge, regs, receiver
):
    from tests.tournaments.helpers import add_players, make_event, make_organiser

    endpoint_create(actor=organiser, url=receiver.url, kinds=["round.published"])
    other = make_event(make_organiser("someone_else"), name="Not theirs")
    add_players(other, 4, prefix="o")
    other_judge = other.staff.first().user
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    theirs = round_pair_next(actor=other_judge, event_id=other.pk)
    round_publish(actor=other_judge, round_id=theirs.pk)
    assert list(WebhookDelivery.objects.values_list("event_id", flat=True)) == [event.pk]


def test_a_failing_receiver_is_retried_with_backoff_then_sent_again_from_the_page(
    organiser, event, judge, regs, endpoint, receiver, as_user, docs_verify_signature
):
    receiver.status, receiver.answer = 500, b"database down"
    start = timezone.now()
    with simulated_clock(start) as clock:
        round_ = round_pair_next(actor=judge, event_id=event.pk)
        round_publish(actor=judge, round_id=round_.pk)
        delivery = WebhookDelivery.objects.get(endpoint=endpoint, kind="round.published")
        assert send_due() == 1
        delivery.refresh_from_db()
        assert delivery.status == DeliveryStatus.PENDING
        assert delivery.attempts == 1
        assert delivery.response_status == 500
        assert delivery.response_body == "database down"
        assert delivery.next_attempt_at == start + dt.timedelta(seconds=RETRY_DELAYS_SECONDS[0])
        # Not due yet: nothing is sent.
        clock.advance(RETRY_DELAYS_SECONDS[0] - 1)
        assert send_due() == 0
        # Each failure waits longer (1 min, 5 min, 30 min, 2 h, 12 h); then it is given up.
        last_sent = start
        for failures, delay in enumerate(RETRY_DELAYS_SECONDS, start=1):
            delivery.refresh_from_db()
            assert delivery.failures == failures
            assert delivery.next_attempt_at == last_sent + dt.timedelta(seconds=delay)
            clock.advance((delivery.next_attempt_at - clock.now()).total_seconds())
            last_sent = clock.now()
            assert send_due() == 1
        delivery.refresh_from_db()
        assert delivery.status == DeliveryStatus.FAILED
        assert delivery.attempts == len(RETRY_DELAYS_SECONDS) + 1
        assert delivery.next_attempt_at is None
        clock.advance(86400)
        assert send_due() == 0
    assert len(receiver.received) == len(RETRY_DELAYS_SECONDS) + 1
    assert len({r.headers["Webhook-Id"] for r in receiver.received}) == 1

    # The receiver is mended; the organiser sends it again from the endpoint's page.
    receiver.status, receiver.answer = 204, b""
    client = as_user(organiser)
    page = client.get(reverse("webhooks:endpoint", args=[endpoint.pk]))
    assert page.status_code == 200
    assert f'data-delivery="{delivery.pk}"' in page.content.decode()
    posted = client.post(
        reverse("webhooks:endpoint", args=[endpoint.pk]),
        {"action": "redeliver", "delivery": delivery.pk},
    )
    assert posted.status_code == 302
    assert send_due() == 1
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.SUCCEEDED
    assert delivery.response_status == 204
    assert delivery.attempts == len(RETRY_DELAYS_SECONDS) + 2
    last = receiver.received[-1]
    assert last.body == receiver.received[0].body  # the same delivery, newly signed
    assert docs_verify_signature(endpoint.secret, last.headers["Webhook-Signature"], last.body)


def test_a_ping_from_the_page_is_delivered(organiser, event, endpoint, receiver, as_user):
    client = as_user(organiser)
    client.post(reverse("webhooks:endpoint", args=[endpoint.pk]), {"action": "ping"})
    assert send_due() == 1
    assert receiver.kinds() == ["ping"]


def test_a_body_says_what_the_api_answers_its_owner(organiser, event, judge, regs, endpoint):
    from rest_framework.test import APIClient

    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    api = APIClient()
    api.force_authenticate(organiser)
    answered = api.get(f"/api/v1/rounds/{round_.pk}/").json()  # as the round was published
    registration_drop(
        actor=judge, registration_id=regs[0].pk, reason="felt unwell", disqualified=False
    )
    published = WebhookDelivery.objects.get(kind="round.published").payload["data"]
    assert published["matches"] == answered["matches"]
    assert {k: v for k, v in published["round"].items() if k != "server_now"} == {
        k: v for k, v in answered.items() if k not in ("server_now", "matches")
    }
    dropped = WebhookDelivery.objects.get(kind="player.dropped").payload["data"]["player"]
    players = api.get(f"/api/v1/events/{event.pk}/players/").json()
    players = players["results"] if isinstance(players, dict) else players
    assert dropped == next(p for p in players if p["id"] == regs[0].pk)
    assert dropped["drop_reason"] == "felt unwell"  # the organiser reads it through the API too
