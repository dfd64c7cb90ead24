"""Brute-force protection: failed logins lock an account (from anywhere) or an address (for
any account) on the login page, the admin and the API token alike, with a clear translated
answer; a judge, an admin or a new password lifts the lock."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.models import AuditEntry
from tournaments.services.registration import registration_register

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
TOKEN = "/api/auth/token/"


@pytest.fixture(autouse=True)
def _small_limits(settings):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 5
    settings.LOGIN_FAILURES_PER_ADDRESS = 8


def page_login(username: str, password: str, address: str = "10.0.0.1"):
    return Client(REMOTE_ADDR=address).post(LOGIN, {"username": username, "password": password})


def api_login(username: str, password: str, address: str = "10.0.0.1"):
    return APIClient(REMOTE_ADDR=address).post(
        TOKEN, {"username": username, "password": password}, format="json"
    )


def fail(times: int, username: str, address: str = "10.0.0.1", via=page_login) -> None:
    for _ in range(times):
        response = via(username, "wrong-password", address)
        assert response.status_code in (200, 400, 429)  # wrong password, or locked


def test_the_login_page_locks_an_account_and_refuses_even_the_right_password(player, password):
    fail(4, player.username)
    assert page_login(player.username, password).status_code == 302  # still below the limit
    fail(5, player.username)
    response = page_login(player.username, password)
    assert response.status_code == 429
    body = response.content.decode()
    assert "Too many failed logins for this account or from this address" in body
    assert "Try again in 15 minutes" in body
    assert response["Retry-After"] == "900"
    assert "_auth_user_id" not in response.client.session


def test_the_api_token_locks_the_same_account(player, password):
    fail(5, player.username, via=api_login)
    response = api_login(player.username, password)
    assert response.status_code == 429
    assert response.json()["code"] == "login_locked"
    assert "Too many failed logins" in response.json()["detail"]
    assert "token" not in response.json()


def test_failures_on_the_page_and_the_api_add_up_for_one_account(player, password):
    fail(3, player.username, via=page_login)
    fail(2, player.username, via=api_login)
    assert api_login(player.username, password).status_code == 429
    assert page_login(player.username, password).status_code == 429


def test_an_account_locked_from_one_address_is_locked_from_every_address(player, password):
    for n in range(5):
        fail(1, player.username, address=f"10.0.1.{n}")
    assert page_login(player.username, password, address="10.9.9.9").status_code == 429


def test_an_address_spraying_many_accounts_is_locked_for_all_of_them(player, password):
    for n in range(8):
        fail(1, f"someone{n}", address="10.0.0.66")
    assert page_login(player.username, password, address="10.0.0.66").status_code == 429
    # The same account from another address is unaffected.
    assert page_login(player.username, password, address="10.0.0.67").status_code == 302


def test_a_forwarded_for_header_is_ignored_unless_a_proxy_is_trusted(player, password, settings):
    for n in range(8):
        Client(REMOTE_ADDR="10.0.0.66", HTTP_X_FORWARDED_FOR=f"1.2.3.{n}").post(
            LOGIN, {"username": f"someone{n}", "password": "x"}
        )
    spoofing = Client(REMOTE_ADDR="10.0.0.66", HTTP_X_FORWARDED_FOR="5.5.5.5")
    assert spoofing.post(
        LOGIN, {"username": player.username, "password": password}
    ).status_code == (429)
    # Behind one trusted proxy, the address is the one the proxy appended (the rightmost).
    settings.TRUSTED_PROXY_COUNT = 1
    behind_proxy = Client(REMOTE_ADDR="10.0.0.66", HTTP_X_FORWARDED_FOR="6.6.6.6, 7.7.7.7")
    response = behind_proxy.post(LOGIN, {"username": player.username, "password": password})
    assert response.status_code == 302


def test_the_lockout_message_is_in_spanish(player, password):
    fail(5, player.username)
    response = Client(REMOTE_ADDR="10.0.0.1").post(
        "/es" + LOGIN, {"username": player.username, "password": password}
    )
    assert response.status_code == 429
    assert "Demasiados inicios de sesión fallidos" in response.content.decode()


def test_a_judge_unlocks_a_player_of_their_event_audited(password):
    organiser = make_organiser()
    event = make_event(organiser)
    judge = add_judge(event)
    registration = registration_register(actor=UserFactory(username="selfreg"), event_id=event.pk)
    username = registration.player.username
    fail(5, username)

    judge_client = Client()
    judge_client.force_login(judge)
    page = judge_client.get(f"/events/{event.pk}/judge/players/").content.decode()
    assert 'data-testid="login-locked"' in page
    response = judge_client.post(
        f"/events/registrations/{registration.pk}/unlock-login/", follow=True
    )
    assert f"{registration.name} can log in again." in response.content.decode()
    assert page_login(username, password).status_code == 302
    entry = AuditEntry.objects.get(action="registration.login_unlocked")
    assert entry.actor == judge and entry.target == registration.name

    # Unlocking an account that is not locked is refused with the reason.
    again = judge_client.post(f"/events/registrations/{registration.pk}/unlock-login/")
    assert again.status_code == 409
    assert "the account is not locked" in again.content.decode()


def test_a_judge_of_another_event_cannot_unlock(password):
    organiser = make_organiser()
    event = make_event(organiser)
    other_judge = add_judge(make_event(organiser, name="Another event"), username="jo")
    registration = add_players(event, 2)[0]
    fail(5, registration.player.username)
    client = Client()
    client.force_login(other_judge)
    response = client.post(f"/events/registrations/{registration.pk}/unlock-login/")
    assert response.status_code == 403
    assert not AuditEntry.objects.filter(action="registration.login_unlocked").exists()


def test_an_admin_unlocks_from_the_user_list(player, password, site_admin):
    fail(5, player.username)
    admin = Client()
    admin.force_login(site_admin)
    response = admin.post(
        "/admin/accounts/user/",
        {"action": "unlock_logins", "_selected_action": [player.pk]},
        follow=True,
    )
    assert "Logins unlocked: 1." in response.content.decode()
    assert page_login(player.username, password).status_code == 302


def test_a_new_password_lifts_the_lock(player, password):
    fail(5, player.username)
    player.set_password("a-Brand-new-0ne")
    player.save()
    assert page_login(player.username, "a-Brand-new-0ne").status_code == 302


def test_another_account_from_a_clean_address_is_not_affected(player, password):
    other = UserFactory(username="bystander")
    fail(5, other.username, address="10.0.0.2")
    assert page_login(player.username, password, address="10.0.0.3").status_code == 302


@pytest.mark.parametrize("via", [page_login, api_login])
def test_a_username_longer_than_any_account_fails_and_counts_cut_to_fit(via):
    """Axes keeps 255 characters of a username; PostgreSQL refused the whole of a longer
    one, and the login was a server error."""
    from axes.models import AccessAttempt

    long_name = "9" * 5000
    assert via(long_name, "wrong-password").status_code in (200, 400)
    fail(4, long_name, via=via)
    assert via(long_name, "wrong-password").status_code == 429
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["9" * 255]
