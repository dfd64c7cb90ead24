"""An event offers the infractions of its game and format only, decided in one place
(``Infraction.applies``): the DAR's draft rules in a booster draft, not in a constructed
event; deck-list infractions where there are deck lists; card infractions in card games.
The penalties service refuses any other (a translated 400 with its code in the API) and
writes nothing."""

from __future__ import annotations

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from config.errors import DomainError
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.infractions import INFRACTIONS, infractions_for
from tournaments.models import AuditEntry, Penalty
from tournaments.models.choices import EventFormat, GameKind
from tournaments.selectors import event_infractions
from tournaments.services.penalties import penalty_issue

pytestmark = pytest.mark.django_db

DRAFT_CODES = {
    "draft_notes",
    "draft_showing_cards",
    "draft_signals",
    "draft_reviewing_picks",
    "draft_pick_time",
    "deck_building_time",
}


def _codes(game: str, format: str) -> set[str]:
    return {i.code for i in infractions_for(game=game, format=format)}


def test_a_constructed_humankind_event_has_no_draft_infractions():
    codes = _codes(GameKind.HUMANKIND, EventFormat.MONOFACCION)
    assert not codes & DRAFT_CODES
    assert {"deck_not_legal", "deck_problem", "play_draw_after_looking", "slow_play"} <= codes


def test_a_booster_draft_has_the_draft_rules_and_no_constructed_legality():
    codes = _codes(GameKind.HUMANKIND, EventFormat.BOOSTER_DRAFT)
    assert codes >= DRAFT_CODES
    assert "deck_not_legal" not in codes and "deck_problem" in codes


def test_a_standard_event_has_no_deck_list_infractions():
    codes = _codes(GameKind.HUMANKIND, EventFormat.STANDARD)
    assert not codes & ({"deck_not_legal", "deck_list_problem", "deck_problem"} | DRAFT_CODES)
    assert "drawing_extra_cards" in codes


@pytest.mark.parametrize("game", [GameKind.QIAHN_TACTICS, GameKind.QIAHN_GOBLIN_II])
def test_a_qiahn_event_has_neither_the_dar_nor_card_infractions(game):
    # Whatever its (meaningless) format says.
    for format in EventFormat.values:
        codes = _codes(game, format)
        assert not codes & DRAFT_CODES
        assert not codes & {"play_draw_after_looking", "deck_problem", "marked_cards"}
        assert {"slow_play", "cheating", "other"} <= codes


def test_every_event_offers_the_general_infractions():
    general = {i.code for i in INFRACTIONS if not i.games and not i.formats}
    for game in GameKind.values:
        for format in EventFormat.values:
            assert general <= _codes(game, format)


def test_the_selector_reads_the_events_game_and_format(organiser):
    draft = make_event(organiser, name="Draft", format=EventFormat.BOOSTER_DRAFT)
    constructed = make_event(organiser, name="Constructed")
    assert {i.code for i in event_infractions(draft)} >= DRAFT_CODES
    assert not DRAFT_CODES & {i.code for i in event_infractions(constructed)}


@pytest.fixture
def constructed():
    event = make_event(make_organiser("inf_orga"), name="Liga")
    judge = add_judge(event, "inf_judge")
    regs = add_players(event, 4)
    return event, judge, regs


def test_the_service_refuses_a_draft_infraction_in_a_constructed_event(constructed):
    _event, judge, regs = constructed
    audited = AuditEntry.objects.count()
    with pytest.raises(DomainError) as refused:
        penalty_issue(
            actor=judge, registration_id=regs[0].pk, infraction="draft_notes", reason="Notes"
        )
    assert refused.value.code == "infraction_not_applicable"
    assert refused.value.field == "infraction"
    assert "Took notes during the draft" in refused.value.message
    assert "Humankind · Constructed: Monofacción" in refused.value.message
    assert not Penalty.objects.exists() and AuditEntry.objects.count() == audited
    with translation.override("es"), pytest.raises(DomainError) as refused:
        penalty_issue(
            actor=judge, registration_id=regs[0].pk, infraction="draft_notes", reason="Notas"
        )
    assert "no es una infracción de este evento" in refused.value.message
    # Its own infractions still go through.
    penalty_issue(actor=judge, registration_id=regs[0].pk, infraction="slow_play", reason="Slow")
    assert Penalty.objects.count() == 1


def test_a_qiahn_event_refuses_a_card_infraction(organiser):
    event = make_event(organiser, name="Qíahn", game=GameKind.QIAHN_TACTICS, format="standard")
    judge = add_judge(event, "qj")
    regs = add_players(event, 2)
    with pytest.raises(DomainError, match="Qíahn Tactics"):
        penalty_issue(
            actor=judge, registration_id=regs[0].pk, infraction="marked_cards", reason="x"
        )
    assert not Penalty.objects.exists()


def test_the_api_answers_400_with_the_code(constructed):
    event, judge, regs = constructed
    client = APIClient()
    client.force_authenticate(judge)
    url = f"/api/events/{event.pk}/penalties/"
    body = {"registration_id": regs[0].pk, "infraction": "draft_signals", "reason": "Signals"}
    response = client.post(url, body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "infraction_not_applicable"
    assert "infraction" in response.json()
    response = client.post(url, body, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 400
    assert "no es una infracción de este evento" in response.json()["infraction"][0]
    assert not Penalty.objects.exists()
    body["infraction"] = "slow_play"
    assert client.post(url, body, format="json").status_code == 201


def test_a_judge_calls_answer_offers_the_events_infractions(organiser):
    from judge_calls.forms import infraction_choices

    constructed = make_event(organiser, name="Constructed")
    draft = make_event(organiser, name="Draft", format=EventFormat.BOOSTER_DRAFT)
    assert not DRAFT_CODES & {code for code, _label in infraction_choices(constructed)}
    assert {code for code, _label in infraction_choices(draft)} >= DRAFT_CODES
