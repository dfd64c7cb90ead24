"""Hostile requests to the API: refused with a 4xx and a reason, never a 500."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.json_limits import MAX_JSON_DEPTH, json_depth

pytestmark = pytest.mark.django_db

DEEP = "[" * 950 + "]" * 950


@pytest.mark.parametrize(
    "path",
    [
        "/api/auth/token/",
        "/api/games/qiahn-tactics/odds/",
        "/api/events/",
        "/api/matches/1/report/",
        "/api/me/",
    ],
)
def test_deeply_nested_json_is_a_400_on_every_endpoint(path, player):
    client = APIClient()
    client.force_authenticate(player)
    method = client.patch if path == "/api/me/" else client.post
    response = method(path, DEEP, content_type="application/json")
    assert response.status_code == 400
    assert "levels deep" in response.json()["detail"]


def test_deeply_nested_json_is_refused_anonymously_in_spanish():
    response = APIClient().post(
        "/api/auth/token/", DEEP, content_type="application/json", HTTP_ACCEPT_LANGUAGE="es"
    )
    assert response.status_code == 400
    assert "niveles" in response.json()["detail"]


def test_a_body_over_the_upload_limit_is_a_400(settings, player):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    client = APIClient()
    client.force_authenticate(player)
    response = client.patch(
        "/api/me/", '{"display_name": "' + "x" * 2000 + '"}', content_type="application/json"
    )
    assert response.status_code == 400
    player.refresh_from_db()
    assert player.display_name == "Pat Player"


def test_a_huge_integer_in_a_body_is_a_400(player):
    client = APIClient()
    client.force_authenticate(player)
    response = client.post(
        "/api/matches/1/report/",
        '{"games_won_a": ' + "9" * 5000 + "}",
        content_type="application/json",
    )
    assert response.status_code == 400


def test_ordinary_nesting_still_parses(player):
    client = APIClient()
    client.force_authenticate(player)
    response = client.patch("/api/me/", {"display_name": "Pat [the] {Player}"}, format="json")
    assert response.status_code == 200
    assert response.json()["display_name"] == "Pat [the] {Player}"


@pytest.mark.parametrize("method", ["get", "post", "put", "delete"])
def test_an_unknown_api_route_is_a_404_with_a_token_too(method, player):
    token = Token.objects.create(user=player)
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = getattr(client, method)("/api/no-such-thing/", {}, format="json")
    assert response.status_code == 404
    assert "no API route" in response.json()["detail"]


def test_an_unknown_api_route_is_a_404_with_a_session_too(client, player):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(player)
    response = client.post("/api/no-such-thing/", {}, format="json")
    assert response.status_code == 404


@given(
    st.recursive(
        st.none() | st.integers() | st.text(),
        lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=3), c, max_size=3),
        max_leaves=20,
    )
)
def test_depth_matches_the_parsed_value(value):
    import json

    def depth(v: object) -> int:
        if isinstance(v, list):
            return 1 + max((depth(x) for x in v), default=0)
        if isinstance(v, dict):
            return 1 + max((depth(x) for x in v.values()), default=0)
        return 0

    assert json_depth(json.dumps(value).encode()) == depth(value)


def test_brackets_inside_strings_do_not_count():
    assert json_depth(b'{"a": "[[[[\\"[[[[", "b": [1]}') == 2
    assert json_depth(("[" * (MAX_JSON_DEPTH + 1)).encode()) == MAX_JSON_DEPTH + 1
