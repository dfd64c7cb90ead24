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


def test_a_spanish_reader_opening_an_english_link_gets_the_spanish_page(client):
    response = client.get("/events/?q=open", HTTP_ACCEPT_LANGUAGE="es-CL,es;q=0.9,en;q=0.5")
    assert response.status_code == 302
    assert response["Location"] == "/es/events/?q=open"
    assert "Accept-Language" in response["Vary"]
    followed = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="es-CL")
    assert '<html lang="es">' in followed.content.decode()


def test_a_reader_who_chose_english_stays_in_english(client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    response = client.get("/events/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200
    assert '<html lang="en">' in response.content.decode()


def test_an_english_reader_and_a_form_post_are_not_redirected(client):
    assert client.get("/events/", HTTP_ACCEPT_LANGUAGE="en-GB").status_code == 200
    assert client.get("/events/").status_code == 200
    login = client.post(
        reverse("accounts:login"), {"username": "x", "password": "y"}, HTTP_ACCEPT_LANGUAGE="es"
    )
    assert login.status_code == 200


def test_paths_that_are_not_translated_pages_are_left_alone(client):
    assert client.get("/healthz", HTTP_ACCEPT_LANGUAGE="es").status_code == 200
    api = client.get("/api/events/", HTTP_ACCEPT_LANGUAGE="es")
    assert api.status_code == 200
