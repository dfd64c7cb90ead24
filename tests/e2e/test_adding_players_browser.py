"""Adding players at the desk on a phone (390x844), in English and in Spanish, as a judge.

One player at a time: "Ma" names three people; the field keeps "Ma" and the page offers the
three, each "Name #number", and one tap adds Marta. Typing "Mrio Ruiz" (a typo) the
suggestions under the field say "did you mean" Mario Ruiz, and one tap adds him. "Martinex"
sent as it is offers Ana Martínez (and a walk-in of that name); one tap adds her.

Several at once: the judge pastes five lines and sees what each names before anything is
created: a misspelt name with "did you mean Lucía Fernández?" (or a walk-in), a new
walk-in, an ambiguous surname with its two people, a number nobody has and someone already
in the event. Confirming with a question unanswered adds nobody and asks again; answered,
the three players are added at once, and the misspelt name is not a walk-in.

Before, "Ma" cleared the field and asked for a player number, a typo got no suggestion,
and the bulk add made "Lucia Fernandes" a new walk-in who was then paired."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from tests.e2e.a11y import COUNT_REQUESTS, axe_findings, hold_still
from tests.e2e.test_swiss_event_browser import session_cookie, submit
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}

WORDS = {
    "en": {
        "prefix": "",
        "add": "Add",
        "pick": "Several people match Ma: pick one below.",
        "registered": "{name} is registered.",
        "did_you_mean": "Did you mean:",
        "walk_in_button": "Add “Martinex” as a walk-in",
        "bulk": "Add several players at once",
        "check": "Check the lines",
        "confirm": "Add these players",
        "close": "Nobody has this name. Did you mean someone else?",
        "walk_in": "Nobody has this name: a new walk-in.",
        "several": "Several people match: choose one.",
        "nobody_number": "Not added: Nobody has the player number 999999.",
        "already_in": "Not added: Marta Sáez #{n} is already in this event.",
        "new_walk_in": "New walk-in: Lucia Fernandes",
        "choose": "Choose someone for this line, or leave it out.",
        "added": "3 players added: Lucía Fernández, Walter Walkin, Eve Gil.",
        "left_out": "2 lines left out.",
    },
    "es": {
        "prefix": "/es",
        "add": "Añadir",
        "pick": "Varias personas coinciden con Ma: elige una abajo.",
        "registered": "Inscripción de {name} hecha.",
        "did_you_mean": "¿Querías decir…?",
        "walk_in_button": "Añadir «Martinex» como jugador sin cuenta",
        "bulk": "Añadir varios jugadores a la vez",
        "check": "Revisar las líneas",
        "confirm": "Añadir estos jugadores",
        "close": "Nadie tiene este nombre. ¿Querías decir otra persona?",
        "walk_in": "Nadie tiene este nombre: un jugador sin cuenta nuevo.",
        "several": "Coinciden varias personas: elige una.",
        "nobody_number": "No se añade: Nadie tiene el número de jugador 999999.",
        "already_in": "No se añade: Marta Sáez #{n} ya está en este evento.",
        "new_walk_in": "Jugador sin cuenta nuevo: Lucia Fernandes",
        "choose": "Elige a alguien para esta línea o déjala fuera.",
        "added": "3 jugadores añadidos: Lucía Fernández, Walter Walkin, Eve Gil.",
        "left_out": "2 líneas dejadas fuera.",
    },
}


@pytest.fixture
def desk():
    event = make_event(make_organiser("ap_orga"), name="Desk Open")
    judge = add_judge(event, "ap_judge")
    people = {
        key: UserFactory(username=f"ap_{key}", display_name=name)
        for key, name in [
            ("marta", "Marta Sáez"),
            ("mario", "Mario Ruiz"),
            ("ana", "Ana Martínez"),
            ("lucia", "Lucía Fernández"),
            ("eva", "Eva Gil"),
            ("eve", "Eve Gil"),
        ]
    }
    return event, judge, people


def label(person) -> str:
    return f"{person.display_name} #{person.player_number}"


def registered(event) -> set[str]:
    return set(event.registrations.values_list("player__display_name", flat=True))


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def add_one_by_one(page: Page, words: dict, event, people) -> None:
    form = page.get_by_test_id("add-player")
    field = form.locator("#id_player")

    # "Ma": the suggestions as the judge types, then the same people after sending it.
    field.press_sequentially("Ma")
    suggestions = page.get_by_test_id("suggestion")
    expect(suggestions).to_have_count(3)
    expect(suggestions).to_have_text(
        [label(people["ana"]), label(people["mario"]), label(people["marta"])], use_inner_text=True
    )
    submit(page, form.get_by_role("button", name=words["add"], exact=True))
    expect(page.locator("#id_player")).to_have_value("Ma")  # what was typed stays
    expect(page.get_by_test_id("add-player")).to_contain_text(words["pick"])
    choices = page.get_by_test_id("player-choices").get_by_test_id("pick-player")
    expect(choices).to_have_count(3)
    fits_the_phone(page)
    submit(page, choices.filter(has_text=label(people["marta"])))
    expect(page.locator(".message.success")).to_have_text(
        words["registered"].format(name="Marta Sáez")
    )
    assert registered(event) == {"Marta Sáez"}

    # A typo: the suggestions under the field say "did you mean"; one tap adds.
    page.locator("#id_player").press_sequentially("Mrio Ruiz")
    box = page.locator("#player-suggestions")
    expect(box).to_contain_text(words["did_you_mean"])
    expect(page.get_by_test_id("suggestion")).to_have_text([label(people["mario"])])
    submit(page, page.get_by_test_id("suggestion"))
    expect(page.locator(".message.success")).to_have_text(
        words["registered"].format(name="Mario Ruiz")
    )

    # A typo sent as it is: the page offers the close name, and a walk-in of it.
    page.locator("#id_player").fill("Martinex")
    submit(page, page.get_by_test_id("add-player").get_by_role("button", name=words["add"]))
    expect(page.locator("#id_player")).to_have_value("Martinex")
    offered = page.get_by_test_id("player-choices")
    expect(offered).to_contain_text(words["did_you_mean"])
    expect(offered.get_by_test_id("add-walk-in")).to_have_text(words["walk_in_button"])
    submit(page, offered.get_by_role("button", name=label(people["ana"])))
    expect(page.locator(".message.success")).to_have_text(
        words["registered"].format(name="Ana Martínez")
    )
    assert registered(event) == {"Marta Sáez", "Mario Ruiz", "Ana Martínez"}


def add_several(page: Page, words: dict, event, people) -> None:
    page.get_by_text(words["bulk"]).click()
    lines = [
        "Lucia Fernandes",
        "Walter Walkin",
        "Gil",
        "999999",
        str(people["marta"].player_number),
    ]
    page.locator("#id_lines").fill("\n".join(lines))
    users = User.objects.count()
    submit(page, page.get_by_role("button", name=words["check"]))

    preview = page.get_by_test_id("bulk-preview")
    expect(preview).to_be_visible()
    rows = preview.get_by_test_id("bulk-line")
    expect(rows).to_have_count(5)
    kinds = [rows.nth(i).get_attribute("data-kind") for i in range(5)]
    assert kinds == ["did_you_mean", "walk_in", "ambiguous", "error", "error"]
    expect(rows.nth(0)).to_contain_text(words["close"])
    expect(rows.nth(0)).to_contain_text(label(people["lucia"]))
    expect(rows.nth(0)).to_contain_text(words["new_walk_in"])
    expect(rows.nth(1)).to_contain_text(words["walk_in"])
    expect(rows.nth(2)).to_contain_text(words["several"])
    expect(rows.nth(2)).to_contain_text(label(people["eva"]))
    expect(rows.nth(2)).to_contain_text(label(people["eve"]))
    expect(rows.nth(3)).to_contain_text(words["nobody_number"])
    expect(rows.nth(4)).to_contain_text(words["already_in"].format(n=people["marta"].player_number))
    fits_the_phone(page)
    hold_still(page)
    assert axe_findings(page, "phone") == []
    # Nothing is created before the judge confirms.
    assert registered(event) == {"Marta Sáez", "Mario Ruiz", "Ana Martínez"}
    assert User.objects.count() == users

    # Confirmed with two questions unanswered: asked again, nobody added.
    submit(page, page.get_by_role("button", name=words["confirm"]))
    rows = page.get_by_test_id("bulk-preview").get_by_test_id("bulk-line")
    expect(rows.nth(0).locator(".error")).to_have_text(words["choose"])
    expect(rows.nth(2).locator(".error")).to_have_text(words["choose"])
    assert User.objects.count() == users

    rows.nth(0).get_by_text(label(people["lucia"])).click()
    rows.nth(2).get_by_text(label(people["eve"])).click()
    expect(rows.nth(1).get_by_role("radio").first).to_be_checked()  # the walk-in
    submit(page, page.get_by_role("button", name=words["confirm"]))
    expect(page.locator(".message.success")).to_have_text(words["added"])
    expect(page.locator(".message.info")).to_have_text(words["left_out"])
    expect(page.get_by_test_id("bulk-preview")).to_have_count(0)
    assert registered(event) == {
        "Marta Sáez",
        "Mario Ruiz",
        "Ana Martínez",
        "Lucía Fernández",
        "Walter Walkin",
        "Eve Gil",
    }
    assert User.objects.count() == users + 1  # one walk-in; the misspelt name is not one
    assert not User.objects.filter(display_name="Lucia Fernandes").exists()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_adding_players_on_a_phone(site, new_context, desk, lang):
    event, judge, people = desk
    words = WORDS[lang]
    context = new_context()
    context.add_init_script(COUNT_REQUESTS)
    context.add_cookies([session_cookie(judge, site)])
    page = context.new_page()
    page.set_viewport_size(PHONE)
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{site}{words['prefix']}/events/{event.pk}/judge/players/")
    expect(page.locator("html")).to_have_attribute("lang", lang)

    add_one_by_one(page, words, event, people)
    add_several(page, words, event, people)
    assert problems == []
