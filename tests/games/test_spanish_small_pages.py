"""Small pages read right in Spanish and offer only what is valid: the odds errors name the
counters in the reader's words, the odds form offers each vanguard its own side's magic and
says so when sent without its script, and Django's own messages use the site's informal
voice."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.engines.errors import OddsInputError
from games.messages import error_text

pytestmark = pytest.mark.django_db


def test_the_odds_magic_error_has_no_english_values_in_spanish():
    error = OddsInputError("odds.magic", {"value": "fire", "side": "heads", "allowed": "water"})
    with translation.override("es"):
        assert error_text(error) == "'fuego' no es una ficha de magia de cara (agua)"
    assert error_text(error) == "'fire' is not a magic counter for heads (water)"
    twice = OddsInputError("odds.magic_twice", {"side": "tails", "counter": "earth"})
    with translation.override("es"):
        assert "'tierra'" in error_text(twice)


def test_the_odds_api_answers_in_spanish_words(client):
    body = {"attacker": [{"type": "wizard", "magic": "fire"}], "defender": [{"type": "footman"}]}
    response = client.post(
        "/api/games/qiahn-tactics/odds/",
        body,
        content_type="application/json",
        headers={"accept-language": "es"},
    )
    assert response.status_code == 400
    assert response.json()["detail"] == ["'fuego' no es una ficha de magia de cara (agua)"]


def test_each_magic_option_names_its_side(client):
    html = client.get("/games/qiahn-tactics/odds/").content.decode()
    assert 'data-magic-of="attacker"' in html and 'data-magic-of="defender"' in html
    assert '<option value="fire" data-side="tails">' in html
    assert '<option value="water" data-side="heads">' in html


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("", "Fire is tails&#x27; magic; this vanguard is heads."),
        ("/es", "Fuego es magia de cruz; esta vanguardia es de cara."),
    ],
)
def test_a_form_sent_without_its_script_is_refused_on_the_field(client, lang, expected):
    query = {
        "attacker_side": "heads",
        "ruleset": "rulebook-1",
        "attacker_0_type": "wizard",
        "attacker_0_magic": "fire",
        "defender_0_type": "footman",
    }
    response = client.get(f"{lang}/games/qiahn-tactics/odds/", query)
    assert response.status_code == 400
    html = response.content.decode()
    assert expected in html
    assert 'data-testid="odds-problem"' not in html  # the form caught it, not the engine


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ({"added": 1, "removed": 2, "changed": 0}, "1 añadida, 2 eliminadas, 0 cambiadas."),
        ({"added": 2, "removed": 1, "changed": 1}, "2 añadidas, 1 eliminada, 1 cambiada."),
    ],
)
def test_the_rulings_diff_counts_agree_in_number(counts, expected):
    context = {"diff": {"empty": False, "counts": counts}, "sections": []}
    with translation.override("es"):
        html = render_to_string("rulings/_diff.html", context)
    assert expected in html


def test_the_rulings_history_has_one_word(client):
    from rulings.demo import load_rulings_data

    load_rulings_data()
    html = client.get("/es/rulings/").content.decode()
    assert "Historial" in html and "Histórico" not in html


def test_the_password_change_page_says_tu(client, player):
    client.force_login(player)
    html = client.get("/es/accounts/password/change/").content.decode()
    assert "Tu contraseña no puede" in html
    assert "Su contraseña" not in html and "introduzca" not in html.lower()
