"""Two reports with the same score and different play-or-draw records: the score is the
result (confirmed, not disputed), no record is kept until the players agree on one, and
either player takes the other's record in one tap (``match_confirm_report``), or a judge
settles it. Reports with different scores stay a dispute. The answers that differ are named
by the pure comparison (``tournaments.report_compare``)."""

from __future__ import annotations

import pytest
from django.utils import translation

from config.errors import ConflictError, DomainError
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tests.tournaments.services.test_concurrency import race
from tournaments import report_compare, selectors
from tournaments.models import Game, Match, Penalty, ResultReport
from tournaments.models.choices import MatchStatus, PenaltyKind, ResultSource
from tournaments.report_presenter import compared, differing_answers, player_names
from tournaments.services.results import (
    Confirmation,
    ReportedResult,
    match_confirm_report,
    match_report,
    match_set_result,
    refusal_of,
)
from tournaments.services.standings import results_version

# A 2-0 for player A. A says A won the coin and played first; B says B won the coin and
# chose to play second (so A played first all the same): only who won the coin differs.
A_SAYS = [
    {"winner": "a", "random_winner": "a", "chooser": "a", "choice": "first"},
    {"winner": "a", "chooser": "b", "choice": "first"},
]
B_SAYS = [
    {"winner": "a", "random_winner": "b", "chooser": "b", "choice": "second"},
    {"winner": "a", "chooser": "b", "choice": "first"},
]


def _setting(prefix: str):
    event = make_event(make_organiser(f"{prefix}_orga"), play_draw_required=True)
    judge = add_judge(event, f"{prefix}_judge")
    regs = add_players(event, 2, prefix=prefix)
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    return event, judge, regs, match


def _report(reg, match, games, score=(2, 0)):
    return match_report(
        actor=reg.player, match_id=match.pk, result=ReportedResult(*score, games=games)
    )


def _fingerprint_of(match, reg) -> str:
    report = ResultReport.objects.get(match=match, registration=reg)
    return report_compare.record_fingerprint(report.games)


# --- The comparison (pure) --------------------------------------------------------------------


def test_only_the_answers_that_differ_are_named():
    first = report_compare.Report((2, 0, 0), A_SAYS)
    second = report_compare.Report((2, 0, 0), B_SAYS)
    assert report_compare.differences(first, second) == [
        report_compare.Difference("random_winner", 1, "a", "b")
    ]
    assert report_compare.records_differ(first, second)


def test_a_different_score_is_named_first_and_is_no_mere_record_difference():
    first = report_compare.Report((2, 0, 0), A_SAYS)
    second = report_compare.Report((0, 2, 0), [])
    assert report_compare.differences(first, second) == [
        report_compare.Difference("score", None, (2, 0, 0), (0, 2, 0))
    ]
    assert not report_compare.records_differ(first, second)


def test_a_score_alone_contradicts_no_record():
    first = report_compare.Report((2, 0, 0), A_SAYS)
    assert report_compare.differences(first, report_compare.Report((2, 0, 0), [])) == []


def test_who_played_first_is_compared_not_the_words_for_it():
    said = [{"winner": "a", "chooser": "a", "choice": "first"}]
    other_words = [{"winner": "a", "chooser": "b", "choice": "second"}]
    one, two = (report_compare.Report((1, 0, 0), g) for g in (said, other_words))
    assert report_compare.differences(one, two) == []
    played_second = [{"winner": "a", "chooser": "a", "choice": "second"}]
    three = report_compare.Report((1, 0, 0), played_second)
    assert report_compare.differences(one, three) == [
        report_compare.Difference("first", 1, "a", "b")
    ]


@pytest.mark.parametrize(
    ("language", "label", "mine", "theirs"),
    [
        ("en", "Game 1: who won the coin or die", "You", "Your opponent"),
        ("es", "Partida 1: quién ganó la moneda o el dado", "Tú", "Tu rival"),
    ],
)
def test_the_differing_answers_in_words_from_a_players_side(language, label, mine, theirs):
    first = report_compare.Report((2, 0, 0), A_SAYS)
    second = report_compare.Report((2, 0, 0), B_SAYS)
    with translation.override(language):
        [answer] = differing_answers(first, second, player_names("a"), side="a")
    assert (answer.label, answer.first, answer.second) == (label, mine, theirs)


# --- The services ---------------------------------------------------------------------------


