"""Judges' and organisers' pages: event settings and staff, players, the round dashboard
(pair, force, swap, re-pair, publish, clock, extensions), results, penalties, audit, top cut."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, add_players, make_event, make_round
from tournaments.models import AuditEntry, Event, EventStaff, Penalty, Registration, Round
from tournaments.models.choices import (
    EventStatus,
    MatchStatus,
    RegistrationStatus,
    RoundKind,
    RoundStatus,
)
from tournaments.services.results import ReportedResult, match_report, match_set_result
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db


def url(name, *args):
    return reverse(f"tournaments:{name}", args=args)


def errors_in(response) -> str:
    return response.content.decode()


def complete(round_, judge, score=(2, 0, 0)):
    for match in round_.matches.exclude(status=MatchStatus.CONFIRMED):
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(*score))


def play_swiss(event, judge):
    """Every Swiss round paired, published and complete (player A wins every match)."""
    for _ in range(event.swiss_rounds):
        round_ = round_pair_next(actor=judge, event_id=event.pk)
        round_publish(actor=judge, round_id=round_.pk)
        complete(round_, judge)
    event.refresh_from_db()
    return round_


# --- Event settings and staff ---------------------------------------------------------


EVENT_DATA = {
    "name": "Autumn Open",
    "date": "2026-10-10",
    "venue": "Club",
    "game": "humankind",
    "format": "monofaccion",
    "swiss_rounds": "",
    "round_minutes": 50,
    "games_per_match": 3,
    "top_cut": 4,
    "player_cap": "",
    "tiebreaks": "dar",
    "record_policy": "accept",
    "min_deck_size": 41,
    "qiahn_ruleset": "rulebook-1",
    "qiahn_squad": 3,
    "goblin_mode": "open",
    "goblin_scoring": "survivors",
}


def test_an_organiser_creates_an_event(organiser, as_user):
    response = as_user(organiser).post(url("event_new"), EVENT_DATA)
    assert response.status_code == 302
    event = Event.objects.get(name="Autumn Open")
    assert event.top_cut == 4 and event.date == dt.date(2026, 10, 10)
    assert EventStaff.objects.filter(event=event, user=organiser, role="organiser").exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": ""}, "This field is required."),
        ({"round_minutes": 2}, "greater than or equal to 5"),
        ({"tiebreaks": "coin_flip"}, "Select a valid choice"),
        ({"top_cut": 6}, "Select a valid choice"),
        ({"date": "tomorrow"}, "Enter a valid date."),
        ({"swiss_rounds": 99}, "less than or equal to 30"),
    ],
)
def test_bad_event_settings_are_form_errors(organiser, as_user, change, message):
    response = as_user(organiser).post(url("event_new"), EVENT_DATA | change)
    assert response.status_code == 400
    assert message in errors_in(response)
    assert not Event.objects.filter(name="Autumn Open").exists()


def test_editing_settings_before_and_after_the_start(event, organiser, judge, regs, as_user):
    data = EVENT_DATA | {"name": "Spring Open", "games_per_match": 1}
    assert as_user(organiser).post(url("event_edit", event.pk), data).status_code == 302
    event.refresh_from_db()
    assert event.games_per_match == 1
    round_pair_next(actor=judge, event_id=event.pk)
    page = as_user(organiser).get(url("event_edit", event.pk)).content.decode()
    assert "Fixed once the first round is paired." in page
    # A disabled field keeps its value whatever is posted; the rest changes.
    data = data | {"name": "Spring Open Renamed", "games_per_match": 3}
    assert as_user(organiser).post(url("event_edit", event.pk), data).status_code == 302
    event.refresh_from_db()
    assert (event.name, event.games_per_match) == ("Spring Open Renamed", 1)
    assert AuditEntry.objects.filter(action="event.update").count() == 2


def test_staff_added_by_player_number_and_removed(event, organiser, as_user):
    helper = UserFactory(username="helper", display_name="Helpful Hannah")
    client = as_user(organiser)
    response = client.post(
        url("event_staff", event.pk), {"person": str(helper.player_number), "role": "judge"}
    )
    assert response.status_code == 302
    assert helper.has_perm("tournaments.run_event", event)
    response = client.post(url("event_staff", event.pk), {"user": helper.pk, "remove": "1"})
    assert response.status_code == 302
    assert not EventStaff.objects.filter(event=event, user=helper).exists()


def test_staff_bad_input(event, organiser, as_user):
    client = as_user(organiser)
    response = client.post(
        url("event_staff", event.pk), {"person": "nobody-at-all", "role": "judge"}
    )
    assert response.status_code == 400
    assert "Nobody has the player number, username or name nobody-at-all." in errors_in(response)
    response = client.post(url("event_staff", event.pk), {"person": "orga", "role": "king"})
    assert response.status_code == 400
    response = client.post(url("event_staff", event.pk), {"user": organiser.pk, "remove": "1"})
    assert response.status_code == 409
    assert "An event needs at least one organiser." in errors_in(response)
    response = client.post(url("event_staff", event.pk), {"user": "x", "remove": "1"})
    assert response.status_code == 400


# --- Players ----------------------------------------------------------------------------


def test_adding_players_by_number_username_name_and_as_walk_ins(event, judge, as_user):
    known = UserFactory(username="kim", display_name="Kim Known")
    other = UserFactory(username="lee", display_name="Lee Lookup")
    third = UserFactory(username="max", display_name="Max Named")
    client = as_user(judge)
    for value in (str(known.player_number), "LEE", "max named"):
        assert client.post(url("judge_players", event.pk), {"player": value}).status_code == 302
    response = client.post(url("judge_players", event.pk), {"display_name": "Wally Walk-in"})
    assert response.status_code == 302
    names = set(event.registrations.values_list("player__display_name", flat=True))
    assert {known.display_name, other.display_name, third.display_name, "Wally Walk-in"} <= names


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        ({}, 400, "Give either an existing player or a walk-in&#x27;s name"),
        ({"player": "kim", "display_name": "Kim"}, 400, "one of the two"),
        ({"player": "nobody"}, 400, "Nobody has the player number"),
        ({"display_name": "x" * 81}, 400, "at most 80 characters"),
    ],
)
def test_adding_players_bad_input(event, judge, as_user, data, status, message):
    UserFactory(username="kim")
    before = event.registrations.count()
    response = as_user(judge).post(url("judge_players", event.pk), data)
    assert response.status_code == status
    assert message in errors_in(response)
    assert event.registrations.count() == before


def test_adding_someone_twice_or_over_the_cap_is_refused(event, judge, regs, as_user):
    client = as_user(judge)
    response = client.post(url("judge_players", event.pk), {"player": regs[0].player.username})
    assert response.status_code == 409
    assert "is already registered" in errors_in(response)
    event.player_cap = 8
    event.save()
    response = client.post(url("judge_players", event.pk), {"display_name": "One Too Many"})
    assert response.status_code == 409
    assert "The event is full (8 players)." in errors_in(response)


def test_a_late_entry_once_running(event, judge, regs, round1, as_user):
    response = as_user(judge).post(
        url("judge_players", event.pk), {"display_name": "Late Larry"}, follow=True
    )
    assert "Late Larry joins as a late entry from round 2." in errors_in(response)
    reg = event.registrations.get(player__display_name="Late Larry")
    assert reg.late_entry and reg.first_round == 2


def test_check_in_and_undo(event, judge, as_user):
    reg = add_players(event, 1, checked_in=False)[0]
    client = as_user(judge)
    assert client.post(url("check_in", reg.pk), {"checked_in": "1"}).status_code == 302
    reg.refresh_from_db()
    assert reg.status == RegistrationStatus.CHECKED_IN
    client.post(url("check_in", reg.pk), {"checked_in": "0"})
    reg.refresh_from_db()
    assert reg.status == RegistrationStatus.REGISTERED
    assert client.get(url("check_in", reg.pk)).status_code == 405


def test_check_in_after_the_start_is_refused(event, judge, regs, round1, as_user):
    response = as_user(judge).post(url("check_in", regs[0].pk), {"checked_in": "0"})
    assert response.status_code == 409
    assert "Check-in is over: the event has started." in errors_in(response)


def test_fixed_tables(event, judge, regs, as_user):
    client = as_user(judge)
    assert client.post(url("fixed_table", regs[0].pk), {"table": "3"}).status_code == 302
    response = client.post(url("fixed_table", regs[1].pk), {"table": "3"})
    assert response.status_code == 409
    assert "Table 3 is already fixed for another player." in errors_in(response)
    for bad in ("abc", "0", "-2"):
        assert client.post(url("fixed_table", regs[1].pk), {"table": bad}).status_code == 400
    assert client.post(url("fixed_table", regs[0].pk), {"table": ""}).status_code == 302
    regs[0].refresh_from_db()
    regs[1].refresh_from_db()
    assert regs[0].fixed_table is None and regs[1].fixed_table is None


# --- The round dashboard ------------------------------------------------------------------


def test_pairing_round_1_from_the_dashboard(event, judge, regs, as_user):
    client = as_user(judge)
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert "8 players are checked in." in page
    response = client.post(url("pair_next", event.pk))
    assert response.status_code == 302
    assert response["Location"] == url("dashboard_round", event.pk, 1)
    page = client.get(response["Location"]).content.decode()
    assert 'data-testid="publish"' in page and 'data-testid="swap-form"' in page
    assert Round.objects.get(event=event).status == RoundStatus.DRAFT


def test_starting_with_fewer_than_two_players_is_refused(event, judge, as_user):
    response = as_user(judge).post(url("pair_next", event.pk))
    assert response.status_code == 409
    assert "At least two players must be checked in" in errors_in(response)


def test_swap_and_repair_before_publishing(event, judge, regs, as_user):
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    client = as_user(judge)
    first, second = round_.matches.order_by("table")[:2]
    a, b = first.player_a, second.player_a
    response = client.post(
        url("swap", round_.pk),
        {"registration_a": a.pk, "registration_b": b.pk, "reason": "Keep siblings apart"},
    )
    assert response.status_code == 302
    first.refresh_from_db()
    assert first.player_a_id == b.pk
    entry = AuditEntry.objects.get(action="round.swap")
    assert entry.reason == "Keep siblings apart"
    assert {row["player_a"] for row in entry.before} == {a.name, b.name}
    assert {row["player_a"] for row in entry.after} == {a.name, b.name}
    response = client.post(url("repair", round_.pk), {"repair-reason": "Start over"})
    assert response.status_code == 302
    assert AuditEntry.objects.filter(action="round.repair", reason="Start over").exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"registration_a": "", "registration_b": ""}, "This field is required."),
        ({"registration_a": "999999", "registration_b": "1"}, "Select a valid choice"),
        ("same", "Choose two different players."),
    ],
)
def test_swap_bad_input(event, judge, regs, as_user, data, message):
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    if data == "same":
        data = {"registration_a": regs[0].pk, "registration_b": regs[0].pk}
    response = as_user(judge).post(url("swap", round_.pk), data)
    assert response.status_code == 400
    assert message in errors_in(response)
    assert not AuditEntry.objects.filter(action="round.swap").exists()


def test_a_swap_into_an_avoidable_rematch_is_refused(event, judge, regs, as_user):
    r1 = make_round(
        event, [(regs[0], regs[1]), (regs[2], regs[3]), (regs[4], regs[5]), (regs[6], regs[7])]
    )
    complete(r1, judge)
    round2 = round_pair_next(actor=judge, event_id=event.pk)
    mine = round2.matches.get(seats__registration=regs[0])
    opponent = mine.player_b_id if mine.player_a_id == regs[0].pk else mine.player_a_id
    response = as_user(judge).post(
        url("swap", round2.pk), {"registration_a": opponent, "registration_b": regs[1].pk}
    )
    assert response.status_code == 409
    pair = {f"{regs[0].name} and {regs[1].name}", f"{regs[1].name} and {regs[0].name}"}
    text = errors_in(response)
    assert any(f"This swap pairs players who already met: {names}" in text for names in pair)


def test_swapping_a_published_round_is_refused(event, judge, regs, round1, as_user):
    response = as_user(judge).post(
        url("swap", round1.pk), {"registration_a": regs[0].pk, "registration_b": regs[1].pk}
    )
    assert response.status_code == 409
    assert "Published pairings cannot be edited." in errors_in(response)


def test_the_clock_from_the_dashboard(event, judge, regs, round1, as_user):
    client = as_user(judge)
    assert client.post(url("clock", round1.pk, "start")).status_code == 302
    round1.refresh_from_db()
    assert round1.ends_at is not None
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert 'class="countdown"' in page and "data-server-now=" in page
    assert client.post(url("clock", round1.pk, "pause")).status_code == 302
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert "Paused" in page and 'data-testid="clock-resume"' in page
    assert client.post(url("clock", round1.pk, "resume")).status_code == 302
    ends = Round.objects.get(pk=round1.pk).ends_at
    assert client.post(url("clock", round1.pk, "adjust"), {"minutes": "5"}).status_code == 302
    assert (Round.objects.get(pk=round1.pk).ends_at - ends).total_seconds() == 300
    for bad in ("0", "500", "abc", ""):
        response = client.post(url("clock", round1.pk, "adjust"), {"minutes": bad})
        assert response.status_code == 400
    assert client.post(url("clock", round1.pk, "explode")).status_code == 404


def test_clock_refusals(event, judge, regs, as_user):
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    response = as_user(judge).post(url("clock", round_.pk, "start"))
    assert response.status_code == 409
    assert "Publish the pairings before starting the clock." in errors_in(response)
    round_publish(actor=judge, round_id=round_.pk)
    response = as_user(judge).post(url("clock", round_.pk, "pause"))
    assert response.status_code == 409
    assert "The round clock has not started." in errors_in(response)


def test_a_table_extension(event, judge, regs, round1, as_user):
    match = round1.matches.exclude(player_b=None).first()
    client = as_user(judge)
    client.post(url("clock", round1.pk, "start"))
    response = client.post(url("extend", match.pk), {"minutes": "4", "reason": "Judge call"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.extension_seconds == 240
    assert AuditEntry.objects.filter(action="clock.extend_table", reason="Judge call").exists()
    for bad in ("0", "-3", "abc", "1000"):
        assert client.post(url("extend", match.pk), {"minutes": bad}).status_code == 400
    match.refresh_from_db()
    assert match.extension_seconds == 240


def test_pairing_with_results_missing_names_the_tables_then_force(
    event, judge, regs, round1, as_user
):
    client = as_user(judge)
    first = round1.matches.exclude(player_b=None).order_by("table").first()
    match_set_result(actor=judge, match_id=first.pk, result=ReportedResult(2, 1))
    missing = list(
        round1.matches.exclude(status=MatchStatus.CONFIRMED)
        .order_by("table")
        .values_list("table", flat=True)
    )
    tables = ", ".join(map(str, missing))
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert f"Results are missing at tables {tables}." in page
    response = client.post(url("pair_next", event.pk), {})
    assert response.status_code == 409
    assert f"Round 1 still has results missing at tables {tables}." in errors_in(response)
    response = client.post(url("pair_next", event.pk), {"force": "on", "reason": ""})
    assert response.status_code == 400
    assert "Say why the round is paired with results missing." in errors_in(response)
    assert event.rounds.count() == 1
    response = client.post(url("pair_next", event.pk), {"force": "on", "reason": "Venue closes"})
    assert response.status_code == 302
    assert event.rounds.get(number=2).forced
    assert AuditEntry.objects.filter(action="round.force", reason="Venue closes").exists()


def test_publishing(event, judge, regs, as_user):
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    assert as_user(judge).post(url("publish", round_.pk)).status_code == 302
    round_.refresh_from_db()
    assert round_.status == RoundStatus.PUBLISHED


def test_the_dashboard_shows_each_table_status_and_flags(event, judge, regs, as_user):
    add_players(event, 1, prefix="odd")
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round_.pk)
    tables = list(round_.matches.exclude(player_b=None).order_by("table"))
    match_set_result(actor=judge, match_id=tables[0].pk, result=ReportedResult(2, 0))
    match_report(
        actor=tables[1].player_a.player, match_id=tables[1].pk, result=ReportedResult(2, 0)
    )
    match_report(
        actor=tables[2].player_a.player, match_id=tables[2].pk, result=ReportedResult(2, 0)
    )
    match_report(
        actor=tables[2].player_b.player, match_id=tables[2].pk, result=ReportedResult(0, 2)
    )
    page = as_user(judge).get(url("dashboard", event.pk)).content.decode()
    assert "2 of 5 confirmed" in page  # table 1 and the bye
    assert "1 reported by one player" in page
    assert "1 missing" in page
    assert "1 disputed" in page
    assert "an odd number of players in round 1, drawn at random." in page


# --- Results --------------------------------------------------------------------------------


def test_a_dispute_settled_with_both_reports_side_by_side(event, judge, regs, as_user):
    round_ = make_round(event, [(regs[0], regs[1])])
    match = round_.matches.get()
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1))
    match_report(actor=regs[1].player, match_id=match.pk, result=ReportedResult(1, 2))
    client = as_user(judge)
    page = client.get(url("result", match.pk)).content.decode()
    assert f"{regs[0].name} reported" in page and f"{regs[1].name} reported" in page
    assert page.count('data-testid="report-score"') == 2
    response = client.post(
        url("result", match.pk),
        {"result-wins_a": "2", "result-wins_b": "1", "result-reason": "Both agreed at the table"},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED and match.winner == "a"
    entry = AuditEntry.objects.get(action="result.set")
    assert entry.before["status"] == "disputed" and entry.reason == "Both agreed at the table"


def test_changing_a_confirmed_result_needs_a_reason(event, judge, regs, as_user):
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 0))
    client = as_user(judge)
    response = client.post(url("result", match.pk), {"result-wins_a": "0", "result-wins_b": "2"})
    assert response.status_code == 400
    assert "Say why a confirmed result is changed." in errors_in(response)
    response = client.post(
        url("result", match.pk),
        {"result-wins_a": "0", "result-wins_b": "2", "result-reason": "Slip was wrong"},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.winner == "b"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"result-wins_a": "2", "result-wins_b": "2"}, "2-2-0 is impossible"),
        ({"result-wins_a": "", "result-wins_b": ""}, "Say how many games were won."),
        ({"result-wins_a": "7", "result-wins_b": "0"}, "Select a valid choice"),
        ({"result-wins_a": "2", "result-wins_b": "0", "result-reason": "x" * 301}, "at most 300"),
        (
            {
                "result-wins_a": "2",
                "result-wins_b": "1",
                "result-g1_winner": "b",
                "result-g1_chooser": "a",
                "result-g2_winner": "a",
                "result-g2_chooser": "b",
                "result-g3_winner": "a",
                "result-g3_chooser": "a",
            },
            "had to choose",
        ),
    ],
)
def test_result_entry_bad_input(event, judge, regs, as_user, data, message):
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    response = as_user(judge).post(url("result", match.pk), data)
    assert response.status_code == 400
    assert message in errors_in(response)
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING


def test_result_pages_for_a_bye_or_unpublished_round(event, judge, regs, as_user):
    bye = make_round(event, [(regs[0], None)]).matches.get()
    assert b"A bye has no result to enter." in as_user(judge).get(url("result", bye.pk)).content
    response = as_user(judge).post(
        url("result", bye.pk), {"result-wins_a": "2", "result-wins_b": "0"}
    )
    assert response.status_code == 409
    draft = make_round(event, [(regs[1], regs[2])], status=RoundStatus.DRAFT).matches.get()
    response = as_user(judge).post(
        url("result", draft.pk), {"result-wins_a": "2", "result-wins_b": "0"}
    )
    assert response.status_code == 409
    assert b"not published yet" in response.content


# --- Penalties and audit ----------------------------------------------------------------------


def test_penalties(event, judge, regs, as_user):
    match = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])]).matches.get(table=1)
    client = as_user(judge)
    response = client.post(
        url("penalties", event.pk),
        {
            "registration": regs[0].pk,
            "infraction": "drawing_extra_cards",
            "reason": "Drew extra cards",
        },
    )
    assert response.status_code == 302
    assert Penalty.objects.get().match == match
    response = client.post(
        url("penalties", event.pk),
        {"registration": regs[2].pk, "infraction": "cheating", "reason": "Cheating"},
    )
    assert response.status_code == 302
    regs[2].refresh_from_db()
    assert regs[2].status == RegistrationStatus.DROPPED and regs[2].disqualified
    page = client.get(url("penalties", event.pk)).content.decode()
    assert "Drew extra cards" in page and "Cheating" in page


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        ({"kind": "warning", "reason": ""}, 400, "This field is required."),
        ({"kind": "hanging", "reason": "x"}, 400, "Select a valid choice"),
        (
            {"infraction": "drawing_extra_cards", "reason": "x", "game_number": "5"},
            400,
            "A game loss applies to one of the match",
        ),
        (
            {"infraction": "drawing_extra_cards", "reason": "x", "game_number": "abc"},
            400,
            "Enter a whole number.",
        ),
        ({"kind": "match_loss", "reason": "x", "who": "benched"}, 400, "say why you give"),
        (
            {"kind": "match_loss", "reason": "x", "deviation_reason": "y", "who": "benched"},
            409,
            "no match in progress",
        ),
        ({"infraction": "", "kind": "warning", "reason": "x"}, 400, "This field is required."),
        ({"kind": "warning", "reason": "x", "who": "stranger"}, 400, "Select a valid choice"),
    ],
)
def test_penalty_bad_input(event, judge, regs, as_user, data, status, message):
    make_round(event, [(regs[0], regs[1])])
    who = data.pop("who", "player")
    registration = {"player": regs[0], "benched": regs[5]}.get(who)
    if who == "stranger":
        other = Event.objects.create(name="Other", date=dt.date(2026, 1, 1), created_by=judge)
        registration = Registration.objects.create(event=other, player=UserFactory(username="zed"))
    response = as_user(judge).post(
        url("penalties", event.pk),
        {"registration": registration.pk, "infraction": "other", **data},
    )
    assert response.status_code == status
    assert message in errors_in(response)
    assert not Penalty.objects.exists()


def test_the_audit_log_reads_in_words(event, judge, regs, round1, as_user):
    page = as_user(judge).get(url("audit", event.pk)).content.decode()
    name = judge.public_name
    assert f"{name} paired round 1: 4 tables." in page
    assert f"{name} published the pairings of round 1." in page
    assert "created the event." in page


# --- Top cut and the end ------------------------------------------------------------------


def test_top_cut_from_the_dashboard_to_the_winner(event, judge, regs, as_user):
    play_swiss(event, judge)
    client = as_user(judge)
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert 'data-testid="top-cut-start"' in page
    response = client.post(url("top_cut_start", event.pk))
    assert response.status_code == 302
    semis = event.rounds.get(kind=RoundKind.TOP_CUT)
    page = client.get(url("dashboard_round", event.pk, semis.number)).content.decode()
    assert "Seed 1 against seed 4." in page
    round_publish(actor=judge, round_id=semis.pk)
    response = client.post(url("top_cut_advance", event.pk), follow=True)
    # Refused (results missing): back on the dashboard with the reason, not on the POST URL.
    assert response.redirect_chain == [(url("dashboard", event.pk), 302)]
    assert "still has results missing" in errors_in(response)
    complete(semis, judge)
    assert client.post(url("top_cut_advance", event.pk)).status_code == 302
    final = event.rounds.order_by("-number").first()
    round_publish(actor=judge, round_id=final.pk)
    complete(final, judge)
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert "Finish the event" in page
    response = client.post(url("top_cut_advance", event.pk), follow=True)
    assert "The final is over: the event is finished." in errors_in(response)
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED
    winner = final.matches.get().player_a.name
    assert f"Winner: {winner}" in errors_in(response)


def test_finishing_an_event_without_top_cut(event, judge, regs, as_user):
    event.top_cut = 0
    event.save()
    client = as_user(judge)
    refused = client.post(url("finish", event.pk))
    assert refused.status_code == 302 and refused.url == url("dashboard", event.pk)
    play_swiss(event, judge)
    assert 'data-testid="finish"' in client.get(url("dashboard", event.pk)).content.decode()
    refused = client.post(url("top_cut_start", event.pk), follow=True)
    assert "This event has no top cut." in errors_in(refused)
    assert event.rounds.filter(kind=RoundKind.TOP_CUT).count() == 0
    assert client.post(url("finish", event.pk)).status_code == 302
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED


def test_unknown_round_on_the_dashboard_is_404(event, judge, as_user):
    assert as_user(judge).get(url("dashboard_round", event.pk, 7)).status_code == 404


def test_a_drop_after_pairing_asks_for_a_new_pairing(event, judge, regs, as_user):
    from tournaments.services.registration import registration_drop

    round_ = round_pair_next(actor=judge, event_id=event.pk)
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    client = as_user(judge)
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert f"Dropped since these pairings were made: {regs[0].name}." in page
    client.post(url("repair", round_.pk), {"repair-reason": "Drop"})
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert "Dropped since these pairings were made" not in page


def test_a_judge_confirms_one_players_report_with_its_games(event, judge, regs, as_user):
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    games = [
        {"winner": "b", "chooser": "a", "choice": "first"},
        {"winner": "a", "chooser": "a", "choice": "second"},
        {"winner": "a", "chooser": "b"},
    ]
    match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1, games=games))
    match_report(actor=regs[1].player, match_id=match.pk, result=ReportedResult(1, 2))
    page = as_user(judge).get(url("result", match.pk)).content.decode()
    assert page.count('data-testid="accept-report"') == 2
    report = match.reports.get(registration=regs[0])
    data = {"accept": str(report.pk)}
    response = as_user(judge).post(url("result", match.pk), data)
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.status, match.games_won_a, match.games_won_b) == ("confirmed", 2, 1)
    assert [g.winner for g in match.games.order_by("number")] == ["b", "a", "a"]
    entry = AuditEntry.objects.get(action="result.set")
    assert entry.reason == f"{regs[0].name}'s report accepted by a judge"


@pytest.mark.parametrize("value", ["", "abc", "999999"])
def test_accepting_no_report_is_refused(event, judge, regs, as_user, value):
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    response = as_user(judge).post(url("result", match.pk), {"accept": value})
    assert response.status_code == 400
    assert "Choose one of the players&#x27; reports." in response.content.decode()
    match.refresh_from_db()
    assert match.status == MatchStatus.PENDING


LONGEST_NAME = "Campeonato Regional de Humankind " + "x" * (120 - 33)


def test_an_event_named_as_long_as_allowed_is_created_and_renamed(event, organiser, as_user):
    assert len(LONGEST_NAME) == Event._meta.get_field("name").max_length
    response = as_user(organiser).post(url("event_new"), EVENT_DATA | {"name": LONGEST_NAME})
    assert response.status_code == 302
    created = Event.objects.get(name=LONGEST_NAME)
    renamed = LONGEST_NAME[:-1] + "y"
    data = EVENT_DATA | {"name": renamed}
    assert as_user(organiser).post(url("event_edit", created.pk), data).status_code == 302
    targets = AuditEntry.objects.filter(event=created).values_list("target", flat=True)
    assert f"{LONGEST_NAME} (2026-10-10)" in targets
    assert f"{renamed} (2026-10-10)" in targets


def test_the_top_cut_panel_says_done_only_when_every_result_is_in(event, judge, regs, as_user):
    for _ in range(event.swiss_rounds - 1):
        round_ = round_pair_next(actor=judge, event_id=event.pk)
        round_publish(actor=judge, round_id=round_.pk)
        complete(round_, judge)
    last = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=last.pk)
    first = last.matches.order_by("table").first()
    match_set_result(actor=judge, match_id=first.pk, result=ReportedResult(2, 0))
    client = as_user(judge)
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert "The Swiss rounds are done" not in page
    assert 'data-testid="top-cut-start"' not in page
    assert f"Round {last.number} still has results missing at tables 2, 3, 4" in page
    response = client.post(url("top_cut_start", event.pk), follow=True)
    assert response.redirect_chain == [(url("dashboard", event.pk), 302)]
    assert "still has results missing at tables 2, 3, 4" in errors_in(response)
    complete(last, judge)
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert "The Swiss rounds are done" in page and 'data-testid="top-cut-start"' in page


def test_extensions_only_for_matches_still_playing(event, judge, regs, round1, as_user):
    playing, done = round1.matches.exclude(player_b=None).order_by("table")[:2]
    match_set_result(actor=judge, match_id=done.pk, result=ReportedResult(2, 0))
    client = as_user(judge)
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert f'action="{url("extend", playing.pk)}"' in page
    assert f'action="{url("extend", done.pk)}"' not in page
    response = client.post(url("extend", done.pk), {"minutes": "4", "reason": "Late"})
    assert response.status_code == 409
    assert "only matches still playing get extensions" in errors_in(response)
    done.refresh_from_db()
    assert done.extension_seconds == 0
    assert not AuditEntry.objects.filter(action="clock.extend_table").exists()


def test_top_cut_rounds_are_named_by_their_stage(organiser, as_user):
    from tournaments.services.topcut import topcut_advance, topcut_start

    event = make_event(organiser, name="Stages", swiss_rounds=1, top_cut=8)
    judge = add_judge(event, "stager")
    add_players(event, 8, prefix="s")
    play_swiss(event, judge)
    client = as_user(judge)
    quarters = topcut_start(actor=judge, event_id=event.pk)
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert "Quarterfinal" in page and "(top cut)" not in page and "Top cut 2" not in page
    assert 'data-testid="bracket-draft"' in page and "Swap players" not in page
    round_publish(actor=judge, round_id=quarters.pk)
    complete(quarters, judge)
    semis = topcut_advance(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=semis.pk)
    complete(semis, judge)
    final = topcut_advance(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=final.pk)
    assert [r.title for r in event.rounds.order_by("number")] == [
        "Round 1",
        "Quarterfinal",
        "Semifinal",
        "Final",
    ]
    player = final.matches.get().player_a.player
    assert "<h2>Final" in as_user(player).get(url("my_match", event.pk)).content.decode()
    detail = client.get(url("event_detail", event.pk)).content.decode()
    assert "<h3>Quarterfinal</h3>" in detail and "<h3>Semifinal</h3>" in detail


def test_penalties_by_infraction_on_the_page_and_the_api(event, judge, regs, as_user):
    from rest_framework.test import APIClient

    round1 = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3])])
    done = round1.matches.get(table=2)
    match_set_result(actor=judge, match_id=done.pk, result=ReportedResult(2, 0))
    client = as_user(judge)
    form = client.get(url("penalties", event.pk)).content.decode()
    assert "Attacked with a Character in their own first turn · Warning" in form
    assert "Tardiness · Game loss" in form
    response = client.post(
        url("penalties", event.pk),
        {
            "registration": regs[1].pk,
            "infraction": "slow_play",
            "kind": "game_loss",
            "deviation_reason": "Second slow play warning",
            "reason": "Took minutes per turn",
        },
    )
    assert response.status_code == 302
    response = client.post(
        url("penalties", event.pk),
        {"registration": regs[3].pk, "infraction": "deck_problem", "reason": "Found late"},
        follow=True,
    )
    assert "applies to game 1 of their next match" in errors_in(response)
    page = errors_in(response)
    assert "instead of the usual warning: Second slow play warning" in page
    assert 'data-testid="next-match"' in page and "Slow play" in page
    assert page.count("<td>Round 1</td>") == 2
    api = APIClient()
    api.force_authenticate(judge)
    rows = {
        r["player"]: r for r in api.get(f"/api/v1/events/{event.pk}/penalties/").json()["results"]
    }
    late = rows[regs[3].name]
    assert late["round"] == 1 and late["next_match"] and late["match_id"] is None
    assert late["infraction"] == "deck_problem" and late["kind"] == "game_loss"
    made = api.post(
        f"/api/events/{event.pk}/penalties/",
        {"registration_id": regs[0].pk, "infraction": "marked_cards", "reason": "Sleeves"},
        format="json",
    )
    assert made.status_code == 201 and made.json()["kind"] == "warning"
    refused = api.post(
        f"/api/events/{event.pk}/penalties/",
        {
            "registration_id": regs[0].pk,
            "infraction": "marked_cards",
            "kind": "match_loss",
            "reason": "Sleeves",
        },
        format="json",
    )
    assert refused.status_code == 400 and "deviation_reason" in refused.json()


def test_the_result_page_names_the_game_loss_a_report_ignores(event, judge, regs, as_user):
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    report = match_report(actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 0))
    from tournaments.services.penalties import penalty_issue

    penalty_issue(
        actor=judge, registration_id=regs[0].pk, infraction="drawing_extra_cards", reason="Drew 2"
    )
    client = as_user(judge)
    page = client.get(url("result", match.pk)).content.decode()
    expected = (
        f"This score ignores a game loss: {regs[0].name} lost game 1 to a game loss: "
        f"{regs[1].name} won it."
    )
    assert expected in page
    assert 'data-testid="accept-report"' not in page
    assert 'data-testid="match-penalties"' in page and "Drawing extra cards" in page
    accepted = client.post(url("result", match.pk), {"accept": report.reports.get().pk})
    assert accepted.status_code == 400 and expected in errors_in(accepted)
    match.refresh_from_db()
    assert match.status != MatchStatus.CONFIRMED


def test_a_rematch_swap_on_the_page_names_them_then_is_confirmed(event, judge, regs, as_user):
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round1.pk)
    complete(round1, judge)
    round2 = round_pair_next(actor=judge, event_id=event.pk)
    old = round1.matches.get(table=1)
    mine = round2.matches.get(seats__registration_id=old.player_a_id)
    partner = mine.player_b_id if mine.player_a_id == old.player_a_id else mine.player_a_id
    data = {"registration_a": partner, "registration_b": old.player_b_id}
    client = as_user(judge)
    refused = client.post(url("swap", round2.pk), data)
    assert refused.status_code == 409
    text = errors_in(refused)
    assert "already met" in text and old.player_a.name in text and old.player_b.name in text
    assert 'name="allow_rematch"' in text
    done = client.post(
        url("swap", round2.pk), {**data, "allow_rematch": "on", "reason": "Same club, agreed"}
    )
    assert done.status_code == 302
    mine.refresh_from_db()
    assert {mine.player_a_id, mine.player_b_id} == {old.player_a_id, old.player_b_id}


def _messages(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_flash_messages_name_top_cut_rounds_as_the_pages_do(event, judge, regs, as_user):
    """The dashboard's messages say "Semifinal", "Final" as its headings do, never the
    round's number ("Round 4"), in English and in Spanish."""
    client = as_user(judge)
    swiss = round_pair_next(actor=judge, event_id=event.pk)
    response = client.post(url("publish", swiss.pk), follow=True)
    assert _messages(response) == [
        "Round 1 is published: players see their tables. Start the clock when they sit."
    ]
    complete(swiss, judge)
    for _ in range(event.swiss_rounds - 1):
        swiss = round_pair_next(actor=judge, event_id=event.pk)
        round_publish(actor=judge, round_id=swiss.pk)
        complete(swiss, judge)
    response = client.post(url("top_cut_start", event.pk), follow=True)
    assert _messages(response) == ["The top cut is paired from the standings. Publish it."]
    semis = event.rounds.get(kind=RoundKind.TOP_CUT)
    assert semis.title == "Semifinal" and semis.number == event.swiss_rounds + 1

    response = client.post(url("top_cut_advance", event.pk), follow=True)
    assert _messages(response) == ["Semifinal is not published yet."]
    response = client.post(url("publish", semis.pk), follow=True)
    assert _messages(response) == [
        "Semifinal is published: players see their tables. Start the clock when they sit."
    ]
    assert f"Round {semis.number}" not in response.content.decode()
    response = client.post(url("top_cut_advance", event.pk), follow=True)
    assert _messages(response) == ["Semifinal still has results missing at tables 1, 2."]
    page = client.get(url("dashboard", event.pk)).content.decode()
    assert "Semifinal still has results missing at tables 1, 2: enter them to go on." in page
    result_page = client.get(url("result", semis.matches.get(table=1).pk)).content.decode()
    assert "<h2>Table 1 · Semifinal</h2>" in result_page and "← Semifinal</a>" in result_page

    complete(semis, judge)
    response = client.post(url("top_cut_advance", event.pk), follow=True)
    assert _messages(response) == ["Final is paired. Publish it."]
    final = event.rounds.get(number=semis.number + 1)
    response = client.post(f"/es{url('publish', final.pk)}", follow=True)
    assert _messages(response) == [
        "Final: emparejamientos publicados; los jugadores ven sus mesas. Pon en marcha el "
        "reloj cuando se sienten."
    ]
