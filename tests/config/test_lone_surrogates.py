"""A lone surrogate (a UTF-16 half, which is no character and cannot be encoded as UTF-8) in
any string a request carries is refused with a 400 naming the field, never a 500.

JSON spells one ``"\\ud800"``; a form or query string can only send its UTF-8-like bytes
``%ED%A0%80``, which are not UTF-8. Every string of every operation of the API's schema is
tried in turn, as a site admin on real objects so the handlers are reached.
"""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from drafts.models import Pod
from judge_calls.services import judge_call_create
from tests.config.schema_walk import fill_path, json_body, operations, with_each_string
from tests.drafts.helpers import draft_event
from tests.factories import UserFactory
from tests.tournaments.helpers import (
    add_judge,
    add_players,
    make_event,
    make_organiser,
    make_round,
)
from tournaments.models.choices import MatchStatus
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db

SURROGATE = "\ud800"
# Archive import has its own limits and tests; revoking the token would log the walk out.
SKIPPED = {("post", "/api/v1/auth/token/revoke/")}


@pytest.fixture
def world(db):
    organiser = make_organiser()
    event = make_event(organiser, swiss_rounds=3)
    judge = add_judge(event)
    registrations = add_players(event, 8)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    match = round_.matches.exclude(player_b=None).first()
    call = judge_call_create(
        actor=match.player_a.player, match_id=match.pk, reason="rules_question", note="help"
    )
    draft, _judge, _regs = draft_event(4, bots=4)
    pod = Pod.objects.filter(draft__event=draft).first()
    admin = UserFactory(username="walker", is_staff=True, is_superuser=True)
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(admin)
    ids = {
        "events": event.pk,
        "event_id": event.pk,
        "rounds": round_.pk,
        "matches": match.pk,
        "registrations": registrations[0].pk,
        "player_id": registrations[0].player_id,
        "judge-calls": call.pk,
        "pods": pod.pk,
        "packs": pod.packs.first().pk,
        "number": 1,
    }
    return {"client": client, "ids": ids, "draft": draft.pk}


def _path(path: str, world: dict) -> str:
    filled = fill_path(path, world["ids"])
    if "/draft/" in path:
        filled = filled.replace(f"/events/{world['ids']['events']}/", f"/events/{world['draft']}/")
    return filled


def _bodies() -> list[tuple[str, str, str, object]]:
    """One body per string of each operation (a field both a choice and blank is one)."""
    cases = {
        (method, path, where): body
        for path, method, operation in operations()
        if (method, path) not in SKIPPED and (schema := json_body(operation))
        for where, body in with_each_string(schema, SURROGATE)
    }
    return [(*key, body) for key, body in cases.items()]


def test_every_string_of_every_json_body_refuses_a_lone_surrogate(world):
    cases = _bodies()
    assert len(cases) > 100  # the walk reaches the fields (a broken walk would try none)
    failures = []
    for method, path, where, body in cases:
        response = getattr(world["client"], method)(
            _path(path, world), json.dumps(body), content_type="application/json"
        )
        if response.status_code >= 500:
            failures.append(f"{method.upper()} {path} {where}: {response.status_code}")
    assert not failures, "\n".join(failures)


def test_a_lone_surrogate_is_a_400_that_names_the_field(world):
    response = world["client"].post(
        "/api/games/qiahn-tactics/odds/", '{"ruleset": "\\ud800"}', content_type="application/json"
    )
    assert response.status_code == 400
    assert "surrogate" in response.json()["ruleset"][0]


def test_the_refusal_is_translated(world):
    response = world["client"].patch(
        "/api/me/notifications/",
        '{"language": "\\ud800"}',
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    assert response.status_code == 400
    assert "sustituto" in response.json()["language"][0]


def test_a_lone_surrogate_deep_in_a_body_names_its_top_field(world):
    body = '{"kind": "warning", "infraction": "x", "note": ["a", {"b": "\\ud800"}]}'
    response = world["client"].post(
        f"/api/events/{world['ids']['events']}/penalties/", body, content_type="application/json"
    )
    assert response.status_code == 400
    assert "note.1.b" in response.json()["note"][0]


def test_a_surrogate_pair_is_a_character_and_passes(world):
    response = world["client"].patch(
        "/api/me/", '{"display_name": "Pat \\ud83d\\ude00"}', content_type="application/json"
    )
    assert response.status_code == 200
    assert response.json()["display_name"] == "Pat \U0001f600"


def test_every_string_query_parameter_refuses_bytes_that_are_not_utf8(world):
    failures = []
    tried = 0
    for path, method, operation in operations():
        for parameter in operation.get("parameters", []):
            if parameter["in"] != "query" or parameter["schema"].get("type") != "string":
                continue
            tried += 1
            url = f"{_path(path, world)}?{parameter['name']}=%ED%A0%80"
            response = getattr(world["client"], method)(url)
            if response.status_code != 400:
                failures.append(f"{method.upper()} {url}: {response.status_code}")
    assert tried >= 5
    assert not failures, "\n".join(failures)


def test_a_form_post_to_the_api_with_bytes_that_are_not_utf8_is_a_400(world):
    response = world["client"].post(
        "/api/games/qiahn-tactics/odds/",
        "ruleset=%ED%A0%80",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    assert "ruleset" in response.json()["detail"]


# --- pages -------------------------------------------------------------------------------
def test_a_page_form_post_with_bytes_that_are_not_utf8_is_a_400_and_saves_nothing(player):
    client = Client()
    client.force_login(player)
    response = client.post(
        reverse("accounts:profile"),
        "display_name=Pat%ED%A0%80&email=pat%40example.org",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    assert "display_name" in response.content.decode()
    player.refresh_from_db()
    assert player.display_name == "Pat Player"


def test_a_page_query_string_with_bytes_that_are_not_utf8_is_a_400(player):
    response = Client().get(reverse("tournaments:event_list") + "?q=%ED%A0%80")
    assert response.status_code == 400


def test_a_record_file_with_a_lone_surrogate_is_a_form_error(db):
    event = make_event(
        make_organiser("qorga"),
        game="qiahn-tactics",
        record_policy="require",
        qiahn_squad=3,
        qiahn_ruleset="rulebook-1",
    )
    regs = add_players(event, 2)
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    client = Client()
    client.force_login(regs[0].player)
    record = SimpleUploadedFile(
        "game.json", b'{"game": "qiahn-tactics", "format": 1, "ruleset": "\\ud800"}'
    )
    response = client.post(
        reverse("tournaments:report", args=[match.pk]),
        {
            "report-g1_winner": "me",
            "report-g1_chooser": "me",
            "report-g1_side": "heads",
            "report-g1_record": record,
        },
    )
    assert response.status_code == 400  # the form again, with its errors
    assert "Game 1: The text at “ruleset” holds a lone surrogate" in response.content.decode()
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING


@pytest.mark.parametrize("page", ["games:check", "games:anachronism_replay"])
def test_a_pasted_record_with_a_lone_surrogate_is_a_form_error(db, page):
    record = '{"game": "\\ud800", "format": 1}'  # the verdict quoted the unknown game
    response = Client().post(reverse(page), {"record": record})
    assert response.status_code == 400
    assert "The text at “game” holds a lone surrogate (U+D800)" in response.content.decode()
