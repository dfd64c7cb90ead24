"""Penalties from the match: the judge's match page offers "Issue a penalty", whose form
lists that match's two players only and gives the penalty in that match (audited, and
refused to a judge who plays in it). The event's penalty form names every player with
their table and number, narrows the list by a search (names without accents, player
numbers, tables) and lists only the infractions of the event's game and format."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.tournaments.helpers import add_players, make_event, make_round
from tournaments.models import AuditEntry, Penalty, Registration
from tournaments.models.choices import EventFormat, RegistrationStatus

pytestmark = pytest.mark.django_db


def _penalties_url(event, **query) -> str:
    url = reverse("tournaments:penalties", args=[event.pk])
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


def _player_options(page: str) -> list[str]:
    select = re.search(r'<select name="registration".*?</select>', page, re.S).group(0)
    return [
        label
        for value, label in re.findall(r'<option value="(\d*)"[^>]*>(.*?)</option>', select)
        if value
    ]


def _infractions(page: str) -> list[str]:
    select = re.search(r'<select name="infraction".*?</select>', page, re.S).group(0)
    return [value for value in re.findall(r'<option value="(\w*)"', select) if value]


@pytest.fixture
def round_two(event, regs):
    """Round 1 with four tables (regs 0-1 at table 1, ... 6-7 at table 4)."""
    return make_round(event, [(regs[i], regs[i + 1]) for i in range(0, 8, 2)])


def test_the_match_page_offers_a_penalty_for_that_match(event, judge, regs, round_two, as_user):
    match = round_two.matches.get(table=2)
    page = as_user(judge).get(reverse("tournaments:result", args=[match.pk])).content.decode()
    link = f'href="{_penalties_url(event, match=match.pk)}" data-testid="issue-penalty"'
    assert link in page and "Issue a penalty" in page


def test_the_match_form_lists_its_two_players_with_their_table(
    event, judge, regs, round_two, as_user
):
    match = round_two.matches.get(table=2)
    page = as_user(judge).get(_penalties_url(event, match=match.pk)).content.decode()
    options = _player_options(page)
    numbers = [r.player.player_number for r in (regs[2], regs[3])]
    assert options == [
        f"Table 2 — {regs[2].name} #{numbers[0]}",
        f"Table 2 — {regs[3].name} #{numbers[1]}",
    ]
    assert 'data-testid="penalty-match"' in page and "In the match at table 2, round 1" in page
    assert 'data-testid="player-search"' not in page  # two players need no search


def test_a_penalty_from_the_match_is_given_in_it_and_audited(
    event, judge, regs, round_two, as_user
):
    match = round_two.matches.get(table=2)
    response = as_user(judge).post(
        _penalties_url(event, match=match.pk),
        {"registration": regs[3].pk, "infraction": "slow_play", "reason": "Slow"},
    )
    assert response.status_code == 302
    assert response.url == reverse("tournaments:result", args=[match.pk])
    penalty = Penalty.objects.get()
    assert (penalty.registration, penalty.match, penalty.kind) == (regs[3], match, "warning")
    entry = AuditEntry.objects.get(action="penalty.warning")
    assert entry.target == regs[3].name and entry.after["match"] == match.pk
    # On the match's page.
    page = as_user(judge).get(response.url).content.decode()
    assert 'data-testid="match-penalties"' in page and "Slow play" in page


def test_the_match_form_takes_only_its_players(event, judge, regs, round_two, as_user):
    match = round_two.matches.get(table=2)
    response = as_user(judge).post(
        _penalties_url(event, match=match.pk),
        {"registration": regs[0].pk, "infraction": "slow_play", "reason": "Slow"},
    )
    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()
    assert not Penalty.objects.exists()


@pytest.mark.parametrize("value", ["999999", "abc"])
def test_a_match_of_no_such_event_is_a_404(event, judge, round_two, as_user, value):
    assert as_user(judge).get(_penalties_url(event, match=value)).status_code == 404


def test_a_match_of_another_event_is_a_404(event, organiser, judge, round_two, as_user):
    other = make_event(organiser, name="Other")
    regs = add_players(other, 2, prefix="o")
    match = make_round(other, [(regs[0], regs[1])]).matches.get()
    assert as_user(judge).get(_penalties_url(event, match=match.pk)).status_code == 404


def test_a_judge_who_plays_in_the_match_is_refused(event, judge, regs, as_user):
    mine = Registration.objects.create(
        event=event, player=judge, status=RegistrationStatus.CHECKED_IN
    )
    match = make_round(event, [(mine, regs[0]), (regs[1], regs[2])]).matches.get(table=1)
    response = as_user(judge).post(
        _penalties_url(event, match=match.pk),
        {"registration": regs[0].pk, "infraction": "slow_play", "reason": "Slow"},
    )
    assert response.status_code == 403
    assert "another judge must give this penalty" in response.content.decode()
    assert not Penalty.objects.exists()
    assert AuditEntry.objects.filter(action="penalty.refused_own_match").exists()


def test_the_event_form_names_tables_and_numbers(event, judge, regs, round_two, as_user):
    page = as_user(judge).get(_penalties_url(event)).content.decode()
    options = _player_options(page)
    assert len(options) == 8
    first = regs[0]
    assert options[0] == f"Table 1 — {first.name} #{first.player.player_number}"
    tables = [int(re.match(r"Table (\d+)", o).group(1)) for o in options]
    assert tables == sorted(tables) == [1, 1, 2, 2, 3, 3, 4, 4]
    assert f'data-table="1" data-number="{first.player.player_number}"' in page
    with translation.override("es"):
        client = as_user(judge)
        client.cookies["django_language"] = "es"
        page = client.get(_penalties_url(event)).content.decode()
    assert _player_options(page)[0] == f"Mesa 1 — {first.name} #{first.player.player_number}"
    assert "Buscar un jugador" in page


def test_players_without_a_table_come_last_by_name(event, judge, regs, as_user):
    page = as_user(judge).get(_penalties_url(event)).content.decode()
    options = _player_options(page)
    assert len(options) == 8 and not any(o.startswith("Table") for o in options)
    assert options == sorted(options)


def test_the_search_narrows_the_players(event, judge, regs, round_two, as_user):
    marin = regs[5].player
    marin.display_name = "Diego Marín"
    marin.save(update_fields=["display_name"])
    client = as_user(judge)
    by_name = _player_options(client.get(_penalties_url(event, q="marin")).content.decode())
    assert by_name == [f"Table 3 — Diego Marín #{marin.player_number}"]
    by_table = _player_options(client.get(_penalties_url(event, q="4")).content.decode())
    assert [o.split(" — ")[0] for o in by_table] == ["Table 4", "Table 4"]
    number = regs[0].player.player_number
    by_number = _player_options(
        client.get(_penalties_url(event, q=f"%23{number}")).content.decode()
    )
    assert by_number == [f"Table 1 — {regs[0].name} #{number}"]
    nobody = client.get(_penalties_url(event, q="zzz")).content.decode()
    assert _player_options(nobody) == [] and 'data-testid="no-player-found"' in nobody
    # A post is checked against every player, whatever the search showed.
    response = client.post(
        _penalties_url(event, q="zzz"),
        {"registration": regs[1].pk, "infraction": "slow_play", "reason": "Slow"},
    )
    assert response.status_code == 302 and Penalty.objects.get().registration == regs[1]


def test_a_constructed_event_lists_no_draft_infraction(event, judge, as_user):
    infractions = _infractions(as_user(judge).get(_penalties_url(event)).content.decode())
    assert "slow_play" in infractions and "deck_not_legal" in infractions
    assert not [code for code in infractions if code.startswith("draft_")]
    assert "deck_building_time" not in infractions


def test_a_booster_draft_lists_the_draft_infractions(organiser, as_user):
    from tests.tournaments.helpers import add_judge

    draft = make_event(organiser, name="Draft night", format=EventFormat.BOOSTER_DRAFT)
    judge = add_judge(draft, "dj")
    infractions = _infractions(as_user(judge).get(_penalties_url(draft)).content.decode())
    assert "draft_notes" in infractions and "deck_not_legal" not in infractions


def test_the_form_refuses_an_infraction_the_event_does_not_have(event, judge, regs, as_user):
    response = as_user(judge).post(
        _penalties_url(event),
        {"registration": regs[0].pk, "infraction": "draft_notes", "reason": "Notes"},
    )
    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()
    assert not Penalty.objects.exists()
