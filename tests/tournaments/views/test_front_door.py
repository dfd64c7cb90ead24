"""The front door: signed out, the home page lists the events open for registration (date,
venue, game and format, places left, a Register button) and the latest finished events with
their first places; signing up or logging in returns to the page that sent the person there."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.helpers import add_players, make_event, make_round
from tournaments.models import Match
from tournaments.models.choices import EventStatus, MatchStatus, ResultSource
from tournaments.services.standings import event_standings

pytestmark = pytest.mark.django_db
STRONG = "a-long-and-unusual-passphrase-42"


def section(html: str, testid: str) -> str:
    match = re.search(rf'<section class="card" data-testid="{testid}">(.*?)</section>', html, re.S)
    assert match, f"no {testid} section"
    return match.group(1)


@pytest.fixture
def upcoming(organiser):
    event = make_event(
        organiser,
        name="Winter Open",
        date=timezone.localdate() + dt.timedelta(days=7),
        venue="Dragon's Den",
        player_cap=10,
    )
    add_players(event, 3, checked_in=False, prefix="up")
    return event


def finish(event, results: list[tuple[int, int, int, int]], regs) -> None:
    """One round with these results (index a, index b, games a, games b), then finished."""
    round_ = make_round(event, [(regs[a], regs[b]) for a, b, _ga, _gb in results])
    for match, (_a, _b, ga, gb) in zip(round_.matches.order_by("table"), results, strict=True):
        Match.objects.filter(pk=match.pk).update(
            status=MatchStatus.CONFIRMED,
            games_won_a=ga,
            games_won_b=gb,
            games_drawn=0,
            winner="a" if ga > gb else "b",
            result_source=ResultSource.JUDGE,
            confirmed_at=timezone.now(),
        )
    event.status = EventStatus.FINISHED
    event.save(update_fields=["status"])


def test_signed_out_the_home_page_lists_upcoming_events_with_places_left(upcoming, as_user):
    html = as_user().get("/").content.decode()
    listed = section(html, "home-upcoming")
    assert "Winter Open" in listed and "Dragon&#x27;s Den" in listed
    assert upcoming.get_game_display() in listed and upcoming.get_format_display() in listed
    assert "7 places left." in listed
    detail = reverse("tournaments:event_detail", args=[upcoming.pk])
    assert f'href="{reverse("accounts:login")}?next={detail}"' in listed


def test_past_running_and_finished_events_are_not_upcoming(organiser, upcoming, as_user):
    make_event(organiser, name="Yesterday Cup", date=timezone.localdate() - dt.timedelta(days=1))
    running = make_event(organiser, name="Now Running", date=timezone.localdate())
    running.status = EventStatus.RUNNING
    running.save(update_fields=["status"])
    listed = section(as_user().get("/").content.decode(), "home-upcoming")
    assert "Winter Open" in listed
    assert "Yesterday Cup" not in listed and "Now Running" not in listed


def test_a_full_event_says_so_and_offers_no_register_button(organiser, as_user):
    full = make_event(organiser, name="Tiny Cup", date=timezone.localdate(), player_cap=2)
    add_players(full, 2, checked_in=False, prefix="full")
    listed = section(as_user().get("/").content.decode(), "home-upcoming")
    assert "Tiny Cup" in listed and "The event is full." in listed
    assert 'data-testid="upcoming-register"' not in listed


def test_signed_in_a_player_registers_from_the_home_page(upcoming, player, as_user):
    client = as_user(player)
    listed = section(client.get("/").content.decode(), "home-upcoming")
    action = reverse("tournaments:register", args=[upcoming.pk])
    assert f'action="{action}"' in listed
    assert client.post(action).status_code == 302
    listed = section(client.get("/").content.decode(), "home-upcoming")
    assert 'data-testid="upcoming-registered"' in listed and "6 places left." in listed
    assert f'action="{action}"' not in listed


def test_recent_results_show_the_first_places_in_standings_order(organiser, as_user):
    event = make_event(organiser, name="Autumn Cup", date=timezone.localdate())
    regs = add_players(event, 4, prefix="au")
    finish(event, [(0, 1, 2, 0), (2, 3, 2, 1)], regs)
    html = as_user().get("/").content.decode()
    recent = section(html, "home-recent")
    podium = re.findall(r"<li>([^<]+)</li>", recent)
    assert podium == [row.registration.name for row in event_standings(event)[:3]]
    assert set(podium[:2]) == {regs[0].name, regs[2].name}
    assert len(podium) == 3
    assert reverse("tournaments:standings", args=[event.pk]) in recent


def test_signing_up_from_an_event_page_returns_to_it(upcoming, client):
    detail = reverse("tournaments:event_detail", args=[upcoming.pk])
    page = client.get(detail).content.decode()
    signup_url = f"{reverse('accounts:signup')}?next={detail}"
    assert f'href="{signup_url}"' in page
    form = client.get(signup_url).content.decode()
    assert f'name="next" value="{detail}"' in form
    response = client.post(
        signup_url,
        {
            "username": "walkin",
            "display_name": "Wally Walkin",
            "email": "walkin@example.org",
            "password1": STRONG,
            "password2": STRONG,
            "next": detail,
        },
    )
    assert response.status_code == 302 and response["Location"] == detail
    assert 'data-testid="register"' in client.get(detail).content.decode()


def test_logging_in_from_an_event_page_returns_to_it_and_offers_sign_up_with_it(
    upcoming, player, password, client
):
    detail = reverse("tournaments:event_detail", args=[upcoming.pk])
    login_url = f"{reverse('accounts:login')}?next={detail}"
    page = client.get(login_url).content.decode()
    assert f'href="{reverse("accounts:signup")}?next={detail}"' in page
    response = client.post(login_url, {"username": "player", "password": password, "next": detail})
    assert response.status_code == 302 and response["Location"] == detail


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x"])
def test_sign_up_never_returns_to_another_site(client, target):
    response = client.post(
        f"{reverse('accounts:signup')}?next={target}",
        {
            "username": "walkin",
            "display_name": "Wally Walkin",
            "email": "walkin@example.org",
            "password1": STRONG,
            "password2": STRONG,
        },
    )
    assert response.status_code == 302 and response["Location"] == reverse("home")


def test_spanish_front_door(upcoming, as_user):
    listed = section(as_user().get("/es/").content.decode(), "home-upcoming")
    assert "Próximos eventos" in listed and "Quedan 7 plazas." in listed


def test_the_menu_log_in_link_returns_to_the_page_it_was_followed_from(upcoming, client):
    detail = reverse("tournaments:event_detail", args=[upcoming.pk])
    page = client.get(detail).content.decode()
    assert f'href="{reverse("accounts:login")}?next={detail}" data-testid="login-link"' in page
    home = client.get("/").content.decode()
    assert f'href="{reverse("accounts:login")}" data-testid="login-link"' in home
