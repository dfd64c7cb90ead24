"""Each person chooses which e-mails they get and their language, on the profile page and
through the API (with its schema); bad input is refused and changes nothing."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

from accounts.models import NotificationPreferences
from accounts.selectors import notification_language, notification_recipients
from accounts.services import notification_preferences_set
from config.errors import DomainError
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ALL_ON_BUT_PAIRINGS = {
    "registration_confirmed": True,
    "pairings_published": False,
    "deck_problem": True,
    "result_disputed": True,
    "judge_call_answered": True,
    "opponent_dropped": True,
    "deck_list_due": True,
    "rulings_list_illegal": True,
    "rulings_event_lists": True,
}


def test_the_profile_page_shows_the_defaults_in_the_readers_language(client, player):
    client.force_login(player)
    page = client.get("/es/accounts/profile/").content.decode()
    assert 'id="notifications"' in page
    assert "Emparejamientos publicados" in page
    boxes = dict(re.findall(r'<input type="checkbox" name="(\w+)"([^>]*)>', page))
    assert {name: "checked" in rest for name, rest in boxes.items()} == ALL_ON_BUT_PAIRINGS
    assert '<option value="es" selected>' in page  # a first choice defaults to the page's


def test_the_profile_form_turns_kinds_off_and_on(client, player):
    client.force_login(player)
    # Unticked boxes are not sent: everything off but the pairings, in Spanish.
    response = client.post(
        "/accounts/profile/notifications/", {"pairings_published": "on", "language": "es"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/accounts/profile/"
    preferences = NotificationPreferences.objects.get(user=player)
    assert {k: preferences.wants(k) for k in ALL_ON_BUT_PAIRINGS} == {
        "registration_confirmed": False,
        "pairings_published": True,
        "deck_problem": False,
        "result_disputed": False,
        "judge_call_answered": False,
        "opponent_dropped": False,
        "deck_list_due": False,
        "rulings_list_illegal": False,
        "rulings_event_lists": False,
    }
    assert notification_language(player.pk) == "es"
    assert notification_recipients(kind="pairings_published", user_ids=[player.pk]) == [player.pk]
    assert notification_recipients(kind="result_disputed", user_ids=[player.pk]) == []


def test_an_unknown_language_on_the_page_is_a_form_error_and_changes_nothing(client, player):
    client.force_login(player)
    response = client.post("/accounts/profile/notifications/", {"language": "xx"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not NotificationPreferences.objects.filter(user=player).exists()


def test_the_page_needs_a_login(client):
    response = client.post("/accounts/profile/notifications/", {})
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


@pytest.fixture
def api(player):
    client = APIClient()
    client.force_authenticate(player)
    return client


def test_the_api_reads_the_defaults_before_any_choice(api):
    assert api.get("/api/me/notifications/").json() == {**ALL_ON_BUT_PAIRINGS, "language": ""}


def test_the_api_changes_only_what_it_names(api, player):
    response = api.patch(
        "/api/me/notifications/", {"result_disputed": False, "language": "es"}, format="json"
    )
    assert response.status_code == 200
    expected = {**ALL_ON_BUT_PAIRINGS, "result_disputed": False, "language": "es"}
    assert response.json() == expected
    response = api.patch("/api/me/notifications/", {"pairings_published": True}, format="json")
    assert response.json() == {**expected, "pairings_published": True}
    assert api.get("/api/me/notifications/").json() == {**expected, "pairings_published": True}


def test_bad_input_through_the_api_is_a_400_naming_the_field(api, player):
    response = api.patch("/api/me/notifications/", {"language": "xx"}, format="json")
    assert response.status_code == 400
    assert "language" in response.json()
    response = api.patch("/api/me/notifications/", {"deck_problem": "perhaps"}, format="json")
    assert response.status_code == 400
    assert "deck_problem" in response.json()
    assert not NotificationPreferences.objects.filter(user=player).exists()


def test_the_api_needs_a_login():
    assert APIClient().get("/api/me/notifications/").status_code == 401


def test_the_schema_documents_the_preferences():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert {"get", "put", "patch"} <= set(schema["paths"]["/api/v1/me/notifications/"])
    properties = schema["components"]["schemas"]["NotificationPreferences"]["properties"]
    assert set(properties) == {*ALL_ON_BUT_PAIRINGS, "language"}
    assert properties["pairings_published"]["type"] == "boolean"


def test_the_service_refuses_an_unknown_preference():
    user = UserFactory(username="prefs1")
    with pytest.raises(DomainError) as refused:
        notification_preferences_set(user=user, changes={"birthday": True})
    assert refused.value.field == "birthday"
    assert not NotificationPreferences.objects.filter(user=user).exists()


def test_inactive_accounts_and_walk_in_guests_get_nothing():
    inactive = UserFactory(username="gone", is_active=False)
    guest = UserFactory(username="guest-x", email="guest-x@guest.invalid")
    active = UserFactory(username="here")
    ids = [inactive.pk, guest.pk, active.pk]
    assert notification_recipients(kind="registration_confirmed", user_ids=ids) == [active.pk]


def test_an_admin_sees_a_persons_choices_on_their_account(client, site_admin, player):
    notification_preferences_set(user=player, changes={"pairings_published": True})
    client.force_login(site_admin)
    page = client.get(f"/admin/accounts/user/{player.pk}/change/").content.decode()
    assert "notification_preferences-0-pairings_published" in page
    assert "Language of e-mails" in page