@pytest.mark.django_db
class TestMatchingScores:
    def test_matching_scores_confirm_the_result_and_keep_no_record(self):
        event, _judge, regs, match = _setting("ms")
        _report(regs[0], match, A_SAYS)
        version = results_version(event.pk)
        done = _report(regs[1], match, B_SAYS)
        assert done.status == MatchStatus.CONFIRMED
        match.refresh_from_db()
        assert (match.status, match.result_source, match.winner) == ("confirmed", "players", "a")
        assert (match.games_won_a, match.games_won_b) == (2, 0)
        assert not Game.objects.filter(match=match).exists()
        assert selectors.records_differ(Match.objects.get(pk=match.pk))
        assert results_version(event.pk) == version + 1

    def test_different_scores_are_still_a_dispute(self):
        _event, _judge, regs, match = _setting("ds")
        _report(regs[0], match, A_SAYS)
        b_wins = [
            {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
            {"winner": "b", "chooser": "a", "choice": "first"},
        ]
        done = _report(regs[1], match, b_wins, score=(0, 2))
        assert done.status == MatchStatus.DISPUTED
        assert not selectors.records_differ(Match.objects.get(pk=match.pk))

    def test_the_second_reporter_takes_the_first_record_in_one_tap(self):
        event, _judge, regs, match = _setting("tk")
        _report(regs[0], match, A_SAYS)
        _report(regs[1], match, B_SAYS)
        version = results_version(event.pk)
        done = match_confirm_report(
            actor=regs[1].player,
            match_id=match.pk,
            seen_score=(2, 0, 0),
            seen_record=_fingerprint_of(match, regs[0]),
        )
        assert done.changed
        match.refresh_from_db()
        assert match.status == MatchStatus.CONFIRMED
        games = list(Game.objects.filter(match=match).order_by("number"))
        assert [(g.winner, g.random_winner, g.chooser, g.choice) for g in games] == [
            ("a", "a", "a", "first"),
            ("a", "", "b", "first"),
        ]
        mine = ResultReport.objects.get(match=match, registration=regs[1])
        theirs = ResultReport.objects.get(match=match, registration=regs[0])
        assert mine.games == theirs.games and mine.reported_by == regs[1].player
        assert not selectors.records_differ(match)
        assert results_version(event.pk) == version  # the score did not change
        again = match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 0, 0))
        assert again == Confirmation(match=again.match, changed=False)

    def test_the_first_reporter_may_take_the_second_record_as_well(self):
        _event, _judge, regs, match = _setting("fr")
        _report(regs[0], match, A_SAYS)
        _report(regs[1], match, B_SAYS)
        match_confirm_report(actor=regs[0].player, match_id=match.pk, seen_score=(2, 0, 0))
        games = Game.objects.filter(match=match).order_by("number")
        assert [g.random_winner for g in games] == ["b", ""]

    def test_a_record_changed_since_the_page_showed_it_is_not_taken(self):
        _event, _judge, regs, match = _setting("rc")
        _report(regs[0], match, A_SAYS)
        stale = _fingerprint_of(match, regs[0])
        other_record = [dict(A_SAYS[0], choice="second"), A_SAYS[1]]
        _report(regs[0], match, other_record)  # A corrects their record before B reports
        _report(regs[1], match, B_SAYS)
        with pytest.raises(ConflictError) as refusal:
            match_confirm_report(
                actor=regs[1].player, match_id=match.pk, seen_score=(2, 0, 0), seen_record=stale
            )
        assert refusal.value.code == "report_changed"
        kept = ResultReport.objects.get(match=match, registration=regs[1])
        assert kept.games[0]["random_winner"] == "b"
        assert not Game.objects.filter(match=match).exists()

    def test_the_one_tap_confirmation_carries_the_record_it_showed(self):
        _event, _judge, regs, match = _setting("ct")
        _report(regs[0], match, A_SAYS)
        with pytest.raises(ConflictError) as refusal:
            match_confirm_report(
                actor=regs[1].player,
                match_id=match.pk,
                seen_score=(2, 0, 0),
                seen_record=report_compare.record_fingerprint(B_SAYS),
            )
        assert refusal.value.code == "report_changed"
        assert Match.objects.get(pk=match.pk).status == MatchStatus.AWAITING
        done = match_confirm_report(
            actor=regs[1].player,
            match_id=match.pk,
            seen_score=(2, 0, 0),
            seen_record=_fingerprint_of(match, regs[0]),
        )
        assert done.changed and done.match.status == MatchStatus.CONFIRMED
        assert Game.objects.filter(match=match).count() == 2

    def test_once_a_judge_settled_it_the_players_cannot_take_a_record(self):
        _event, judge, regs, match = _setting("js")
        _report(regs[0], match, A_SAYS)
        _report(regs[1], match, B_SAYS)
        match_set_result(
            actor=judge,
            match_id=match.pk,
            result=ReportedResult(2, 0, games=B_SAYS),
            reason="B's record is right",
        )
        assert not selectors.records_differ(Match.objects.get(pk=match.pk))
        with pytest.raises(ConflictError, match="already confirmed"):
            match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 0, 0))
        assert [g.random_winner for g in Game.objects.filter(match=match)] == ["b", ""]
        assert Match.objects.get(pk=match.pk).result_source == ResultSource.JUDGE

    def test_the_judges_view_names_the_difference_by_the_players_names(self):
        _event, _judge, regs, match = _setting("jv")
        _report(regs[0], match, A_SAYS)
        _report(regs[1], match, B_SAYS)
        first, second = (compared(r) for r in selectors.players_reports_of(match))
        names = {"a": regs[0].name, "b": regs[1].name}
        [answer] = differing_answers(first, second, names)
        assert (answer.first, answer.second) == (regs[0].name, regs[1].name)


