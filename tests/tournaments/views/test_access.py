"""Who may open which page: every page renders for the roles that may see it and is refused
(login redirect or 403) for the others; judge actions change nothing when refused."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db

PUBLIC = [
    "event_detail",
    "players",
    "pairings",
    "pairings_by_name",
    "standings",
    "print_pairings",
    "print_pairings_by_name",
    "print_standings",
    "screen:screen",
]
JUDGES = [
    "dashboard",
    "judge_players",
    "penalties",
    "audit",
    "print_slips",
    "screen:screen_control",
]


def _name(name: str) -> str:
    """A page of the tournaments app by its own name, another app's by its full one."""
    return name if ":" in name else f"tournaments:{name}"


@pytest.fixture
def people(event, judge, organiser, regs, site_admin):
    return {
        "anonymous": None,
        "stranger": UserFactory(username="stranger"),
        "player": regs[0].player,
        "judge": judge,
        "organiser": organiser,
        "admin": site_admin,
    }


def _status(client, url):
    response = client.get(url)
    if response.status_code == 302:
        assert "/accounts/login/" in response["Location"]
        return "login"
    return response.status_code


@pytest.mark.parametrize("who", ["anonymous", "stranger", "player", "judge", "organiser", "admin"])
def test_public_pages_render_for_everyone(people, who, event, round1, as_user):
    client = as_user(people[who])
    for name in PUBLIC:
        assert _status(client, reverse(_name(name), args=[event.pk])) == 200, name
    for what in ("players", "matches", "standings"):
        url = reverse("tournaments:export", args=[event.pk, what])
        assert _status(client, url) == 200


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        ("anonymous", "login"),
        ("stranger", 403),
        ("player", 403),
        ("judge", 200),
        ("organiser", 200),
        ("admin", 200),
    ],
)
def test_judge_pages(people, who, expected, event, round1, as_user):
    client = as_user(people[who])
    match = round1.matches.exclude(player_b=None).first()
    urls = [reverse(_name(name), args=[event.pk]) for name in JUDGES]
    urls += [
        reverse("tournaments:dashboard_round", args=[event.pk, 1]),
        reverse("tournaments:result", args=[match.pk]),
    ]
    for url in urls:
        assert _status(client, url) == expected, url


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        ("anonymous", "login"),
        ("stranger", 403),
        ("player", 403),
        ("judge", 403),
        ("organiser", 200),
        ("admin", 200),
    ],
)
def test_settings_are_for_organisers(people, who, expected, event, as_user):
    assert _status(as_user(people[who]), reverse("tournaments:event_edit", args=[event.pk])) == (
        expected
    )


@pytest.mark.parametrize(
    ("who", "expected"),
    [("anonymous", "login"), ("player", 403), ("judge", 403), ("organiser", 200), ("admin", 200)],
)
def test_creating_events_is_for_organisers(people, who, expected, as_user):
    assert _status(as_user(people[who]), reverse("tournaments:event_new")) == expected


def test_my_match_needs_a_login(event, as_user):
    assert _status(as_user(), reverse("tournaments:my_match", args=[event.pk])) == "login"


def test_someone_not_registered_is_told_so(event, as_user):
    response = as_user(UserFactory(username="nobody")).get(
        reverse("tournaments:my_match", args=[event.pk])
    )
    assert response.status_code == 200
    assert b"You are not registered for this event." in response.content


def test_unknown_event_is_404(db, as_user):
    assert as_user().get(reverse("tournaments:event_detail", args=[999999])).status_code == 404
    assert as_user().get(reverse("tournaments:export", args=[999999, "players"])).status_code == 404


def judge_posts(event, round_, match, regs):
    return [
        (reverse("tournaments:pair_next", args=[event.pk]), {}),
        (reverse("tournaments:publish", args=[round_.pk]), {}),
        (reverse("tournaments:repair", args=[round_.pk]), {}),
        (
            reverse("tournaments:swap", args=[round_.pk]),
            {"registration_a": regs[0].pk, "registration_b": regs[1].pk},
        ),
        (reverse("tournaments:clock", args=[round_.pk, "start"]), {}),
        (reverse("tournaments:clock", args=[round_.pk, "adjust"]), {"minutes": 5}),
        (reverse("tournaments:extend", args=[match.pk]), {"minutes": 5}),
        (reverse("tournaments:result", args=[match.pk]), {"result-wins_a": 2, "result-wins_b": 0}),
        (reverse("tournaments:check_in", args=[regs[2].pk]), {"checked_in": "0"}),
        (reverse("tournaments:fixed_table", args=[regs[2].pk]), {"table": 9}),
        (reverse("tournaments:drop", args=[regs[2].pk]), {"reason": "no"}),
        (reverse("tournaments:judge_players", args=[event.pk]), {"display_name": "Walk In"}),
        (
            reverse("tournaments:penalties", args=[event.pk]),
            {"registration": regs[2].pk, "kind": "warning", "reason": "x"},
        ),
        (reverse("tournaments:top_cut_start", args=[event.pk]), {}),
        (reverse("tournaments:top_cut_advance", args=[event.pk]), {}),
        (reverse("tournaments:finish", args=[event.pk]), {}),
        (reverse("tournaments:event_edit", args=[event.pk]), {"name": "Hacked"}),
        (reverse("tournaments:event_staff", args=[event.pk]), {"person": "stranger"}),
    ]


def test_judge_actions_are_refused_to_players_and_change_nothing(
    event, judge, regs, round1, as_user, people
):
    match = round1.matches.exclude(player_b=None).first()
    outsider = next(
        r for r in regs if r.pk not in (match.player_a_id, match.player_b_id) and r != regs[2]
    )
    before = AuditEntry.objects.count()
    for url, data in judge_posts(event, round1, match, regs):
        assert as_user(outsider.player).post(url, data).status_code == 403, url
        assert _post_status(as_user(), url, data) == "login", url
    assert AuditEntry.objects.count() == before
    event.refresh_from_db()
    assert event.name != "Hacked"


def _post_status(client, url, data):
    response = client.post(url, data)
    if response.status_code == 302 and "/accounts/login/" in response["Location"]:
        return "login"
    return response.status_code
