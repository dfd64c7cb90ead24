from __future__ import annotations

import pytest
from django.core.management import call_command

from tournaments.models import Event, Match
from tournaments.models.choices import MatchStatus, RegistrationStatus

pytestmark = pytest.mark.django_db


def test_simulate_event_plays_every_round_through_the_services(capsys):
    call_command(
        "simulate_event", "--players", "11", "--rounds", "4", "--seed", "7", "--drop-rate", "0.1"
    )
    out = capsys.readouterr().out
    event = Event.objects.get(pk=int(out.strip().splitlines()[-1].split()[-1]))
    assert event.rounds.count() == 4
    assert "round  4:" in out and "pairing" in out and "standings" in out
    assert (
        not Match.objects.filter(round__event=event).exclude(status=MatchStatus.CONFIRMED).exists()
    )
    dropped = event.registrations.filter(status=RegistrationStatus.DROPPED)
    for reg in dropped:
        later = Match.objects.filter(
            round__event=event, round__number__gt=reg.dropped_after_round, seats__registration=reg
        )
        assert not later.exists()


def test_simulate_event_refuses_nonsense():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("simulate_event", "--players", "1", "--rounds", "3")
