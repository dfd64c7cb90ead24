"""A whole constructed event as an organiser runs it, in Spanish, in a real browser.

An organiser creates the event from the pages; eight players register from theirs (their
deck lists are seeded through the service) and are checked in by the judge. During round 1
the judge gives a penalty by infraction and records two deck checks (one player drawn at
random, one chosen, with discrepancies and the penalty linked). Three Swiss rounds and a
top-4 cut are reported by both players of every match. Then the final placings (winner,
finalist, semifinal losers by Swiss rank, the rest by Swiss rank) are checked on the
standings page and in the standings CSV, and the audit log's sentences are read."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.test_swiss_event_browser import Event, session_cookie, submit, watch
from tests.factories import UserFactory
from tests.rulings_fixtures import quimera_list
from tournaments.rules import ORGANISERS_GROUP

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = [
    "Ana Torres",
    "Bruno Díaz",
    "Carla Vidal",
    "Diego Marín",
    "Elena Ruiz",
    "Fabio Soto",
    "Gema Prieto",
    "Hugo León",
]
PENALISED = "Carla Vidal"
ORGANISER = "Olga Ortega"


def es(event: Event, path: str = "") -> str:
    return f"{event.site}/es/events/{event.pk}/{path}"


def spanish_context(new_context, user, site: str):
    context = new_context()
    context.add_cookies([session_cookie(user, site)])
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def create_event(page: Page, site: str) -> Event:
    page.goto(f"{site}/es/events/new/")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.locator("#id_name").fill("Abierto de Valencia")
    page.locator("#id_date").fill(timezone.localdate().isoformat())
    page.locator("#id_format").select_option("monofaccion")
    page.locator("#id_swiss_rounds").fill("3")
    page.locator("#id_top_cut").select_option("4")
    page.locator("#id_play_draw_required").uncheck()  # scores only
    submit(page, page.get_by_test_id("submit"))
    expect(page.get_by_test_id("event-name")).to_have_text("Abierto de Valencia")
    return Event(site, int(re.search(r"/events/(\d+)/", page.url).group(1)))


def register(page: Page, event: Event) -> None:
    page.goto(es(event))
    submit(page, page.get_by_test_id("register"))
    expect(page.get_by_test_id("my-status")).to_contain_text("inscripción")


def pair_publish_and_start(judge: Page, event: Event, number: int) -> None:
    judge.goto(es(event, "judge/"))
    submit(judge, judge.get_by_test_id("pair-next"))
    expect(judge.get_by_test_id("round-head")).to_have_attribute("data-round", str(number))
    submit(judge, judge.get_by_test_id("publish"))
    submit(judge, judge.get_by_test_id("clock-start"))


def report(page: Page, event: Event, name: str, winners: set[str] | None = None) -> str | None:
    """Report my match 2-1 for the winner (a score the penalised player's game loss agrees
    with either way): one of ``winners`` if given, else the alphabetically first player of
    the table. Returns the opponent, or None for no match."""
    page.goto(es(event, "me/"))
    if page.get_by_test_id("opponent").count() == 0:
        return None
    opponent = page.get_by_test_id("opponent").inner_text()
    i_win = name in winners if winners is not None else name < opponent
    mine, theirs = (2, 1) if i_win else (1, 2)
    page.get_by_test_id("score-pick").get_by_text(f"{mine}-{theirs}", exact=True).click()
    submit(page, page.get_by_test_id("report-submit"))
    expect(page.locator(".message.success")).to_be_visible()
    return opponent


def play(
    players: dict[str, Page], event: Event, winners: set[str] | None = None
) -> list[tuple[str, str]]:
    """Every player reports; returns the tables as (winner, loser)."""
    tables = []
    for name, page in players.items():
        opponent = report(page, event, name, winners)
        won = name in winners if winners is not None else opponent is not None and name < opponent
        if opponent is not None and won:
            tables.append((name, opponent))
    return tables


def standings_on_page(page: Page, event: Event) -> list[tuple[str, str]]:
    page.goto(es(event, "standings/"))
    rows = page.locator("table[data-testid=standings] tbody tr")
    return [
        (row.locator("[data-column=rank]").inner_text(), row.get_attribute("data-player"))
        for row in rows.all()
    ]


def give_a_penalty(judge: Page, event: Event) -> None:
    """By infraction: the judge leaves the penalty to the infraction's usual one."""
    judge.goto(es(event, "judge/penalties/"))
    form = judge.get_by_test_id("penalty-form")
    # The list names each player with their table and number ("Mesa 2 — Ana #1002").
    option = form.locator("#id_registration option").filter(has_text=PENALISED)
    form.locator("#id_registration").select_option(option.get_attribute("value"))
    form.locator("#id_infraction").select_option("deck_problem")
    form.locator("#id_reason").fill("Dos copias de Esporas de más en el mazo")
    submit(judge, form.locator("button[type=submit]"))
    row = judge.locator("table[data-testid=penalties] tbody tr").filter(has_text=PENALISED)
    expect(row).to_have_count(1)
    expect(row).to_contain_text("El mazo no coincide con su lista")
    expect(row).to_contain_text("Pérdida de partida")
    expect(row).to_contain_text("1")  # round 1


