"""A player's pages: registering, my match, the report form from my side of the table, my
history, dropping; bad input gets a clear error and changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.helpers import make_round
from tournaments.models import Registration, ResultReport
from tournaments.models.choices import MatchStatus, RegistrationStatus, RoundStatus
from tournaments.services.clock import round_start_clock
from tournaments.services.penalties import penalty_issue

pytestmark = pytest.mark.django_db


@pytest.fixture
def table1(event, regs):
    round_ = make_round(event, [(regs[0], regs[1]), (regs[2], regs[3]), (regs[4], None)])
    return round_.matches.get(table=1)


def report_url(match):
    return reverse("tournaments:report", args=[match.pk])


def me_url(event):
    return reverse("tournaments:my_match", args=[event.pk])


def score(mine, theirs, draws=None, **games):
    data = {"report-wins_me": mine, "report-wins_opp": theirs}
    if draws is not None:
        data["report-draws"] = draws
    data.update({f"report-{k}": v for k, v in games.items()})
    return data


# --- Registration -----------------------------------------------------------------------


def test_a_player_registers_from_the_event_page(event, as_user):
    user = UserFactory(username="newcomer")
    client = as_user(user)
    page = client.get(reverse("tournaments:event_detail", args=[event.pk]))
    assert b'data-testid="register"' in page.content
    response = client.post(reverse("tournaments:register", args=[event.pk]))
    assert response.status_code == 302
    assert Registration.objects.filter(event=event, player=user).exists()
    page = client.get(response["Location"])
    assert b"You are registered" in page.content


def test_registering_twice_registers_once(event, as_user):
    client = as_user(UserFactory(username="twice"))
    client.post(reverse("tournaments:register", args=[event.pk]))
    client.post(reverse("tournaments:register", args=[event.pk]))
    assert event.registrations.filter(player__username="twice").count() == 1


def test_a_full_event_refuses_with_the_cap(event, regs, as_user):
    event.player_cap = len(regs)
    event.save()
    response = as_user(UserFactory(username="late")).post(
        reverse("tournaments:register", args=[event.pk])
    )
    assert response.status_code == 409
    assert b"The event is full (8 players)." in response.content
    assert not event.registrations.filter(player__username="late").exists()


def test_registration_closed_once_running(event, table1, as_user):
    response = as_user(UserFactory(username="late")).post(
        reverse("tournaments:register", args=[event.pk])
    )
    assert response.status_code == 409
    assert b"Registration is closed" in response.content


def test_anonymous_register_goes_to_login(event, as_user):
    response = as_user().post(reverse("tournaments:register", args=[event.pk]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_register_is_post_only(event, as_user):
    assert (
        as_user(UserFactory()).get(reverse("tournaments:register", args=[event.pk])).status_code
        == 405
    )


# --- My match -----------------------------------------------------------------------------


def test_my_match_shows_table_opponent_and_form(event, regs, table1, as_user):
    response = as_user(regs[1].player).get(me_url(event))
    assert response.status_code == 200
    content = response.content.decode()
    assert "Table 1" in content
    assert regs[0].name in content  # the opponent
    assert 'data-testid="report-form"' in content
    assert "Result (your games first)" in content and 'value="2-1-0"' in content


def test_a_bye_has_no_form(event, regs, table1, as_user):
    content = as_user(regs[4].player).get(me_url(event)).content.decode()
    assert "You have a bye this round" in content
    assert 'data-testid="report-form"' not in content


def test_unpublished_pairings_are_not_shown_to_players(event, regs, as_user):
    make_round(event, [(regs[0], regs[1])], status=RoundStatus.DRAFT)
    content = as_user(regs[0].player).get(me_url(event)).content.decode()
    assert regs[1].name not in content
    assert "No pairings have been published yet" in content


def test_the_clock_counts_down_my_table_with_its_extension(event, regs, table1, judge, as_user):
    round_start_clock(actor=judge, round_id=table1.round_id)
    table1.extension_seconds = 300
    table1.save()
    table1.round.refresh_from_db()
    content = as_user(regs[0].player).get(me_url(event)).content.decode()
    expected = (
        table1.round.ends_at.replace(microsecond=table1.round.ends_at.microsecond)
    ).timestamp()
    assert 'class="countdown"' in content
    import re
    from datetime import datetime

    deadline = re.search(r'data-deadline="([^"]+)"', content).group(1)
    assert datetime.fromisoformat(deadline).timestamp() == pytest.approx(expected + 300)
    assert "data-server-now=" in content


# --- Reporting ------------------------------------------------------------------------------


def test_both_players_report_from_their_own_side_and_it_confirms(event, regs, table1, as_user):
    # Player A (regs[0]) won 2-1: A says "I won 2, opponent 1"; B says "I won 1, opponent 2".
    response = as_user(regs[0].player).post(report_url(table1), score(2, 1))
    assert response.status_code == 302
    table1.refresh_from_db()
    assert table1.status == MatchStatus.AWAITING
    response = as_user(regs[1].player).post(report_url(table1), score(1, 2))
    assert response.status_code == 302
    table1.refresh_from_db()
    assert table1.status == MatchStatus.CONFIRMED
    assert (table1.games_won_a, table1.games_won_b, table1.games_drawn) == (2, 1, 0)
    assert table1.winner == "a"
    page = as_user(regs[1].player).get(me_url(event)).content.decode()
    assert "You lost 1-2." in page


def test_different_reports_are_disputed(event, regs, table1, as_user):
    as_user(regs[0].player).post(report_url(table1), score(2, 0))
    response = as_user(regs[1].player).post(report_url(table1), score(2, 0), follow=True)
    table1.refresh_from_db()
    assert table1.status == MatchStatus.DISPUTED
    assert b"a judge will settle the result" in response.content


def test_a_double_submit_is_one_report(event, regs, table1, as_user):
    client = as_user(regs[0].player)
    data = score(2, 0, key="same-key-1")
    client.post(report_url(table1), data)
    client.post(report_url(table1), data)
    assert ResultReport.objects.filter(match=table1).count() == 1


def test_game_by_game_report_with_the_play_or_draw_record(event, regs, table1, as_user):
    games = {
        "g1_winner": "opp",
        "g1_chooser": "me",
        "g1_choice": "first",
        "g2_winner": "me",  # I lost game 1, so I choose in game 2 (not said: filled in)
        "g2_choice": "second",
        "g3_winner": "me",
        "g3_chooser": "opp",
    }
    # Score left empty: it comes from the games.
    data = {f"report-{k}": v for k, v in games.items()}
    r = as_user(regs[0].player).post(report_url(table1), data)
    assert r.status_code == 302
    mirrored = {k: {"me": "opp", "opp": "me"}.get(v, v) for k, v in games.items()}
    mirrored["g2_chooser"] = "opp"  # B says who chose in game 2 explicitly: same meaning
    data = score(1, 2) | {f"report-{k}": v for k, v in mirrored.items()}
    assert as_user(regs[1].player).post(report_url(table1), data).status_code == 302
    table1.refresh_from_db()
    assert table1.status == MatchStatus.CONFIRMED
    games = list(table1.games.order_by("number"))
    assert [(g.winner, g.chooser, g.choice_reason, g.choice) for g in games] == [
        ("b", "a", "won_random_method", "first"),
        ("a", "a", "lost_game_1", "second"),
        ("a", "b", "won_random_method", "first"),
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (score(3, 0), "Select a valid choice"),
        (score(2, 2), "2-2-0 is impossible: only one player can win 2 games."),
        (score("", ""), "Choose the score."),
        (score("x", 1), "Select a valid choice"),
        (score(9, 0), "Select a valid choice"),
        (score(2, 0, 10), "Select a valid choice"),
        (
            score(2, 0, g1_winner="me", g3_winner="me"),
            "Fill in the games in order: game 2 is empty.",
        ),
        (score(2, 0, g1_chooser="me"), "Say who won game 1."),
        (score(2, 1, g1_winner="me", g1_chooser="me", g2_winner="me"), "add up to"),
        (score(2, 0, g1_winner="somebody"), "Select a valid choice"),
        (
            score(1, 0, g1_winner="draw", g1_penalty="on"),
            "Game 1 cannot be marked as lost by penalty: only a judge gives a game loss",
        ),
    ],
)
def test_bad_reports_are_refused_and_change_nothing(event, regs, table1, as_user, data, message):
    response = as_user(regs[0].player).post(report_url(table1), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    table1.refresh_from_db()
    assert table1.status == MatchStatus.PENDING
    assert not table1.reports.exists()


def test_the_wrong_chooser_is_refused_with_the_rule_and_the_names(event, regs, table1, as_user):
    data = score(
        2,
        1,
        g1_winner="opp",
        g1_chooser="me",
        g2_winner="me",
        g2_chooser="opp",  # wrong: I lost game 1, so I choose
        g3_winner="me",
        g3_chooser="me",
    )
    response = as_user(regs[0].player).post(report_url(table1), data)
    assert response.status_code == 400
    content = response.content.decode()
    assert (
        f"Game 2: {regs[1].name} chose play or draw, but {regs[0].name} had to choose." in content
    )
    assert "In game 2 the loser of game 1 chooses, even when the loss was a penalty." in content
    assert not table1.reports.exists()


def test_a_game_lost_by_penalty_counts_for_game_2(event, regs, table1, judge, as_user):
    penalty_issue(actor=judge, registration_id=regs[0].pk, kind="game_loss", reason="Marked cards")
    # Game 1 lost by penalty by me (A): I choose in game 2.
    data = score(
        1,
        2,
        g1_winner="opp",
        g1_penalty="on",
        g2_winner="me",
        g2_chooser="me",
        g3_winner="opp",
        g3_chooser="opp",
    )
    r = as_user(regs[0].player).post(report_url(table1), data)
    assert r.status_code == 302
    # Ignoring the game loss is refused.
    response = as_user(regs[1].player).post(report_url(table1), score(0, 2))
    assert response.status_code == 400
    # Named: who lost which game to the game loss, and who won it.
    assert (
        f"ignores a game loss: {regs[0].name} lost game 1 to a game loss: {regs[1].name} won it."
        in response.content.decode()
    )


def test_a_report_for_a_finished_round_is_refused_with_the_reason(event, regs, table1, as_user):
    table1.round.status = RoundStatus.FINISHED
    table1.round.save()
    response = as_user(regs[0].player).post(report_url(table1), score(2, 0))
    assert response.status_code == 409
    assert "Round 1 is over: ask a judge to enter this result." in response.content.decode()


def test_another_player_cannot_report_my_match(event, regs, table1, as_user):
    assert as_user(regs[2].player).post(report_url(table1), score(2, 0)).status_code == 403
    assert not table1.reports.exists()


def test_a_judge_is_sent_to_result_entry(event, judge, table1, as_user):
    response = as_user(judge).post(report_url(table1), score(2, 0))
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:result", args=[table1.pk])


def test_report_get_goes_back_to_my_match(event, regs, table1, as_user):
    response = as_user(regs[0].player).get(report_url(table1))
    assert response.status_code == 302 and response["Location"] == me_url(event)


def test_history_lists_my_published_matches_from_my_side(event, regs, table1, judge, as_user):
    from tournaments.services.results import ReportedResult, match_set_result

    match_set_result(actor=judge, match_id=table1.pk, result=ReportedResult(0, 2))
    make_round(event, [(regs[1], regs[0])], status=RoundStatus.DRAFT)
    content = as_user(regs[0].player).get(me_url(event)).content.decode()
    history = content[content.index('data-testid="history"') :]
    assert "Lost</span> 0-2" in history
    assert history.count("<tr>") == 2  # header + round 1; the draft round 2 is hidden


# --- Drops -----------------------------------------------------------------------------------


def drop_url(reg):
    return reverse("tournaments:drop", args=[reg.pk])


def test_a_player_drops_themself_between_rounds(event, regs, table1, as_user):
    client = as_user(regs[0].player)
    assert client.get(drop_url(regs[0])).status_code == 200
    response = client.post(drop_url(regs[0]), {})
    assert response.status_code == 302
    regs[0].refresh_from_db()
    assert regs[0].status == RegistrationStatus.DROPPED
    assert regs[0].dropped_after_round == 1


def test_withdrawing_before_the_event_removes_the_registration(event, regs, as_user):
    as_user(regs[0].player).post(drop_url(regs[0]), {})
    assert not Registration.objects.filter(pk=regs[0].pk).exists()


def test_a_judge_must_give_a_reason(event, regs, table1, judge, as_user):
    response = as_user(judge).post(drop_url(regs[3]), {"reason": ""})
    assert response.status_code == 400
    assert b"This field is required." in response.content
    regs[3].refresh_from_db()
    assert regs[3].status != RegistrationStatus.DROPPED
    response = as_user(judge).post(drop_url(regs[3]), {"reason": "Left for a family emergency"})
    assert response.status_code == 302
    regs[3].refresh_from_db()
    assert regs[3].drop_reason == "Left for a family emergency"
    assert regs[3].dropped_by == judge


def test_a_too_long_reason_is_a_form_error(event, regs, table1, judge, as_user):
    response = as_user(judge).post(drop_url(regs[3]), {"reason": "x" * 201})
    assert response.status_code == 400
    regs[3].refresh_from_db()
    assert regs[3].status != RegistrationStatus.DROPPED


def test_a_player_cannot_drop_someone_else(event, regs, as_user):
    assert as_user(regs[1].player).post(drop_url(regs[0]), {}).status_code == 403
    assert as_user(regs[1].player).get(drop_url(regs[0])).status_code == 403


def test_dropping_after_the_event_is_refused(event, regs, table1, as_user):
    event.status = "finished"
    event.save()
    response = as_user(regs[0].player).post(drop_url(regs[0]), {})
    assert response.status_code == 409
    assert b"The event is over." in response.content


def test_a_report_from_a_page_left_open_last_round(event, regs, table1, judge, as_user):
    from tournaments.services.results import ReportedResult, match_set_result

    for match in table1.round.matches.exclude(status=MatchStatus.CONFIRMED):
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(2, 0))
    table1.round.status = RoundStatus.FINISHED
    table1.round.save()
    round2 = make_round(event, [(regs[0], regs[2]), (regs[1], regs[3])])
    response = as_user(regs[0].player).post(report_url(table1), score(0, 2))
    assert response.status_code == 409
    content = response.content.decode()
    assert "Round 1 is over: ask a judge to enter this result." in content
    new_match = round2.matches.get(table=1)
    assert f'action="{report_url(new_match)}#report-errors"' in content
    assert 'name="report-score"' in content


# --- The play-or-draw record (DAR) --------------------------------------------------------


def test_without_the_requirement_a_score_or_winners_only_are_accepted(event, regs, table1, as_user):
    assert not event.play_draw_required
    response = as_user(regs[0].player).post(report_url(table1), score(1, 0, g1_winner="me"))
    assert response.status_code == 302
    response = as_user(regs[1].player).post(report_url(table1), score(0, 1))
    assert response.status_code == 302
    table1.refresh_from_db()
    assert table1.status == MatchStatus.CONFIRMED


@pytest.fixture
def required(event):
    event.play_draw_required = True
    event.save(update_fields=["play_draw_required"])
    return event


def test_the_event_option_requires_the_game_by_game_record(required, regs, table1, judge, as_user):
    client = as_user(regs[0].player)
    page = client.get(me_url(required)).content.decode()
    assert "this event requires it" in page and 'name="report-g1_random"' in page
    assert 'name="report-g2_random"' not in page  # game 2 has no coin or die
    response = client.post(report_url(table1), score(2, 0))
    assert response.status_code == 400
    assert "This event requires the game-by-game record" in response.content.decode()
    response = client.post(
        report_url(table1), score(2, 0, g1_winner="me", g2_winner="me", g2_chooser="opp")
    )
    assert response.status_code == 400
    assert "Game 1: say who won the coin or die." in response.content.decode()
    # The coin winner must be the one who chose (DAR): recorded apart, so it is checked.
    wrong = score(
        2, 0, g1_winner="me", g1_random="opp", g1_chooser="me", g2_winner="me", g2_chooser="opp"
    )
    response = client.post(report_url(table1), wrong)
    assert response.status_code == 400
    assert f"{regs[1].name} had to choose" in response.content.decode()
    right = score(
        2,
        0,
        g1_winner="me",
        g1_random="opp",
        g1_chooser="opp",
        g1_choice="second",
        g2_winner="me",
        g2_chooser="opp",
    )
    assert client.post(report_url(table1), right).status_code == 302
    mirrored = score(
        0,
        2,
        g1_winner="opp",
        g1_random="me",
        g1_chooser="me",
        g1_choice="second",
        g2_winner="opp",
        g2_chooser="me",
    )
    assert as_user(regs[1].player).post(report_url(table1), mirrored).status_code == 302
    table1.refresh_from_db()
    assert table1.status == MatchStatus.CONFIRMED
    first = table1.games.get(number=1)
    assert (first.random_winner, first.chooser, first.choice) == ("b", "b", "second")
    # A judge may still enter a score alone.
    other = table1.round.matches.get(table=2)
    from tournaments.services.results import ReportedResult, match_set_result

    match_set_result(actor=judge, match_id=other.pk, result=ReportedResult(2, 0))
