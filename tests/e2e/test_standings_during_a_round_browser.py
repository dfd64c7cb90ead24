"""On a phone (390x844), in English and in Spanish: the standings a player opens while round
2 is being played are those after round 1. The player who lost round 1 and has the round-2
bye is not ranked first at 1-1-0 above every 1-0 player; the page says which round the
standings are after and that the bye counts when round 2 ends. Once round 2 ends, it does.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_swiss_event_browser import watch
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser, make_round
from tournaments.services.results import ReportedResult, match_set_result

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}

WORDS = {
    "en": {
        "prefix": "",
        "after_1": "Standings after round 1",
        "playing": "Round 2 is being played: its results, byes included, count in the "
        "standings when it ends.",
        "after_2": "Standings after round 2",
    },
    "es": {
        "prefix": "/es",
        "after_1": "Clasificación tras la ronda 1",
        "playing": "La ronda 2 se está jugando: sus resultados, byes incluidos, cuentan en la "
        "clasificación cuando termina.",
        "after_2": "Clasificación tras la ronda 2",
    },
}


def names(page) -> list[str]:
    rows = page.locator("[data-testid=standings] tbody tr")
    return [rows.nth(i).get_attribute("data-player") for i in range(rows.count())]


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_standings_of_a_round_being_played_wait_for_it(site, page, language):
    words = WORDS[language]
    event = make_event(make_organiser(f"st_orga_{language}"), name="Bye Open")
    judge = add_judge(event, f"st_judge_{language}")
    a, b, c, d, e = add_players(event, 5, prefix=f"st{language}")
    for reg, name in zip((a, b, c, d, e), ["Ana", "Bea", "Cris", "Dani", "Eva"], strict=True):
        reg.player.display_name = name
        reg.player.save()
    # Round 1: Ana beats Bea, Cris beats Dani, Eva has the bye.
    round1 = make_round(event, [(a, b), (c, d), (e, None)])
    for table in (1, 2):
        match_set_result(
            actor=judge, match_id=round1.matches.get(table=table).pk, result=ReportedResult(2, 0)
        )
    # Round 2 is being played: Bea, who lost round 1, has the bye.
    round2 = make_round(event, [(a, c), (d, e), (b, None)])

    problems: list[str] = []
    page.set_viewport_size(PHONE)
    watch(page, problems)
    page.goto(f"{site}{words['prefix']}/events/{event.pk}/standings/")
    expect(page.get_by_test_id("standings-heading")).to_have_text(words["after_1"])
    expect(page.get_by_test_id("standings-playing")).to_have_text(words["playing"])
    ranked = names(page)
    # Bea's bye waits for round 2: she is 0-1-0 after round 1, below every 1-0 player.
    assert ranked.index("Bea") > max(ranked.index(n) for n in ("Ana", "Cris", "Eva")), ranked
    bea = page.locator("[data-testid=standings] tr[data-player='Bea']")
    expect(bea.locator("[data-column=match_points]")).to_have_text("0")

    # Round 2 ends: its bye counts now.
    for table in (1, 2):
        match_set_result(
            actor=judge, match_id=round2.matches.get(table=table).pk, result=ReportedResult(2, 0)
        )
    page.reload()
    expect(page.get_by_test_id("standings-heading")).to_have_text(words["after_2"])
    expect(page.get_by_test_id("standings-playing")).to_have_count(0)
    expect(bea.locator("[data-column=match_points]")).to_have_text("3")
    # Nothing on the page is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert problems == []
