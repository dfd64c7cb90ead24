"""The Anachronism replay page: what it draws for the example, what it refuses and how, and
that no record it is given (however broken) makes it fail."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from games.anachronism_replay import replay_context
from games.engines.anachronism.playout import random_record
from tests.games.engines.anachronism.test_properties import VOCABULARY
from tests.games.engines.mutations import mutation_thunks

EXAMPLE = Path(__file__).parents[2] / "games" / "data" / "examples"
URL = "/games/anachronism/replay/"


def example() -> dict:
    return json.loads((EXAMPLE / "anachronism-five-assaults.json").read_text(encoding="utf-8"))


def test_every_step_of_the_example_is_a_frame_with_its_sentence_and_arena():
    context = replay_context(example())
    frames = context["frames"]
    assert context["verdict"]["valid"] and context["verdict"]["result"] == "north 0, south 1"
    assert len(frames) == 36  # the start, a placement roll, two placements, 32 more steps
    assert [a["number"] for a in context["assaults"]] == [1, 2, 3, 4, 5]
    critical = frames[18]
    assert critical["lines"] == [
        "Mountain Shieldbearer (south) attacks e3 with a basic attack: 13 against 8. "
        "Critical hit: 2 damage."
    ]
    targets = [s["name"] for s in critical["arena"]["squares"] if s["target"]]
    assert targets == ["e3"]
    north = next(w for w in critical["arena"]["warriors"] if w["side"] == "north")
    assert north["life_w"] == round(44 * 4 / 6, 1)
    assert frames[0]["arena"]["warriors"] == []  # nobody is placed before the first step
    assert frames[-1]["lines"][-1] == (
        "The game is over: south wins (more life left after assault 5)."
    )
    # The last action of an assault keeps its own sentence, then the next assault begins.
    assert frames[8]["lines"] == [
        "Fen Archer (north) moves to e4 and faces north.",
        "Assault 2 begins. North reveals War spear. South reveals Great axe.",
    ]


def test_an_illegal_record_is_drawn_up_to_its_refused_step():
    record = example()
    record["assaults"][0]["turns"][0]["actions"][1] = {"do": "turn", "face": "south"}
    context = replay_context(record)
    assert not context["verdict"]["valid"]
    assert context["verdict"]["error_path"] == "assaults[0].turns[0].actions[1].face"
    assert len(context["frames"]) == 5


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": "qiahn-tactics"}, "this record's game is qiahn-tactics"),
        ([1, 2], "this record's game is —"),
        ({"game": "anachronism", "format": 1}, "the required key"),
    ],
)
def test_what_the_page_cannot_draw_is_refused_with_a_reason(data, message):
    context = replay_context(data)
    assert context["frames"] == [] and message in context["error"]


@pytest.mark.django_db
def test_the_page_in_english_and_spanish(client):
    text = (EXAMPLE / "anachronism-five-assaults.json").read_text(encoding="utf-8")
    page = client.post(URL, {"record": text})
    assert page.status_code == 200
    assert page.content.decode().count('data-testid="frame"') == 36
    with translation.override("es"):
        url = reverse("games:anachronism_replay")
    page = client.post(url, {"record": text}).content.decode()
    assert "Repetición de Anachronism" in page and "Empieza el asalto 2." in page
    assert (
        "Arquera del pantano (norte) ataca" in page or "Escudero de la montaña (sur) ataca" in page
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("{not json", "the record is not valid JSON"),
        ('{"game": "qiahn-goblin-ii"}', "this record&#x27;s game is qiahn-goblin-ii"),
        ("", "Paste a record or choose a file."),
    ],
)
def test_a_record_the_page_cannot_draw_is_a_form_error(client, record, message):
    page = client.post(URL, {"record": record})
    assert page.status_code == 400
    assert message in page.content.decode()


@pytest.mark.django_db
def test_the_checker_links_an_anachronism_verdict_to_the_replay(client):
    text = (EXAMPLE / "anachronism-five-assaults.json").read_text(encoding="utf-8")
    page = client.post("/games/records/check/", {"record": text}).content.decode()
    assert 'action="/games/anachronism/replay/"' in page and 'data-testid="replay-link"' in page
    qiahn = (EXAMPLE / "qiahn-squad3.json").read_text(encoding="utf-8")
    page = client.post("/games/records/check/", {"record": qiahn}).content.decode()
    assert "replay-link" not in page


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_no_mutated_record_makes_the_page_fail(seed, data):
    record = random_record(random.Random(seed))
    candidates = list(mutation_thunks(record, VOCABULARY))
    for _, make in data.draw(st.lists(st.sampled_from(candidates), max_size=10)):
        mutated = make()
        if mutated is None:
            continue
        context = replay_context(mutated)
        assert context["error"] or context["frames"]
        for frame in context["frames"]:
            assert frame["lines"] or frame["number"] == 0
