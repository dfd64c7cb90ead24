"""What each role sees in the navigation bar, and the language switch."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def nav_keys(client) -> set[str]:
    response = client.get(reverse("home"))
    return {entry["key"] for entry in response.context["nav_entries"]}


def test_anonymous_navigation(client):
    keys = nav_keys(client)
    assert "admin" not in keys and "profile" not in keys
    assert "api-docs" in keys


def test_player_navigation(client, player):
    client.force_login(player)
    keys = nav_keys(client)
    assert "profile" in keys
    assert "admin" not in keys


def test_site_admin_navigation(client, site_admin):
    client.force_login(site_admin)
    assert {"profile", "admin"} <= nav_keys(client)


def test_language_switch_sets_spanish_and_back(client):
    response = client.post(reverse("set_language"), {"language": "es", "next": "/"}, follow=True)
    assert response.redirect_chain[-1][0] == "/es/"
    assert "Iniciar sesión" in response.content.decode()
    response = client.post(reverse("set_language"), {"language": "en", "next": "/es/"}, follow=True)
    assert "Log in" in response.content.decode()


def test_spanish_pages_are_marked_as_spanish(client):
    response = client.get("/es/")
    assert '<html lang="es">' in response.content.decode()