@pytest.mark.django_db
def test_refusal_of_says_what_confirming_a_report_would_meet():
    _event, judge, regs, match = _setting("rf")
    games = [
        {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
        {"winner": "a", "chooser": "a", "choice": "first"},
        {"winner": "b", "random_winner": "b", "chooser": "b", "choice": "first"},
    ]
    result = ReportedResult(1, 2, games=games)
    _report(regs[0], match, games, score=(1, 2))
    assert refusal_of(match, result) is None
    Penalty.objects.create(
        event=match.round.event,
        registration=regs[0],
        match=match,
        round=match.round,
        infraction="tardiness",
        kind=PenaltyKind.GAME_LOSS,
        game_number=1,
        reason="Late",
        issued_by=judge,
    )
    fresh = Match.objects.select_related("round__event", *selectors.MATCH_RELATED).get(pk=match.pk)
    refusal = refusal_of(fresh, result, players_report=True)
    assert isinstance(refusal, DomainError) and refusal.code == "game_loss_not_reported"


# --- Races (PostgreSQL: row locks; SQLite: the write lock) ------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.concurrency
def test_both_players_taking_each_others_record_at_once_end_agreed():
    _event, _judge, regs, match = _setting("tr")
    _report(regs[0], match, A_SAYS)
    _report(regs[1], match, B_SAYS)

    def take(reg):
        return lambda: match_confirm_report(
            actor=reg.player, match_id=match.pk, seen_score=(2, 0, 0)
        )

    outcomes = race(take(regs[0]), take(regs[1]))
    assert all(isinstance(o, Confirmation) for o in outcomes), outcomes
    assert sorted(o.changed for o in outcomes) == [False, True]
    match.refresh_from_db()
    assert not selectors.records_differ(match)
    reports = {r.registration_id: r.games for r in match.reports.all()}
    assert reports[regs[0].pk] == reports[regs[1].pk]
    stored = [g.random_winner for g in Game.objects.filter(match=match).order_by("number")]
    assert stored == [reports[regs[0].pk][0]["random_winner"], ""]


@pytest.mark.django_db(transaction=True)
@pytest.mark.concurrency
def test_a_record_taken_while_a_judge_enters_the_result_ends_with_the_judges_result():
    _event, judge, regs, match = _setting("tj")
    _report(regs[0], match, A_SAYS)
    _report(regs[1], match, B_SAYS)
    outcomes = race(
        lambda: match_confirm_report(actor=regs[1].player, match_id=match.pk, seen_score=(2, 0, 0)),
        lambda: match_set_result(
            actor=judge,
            match_id=match.pk,
            result=ReportedResult(2, 0, games=B_SAYS),
            reason="B's record is right",
        ),
    )
    tap, entry = outcomes
    assert isinstance(entry, Match), entry
    assert isinstance(tap, (Confirmation, ConflictError)), tap
    match.refresh_from_db()
    assert match.result_source == ResultSource.JUDGE
    assert [g.random_winner for g in Game.objects.filter(match=match).order_by("number")] == [
        "b",
        "",
    ]


def test_a_judge_reads_a_differing_score_with_the_players_names():
    first = report_compare.Report((2, 0, 0), [])
    second = report_compare.Report((0, 2, 0), [])
    [answer] = differing_answers(first, second, {"a": "Ana", "b": "Diego"})
    assert (answer.label, answer.first, answer.second) == (
        "The score",
        "Ana 2-0 Diego",
        "Ana 0-2 Diego",
    )
    [mine] = differing_answers(first, second, player_names("b"), side="b")
    assert (mine.first, mine.second) == ("0-2", "2-0")