def record_deck_checks(judge: Page, event: Event) -> str:
    """One player drawn at random (deck as listed), one chosen (discrepancies, the penalty
    linked). Returns the name drawn."""
    judge.goto(f"{event.site}/es/rulings/events/{event.pk}/deck-checks/")
    expect(judge.get_by_test_id("no-deck-checks")).to_be_visible()
    submit(judge, judge.get_by_test_id("draw-player"))
    drawn_message = judge.locator(".message").filter(has_text="Sorteo:")
    expect(drawn_message).to_be_visible()
    form = judge.get_by_test_id("deck-check-form")
    chosen = form.locator("#id_registration option:checked")
    drawn = chosen.inner_text()
    assert drawn in NAMES
    expect(drawn_message).to_contain_text(drawn)
    form.locator("input[name=outcome][value=as_listed]").check()
    submit(judge, judge.get_by_test_id("record-deck-check"))
    expect(judge.locator(".message.success")).to_contain_text(
        f"Revisión del mazo de {drawn} registrada."
    )

    form = judge.get_by_test_id("deck-check-form")
    form.locator("#id_registration").select_option(label=PENALISED)
    form.locator("input[name=outcome][value=discrepancies]").check()
    form.locator("#id_note").fill("Dos copias de Esporas de más")
    form.locator("#id_penalty").select_option(index=1)  # the only penalty: the one above
    submit(judge, judge.get_by_test_id("record-deck-check"))
    expect(judge.locator(".message.success")).to_contain_text(
        f"Revisión del mazo de {PENALISED} registrada."
    )

    groups = judge.get_by_test_id("deck-checks-round")
    expect(groups).to_have_count(1)
    expect(groups.locator("h2")).to_have_text("Ronda 1")
    rows = groups.locator("tbody tr")
    expect(rows).to_have_count(2)
    random_row = rows.filter(has_text="por sorteo")
    expect(random_row).to_have_count(1)
    expect(random_row).to_contain_text(drawn)
    expect(random_row).to_contain_text("Mazo conforme a la lista")
    expect(random_row).to_contain_text(ORGANISER)
    chosen_row = rows.filter(has_text="Discrepancias encontradas")
    expect(chosen_row).to_contain_text(PENALISED)
    expect(chosen_row).to_contain_text("Dos copias de Esporas de más")
    expect(chosen_row).to_contain_text("Pérdida de partida")
    return drawn


