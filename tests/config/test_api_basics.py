"""The API's shared behaviour: schema, auth, errors that are 4xx with a reason."""

from __future__ import annotations

import pytest
from django.http import HttpRequest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_schema_is_openapi_3():
    response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    assert "/api/v1/me/" in schema["paths"]


def test_docs_page_uses_local_static_files_only(client):
    response = client.get("/api/docs/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "cdn" not in html.lower()
    assert "/static/drf_spectacular_sidecar/" in html


def test_unknown_api_route_is_a_json_404():
    response = APIClient().get("/api/no-such-thing/")
    assert response.status_code == 404
    assert "no API route" in response.json()["detail"]


def test_token_auth_round_trip(player, password):
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": "player", "password": password}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    assert Token.objects.get(user=player).key == token
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/me/").json()["player_number"] == player.player_number


def test_wrong_credentials_for_token_are_a_400(player):
    response = APIClient().post(
        "/api/auth/token/", {"username": "player", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert "non_field_errors" in response.json()


def test_malformed_json_is_a_400_and_changes_nothing(player):
    client = APIClient()
    client.force_authenticate(player)
    response = client.generic(
        "PATCH", "/api/me/", '{"display_name": ', content_type="application/json"
    )
    assert response.status_code == 400
    assert "not valid JSON" in response.json()["detail"]
    player.refresh_from_db()
    assert player.display_name == "Pat Player"


def test_me_requires_authentication():
    response = APIClient().get("/api/me/")
    assert response.status_code in {401, 403}


def test_me_refuses_duplicate_email(player, other_player):
    client = APIClient()
    client.force_authenticate(player)
    response = client.patch("/api/me/", {"email": other_player.email}, format="json")
    assert response.status_code == 400
    assert "email" in response.json()


def test_api_session_auth_enforces_csrf(player, password):
    client = APIClient(enforce_csrf_checks=True)
    client.login(request=HttpRequest(), username="player", password=password)
    response = client.patch("/api/me/", {"display_name": "Changed"}, format="json")
    assert response.status_code == 403
    player.refresh_from_db()
    assert player.display_name == "Pat Player"


def test_api_answers_in_the_readers_language(player):
    client = APIClient()
    client.force_authenticate(player)
    response = client.patch(
        "/api/me/", {"email": player.email.upper()}, format="json", HTTP_ACCEPT_LANGUAGE="es"
    )
    assert response.status_code == 200
    other = APIClient().get("/api/no-such-thing/", HTTP_ACCEPT_LANGUAGE="es")
    assert other.json()["detail"].startswith("No hay ninguna ruta de la API")


def test_unknown_token_is_refused_in_the_readers_language(player):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40, HTTP_ACCEPT_LANGUAGE="es")
    response = client.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["detail"] == "Token inválido."


def test_token_of_a_deactivated_user_is_refused(player):
    token = Token.objects.create(user=player)
    player.is_active = False
    player.save(update_fields=["is_active"])
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["detail"] == "User inactive or deleted."


@pytest.mark.parametrize(
    "path", ["/api/events/?game=%00", "/api/rulings/cards/?edition=x%00y", "/api/events/?%00=1"]
)
def test_a_nul_in_the_query_string_is_a_400(path):
    response = APIClient().get(path, HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 400
    assert "NUL" in response.json()["detail"]
    assert response.json()["detail"].startswith("La dirección")


def test_a_nul_in_a_page_query_string_is_a_400_page(client):
    response = client.get("/rulings/cards/?edition=%00")
    assert response.status_code == 400
    assert "text/html" in response["Content-Type"]
    assert client.get("/rulings/cards/?edition=%2500").status_code == 200


def test_the_api_root_is_an_index_of_the_api(client):
    response = client.get("/api/")
    assert response.status_code == 200
    body = response.json()
    assert body["schema"].endswith("/api/schema/")
    assert body["auth"].endswith("/api/auth/token/")
    assert client.get(body["collections"]["events"]).status_code == 200
