"""A whole event driven through a client generated from the published schema, as an
integrator would (docs/api.md): every request is the generated client's, and every answer
is checked against the schema (no undocumented status, field or body)."""

from __future__ import annotations

import datetime as dt
import importlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from openapi_core.exceptions import OpenAPIError
from openapi_spec_validator import validate
from openapi_spec_validator.readers import read_from_filename

from config.clock import simulated_clock
from drafts.services.demo import load_sample_auction_decks
from rulings.demo import load_rulings_data
from tests.config import generated_client as g
from tests.factories import DEMO_PASSWORD, UserFactory
from tests.tournaments.helpers import add_judge, make_organiser
from tournaments.models import Event

PLAYERS = 7  # one bye a round
EXAMPLES = Path(__file__).resolve().parents[2] / "games" / "data" / "examples"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory):
    """The schema, validated; the client generated from it (with nothing printed that
    warns); its package imported with every module in it; openapi-core on the schema."""
    where = tmp_path_factory.mktemp("integrator")
    schema = g.write_schema(where)
    spec, _ = read_from_filename(str(schema))
    validate(spec)
    run = g.generate_client(schema, where)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "warning" not in output.lower(), output
    packages = g.generated_package(where)
    package = next(packages)
    assert g.import_every_module() == []
    yield package, g.strict_openapi(schema)
    packages.close()


class Api:
    """The generated client's operations and models, and one client per caller."""

    def __init__(self, package: Any, transport: g.CheckedTransport) -> None:
        self.package = package
        self.transport = transport
        self.models = importlib.import_module(f"{package.__name__}.models")

    def op(self, tag: str, name: str) -> Any:
        return importlib.import_module(f"{self.package.__name__}.api.{tag}.{name}")

    def anonymous(self) -> Any:
        return self.package.Client(
            base_url="http://testserver",
            raise_on_unexpected_status=True,
            httpx_args=self.transport.httpx_args(),
        )

    def authenticated(self, token: str) -> Any:
        return self.package.AuthenticatedClient(
            base_url="http://testserver",
            token=token,
            prefix="Token",
            raise_on_unexpected_status=True,
            httpx_args=self.transport.httpx_args(),
        )

    def login(self, username: str) -> Any:
        body = self.models.AuthTokenRequest(username=username, password=DEMO_PASSWORD)
        token = self.call("accounts", "auth_token_create", self.anonymous(), 200, body=body)
        return self.authenticated(token.token)

    def call(self, tag: str, name: str, client: Any, status: int, **kwargs: Any) -> Any:
        """One operation through the generated client, expecting ``status``: its parsed
        answer (bytes for a file)."""
        response = self.op(tag, name).sync_detailed(client=client, **kwargs)
        assert response.status_code == status, (name, response.status_code, response.content)
        return response.parsed if response.parsed is not None else response.content


def items(page: Any) -> list[Any]:
    """The rows of a list answer (a bare list, or a page's `results`)."""
    return page if isinstance(page, list) else page.results


@pytest.fixture
def api(generated, db):
    package, openapi = generated
    # As Django's test client does: the request cycle must not close the test's connection.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        # The requests run in this thread: the site reads this clock, which stands still (no
        # round or draft step runs out while the test waits on a slow machine).
        with simulated_clock():
            yield Api(package, g.CheckedTransport(openapi, WSGIHandler()))
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def games(winner: str, record_two_one: bool = False) -> list[dict[str, Any]]:
    """Each game with its play-or-draw record: the coin or die winner chooses in games 1
    and 3, the loser of the game before in game 2."""
    other = "b" if winner == "a" else "a"
    if not record_two_one:
        return [
            {"winner": winner, "random_winner": winner, "chooser": winner, "choice": "first"},
            {"winner": winner, "chooser": other},
        ]
    return [
        {"winner": winner, "random_winner": winner, "chooser": winner, "choice": "first"},
        {"winner": other, "chooser": other},
        {"winner": winner, "random_winner": other, "chooser": other, "choice": "second"},
    ]


