"""Pairing rounds through the services: start, missing results, drops, late entries, judge
edits, publication, and the top cut."""

from __future__ import annotations

import pytest

from config.errors import ConflictError, DomainError
from tests.tournaments.helpers import add_players
from tournaments.models import AuditEntry, Match, Seat
from tournaments.models.choices import (
    EventStatus,
    MatchStatus,
    RegistrationStatus,
    RoundKind,
    RoundStatus,
)
from tournaments.services.registration import registration_add, registration_drop
from tournaments.services.results import ReportedResult, match_set_result
from tournaments.services.rounds import (
    round_pair_next,
    round_publish,
    round_repair,
    round_swap,
)
from tournaments.services.topcut import event_finish, topcut_advance, topcut_start

pytestmark = pytest.mark.django_db


TWO_NIL = ReportedResult(2, 0)


def play_out(round_, judge, score=TWO_NIL):
    """Publish the round and have the judge enter a result at every table."""
    round_publish(actor=judge, round_id=round_.pk)
    for match in round_.matches.exclude(status=MatchStatus.CONFIRMED):
        match_set_result(actor=judge, match_id=match.pk, result=score)


def paired_ids(round_) -> set[int]:
    return set(Seat.objects.filter(round=round_).values_list("registration_id", flat=True))


def test_pairing_round_1_starts_the_event_and_marks_no_shows(event, judge):
    present = add_players(event, 6)
    absent = add_players(event, 2, checked_in=False, prefix="absent")
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    event.refresh_from_db()
    assert event.status == EventStatus.RUNNING
    assert round1.number == 1 and round1.status == RoundStatus.DRAFT
    assert paired_ids(round1) == {r.pk for r in present}
    for reg in absent:
        reg.refresh_from_db()
        assert reg.status == RegistrationStatus.NO_SHOW


def test_an_odd_field_gets_one_bye_scored_as_a_win(event, judge):
    add_players(event, 5)
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    bye = round1.matches.get(player_b__isnull=True)
    assert bye.status == MatchStatus.CONFIRMED and (bye.games_won_a, bye.games_won_b) == (2, 0)
    assert bye.flags[0]["code"] == "bye"


def test_pairing_with_results_missing_names_the_tables(event, judge, regs):
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    round_publish(actor=judge, round_id=round1.pk)
    first = round1.matches.order_by("table").first()
    match_set_result(actor=judge, match_id=first.pk, result=ReportedResult(2, 1))
    with pytest.raises(ConflictError) as info:
        round_pair_next(actor=judge, event_id=event.pk)
    assert "tables 2, 3, 4" in info.value.message
    assert info.value.extra["missing_tables"] == [2, 3, 4]
    with pytest.raises(DomainError, match="why"):
        round_pair_next(actor=judge, event_id=event.pk, force=True)
    round2 = round_pair_next(actor=judge, event_id=event.pk, force=True, reason="Time is short")
    assert round2.forced
    assert AuditEntry.objects.filter(action="round.force", reason="Time is short").exists()


def test_an_unpublished_round_blocks_the_next(event, judge, regs):
    round_pair_next(actor=judge, event_id=event.pk)
    with pytest.raises(ConflictError, match="not published"):
        round_pair_next(actor=judge, event_id=event.pk)


def test_no_rematches_and_dropped_players_never_paired(event, judge, regs):
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    play_out(round1, judge)
    registration_drop(actor=regs[0].player, registration_id=regs[0].pk)
    round2 = round_pair_next(actor=judge, event_id=event.pk)
    assert regs[0].pk not in paired_ids(round2)
    met = {frozenset((m.player_a_id, m.player_b_id)) for m in round1.matches.all()}
    again = {frozenset((m.player_a_id, m.player_b_id)) for m in round2.matches.all()}
    assert not met & again
    assert Match.objects.get(round=round2, player_b__isnull=True)  # 7 players: a bye


def test_a_late_entry_is_paired_from_the_next_round(event, judge, regs):
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    late = registration_add(actor=judge, event_id=event.pk, display_name="Late Lola")
    assert late.pk not in paired_ids(round1)
    play_out(round1, judge)
    assert late.pk in paired_ids(round_pair_next(actor=judge, event_id=event.pk))


def test_swap_before_publishing_is_reflagged_and_audited(event, judge, regs):
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    play_out(round1, judge)
    round2 = round_pair_next(actor=judge, event_id=event.pk)
    t1, t2 = round2.matches.order_by("table")[:2]
    round_swap(
        actor=judge,
        round_id=round2.pk,
        registration_a=t1.player_a_id,
        registration_b=t2.player_b_id,
        reason="Seat family apart",
    )
    t1.refresh_from_db()
    t2.refresh_from_db()
    assert paired_ids(round2) == {r.pk for r in regs}
    assert Seat.objects.get(round=round2, registration_id=t1.player_b_id).match_id == t1.pk
    assert AuditEntry.objects.filter(action="round.swap", reason="Seat family apart").exists()
    round_publish(actor=judge, round_id=round2.pk)
    with pytest.raises(ConflictError, match="Published"):
        round_swap(
            actor=judge,
            round_id=round2.pk,
            registration_a=t1.player_a_id,
            registration_b=t2.player_a_id,
        )


