"""Pairing flags as sentences, in English and Spanish; the demo events load twice unchanged."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.utils import translation

from tournaments.flags import describe, flag_sentence
from tournaments.models import Event, Match
from tournaments.models.choices import EventStatus, MatchStatus

NAMES = {1: "Alba", 2: "Bruno", 3: "Carla"}


@pytest.mark.parametrize(
    ("flag", "sentence"),
    [
        (
            {"code": "paired_down", "params": {"player": 1, "from_points": 6, "to_points": 3}},
            "Alba (6 points) was paired down against an opponent with 3.",
        ),
        (
            {"code": "bye", "params": {"reason": "random_first_round", "had_bye_before": False}},
            "Bye for Carla: an odd number of players in round 1, drawn at random.",
        ),
        (
            {"code": "bye", "params": {"reason": "lowest_ranked_without_bye"}},
            "Bye for Carla: the lowest-ranked player who has not had a bye.",
        ),
        (
            {"code": "bye", "params": {"reason": "everyone_had_bye", "had_bye_before": True}},
            "Bye for Carla: everyone still in the event has had a bye, so the lowest-ranked "
            "player gets another. Carla has had a bye before.",
        ),
        (
            {"code": "bye", "params": {"reason": "avoids_rematch", "preferred_player": 2}},
            "Bye for Carla rather than Bruno: giving it to Bruno would have forced a rematch.",
        ),
        (
            {"code": "bye", "params": {"reason": "judge_assigned", "preferred_player": 2}},
            "Bye for Carla, assigned by a judge (it would have gone to Bruno).",
        ),
        (
            {"code": "rematch_forced", "params": {"players": [1, 2]}},
            "Rematch: no pairing of this round could avoid every rematch.",
        ),
        (
            {"code": "fixed_table", "params": {"player": "2", "table": 7}},
            "Bruno keeps fixed table 7.",
        ),
        (
            {"code": "fixed_table_conflict", "params": {"player": 2, "table": 7}},
            "Bruno could not be seated at fixed table 7.",
        ),
        ({"code": "seeds", "params": {"a": 1, "b": 8}}, "Seed 1 against seed 8."),
        ({"code": "something_new", "params": {}}, "something_new"),
    ],
)
def test_each_flag_reads_as_a_sentence(flag, sentence):
    assert flag_sentence(flag, NAMES, bye_player="Carla") == sentence


def test_flags_are_translated():
    with translation.override("es"):
        (text,) = describe([{"code": "seeds", "params": {"a": 1, "b": 4}}], NAMES)
    assert text.sentence == "Cabeza de serie 1 contra cabeza de serie 4."
    assert text.label == "Cabezas de serie"


def test_an_unknown_player_id_is_shown_as_is():
    assert "99 keeps" in flag_sentence({"code": "fixed_table", "params": {"player": 99}}, NAMES)


@pytest.mark.django_db
def test_demo_events_load_through_the_services_and_twice_is_once(capsys):
    call_command("demo_data")
    call_command("demo_data")
    assert (
        Event.objects.filter(name__startswith="Demo:").exclude(format="booster-draft").count() == 2
    )
    running = Event.objects.get(status=EventStatus.RUNNING)
    assert running.rounds.count() == 2
    statuses = set(
        Match.objects.filter(round__event=running, round__number=2).values_list("status", flat=True)
    )
    assert {MatchStatus.CONFIRMED, MatchStatus.AWAITING, MatchStatus.DISPUTED} <= statuses
    open_event = Event.objects.exclude(format="booster-draft").get(
        status=EventStatus.REGISTRATION, name__startswith="Demo:"
    )
    assert open_event.registrations.count() == 10
    assert "Swiss round 2 of 3 running" in capsys.readouterr().out
