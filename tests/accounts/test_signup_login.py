"""Sign up, log in, log out, password reset and profile, through the pages."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import PLAYER_NUMBER_BASE, User

pytestmark = pytest.mark.django_db

STRONG = "tabletop-Swiss-77"


def signup(client: Client, **overrides: str):
    data = {
        "username": "newbie",
        "display_name": "Nina Newbie",
        "email": "nina@example.org",
        "password1": STRONG,
        "password2": STRONG,
    }
    data.update(overrides)
    return client.post(reverse("accounts:signup"), data)


def test_signup_creates_account_logs_in_and_assigns_player_number(client):
    response = signup(client)
    assert response.status_code == 302
    user = User.objects.get(username="newbie")
    assert user.player_number == PLAYER_NUMBER_BASE + user.pk
    assert user.public_name == "Nina Newbie"
    home = client.get(reverse("home"))
    assert b"Nina Newbie" in home.content
    assert str(user.player_number).encode() in home.content


def test_player_numbers_are_unique(client):
    a = User.objects.create_user("a", "a@example.org", STRONG, display_name="A")
    b = User.objects.create_user("b", "b@example.org", STRONG, display_name="B")
    assert a.player_number != b.player_number


@pytest.mark.parametrize("email", ["dupe@example.org", "DUPE@Example.org"])
def test_duplicate_email_is_refused_whatever_its_case(client, email):
    User.objects.create_user("first", "dupe@example.org", STRONG, display_name="First")
    response = signup(client, email=email)
    assert response.status_code == 200
    assert "An account with this e-mail address already exists." in response.content.decode()
    assert User.objects.count() == 1


def test_weak_password_is_refused_with_reasons(client):
    response = signup(client, password1="12345678", password2="12345678")
    text = response.content.decode()
    assert response.status_code == 200
    assert "too common" in text
    assert "entirely numeric" in text
    assert not User.objects.filter(username="newbie").exists()


def test_signup_errors_are_translated(client):
    User.objects.create_user("first", "dupe@example.org", STRONG, display_name="First")
    response = client.post(
        "/es/accounts/signup/",
        {
            "username": "x",
            "display_name": "X",
            "email": "dupe@example.org",
            "password1": STRONG,
            "password2": STRONG,
        },
    )
    assert "Ya existe una cuenta con esta dirección de correo." in response.content.decode()


def test_wrong_login_says_so_and_logs_nobody_in(client, player):
    response = client.post(
        reverse("accounts:login"), {"username": "player", "password": "not-the-password"}
    )
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_login_and_logout(client, player, password):
    response = client.post(reverse("accounts:login"), {"username": "player", "password": password})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(player.pk)
    client.post(reverse("accounts:logout"))
    assert "_auth_user_id" not in client.session


def test_forged_csrf_is_refused_and_changes_nothing(player, password):
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "forger",
            "display_name": "F",
            "email": "f@example.org",
            "password1": STRONG,
            "password2": STRONG,
        },
    )
    assert response.status_code == 403
    assert "The form could not be verified" in response.content.decode()
    assert not User.objects.filter(username="forger").exists()


def test_password_reset_by_email(client, player):
    response = client.post(reverse("accounts:password_reset"), {"email": player.email})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/\S+)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    client.post(form_page.redirect_chain[-1][0], {"new_password1": STRONG, "new_password2": STRONG})
    player.refresh_from_db()
    assert player.check_password(STRONG)


def test_profile_edit_refuses_someone_elses_email(client, player, other_player):
    client.force_login(player)
    response = client.post(
        reverse("accounts:profile"), {"display_name": "Pat", "email": other_player.email.upper()}
    )
    assert "An account with this e-mail address already exists." in response.content.decode()
    player.refresh_from_db()
    assert player.display_name == "Pat Player"


def test_profile_requires_login(client):
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 302
    assert reverse("accounts:login") in response["Location"]
