"""Who a judge finds when adding a player (or a judge): the add-a-player search is no
directory of the site's accounts.

A judge of any event, even an empty one, typed two letters and got accounts of the whole
site with their login names (the site admin's among them), as fast as they could ask. Now
the answer shows a name and a player number, never a username; an account with a site role
or a staff role at another event is found by its exact player number only; and each judge
has a few searches a minute (the window's clock is patched, never waited for).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from config import rate_limit
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser
from tournaments.models import EventStaff, Registration
from tournaments.models.choices import StaffRole
from tournaments.rules import is_plain_player, may_enter_player

pytestmark = pytest.mark.django_db


def suggestions(client, event, q, *, lang=""):
    prefix = f"/{lang}" if lang else ""
    return client.get(prefix + reverse("tournaments:player_suggestions", args=[event.pk]), {"q": q})


def _staff(user) -> None:
    user.is_staff = True
    user.save()


def _superuser(user) -> None:
    user.is_superuser = True
    user.save()


def _organisers_group(user) -> None:
    user.groups.add(Group.objects.get_or_create(name="organisers")[0])


def _own_permission(user) -> None:
    user.user_permissions.add(Permission.objects.get(codename="change_card"))


def _judge_elsewhere(user) -> None:
    other = make_event(make_organiser("elsewhere"), name="Another event")
    EventStaff.objects.create(event=other, user=user, role=StaffRole.JUDGE)


ROLES = [_staff, _superuser, _organisers_group, _own_permission, _judge_elsewhere]


@pytest.fixture
def empty_event():
    """An event nobody has registered for, run by a judge with no other role."""
    return make_event(make_organiser("owner"), name="Empty Cup")


# --- no usernames ------------------------------------------------------------------------


def test_the_answer_names_people_by_name_and_number_never_by_username(empty_event, as_user):
    judge = add_judge(empty_event, "jay")
    marta = UserFactory(username="mlogin77", display_name="Marta Sáez")
    response = suggestions(as_user(judge), empty_event, "saez")
    assert response.status_code == 200
    [row] = response.json()["results"]
    assert row == {
        "value": str(marta.player_number),
        "label": f"Marta Sáez #{marta.player_number}",
        "registered": False,
    }
    assert "mlogin77" not in response.content.decode()


def test_typing_part_of_a_username_finds_nobody(empty_event, as_user):
    judge = add_judge(empty_event, "jay")
    UserFactory(username="mlogin77", display_name="Marta Sáez")
    for typed in ("mlogin", "mlogin77", "login"):
        assert suggestions(as_user(judge), empty_event, typed).json()["results"] == []


def test_an_ambiguous_name_in_the_form_names_the_candidates_without_usernames(empty_event, as_user):
    judge = add_judge(empty_event, "jay")
    UserFactory(username="evalogin", display_name="Eva Gil")
    UserFactory(username="evelogin", display_name="Eve Gil")
    url = reverse("tournaments:judge_players", args=[empty_event.pk])
    body = as_user(judge).post(url, {"player": "gil"}).content.decode()
    assert "Eva Gil #" in body and "Eve Gil #" in body
    assert "evalogin" not in body and "evelogin" not in body


# --- accounts with a role: their exact number only ----------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_an_account_with_a_role_is_found_by_its_exact_number_only(empty_event, as_user, role):
    judge = add_judge(empty_event, "jay")
    vip = UserFactory(username="vip", display_name="Victor Importante")
    role(vip)
    client = as_user(judge)
    for typed in ("victor", "importante", "Victor Importante", "vi", "vip"):
        assert suggestions(client, empty_event, typed).json()["results"] == [], typed
    [row] = suggestions(client, empty_event, str(vip.player_number)).json()["results"]
    assert row["value"] == str(vip.player_number) and "Victor Importante" in row["label"]
    # The add form reads what is typed the same way: not by name nor by username.
    url = reverse("tournaments:judge_players", args=[empty_event.pk])
    for typed in ("Victor Importante", "vip"):
        response = client.post(url, {"player": typed})
        assert response.status_code == 400
        assert "Nobody has the player number, username or name" in response.content.decode()
    response = client.post(url, {"lines": "Victor Importante"})
    assert not Registration.objects.filter(player=vip).exists()


def test_the_site_admin_is_not_in_a_two_letter_search(empty_event, as_user):
    judge = add_judge(empty_event, "jay")
    UserFactory(username="admin", display_name="Site Admin", is_staff=True, is_superuser=True)
    for typed in ("ad", "si", "admin", "site admin"):
        assert suggestions(as_user(judge), empty_event, typed).json()["results"] == []


def test_the_events_own_staff_are_found_by_name_on_its_staff_tab(empty_event, as_user):
    """Changing a judge's role names them again: the event's own staff, whom its staff tab
    lists, are found by name there (another event's judges by their number)."""
    organiser = empty_event.staff.get(role=StaffRole.ORGANISER).user
    judge = add_judge(empty_event, "jay")
    response = as_user(organiser).post(
        reverse("tournaments:event_staff", args=[empty_event.pk]),
        {"person": judge.display_name, "role": StaffRole.ORGANISER},
    )
    assert response.status_code == 302
    assert empty_event.staff.get(user=judge).role == StaffRole.ORGANISER


# --- one rule of "staff" for entering a player and for lifting a lockout ------------------


@pytest.mark.parametrize("role", ROLES)
def test_an_organiser_cannot_enter_a_judge_of_another_event_or_any_role(empty_event, as_user, role):
    organiser = empty_event.staff.get(role=StaffRole.ORGANISER).user
    vip = UserFactory(username="vip", display_name="Victor Importante")
    role(vip)
    url = reverse("tournaments:judge_players", args=[empty_event.pk])
    response = as_user(organiser).post(url, {"player": str(vip.player_number)})
    assert response.status_code == 403
    assert "only they can register themselves" in response.content.decode()
    assert not Registration.objects.filter(player=vip).exists()
    # The rule of entering is the lockout rule's: no "plain player", no entry by another.
    assert not is_plain_player(vip)
    assert not may_enter_player.test(organiser, vip)
    assert may_enter_player.test(vip, vip)


def test_the_refusal_to_enter_a_judge_of_another_event_is_in_spanish(empty_event, as_user):
    organiser = empty_event.staff.get(role=StaffRole.ORGANISER).user
    other_judge = UserFactory(username="otra", display_name="Otra Jueza")
    _judge_elsewhere(other_judge)
    url = f"/es/events/{empty_event.pk}/judge/players/"
    response = as_user(organiser).post(url, {"player": str(other_judge.player_number)})
    assert response.status_code == 403
    assert "es del equipo de un evento: solo esa persona puede inscribirse" in (
        response.content.decode()
    )


# --- a few searches a minute per judge ----------------------------------------------------

WINDOW_START = 28_000_000 * 60  # a minute's start on the patched clock


@pytest.fixture
def clock(monkeypatch):
    """The rate limit's clock, at 15 s into a minute until a test moves it."""
    now = {"t": WINDOW_START + 15.0}
    monkeypatch.setattr(rate_limit, "now", lambda: now["t"])
    return now


def test_searches_beyond_the_minutes_allowance_are_refused_until_the_next_minute(
    empty_event, as_user, settings, clock
):
    settings.PLAYER_SEARCHES_PER_MINUTE = 3
    UserFactory(username="mlogin77", display_name="Marta Sáez")
    judge = add_judge(empty_event, "jay")
    other = add_judge(empty_event, "jother")
    client = as_user(judge)
    for _ in range(3):
        assert suggestions(client, empty_event, "marta").status_code == 200
    refused = suggestions(client, empty_event, "marta")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "45"
    assert refused.json() == {
        "detail": "Too many searches in a row: try again in 45 seconds.",
        "code": "too_many_searches",
        "results": [],
    }
    # Another judge has their own allowance.
    assert len(suggestions(as_user(other), empty_event, "marta").json()["results"]) == 1
    # Said in the reader's language.
    spanish = suggestions(client, empty_event, "marta", lang="es")
    assert spanish.status_code == 429
    assert spanish.json()["detail"] == (
        "Demasiadas búsquedas seguidas: vuelve a intentarlo dentro de 45 segundos."
    )
    # The next minute starts afresh.
    clock["t"] = WINDOW_START + 60.0
    assert suggestions(client, empty_event, "marta").status_code == 200


def test_the_allowance_is_counted_in_the_shared_cache_not_in_a_process(settings, clock):
    """Two callers (two app servers) count against one allowance: the counter is the
    cache's, so only the shared cache's own state decides."""
    from django.core.cache import cache

    settings.PLAYER_SEARCHES_PER_MINUTE = 2
    taken = [rate_limit.take(scope="t", who=7, limit=2, window=60) for _ in range(3)]
    assert taken == [None, None, 45]
    assert cache.get(f"rate:t:7:{WINDOW_START}") == 3


def test_a_page_refused_for_searching_too_much_says_why_below_the_field(empty_event, as_user):
    judge = add_judge(empty_event, "jay")
    page = as_user(judge).get(reverse("tournaments:judge_players", args=[empty_event.pk]))
    assert 'id="player-suggestions-status" role="status"' in page.content.decode()
