"""Two requests with one Idempotency-Key at the same instant, each on its own database
connection: the unique constraint lets one run; the other is told it is in progress or,
if the first has answered by then, gets its answer. Never two events."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from idempotency.models import IdempotencyKey
from idempotency.services import Outcome, idempotency_key_claim
from tests.factories import UserFactory
from tests.tournaments.helpers import make_organiser
from tests.tournaments.services.test_concurrency import race
from tournaments.models import Event

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.concurrency]


def test_two_claims_of_one_key_at_once_let_one_through():
    user = UserFactory()
    outcomes = race(
        lambda: idempotency_key_claim(user_id=user.pk, key="k", fingerprint="f").outcome,
        lambda: idempotency_key_claim(user_id=user.pk, key="k", fingerprint="f").outcome,
    )
    assert sorted(o.value for o in outcomes) == sorted(
        [Outcome.CLAIMED.value, Outcome.IN_PROGRESS.value]
    )
    assert IdempotencyKey.objects.filter(user=user, key="k").count() == 1


def test_two_creates_with_one_key_at_once_make_one_event():
    organiser = make_organiser("race_key_orga")
    body = {"name": "Race Cup", "date": "2026-12-12", "swiss_rounds": 2, "top_cut": 0}

    def create() -> tuple[int, str, str]:
        client = APIClient()
        client.force_authenticate(organiser)
        response = client.post("/api/v1/events/", body, format="json", HTTP_IDEMPOTENCY_KEY="k")
        code = response.json().get("code", "") if response.status_code == 409 else ""
        return response.status_code, code, response.get("Idempotent-Replayed", "")

    outcomes = race(create, create)
    assert Event.objects.filter(name="Race Cup").count() == 1
    assert (201, "", "") in outcomes
    assert all(
        o in {(201, "", ""), (201, "", "true"), (409, "idempotency_key_in_progress", "")}
        for o in outcomes
    ), outcomes
    assert sum(o == (201, "", "") for o in outcomes) == 1