def test_a_swap_that_creates_an_avoidable_rematch_is_refused(event, judge, regs):
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    play_out(round1, judge)
    round2 = round_pair_next(actor=judge, event_id=event.pk)
    old = round1.matches.get(table=1)
    mine = Match.objects.get(round=round2, seats__registration_id=old.player_a_id)
    partner = mine.player_b_id if mine.player_a_id == old.player_a_id else mine.player_a_id
    with pytest.raises(ConflictError, match="already met"):
        round_swap(
            actor=judge, round_id=round2.pk, registration_a=partner, registration_b=old.player_b_id
        )
    mine.refresh_from_db()
    assert old.player_b_id not in {mine.player_a_id, mine.player_b_id}


def test_repair_draws_new_pairings_with_a_recorded_seed(event, judge, regs):
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    again = round_repair(actor=judge, round_id=round1.pk, reason="Wrong players checked in")
    assert again.number == 1 and again.seed != round1.seed
    assert paired_ids(again) == {r.pk for r in regs}


def test_a_full_event_with_a_top_4_cut(event, judge, regs):
    event.swiss_rounds = 3
    event.top_cut = 4
    event.save()
    for _ in range(3):
        play_out(round_pair_next(actor=judge, event_id=event.pk), judge)
    with pytest.raises(ConflictError, match="All 3 Swiss rounds"):
        round_pair_next(actor=judge, event_id=event.pk)
    semis = topcut_start(actor=judge, event_id=event.pk)
    assert semis.kind == RoundKind.TOP_CUT
    seeds = [m.flags[0]["params"] for m in semis.matches.order_by("table")]
    assert seeds == [{"a": 1, "b": 4}, {"a": 2, "b": 3}]
    round_publish(actor=judge, round_id=semis.pk)
    semi = semis.matches.first()
    with pytest.raises(DomainError, match="draw"):
        match_set_result(actor=judge, match_id=semi.pk, result=ReportedResult(1, 1, 1))
    for match in semis.matches.all():
        match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(0, 2))
    final = topcut_advance(actor=judge, event_id=event.pk)
    winners = {m.player_b_id for m in semis.matches.all()}
    assert {final.matches.get().player_a_id, final.matches.get().player_b_id} == winners
    play_out(final, judge)
    assert topcut_advance(actor=judge, event_id=event.pk) is None
    event.refresh_from_db()
    assert event.status == EventStatus.FINISHED


def test_an_event_without_a_cut_finishes_after_its_last_round(event, judge, regs):
    event.swiss_rounds = 1
    event.save()
    play_out(round_pair_next(actor=judge, event_id=event.pk), judge)
    with pytest.raises(ConflictError, match="no top cut"):
        topcut_start(actor=judge, event_id=event.pk)
    assert event_finish(actor=judge, event_id=event.pk).status == EventStatus.FINISHED


def test_a_rematch_swap_names_the_players_and_a_judge_may_confirm_it(event, judge, regs):
    round1 = round_pair_next(actor=judge, event_id=event.pk)
    play_out(round1, judge)
    round2 = round_pair_next(actor=judge, event_id=event.pk)
    old = round1.matches.get(table=1)
    mine = Match.objects.get(round=round2, seats__registration_id=old.player_a_id)
    partner = mine.player_b_id if mine.player_a_id == old.player_a_id else mine.player_a_id
    names = {r.pk: r.name for r in regs}
    with pytest.raises(ConflictError) as info:
        round_swap(
            actor=judge, round_id=round2.pk, registration_a=partner, registration_b=old.player_b_id
        )
    assert names[old.player_a_id] in info.value.message
    assert names[old.player_b_id] in info.value.message
    assert info.value.code == "rematch"
    assert sorted(info.value.extra["rematches"][0]["players"]) == sorted(
        [names[old.player_a_id], names[old.player_b_id]]
    )
    with pytest.raises(DomainError, match="why"):
        round_swap(
            actor=judge,
            round_id=round2.pk,
            registration_a=partner,
            registration_b=old.player_b_id,
            allow_rematch=True,
        )
    round_swap(
        actor=judge,
        round_id=round2.pk,
        registration_a=partner,
        registration_b=old.player_b_id,
        allow_rematch=True,
        reason="Friends asked to play again",
    )
    mine.refresh_from_db()
    assert {mine.player_a_id, mine.player_b_id} == {old.player_a_id, old.player_b_id}
    assert "rematch" in {f["code"] for f in mine.flags}
    entry = AuditEntry.objects.get(action="round.swap")
    assert entry.reason == "Friends asked to play again"
    assert entry.after[-1]["rematch_confirmed"][0]["table"] == mine.table
