"""A method a route does not have is a 405 with the Allow header, before anything else is
checked: not a CSRF refusal for a session, nor a 401 for an anonymous caller, which would
suggest the method exists and only the caller is wrong."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.config.schema_walk import METHODS, api_schema, fill_path

pytestmark = pytest.mark.django_db


def _wrong_methods() -> list[tuple[str, str, set[str]]]:
    """(path, a method it lacks, the methods it has) for every path of the schema."""
    cases = []
    for path, item in api_schema()["paths"].items():
        allowed = {m for m in METHODS if m in item}
        for method in METHODS:
            if method not in allowed:
                cases.append((path, method, allowed))
    return cases


def _callers(user) -> dict[str, APIClient]:
    anonymous = APIClient(enforce_csrf_checks=True)
    session = APIClient(enforce_csrf_checks=True)
    session.force_login(user)
    token = APIClient(enforce_csrf_checks=True)
    token.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return {"anonymous": anonymous, "session": session, "token": token}


def test_every_route_answers_a_method_it_lacks_with_405_and_allow(player):
    cases = _wrong_methods()
    assert len(cases) > 200
    failures = []
    for who, client in _callers(player).items():
        for path, method, allowed in cases:
            response = getattr(client, method)(fill_path(path, {}), {}, format="json")
            allow = {m.strip().lower() for m in response.get("Allow", "").split(",")}
            if response.status_code != 405 or not allowed <= allow or method in allow:
                failures.append(
                    f"{who} {method.upper()} {path}: {response.status_code} "
                    f"Allow: {response.get('Allow')}"
                )
    assert not failures, "\n".join(failures)


def test_the_405_is_in_the_error_shape_and_translated(player):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(player)
    response = client.delete("/api/me/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 405
    assert response["Allow"] == "GET, PUT, PATCH, HEAD, OPTIONS"
    assert response.json() == {"detail": 'Método "DELETE" no permitido.'}


def test_a_method_a_route_has_still_checks_csrf_for_a_session(player):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(player)
    response = client.patch("/api/me/", {"display_name": "Someone"}, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]


def test_a_method_a_route_has_still_asks_an_anonymous_caller_to_log_in(player):
    response = APIClient().delete("/api/me/")
    assert response.status_code == 405
    response = APIClient().patch("/api/me/", {"display_name": "x"}, format="json")
    assert response.status_code in (401, 403)
