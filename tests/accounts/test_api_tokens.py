"""API tokens stop working when the password changes, and can be revoked by their owner."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.http import HttpRequest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def token_client(player, password) -> tuple[APIClient, str]:
    client = APIClient()
    key = client.post(
        "/api/auth/token/", {"username": player.username, "password": password}, format="json"
    ).json()["token"]
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/me/").status_code == 200
    return client, key


def test_a_password_change_on_the_profile_revokes_the_token(client, player, password):
    api, _key = token_client(player, password)
    client.force_login(player)
    response = client.post(
        "/accounts/password/change/",
        {
            "old_password": password,
            "new_password1": "n3w-Passw0rd!",
            "new_password2": "n3w-Passw0rd!",
        },
    )
    assert response.status_code == 302
    assert api.get("/api/me/").status_code == 401
    assert not Token.objects.filter(user=player).exists()


def test_an_admin_or_command_password_change_revokes_it_too(player, password, monkeypatch):
    api, _key = token_client(player, password)
    monkeypatch.setattr("getpass.getpass", lambda *args, **kwargs: "An0ther-Passw0rd!")
    call_command("changepassword", player.username, stdout=None)
    assert api.get("/api/me/").status_code == 401


def test_a_login_keeps_the_token(client, player, password):
    api, key = token_client(player, password)
    assert client.login(request=HttpRequest(), username=player.username, password=password)
    assert Token.objects.get(user=player).key == key
    assert api.get("/api/me/").status_code == 200


def test_the_owner_revokes_it_through_the_api(player, password):
    api, _key = token_client(player, password)
    assert api.post("/api/auth/token/revoke/").status_code == 204
    assert api.get("/api/me/").status_code == 401
    fresh, _ = token_client(player, password)  # logging in again issues a new one
    assert fresh.get("/api/me/").status_code == 200


def test_the_owner_revokes_it_from_the_profile_page(client, player, password):
    api, _key = token_client(player, password)
    client.force_login(player)
    page = client.get("/accounts/profile/").content.decode()
    assert "Revoke my API token" in page
    response = client.post("/accounts/profile/token/revoke/", follow=True)
    assert "Your API token was revoked" in response.content.decode()
    assert "You have no API token" in response.content.decode()
    assert api.get("/api/me/").status_code == 401


def test_revoking_needs_a_login():
    assert APIClient().post("/api/auth/token/revoke/").status_code in (401, 403)
