"""A judge's result page on a phone (390×844), in Spanish: both players' reports with their
game-by-game records (five columns with Spanish headers) fit the screen; the page never
scrolls sideways."""

from __future__ import annotations

import pytest

from tests.e2e.test_swiss_event_browser import session_cookie
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser, make_round
from tournaments.models import Registration
from tournaments.services.results import ReportedResult, match_report

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}


def _record(winners: str) -> list[dict[str, str]]:
    """Three games won by ``winners`` ("baa"): a's coin in game 1, b's in game 3."""
    games = []
    loser = None
    for number, winner in enumerate(winners, start=1):
        game = {"winner": winner}
        if number == 2:
            game |= {"chooser": loser, "choice": "second"}
        else:
            side = "a" if number == 1 else "b"
            game |= {"random_winner": side, "chooser": side, "choice": "first"}
        games.append(game)
        loser = "b" if winner == "a" else "a"
    return games


@pytest.fixture
def disputed(db):
    """Both players reported, each a 2-1 for themselves with the games played."""
    event = make_event(make_organiser(), name="Abierto de Valencia", play_draw_required=True)
    judge = add_judge(event)
    regs = [
        Registration.objects.create(
            event=event, player=UserFactory(username=username, display_name=name)
        )
        for username, name in (("bruno", "Bruno Díaz"), ("carla", "Carla Vidal"))
    ]
    match = make_round(event, [(regs[0], regs[1])]).matches.get()
    match_report(
        actor=regs[0].player, match_id=match.pk, result=ReportedResult(2, 1, games=_record("baa"))
    )
    match_report(
        actor=regs[1].player, match_id=match.pk, result=ReportedResult(1, 2, games=_record("abb"))
    )
    return judge, match


def test_the_judges_result_page_fits_a_phone_in_spanish(site, page, disputed):
    judge, match = disputed
    page.context.add_cookies([session_cookie(judge, site)])
    page.set_viewport_size(PHONE)
    page.goto(f"{site}/es/events/matches/{match.pk}/result/")
    tables = page.locator(".games-table")
    assert tables.count() == 2
    assert "Ganó la moneda o el dado" in tables.first.inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"
    # Each report's games read whole, without scrolling the table either.
    for wrap in page.locator(".games-table-wrap").all():
        assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth"), wrap.inner_text()
