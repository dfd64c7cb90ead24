"""``lock_match`` builds, from one hand-joined query, the same instances the ORM would."""

from __future__ import annotations

import pytest
from django.db import transaction

from config.errors import NotFoundError
from tests.tournaments.helpers import make_round
from tournaments.models import Match
from tournaments.services.locking import lock_match

pytestmark = pytest.mark.django_db


def _values(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def _locked(match_id: int, **kwargs) -> Match:
    with transaction.atomic():
        return lock_match(match_id, **kwargs)


@pytest.fixture
def round1(event, regs):
    return make_round(event, [(regs[0], regs[1]), (regs[2], None)])


def test_a_paired_match_comes_back_as_the_orm_reads_it(round1):
    expected = Match.objects.select_related(
        "round__event", "player_a__player", "player_b__player"
    ).get(round=round1, table=1)
    Match.objects.filter(pk=expected.pk).update(flags=[{"kind": "paired_down"}])
    expected.refresh_from_db()
    match = _locked(expected.pk)
    assert _values(match) == _values(expected)
    assert match.flags == [{"kind": "paired_down"}]
    assert _values(match.round) == _values(expected.round)
    assert _values(match.round.event) == _values(expected.round.event)
    assert _values(match.player_a) == _values(expected.player_a)
    assert _values(match.player_b.player) == _values(expected.player_b.player)
    assert match._state.adding is False


def test_a_bye_has_no_second_player(round1):
    bye = round1.matches.get(table=2)
    match = _locked(bye.pk)
    assert match.player_b is None
    assert match.player_a.player.pk == bye.player_a.player_id
    assert match.confirmed_at == bye.confirmed_at
    assert match.games_won_a == 2


def test_an_unknown_match_is_not_found(db):
    with pytest.raises(NotFoundError):
        _locked(987654)
