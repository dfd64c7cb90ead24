"""A number no page can read is refused or ignored, never a server error.

Every page of the site (the URL map, filled with the objects of a running Swiss event and a
running draft) is asked, as an anonymous visitor, a player and the organiser, for every
parameter its view reads from the query string or the form body, and every field of every
form it renders, holding a digit Python's ``isdigit`` accepts and ``int`` refuses (``²``),
digits of other scripts ``int`` reads (``٣``, ``３``), more digits than ``int`` takes (5,000)
and a number past every integer column of the database (20 digits). Each request is rolled
back, so the event is the same for the next one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from django.db import transaction
from django.db.models import Q
from django.http import HttpResponse
from django.test import Client
from django.utils import timezone

from decklists.models import DeckList
from decklists.services.checks import deck_check_record
from decklists.services.lists import deck_list_submit
from drafts.models import Pod
from drafts.views.judge import BUILDING_ACTIONS
from drafts.views.judge import SIMPLE_ACTIONS as POD_ACTIONS
from judge_calls.services import judge_call_create
from judge_calls.views import SIMPLE_ACTIONS as CALL_ACTIONS
from metagame.tables import TABLES as METAGAME_TABLES
from tests.config.page_walk import (
    PageForm,
    fill_route,
    form_fields,
    page_forms,
    page_routes,
    reads_of,
    record_reads,
    route_of,
    send,
)
from tests.drafts.helpers import draft_event
from tests.rulings_fixtures import quimera_list
from tests.tournaments.helpers import add_players, make_event, make_organiser
from tournaments.exports import XLSX_EXPORTS, export_names
from tournaments.models import Registration
from tournaments.models.choices import RegistrationStatus
from tournaments.services.penalties import penalty_issue
from tournaments.services.results import ReportedResult, match_report
from tournaments.services.rounds import round_pair_next, round_publish
from tournaments.views.judge_rounds import CLOCK_ACTIONS
from webhooks.services import endpoint_create, endpoint_ping

pytestmark = pytest.mark.django_db

HOSTILE = {
    "superscript two": "²",
    "Arabic-Indic three": "٣",
    "full-width three": "３",
    "5,000 digits": "9" * 5000,
    "20 digits": "9" * 20,
}
# Fields no number reaches: the CSRF token (a wrong one is a 403 before any view).
NOT_PARAMETERS = {"csrfmiddlewaretoken"}


def _rulings_notice(event, player):
    """The player's notice of a list made illegal by a rulings version (one published)."""
    from decklists.models import RulingsNotice
    from rulings.models import DocumentVersion, RulingsDocument

    version = DocumentVersion.objects.filter(status="published").first()
    if version is None:
        document, _ = RulingsDocument.objects.get_or_create(
            slug="humankind-dar", defaults={"title_en": "DAR", "title_es": "DAR"}
        )
        version = DocumentVersion.objects.create(
            document=document, number=1, status="published", published_on=timezone.localdate()
        )
    return RulingsNotice.objects.create(
        version=version, event=event, player=player, kind="list_illegal"
    )


@pytest.fixture
def world(db):
    """A Swiss event in round 1 (a report waiting for its opponent, a judge call, a penalty,
    a deck list and a deck check) and a booster draft picking, run by one organiser; one
    player plays both."""
    organiser = make_organiser()
    draft, _draft_judge, drafters = draft_event(4, bots=4, organiser=organiser)
    player = drafters[0].player
    event = make_event(organiser, swiss_rounds=3)
    mine = Registration.objects.create(
        event=event,
        player=player,
        status=RegistrationStatus.CHECKED_IN,
        checked_in_at=timezone.now(),
    )
    add_players(event, 7)
    deck_list_submit(event=event, player=player, text=quimera_list(), actor=player)
    round_ = round_pair_next(actor=organiser, event_id=event.pk)
    round_publish(actor=organiser, round_id=round_.pk)
    match = round_.matches.get(Q(player_a=mine) | Q(player_b=mine))
    opponent = match.player_b if match.player_a == mine else match.player_a
    match_report(actor=opponent.player, match_id=match.pk, result=ReportedResult(2, 1))
    call = judge_call_create(actor=player, match_id=match.pk, reason="rules_question")
    penalty_issue(actor=organiser, registration_id=mine.pk, reason="late", infraction="tardiness")
    check = deck_check_record(
        actor=organiser, event_id=event.pk, registration_id=mine.pk, outcome="as_listed"
    )
    pod = Pod.objects.filter(draft__event=draft).first()
    notice = _rulings_notice(event, player)
    webhook = endpoint_create(
        actor=organiser, url="http://127.0.0.1:9/hook", kinds=["round.published"], event_id=event.pk
    )
    endpoint_ping(actor=organiser, endpoint_id=webhook.pk)  # a delivery to send again
    return {
        "draft": str(draft.pk),
        "organiser": organiser,
        "player": player,
        "values": {
            "events/<id:pk>": [str(event.pk)],
            "events/matches/<id:pk>": [str(match.pk)],
            "events/registrations/<id:pk>": [str(mine.pk)],
            "events/rounds/<id:pk>": [str(round_.pk)],
            "events/pods/<id:pk>": [str(pod.pk)],
            "events/packs/<id:pk>": [str(pod.packs.first().pk)],
            "events/judge-calls/<id:pk>": [str(call.pk)],
            "events/webhooks/<id:pk>": [str(webhook.pk)],
            "event_id": [str(event.pk)],
            "number": ["1"],
            "pod": [str(pod.pk)],
            "player_id": [str(player.pk)],
            "check_id": [str(check.pk)],
            "deck_list_id": [str(DeckList.objects.get(event=event, player=player).pk)],
            "notice_id": [str(notice.pk)],
            "uidb64": ["MQ"],
            "token": ["set-password"],
            "table": list(METAGAME_TABLES),
        },
    }