def test_an_eight_player_event_through_a_top_4_cut_in_spanish(site, page, new_context):
    from decklists.services.lists import deck_list_submit
    from rulings.demo import load_rulings_data

    load_rulings_data()
    organiser = UserFactory(username="orga", display_name=ORGANISER)
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS_GROUP)[0])
    users = {name: UserFactory(username=f"p{i}", display_name=name) for i, name in enumerate(NAMES)}

    problems: list[str] = []
    judge = spanish_context(new_context, organiser, site)
    watch(judge, problems)
    event = create_event(judge, site)

    players: dict[str, Page] = {}
    for name, user in users.items():
        players[name] = spanish_context(new_context, user, site)
        watch(players[name], problems)
        register(players[name], event)

    # Deck lists are not what this test clicks through: seeded through the service.
    from tournaments.models import Event as EventRow

    row = EventRow.objects.get(pk=event.pk)
    for user in users.values():
        deck_list_submit(event=row, player=user, text=quimera_list(), actor=user)

    judge.goto(es(event, "judge/players/"))
    # Everyone at once, as a judge at the desk does on event morning.
    submit(judge, judge.get_by_test_id("check-in-all").get_by_role("button"))
    expect(judge.get_by_test_id("undo-check-in")).to_have_count(len(NAMES))

    # Round 1, with a penalty by infraction and two recorded deck checks.
    pair_publish_and_start(judge, event, 1)
    give_a_penalty(judge, event)
    drawn = record_deck_checks(judge, event)
    play(players, event)
    judge.goto(es(event, "judge/"))
    expect(judge.get_by_test_id("progress")).to_contain_text("4")

    for number in (2, 3):
        pair_publish_and_start(judge, event, number)
        play(players, event)

    swiss = [name for _rank, name in standings_on_page(judge, event)]
    assert sorted(swiss) == sorted(NAMES)

    # The top 4: seed 1 against seed 4 and 2 against 3, then the final. The lower seeds win
    # (4 and 3, then 3), so the final placings differ from the Swiss order at every place.
    seed = dict(enumerate(swiss, start=1))
    judge.goto(es(event, "judge/"))
    submit(judge, judge.get_by_test_id("top-cut-start"))
    submit(judge, judge.get_by_test_id("publish"))
    semifinals = play({seed[n]: players[seed[n]] for n in (1, 2, 3, 4)}, event, {seed[4], seed[3]})
    assert sorted(semifinals) == sorted([(seed[4], seed[1]), (seed[3], seed[2])])
    judge.goto(es(event, "judge/"))
    submit(judge, judge.get_by_test_id("top-cut-advance"))
    submit(judge, judge.get_by_test_id("publish"))
    final = play({seed[3]: players[seed[3]], seed[4]: players[seed[4]]}, event, {seed[3]})
    assert final == [(seed[3], seed[4])]
    judge.goto(es(event, "judge/"))
    submit(judge, judge.get_by_test_id("top-cut-advance"))
    expect(judge.get_by_test_id("event-status")).to_have_text("Terminado")
    expect(judge.get_by_test_id("champion")).to_contain_text(seed[3])

    # Final placings: winner, finalist, the semifinal losers by Swiss rank, then the rest by
    # Swiss rank; the page and the CSV agree.
    expected = [seed[3], seed[4], seed[1], seed[2], *swiss[4:]]
    shown = standings_on_page(judge, event)
    expect(judge.get_by_test_id("final-placings")).to_be_visible()
    assert [name for _rank, name in shown] == expected
    assert [rank for rank, _name in shown] == [str(n) for n in range(1, 9)]
    swiss_ranks = judge.locator("table[data-testid=standings] tbody [data-column=swiss_rank]")
    expect(swiss_ranks).to_have_text(["3", "4", "1", "2", "5", "6", "7", "8"])
    exported = list(
        csv.DictReader(io.StringIO(judge.request.get(es(event, "export/standings.csv")).text()))
    )
    assert [(r["rank"], r["player"]) for r in exported] == shown
    assert [r["swiss_rank"] for r in exported] == ["3", "4", "1", "2", "5", "6", "7", "8"]

    # The audit log reads as Spanish sentences naming people and rounds.
    judge.goto(es(event, "judge/audit/"))
    sentences = judge.get_by_test_id("audit").locator(".audit-sentence")
    text = "\n".join(sentences.all_inner_texts())
    assert f"{ORGANISER} emparejó la ronda 1: 4 mesas." in text
    assert f"{ORGANISER} impuso a {PENALISED} una pérdida de partida." in text
    assert "Se aplica a la partida 1." in text
    assert f"{ORGANISER} revisó el mazo de {drawn}: conforme a la lista. Ronda 1." in text
    assert (
        f"{ORGANISER} revisó el mazo de {PENALISED}: discrepancias (Dos copias de Esporas de más)."
        " Ronda 1." in text
    )
    assert f"{ORGANISER} empezó el corte final con 4 participantes." in text
    penalty_row = judge.locator("tr[data-action='penalty.game_loss']")
    expect(penalty_row).to_contain_text("Dos copias de Esporas de más en el mazo")
    for english in ("gave", "checked the deck", "paired", "round ", "table "):
        assert english not in text, english
    assert problems == []
