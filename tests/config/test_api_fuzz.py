"""Every API operation, fuzzed from its own OpenAPI schema (schemathesis), as a player and
as an admin: no answer is a server error, and every answer (status, content type, body)
is one the schema documents. Half the examples aim at real objects of a running event,
so the operations get past "not found".

Bounded (a few examples per operation and role, derandomized) so it stays a test, not a
campaign; a longer run is `schemathesis run` against a demo server (docs/operations.md).
"""

from __future__ import annotations

import itertools
import json

import pytest
import schemathesis
from django.core import signals
from django.core.serializers.json import DjangoJSONEncoder
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def _schema() -> schemathesis.schemas.BaseSchema:
    generated = SchemaGenerator().get_schema(request=None, public=True)
    loaded = schemathesis.openapi.from_dict(
        json.loads(json.dumps(generated, cls=DjangoJSONEncoder))
    )
    loaded.app = get_wsgi_application()
    return loaded


# Revoking the caller's own token would leave the rest of an example unauthenticated; it
# has its own tests (tests/accounts/test_api_tokens.py).
schema = _schema().exclude(method="POST", path="/api/v1/auth/token/revoke/")
aim = itertools.count()


@pytest.fixture
def _keep_the_test_connection():
    """Requests go through the real WSGI handler, which closes database connections when a
    request ends; the test's transaction must survive them, as Django's test client does."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def world(db, _keep_the_test_connection):
    """A running event: round 1 published, a player in it, its judge and a site admin."""
    organiser = make_organiser()
    event = make_event(organiser, swiss_rounds=3)
    judge = add_judge(event)
    registrations = add_players(event, 8)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    player = registrations[0].player
    match = round_.matches.filter(player_a=registrations[0]).first() or round_.matches.first()
    admin = UserFactory(username="fuzz-admin", is_staff=True, is_superuser=True)
    ids = {
        "events": event.pk,
        "rounds": round_.pk,
        "matches": match.pk,
        "registrations": registrations[0].pk,
        "event_id": event.pk,
        "player_id": player.pk,
        "number": 1,
    }
    return {"player": player, "admin": admin, "ids": ids}


def _aim_at_real_objects(case: schemathesis.Case, ids: dict[str, int]) -> None:
    """Every other example, replace the path's ids with those of the world's objects."""
    if not case.path_parameters or next(aim) % 2:
        return
    collection = case.path.split("/")[2]  # /api/<collection>/{id}/...
    for name in case.path_parameters:
        key = collection if name in ("id", "pk") else name
        if key in ids:
            case.path_parameters[name] = ids[key]


@schema.parametrize()
@settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_answers_as_its_schema_says(case, world):
    _aim_at_real_objects(case, world["ids"])
    for user in (world["player"], world["admin"]):
        token, _created = Token.objects.get_or_create(user=user)
        response = case.call(headers={"Authorization": f"Token {token.key}"})
        case.validate_response(response, checks=CHECKS)