def result(api: Api, model: str, winner: str, **extra: Any) -> Any:
    two_one = extra.pop("two_one", False)
    won = (2, 1 if two_one else 0)
    a, b = won if winner == "a" else won[::-1]
    body = {"games_won_a": a, "games_won_b": b, "games": games(winner, two_one), **extra}
    return getattr(api.models, model).from_dict(body)


def test_a_whole_event_through_the_generated_client(api: Api):
    make_organiser("gc_orga")
    people = [UserFactory(username=f"gc{i}", display_name=f"Client {i}") for i in range(PLAYERS)]
    m = api.models
    anon = api.anonymous()
    index = api.call("api", "root_retrieve", anon, 200)
    assert "Token" in index.description
    orga = api.login("gc_orga")

    # An organiser creates a best-of-three Swiss event of three rounds with a top 4.
    event = api.call(
        "events",
        "events_create",
        orga,
        201,
        body=m.EventInRequest.from_dict(
            {
                "name": "Client Cup",
                "date": "2026-12-12",
                "swiss_rounds": 3,
                "top_cut": 4,
                "games_per_match": 3,
                "play_draw_required": True,
            }
        ),
    )
    assert (event.top_cut, event.games_per_match, event.status) == (4, 3, "registration")
    judge_user = add_judge(Event.objects.get(pk=event.id), "gc_judge")
    judge = api.login(judge_user.username)

    # Players register themselves; the organiser checks them in.
    players = {person.pk: api.login(person.username) for person in people}
    for client in players.values():
        api.call("events", "events_register_create", client, 201, id=event.id)
    roster = items(api.call("events", "events_players_list", orga, 200, id=event.id))
    assert len(roster) == PLAYERS
    by_registration = {}
    for registration in roster:
        by_registration[registration.id] = players[registration.player_id]
        checked = api.call(
            "events",
            "registrations_check_in_create",
            orga,
            200,
            id=registration.id,
            body=m.CheckInInRequest(checked_in=True),
        )
        assert checked.status == "checked_in"

    for number in (1, 2, 3):
        round_ = api.call(
            "events", "events_rounds_pair_create", orga, 201, id=event.id, body=m.PairInRequest()
        )
        assert round_.number == number and round_.status == "draft"
        api.call("events", "rounds_publish_create", orga, 200, id=round_.id)
        api.call("events", "rounds_clock_start_create", orga, 200, id=round_.id)
        detail = api.call("events", "rounds_retrieve", players[people[0].pk], 200, id=round_.id)
        assert len(detail.matches) == (PLAYERS + 1) // 2
        for match in detail.matches:
            if match.player_b is None:  # the bye: a win, with no report
                assert (match.status, match.winner) == ("confirmed", "a")
                continue
            player_a = by_registration[match.player_a.registration_id]
            player_b = by_registration[match.player_b.registration_id]
            report = result(api, "ResultInRequest", "a", two_one=match.table == 3)
            awaiting = api.call(
                "events", "matches_report_create", player_a, 200, id=match.id, body=report
            )
            assert awaiting.status == "awaiting"
            if number == 1 and match.table == 1:
                # B confirms A's report as they saw it.
                confirmed = api.call(
                    "events",
                    "matches_confirm_create",
                    player_b,
                    200,
                    id=match.id,
                    body=m.ConfirmInRequest(games_won_a=2, games_won_b=0),
                )
                assert (confirmed.status, confirmed.changed) == ("confirmed", True)
            elif number == 1 and match.table == 2:
                # B reports the other way round: a dispute, which a judge resolves.
                disputed = api.call(
                    "events",
                    "matches_report_create",
                    player_b,
                    200,
                    id=match.id,
                    body=result(api, "ResultInRequest", "b"),
                )
                assert disputed.status == "disputed"
                resolved = api.call(
                    "events",
                    "matches_result_create",
                    judge,
                    200,
                    id=match.id,
                    body=result(api, "OverrideInRequest", "a", reason="Both agreed at the table"),
                )
                assert resolved.status == "confirmed" and resolved.winner == "a"
            else:
                if number == 2 and match.table == 1:
                    _judge_call(api, player_b, judge, match.id)
                agreed = api.call(
                    "events", "matches_report_create", player_b, 200, id=match.id, body=report
                )
                assert agreed.status == "confirmed"
        if number == 1:
            penalty = api.call(
                "events",
                "events_penalties_create",
                judge,
                201,
                id=event.id,
                body=m.PenaltyInRequest.from_dict(
                    {
                        "registration_id": detail.matches[0].player_a.registration_id,
                        "kind": "warning",
                        "reason": "Shuffled too little",
                    }
                ),
            )
            assert penalty.kind == "warning" and penalty.round_ == 1
        standings = items(api.call("events", "events_standings_list", anon, 200, id=event.id))
        assert sum(row.match_points for row in standings) == 3 * (PLAYERS + 1) // 2 * number

    # The top 4: two semi-finals, then the final; the last advance finishes the event.
    cut = api.call("events", "events_top_cut_start_create", orga, 201, id=event.id)
    for size in (2, 1):
        if cut.status == "draft":
            api.call("events", "rounds_publish_create", orga, 200, id=cut.id)
        bracket = api.call("events", "rounds_retrieve", orga, 200, id=cut.id)
        assert len(bracket.matches) == size and bracket.kind == "top_cut"
        for match in bracket.matches:
            report = result(api, "ResultInRequest", "b")
            for side in (match.player_a, match.player_b):
                client = by_registration[side.registration_id]
                api.call("events", "matches_report_create", client, 200, id=match.id, body=report)
        status = 200 if size == 2 else 204
        cut = api.call("events", "events_top_cut_advance_create", orga, status, id=event.id)
    assert api.call("events", "events_retrieve", anon, 200, id=event.id).status == "finished"
    final = items(api.call("events", "events_standings_list", anon, 200, id=event.id))
    assert [row.rank for row in final][:4] == [1, 2, 3, 4]

    # Exports, penalties and the audit log as the organiser reads them.
    what = m.EventsExportCsvRetrieveWhat
    csv_text = api.call(
        "events", "events_export_csv_retrieve", orga, 200, id=event.id, what=what("standings")
    )
    assert len(str(csv_text).strip().splitlines()) == PLAYERS + 1
    sheet = api.call(
        "events",
        "events_export_xlsx_retrieve",
        orga,
        200,
        id=event.id,
        what=m.EventsExportXlsxRetrieveWhat("matches"),
    )
    assert getattr(sheet, "payload", sheet) is not None
    penalties = items(api.call("events", "events_penalties_list", orga, 200, id=event.id))
    assert [p.reason for p in penalties] == ["Shuffled too little"]
    audit = api.call("events", "events_audit_list", orga, 200, id=event.id)
    assert any(entry.action == "result.set" for entry in items(audit))

    # A Qíahn Tactics game record, validated by anyone.
    record = json.loads((EXAMPLES / "qiahn-squad3.json").read_text())
    verdict = api.call(
        "games",
        "games_records_validate_create",
        anon,
        200,
        body=m.QiahnRecordRequest.from_dict(record),
    )
    assert verdict.valid is True

    _a_draft(api, orga, players, people[:2])
    assert {e.status for e in api.transport.exchanges} <= {200, 201, 204}


