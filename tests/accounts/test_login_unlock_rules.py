"""Who may lift a login lockout, and who may be entered in an event by someone else.

The attack this closes: an organiser (anyone in the organisers group) makes an event,
enters the site admin in it as a player, lets the admin's account lock after wrong
passwords and lifts the lock from the judges' page, over and over: unlimited guesses at
the admin's password. Now a site role (staff, admin, organiser, any group or permission,
staff of any event) can be entered by no one but its holder and unlocked only by a site
admin; a judge unlocks only a plain player who registered themself, once a day, audited
and mailed; lifting a lock never clears the address's count.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import LoginUnlock
from tests.accounts.test_login_lockout import fail, page_login
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser
from tournaments.models import AuditEntry, EventStaff, Registration
from tournaments.models.choices import StaffRole
from tournaments.services.registration import registration_add, registration_register

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _small_limits(settings):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 5
    settings.LOGIN_FAILURES_PER_ADDRESS = 8
    settings.CELERY_BROKER_URL = ""  # mails leave after the commit


@pytest.fixture
def organiser():
    return make_organiser("mallory")


@pytest.fixture
def event(organiser):
    return make_event(organiser, name="Friendly Open")


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def unlock(client: Client, registration: Registration):
    return client.post(f"/events/registrations/{registration.pk}/unlock-login/")


def locked(username: str, password: str) -> bool:
    return page_login(username, password, address="10.7.7.7").status_code == 429


def _staff(user) -> None:
    user.is_staff = True
    user.save()


def _superuser(user) -> None:
    user.is_superuser = True
    user.save()


def _organiser_group(user) -> None:
    user.groups.add(Group.objects.get_or_create(name="organisers")[0])


def _other_group(user) -> None:
    user.groups.add(Group.objects.get_or_create(name="catalogue editors")[0])


def _own_permission(user) -> None:
    user.user_permissions.add(Permission.objects.get(codename="change_card"))


def _judge_elsewhere(user) -> None:
    other = make_event(make_organiser("elsewhere"), name="Another event")
    EventStaff.objects.create(event=other, user=user, role=StaffRole.JUDGE)


SITE_ROLES = [_staff, _superuser, _organiser_group, _other_group, _own_permission]


# --- the attack, end to end ------------------------------------------------------------


def test_an_organiser_cannot_enter_the_site_admin_in_their_event_through_the_api(
    organiser, event, site_admin
):
    api = APIClient()
    api.force_authenticate(organiser)
    response = api.post(
        f"/api/events/{event.pk}/players/", {"player_id": site_admin.pk}, format="json"
    )
    assert response.status_code == 403
    assert "only they can register themselves" in response.json()["player"][0]
    assert not Registration.objects.filter(player=site_admin).exists()


def test_an_organiser_cannot_enter_the_site_admin_through_the_page(organiser, event, site_admin):
    response = client_of(organiser).post(
        f"/events/{event.pk}/judge/players/", {"player": str(site_admin.player_number)}
    )
    assert response.status_code == 403
    assert "only they can register themselves" in response.content.decode()
    assert not Registration.objects.filter(player=site_admin).exists()


def test_the_refusal_to_enter_an_admin_is_in_spanish(organiser, event, site_admin):
    response = client_of(organiser).post(
        f"/es/events/{event.pk}/judge/players/", {"player": str(site_admin.player_number)}
    )
    assert response.status_code == 403
    assert "solo esa persona puede inscribirse" in response.content.decode()


@pytest.mark.parametrize("role", [*SITE_ROLES, _judge_elsewhere])
def test_no_account_with_a_site_role_is_entered_by_someone_else(event, role):
    target = UserFactory(username="vip")
    role(target)
    judge = add_judge(event)
    with pytest.raises(Exception, match="only they can register themselves"):
        registration_add(actor=judge, event_id=event.pk, player=target)
    assert not Registration.objects.filter(player=target).exists()


def test_a_site_admin_cannot_enter_another_admin_but_an_organiser_can_enter_themself(
    organiser, event, site_admin
):
    other_admin = UserFactory(username="root2", is_staff=True)
    with pytest.raises(Exception, match="only they can register themselves"):
        registration_add(actor=site_admin, event_id=event.pk, player=other_admin)
    assert registration_add(actor=organiser, event_id=event.pk, player=organiser).pk


@pytest.mark.parametrize("role", [*SITE_ROLES, _judge_elsewhere])
def test_an_organiser_cannot_unlock_an_account_with_a_site_role_even_self_registered(
    organiser, event, password, role
):
    target = UserFactory(username="vip")
    registration = registration_register(actor=target, event_id=event.pk)
    role(target)
    fail(5, target.username)

    response = unlock(client_of(organiser), registration)

    assert response.status_code == 403
    body = response.content.decode()
    assert "Only a site admin can lift" in body
    assert "Forgot your password?" in body
    assert locked(target.username, password)
    assert not AuditEntry.objects.filter(action="registration.login_unlocked").exists()
    assert not LoginUnlock.objects.exists()


def test_the_old_attack_on_an_admin_already_in_the_event_is_refused(
    organiser, event, site_admin, password
):
    # Say the admin was entered before this fix (a registration nobody can tell apart).
    registration = Registration.objects.create(event=event, player=site_admin)
    fail(5, site_admin.username)
    response = unlock(client_of(organiser), registration)
    assert response.status_code == 403
    assert locked(site_admin.username, password)


def test_the_refusal_to_unlock_is_in_spanish(organiser, event, site_admin):
    registration = Registration.objects.create(event=event, player=site_admin)
    fail(5, site_admin.username)
    client = client_of(organiser)
    response = client.post(f"/es/events/registrations/{registration.pk}/unlock-login/")
    assert response.status_code == 403
    assert "Solo un administrador del sitio puede" in response.content.decode()


# --- what a judge may still do -------------------------------------------------------------


def test_a_judge_unlocks_a_self_registered_player_once_a_day_audited_and_mailed(
    event, password, django_capture_on_commit_callbacks
):
    judge = add_judge(event)
    player = UserFactory(username="pia", display_name="Pia Player")
    registration = registration_register(actor=player, event_id=event.pk)
    fail(5, player.username)
    mail.outbox.clear()
    client = client_of(judge)

    with django_capture_on_commit_callbacks(execute=True):
        response = unlock(client, registration)

    assert response.status_code == 302
    assert not locked(player.username, password)
    entry = AuditEntry.objects.get(action="registration.login_unlocked")
    assert (entry.actor, entry.target, entry.event) == (judge, "Pia Player", event)
    record = LoginUnlock.objects.get()
    assert (record.account, record.unlocked_by, record.by_site_admin) == (player, judge, False)
    [message] = mail.outbox
    assert message.to == [player.email]
    assert "Judge judy" in message.body and "Friendly Open" in message.body
    assert "/accounts/password/reset/" in message.body

    # Locked again the same day: the second lift is refused, and says where to go.
    fail(5, player.username, address="10.0.0.2")
    second = unlock(client, registration)
    assert second.status_code == 409
    assert "once a day" in second.content.decode()
    assert "Forgot your password?" in second.content.decode()
    assert locked(player.username, password)
    assert LoginUnlock.objects.count() == 1


def test_the_daily_limit_is_per_account_not_per_event(organiser, event, password):
    other_event = make_event(organiser, name="Second event")
    player = UserFactory(username="pia")
    first = registration_register(actor=player, event_id=event.pk)
    second = registration_register(actor=player, event_id=other_event.pk)
    fail(5, player.username)
    assert unlock(client_of(add_judge(event)), first).status_code == 302
    fail(5, player.username, address="10.0.0.2")
    response = unlock(client_of(add_judge(other_event, "jo")), second)
    assert response.status_code == 409
    assert locked(player.username, password)


def test_a_judge_cannot_unlock_a_player_someone_else_entered(event, password):
    judge = add_judge(event)
    player = UserFactory(username="pia")
    registration = registration_add(actor=judge, event_id=event.pk, player=player)
    fail(5, player.username)
    response = unlock(client_of(judge), registration)
    assert response.status_code == 403
    assert "did not register themselves" in response.content.decode()
    assert "Forgot your password?" in response.content.decode()
    assert locked(player.username, password)


def test_lifting_a_lock_keeps_the_address_count(event, password):
    judge = add_judge(event)
    player = UserFactory(username="pia")
    registration = registration_register(actor=player, event_id=event.pk)
    fail(5, player.username, address="10.0.0.9")
    assert unlock(client_of(judge), registration).status_code == 302
    # The account may log in again from elsewhere...
    assert page_login(player.username, password, address="10.0.0.10").status_code == 302
    # ...but the guessing address keeps its 5 failures: 3 more reach its limit of 8.
    fail(3, "someone-else", address="10.0.0.9")
    assert page_login(player.username, password, address="10.0.0.9").status_code == 429


def test_a_site_admin_unlocks_anyone_any_number_of_times(organiser, event, site_admin, password):
    target = UserFactory(username="vip")
    _organiser_group(target)
    registration = Registration.objects.create(event=event, player=target)
    client = client_of(site_admin)
    for address in ("10.0.0.1", "10.0.0.2"):
        fail(5, target.username, address=address)
        assert unlock(client, registration).status_code == 302
        assert not locked(target.username, password)
    assert LoginUnlock.objects.filter(account=target, by_site_admin=True).count() == 2
    assert AuditEntry.objects.filter(action="registration.login_unlocked").count() == 2


# --- being entered by someone else is told -------------------------------------------------


def test_an_entered_player_is_mailed_even_with_confirmations_off_and_sees_a_notice(
    event, django_capture_on_commit_callbacks
):
    from accounts.services import notification_preferences_set

    judge = add_judge(event)
    player = UserFactory(username="pia", display_name="Pia Player")
    notification_preferences_set(user=player, changes={"registration_confirmed": False})

    with django_capture_on_commit_callbacks(execute=True):
        registration_add(actor=judge, event_id=event.pk, player=player)

    [message] = mail.outbox
    assert message.to == [player.email]
    assert message.subject == "Judge judy entered you in Friendly Open"
    assert "If you did not ask for this" in message.body
    page = client_of(player).get("/events/mine/").content.decode()
    assert 'data-testid="entered-by-someone-else"' in page
    assert "Judge judy entered you in" in page
    # A player who registered themself sees no such notice.
    own = UserFactory(username="own")
    registration_register(actor=own, event_id=event.pk)
    page = client_of(own).get("/events/mine/").content.decode()
    assert 'data-testid="entered-by-someone-else"' not in page