# The actions of the routes that take one, as their views know them.
ACTIONS = {
    "events/rounds/<id:pk>/clock/<str:action>/": [*CLOCK_ACTIONS, "adjust"],
    "events/pods/<id:pk>/<str:action>/": [*POD_ACTIONS, "extend", "bot", *BUILDING_ACTIONS],
    "events/judge-calls/<id:pk>/<str:action>/": [*CALL_ACTIONS],
}


# The pages of the draft, and those showing it: filled with the draft rather than the event.
DRAFT_VIEWS = ("drafts.", "screen.", "decklists.views.card_pool")


def _paths(world: dict) -> list[str]:
    """Every page, each route filled with the objects of the world (a route it cannot fill,
    one with a parameter of a kind it does not know, fails the test)."""
    paths = []
    for route, view in page_routes():
        values = dict(world["values"])
        if "<id:pk>" in route:
            values["pk"] = world["values"][route.split("<id:pk>")[0] + "<id:pk>"]
        if view.startswith(DRAFT_VIEWS):
            values["event_id"] = [world["draft"]]
            if route.startswith("events/<id:pk>"):
                values["pk"] = [world["draft"]]
        values["action"] = ACTIONS.get(route, [])
        values["what"] = list(export_names() if route.endswith(".csv") else XLSX_EXPORTS)
        filled = fill_route(route, values)
        assert filled, f"the walk cannot fill {route}"
        paths.extend(filled)
    return paths


def _client(world: dict, role: str) -> Client:
    client = Client(raise_request_exception=False)
    if role != "anonymous":
        client.force_login(world[role])
    return client


@contextmanager
def rolled_back() -> Iterator[None]:
    """A request whose writes are undone: the next one meets the same event."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


@dataclass(frozen=True)
class Case:
    """One request to make with each hostile value: ``fixed`` as it is, every name of
    ``filled`` holding the value."""

    method: str
    path: str
    fixed: tuple[tuple[str, str], ...]
    filled: tuple[str, ...]

    def data(self, value: str) -> dict[str, str]:
        return {**dict(self.fixed), **dict.fromkeys(self.filled, value)}


def _read_cases(client: Client, method: str, path: str) -> tuple[list[Case], HttpResponse]:
    """The names the view reads, all filled at once; a name it asks about with ``in`` (a
    branch) once with and once without the others' branches."""
    where = method.upper()
    with rolled_back():
        response, reads = reads_of(client, method, path, {})
    names = list(reads.names[where])
    if names:
        # What the view reads once those are given ("lines" in request.POST, then "lines").
        with rolled_back():
            _response, more = reads_of(client, method, path, dict.fromkeys(names, "1"))
        names += [n for n in more.names[where] if n not in names]
    names = [n for n in names if n not in NOT_PARAMETERS]
    branches = [n for n in reads.tested[where] if n in names]
    plain = tuple(n for n in names if n not in branches)
    cases = [Case(method, path, (), (*plain, b)) for b in branches]
    if plain or not branches:
        cases.append(Case(method, path, (), plain))
    return [c for c in cases if c.filled], response


def _cases(client: Client, paths: list[str]) -> list[Case]:
    """The requests to make: for every page and method, the names its view reads; for every
    form a page shows (the same form on several pages once), its fields."""
    cases: list[Case] = []
    forms: dict[tuple, PageForm] = {}
    for path in paths:
        for method in ("get", "post"):
            found, response = _read_cases(client, method, path)
            cases.extend(found)
            content_type = response.get("Content-Type", "")
            if method == "get" and response.status_code == 200 and "html" in content_type:
                for form in page_forms(response.content.decode(), path):
                    shape = (form.method, route_of(form.action), tuple(f[0] for f in form.fields))
                    if shape[1] is not None:
                        forms.setdefault(shape, form)
    for form in forms.values():
        kept, filled = form_fields(form)
        if filled:
            cases.append(Case(form.method, form.action, tuple(kept.items()), tuple(filled)))
    return cases


# Numbers each walk must reach (every one was once a server error): a broken walk is caught.
MUST_REACH = {
    "anonymous": {"round", "page_seconds", "page", "next"},
    "player": {"round", "page_seconds", "deck", "mine", "theirs", "pack_round", "card_instance"},
    "organiser": {"round", "player", "person", "lines", "accept", "registration", "seat", "user"},
}


@pytest.mark.parametrize("role", ["anonymous", "player", "organiser"])
def test_no_number_in_a_page_parameter_is_a_server_error(world, role, monkeypatch):
    client = _client(world, role)
    paths = _paths(world)
    assert len(paths) > 100  # every page (a broken walk would try none)
    record_reads(monkeypatch)
    cases = _cases(client, paths)
    reached = {name for case in cases for name in case.filled}
    assert MUST_REACH[role] <= reached, MUST_REACH[role] - reached
    failures = []
    for case in cases:
        for label, value in HOSTILE.items():
            with rolled_back():
                status = send(client, case.method, case.path, case.data(value))
            if status >= 500:
                names = ", ".join(case.filled)
                failures.append(f"{case.method.upper()} {case.path} {names} = {label}: {status}")
    assert not failures, f"{len(failures)} of {len(cases) * len(HOSTILE)}:\n" + "\n".join(failures)
