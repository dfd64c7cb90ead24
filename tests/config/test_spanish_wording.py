"""Spanish wording the organisers asked for: one term per concept (tropa, never escuadra),
"Juego" for the game of an event, "Filtrar", and phrasing about a named player that reads
right whoever they are (no masculine participle agreeing with a name)."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _spanish():
    with translation.override("es"):
        yield


def test_one_term_for_the_qiahn_squad():
    assert "tropa" in gettext("Qíahn squad")
    for po_path in ROOT.glob("*/locale/es/LC_MESSAGES/django.po"):
        for entry in polib.pofile(str(po_path)):
            assert "escuadra" not in entry.msgstr.lower(), (po_path, entry.msgid)


def test_the_game_of_an_event_is_juego_and_the_filter_button_filtrar():
    assert pgettext("game title", "Game") == "Juego"
    assert pgettext("button", "Filter") == "Filtrar"


@pytest.mark.parametrize(
    "msgid, params",
    [
        ("%(name)s is registered.", {"name": "Ana"}),
        ("%(name)s is already registered for this event.", {"name": "Ana"}),
        ("You are registered.", {}),
        ("You are registered for %(event)s.", {"event": "Open"}),
        ("You are not registered for this event.", {}),
        ("This player has already dropped.", {}),
        (
            "%(player)s (%(high)s points) was paired down against an opponent with %(low)s.",
            {"player": "Ana", "high": 6, "low": 3},
        ),
    ],
)
def test_sentences_about_a_player_carry_no_gender(msgid, params):
    text = gettext(msgid) % params
    assert text != msgid % params, "not translated"
    for word in ("inscrito", "emparejado", "este jugador"):
        assert word not in text.lower(), text


@pytest.mark.django_db
def test_the_filter_buttons_say_filtrar(client):
    page = client.get("/es/events/").content.decode()
    assert ">Filtrar</button>" in page
