"""Each figure of the metagame against a hand-computed small event."""

from __future__ import annotations

import datetime as dt

import pytest

from metagame.core.rates import WinRate
from metagame.core.tables import OTHER
from metagame.selectors import Filters, compute_metagame
from tests.metagame.world import World
from tournaments.models import Event

ADMIN = Filters(public=False)


@pytest.fixture
def world(site_admin):
    return World(site_admin)


@pytest.fixture
def event_after_three_rounds(world):
    """p1, p2 play San Q (p1 with 3 X, p2 with 1 X and 2 Y), p3 San C (4 Y), p4 San A.
    Round 1: p1 beats p3, p2 draws p4. Round 2: p2 beats p1 (a mirror), p4 beats p3.
    Round 3: p1 has a bye, p2 against p3 was conceded by a drop, p4's match is unconfirmed."""
    w = world
    e = w.event(dt.date(2026, 1, 10))
    p1 = w.player(e, w.sq, {w.x: 3})
    p2 = w.player(e, w.sq, {w.x: 1, w.y: 2})
    p3 = w.player(e, w.sc, {w.y: 4})
    p4 = w.player(e, w.sa)
    w.match(p1, p3, "a")
    w.match(p2, p4, "")
    w.match(p1, p2, "b", number=2)
    w.match(p3, p4, "b", number=2)
    w.match(p1, None, "a", number=3, source="bye")
    w.match(p2, p3, "a", number=3, source="drop")
    w.match(p4, p3, None, number=3, status="pending")
    return e


def rows_by_label(meta, rows):
    return {meta.label(r.key): r for r in rows}


def test_shares_and_win_rates_by_sanctuary(event_after_three_rounds):
    meta = compute_metagame(ADMIN)
    assert meta.lists == 4 and meta.matches == 4  # the bye, the drop, the pending left out
    rows = rows_by_label(meta, meta.sanctuaries)
    assert rows["San Q"].share == 0.5 and rows["San C"].share == 0.25
    # San Q: a win against San C and a draw against San A; the mirror apart
    assert rows["San Q"].win == WinRate(1.5, 2)
    assert rows["San C"].win == WinRate(0, 2)
    assert rows["San A"].win == WinRate(1.5, 2)
    factions = rows_by_label(meta, meta.factions)
    assert factions["Quimera"].win == WinRate(1.5, 2) and factions["Quimera"].lists == 2


def test_matchup_table_keeps_the_mirror_apart(event_after_three_rounds, world):
    meta = compute_metagame(ADMIN)
    q, c, a = str(world.sq.pk), str(world.sc.pk), str(world.sa.pk)
    table = meta.matchup
    assert table.cell(q, c) == WinRate(1, 1)
    assert table.cell(c, q) == WinRate(0, 1)
    assert table.cell(q, a) == WinRate(0.5, 1)
    assert table.cell(a, c) == WinRate(1, 1)
    assert table.mirrors[q] == 1 and table.mirrors[c] == 0


def test_per_card_rates_leave_out_both_and_neither(event_after_three_rounds):
    meta = compute_metagame(ADMIN)
    cards = {r.name: r for r in meta.cards}
    x, y = cards["Card X"], cards["Card Y"]
    assert (x.lists, x.share, x.average_copies) == (2, 0.5, 2.0)
    # X against no X: p1 beat p3, p2 drew p4 (p1 against p2 both play it, p3-p4 neither)
    assert x.win == WinRate(1.5, 2)
    # Y against no Y: p3 lost to p1 and to p4, p2 drew p4 and beat p1
    assert (y.lists, y.average_copies) == (2, 3.0)
    assert y.win == WinRate(1.5, 4)


def test_public_figures_need_eight_lists_behind_a_row(world):
    w = world
    e = w.event(dt.date(2026, 1, 10))
    many = [w.player(e, w.sq) for _ in range(8)]
    few = [w.player(e, w.sc, {w.x: 1}) for _ in range(2)]
    w.match(many[0], few[0], "a")
    w.match(many[1], few[1], "b")
    meta = compute_metagame(Filters())
    assert [meta.label(r.key) for r in meta.sanctuaries] == ["San Q", "Other"]
    other = meta.sanctuaries[1]
    assert other.key == OTHER and other.lists == 2
    assert other.win.matches == 0  # fewer than 8 lists: no rate
    assert OTHER not in meta.matchup.keys
    # Card X: 2 lists play it: not shown; the Sanctuary San Q: 8 play it, 2 do not: hidden too
    assert [r.name for r in meta.cards] == []
    assert meta.cards_left_out == 3
    admin = compute_metagame(ADMIN)
    assert {admin.label(r.key) for r in admin.sanctuaries} == {"San Q", "San C"}


def test_public_reads_only_finished_events_with_public_lists(world):
    w = world
    for status, kw in (
        ("running", {}),
        ("finished", {"format": "booster-draft", "draft_cards_private": True}),
    ):
        e = w.event(dt.date(2026, 1, 10), status=status, **kw)
        for _ in range(8):
            w.player(e, w.sq)
    assert compute_metagame(Filters()).lists == 0
    assert compute_metagame(Filters(format="booster-draft")).lists == 0
    assert compute_metagame(ADMIN).lists == 8
    assert compute_metagame(Filters(public=False, format="booster-draft")).lists == 8


def test_watch_listed_card_before_and_since_month_by_month(event_after_three_rounds, world):
    from rulings.models import DocumentEntry, DocumentVersion, RulingsDocument

    w = world
    doc, _ = RulingsDocument.objects.get_or_create(
        slug="humankind-dar", defaults={"title_en": "DAR", "title_es": "DAR"}
    )
    number = (doc.versions.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    version = DocumentVersion.objects.create(
        document=doc, number=number, status="published", published_on=dt.date(2026, 1, 31)
    )
    DocumentEntry.objects.create(version=version, section="watch_list", key="x", card=w.x)
    february = w.event(dt.date(2026, 2, 15))
    p5 = w.player(february, w.sq, {w.x: 2})
    p6 = w.player(february, w.sc)
    w.match(p5, p6, "a")
    meta = compute_metagame(ADMIN)
    (trend,) = [t for t in meta.watch if t.name == "Card X"]
    assert trend.listed_on == dt.date(2026, 2, 1)
    assert (trend.before.lists, trend.before.win) == (2, WinRate(1.5, 2))
    assert (trend.since.lists, trend.since.share, trend.since.win) == (1, 0.5, WinRate(1, 1))
    assert [(m.month, m.since, m.row.lists) for m in trend.months] == [
        (dt.date(2026, 1, 1), False, 2),
        (dt.date(2026, 2, 1), True, 1),
    ]


def test_counting_twice_in_one_transaction_gives_the_same_figures(event_after_three_rounds):
    """The match table the counts are read from lives in the counting's own transaction:
    a second count in the same request (or after a failed one) starts from a fresh one."""
    from django.db import transaction

    from metagame import match_sql

    with transaction.atomic():
        first = compute_metagame(ADMIN)
        with pytest.raises(RuntimeError), transaction.atomic():
            # no card taken for a Sanctuary: every match in the pairing of lists without one
            sums = match_sql.match_sums(Event.objects.all(), [])
            assert [(a, b, n) for _event, a, b, _points, n in sums.cells] == [(None, None, 4)]
            raise RuntimeError  # the transaction around that count fails
        again = compute_metagame(ADMIN)
    assert again == first
    assert again.matches == 4