def _judge_call(api: Api, caller: Any, judge: Any, match_id: int) -> None:
    m = api.models
    call = api.call(
        "judge_calls",
        "matches_judge_calls_create",
        caller,
        201,
        id=match_id,
        body=m.JudgeCallInRequest.from_dict({"reason": "rules_question", "note": "Reach?"}),
    )
    assert call.state == "waiting"
    api.call("judge_calls", "judge_calls_claim_create", judge, 200, id=call.id)
    done = api.call(
        "judge_calls",
        "judge_calls_resolve_create",
        judge,
        200,
        id=call.id,
        body=m.ResolveInRequest.from_dict({"outcome": "ruling", "ruling": "It reaches."}),
    )
    assert done.state == "resolved" and done.outcome == "ruling"
    mine = api.call("judge_calls", "judge_calls_retrieve", caller, 200, id=call.id)
    assert mine.outcome == "ruling"


def _a_draft(api: Api, orga: Any, players: dict[int, Any], people: list[Any]) -> None:
    """A booster draft: the organiser sets the packs' editions and starts it; anyone reads
    its public state; a drafter's seat names its pod by the id the pod routes take."""
    load_rulings_data(sample=True)
    load_sample_auction_decks()
    m = api.models
    event = api.call(
        "events",
        "events_create",
        orga,
        201,
        body=m.EventInRequest.from_dict(
            {"name": "Client Draft", "date": str(dt.date(2026, 12, 13)), "format": "booster-draft"}
        ),
    )
    for person in people:
        api.call("events", "events_register_create", players[person.pk], 201, id=event.id)
    for registration in items(api.call("events", "events_players_list", orga, 200, id=event.id)):
        api.call(
            "events",
            "registrations_check_in_create",
            orga,
            200,
            id=registration.id,
            body=m.CheckInInRequest(checked_in=True),
        )
    options = api.call(
        "drafts",
        "events_draft_partial_update",
        orga,
        200,
        id=event.id,
        body=m.PatchedDraftOptionsInRequest.from_dict(
            {"pack_editions": ["DV", "DV", "SU", "SU"], "auction": False}
        ),
    )
    assert options.pack_editions == ["DV", "DV", "SU", "SU"] and options.pods == []
    started = api.call("drafts", "events_draft_start_create", orga, 201, id=event.id)
    assert started.pods == 1
    state = api.call("drafts", "events_draft_retrieve", api.anonymous(), 200, id=event.id)
    (pod,) = state.pods
    assert (pod.number, pod.phase, pod.pack_round, pod.pick_number) == (1, "drafting", 1, 1)
    assert len(pod.seats) == 2 and not any(seat.bot for seat in pod.seats)
    drafter = players[people[0].pk]
    seat = api.call("drafts", "events_draft_my_seat_retrieve", drafter, 200, id=event.id)
    assert (seat.pod, seat.pod_number) == (pod.id, 1)
    assert seat.seat_id in {s.id for s in pod.seats}
    paused = api.call("drafts", "pods_pause_create", orga, 200, id=seat.pod)
    assert paused.paused is True
    again = api.call("drafts", "events_draft_retrieve", api.anonymous(), 200, id=event.id)
    assert again.pods[0].paused is True


def test_the_check_refuses_what_the_schema_does_not_describe(generated):
    """The hook that checks every answer can fail: an undocumented field, a missing one or
    an undocumented status is refused."""
    _package, openapi = generated
    checker = g.CheckedTransport(openapi, app=None)
    request = httpx.Request("GET", "http://testserver/api/v1/")
    index = {
        "description": "The API",
        "schema": "http://testserver/api/v1/schema/",
        "docs": "http://testserver/api/v1/docs/",
        "auth": "http://testserver/api/v1/auth/token/",
        "collections": {"events": "http://testserver/api/v1/events/"},
    }
    checker.check(httpx.Response(200, json=index, request=request))
    refused = [
        httpx.Response(200, json={**index, "undocumented": 1}, request=request),
        httpx.Response(200, json={k: v for k, v in index.items() if k != "docs"}, request=request),
        httpx.Response(418, json={"detail": "I am a teapot"}, request=request),
    ]
    for response in refused:
        with pytest.raises(OpenAPIError):
            checker.check(response)
