"""The pure reading of a rulings change's impact (``rulings.core.impact``) and of a diff's
meaning (``rulings.core.docdiff.card_changes``)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given
from hypothesis import strategies as st

from rulings.core.docdiff import CardChangeKind, card_changes, diff_entries
from rulings.core.document import DocEntry, Section
from rulings.core.impact import EventInfo, ListCards, ListsChange, banned_in, impact_of

D = dt.date(2030, 3, 1)
SUERO, CAPARAZON, PUENTES = 1, 2, 3


def change(**kw) -> ListsChange:
    base = {
        "old_banned": {PUENTES: frozenset()},
        "new_banned": {PUENTES: frozenset(), SUERO: frozenset({"monofaccion"})},
        "old_watched": frozenset(),
        "new_watched": frozenset({CAPARAZON}),
    }
    return ListsChange(**{**base, **kw})


def event(id_: int, fmt: str = "monofaccion", date: dt.date = D, keeps: bool = False):
    return EventInfo(id=id_, name=f"E{id_}", date=date, format=fmt, keeps_version=keeps)


def holding(list_id: int, event_id: int, *cards: int, name: str = "") -> ListCards:
    return ListCards(list_id, event_id, list_id, name or f"P{list_id}", frozenset(cards))


def test_a_ban_in_one_format_hits_that_formats_lists_only():
    result = impact_of(
        change(),
        in_force_from=D,
        events=[event(1), event(2, "multifaccion")],
        holdings=[holding(10, 1, SUERO), holding(20, 2, SUERO)],
    )
    assert [(e.event.id, e.illegal_count) for e in result.affected] == [(1, 1)]
    assert result.players == {10}


def test_a_watch_warning_is_counted_apart_from_illegal_lists():
    result = impact_of(
        change(),
        in_force_from=D,
        events=[event(2, "multifaccion")],
        holdings=[holding(20, 2, SUERO, CAPARAZON)],
    )
    [e] = result.affected
    assert (e.illegal_count, e.watched_count) == (0, 1)
    assert e.lists[0].watched == (CAPARAZON,)


def test_events_that_keep_their_version_are_spared_and_reported():
    result = impact_of(
        change(),
        in_force_from=D,
        events=[event(1, keeps=True, date=D - dt.timedelta(days=9))],
        holdings=[holding(10, 1, SUERO)],
    )
    assert result.affected == ()
    assert [e.event.id for e in result.kept] == [1]


def test_an_event_before_the_new_version_comes_into_force_is_in_neither_group():
    result = impact_of(
        change(),
        in_force_from=D,
        events=[event(1, date=D - dt.timedelta(days=1))],
        holdings=[holding(10, 1, SUERO)],
    )
    assert result.affected == () and result.kept == ()


def test_a_card_already_banned_there_is_no_news():
    result = impact_of(
        change(old_banned={SUERO: frozenset()}, new_banned={SUERO: frozenset()}),
        in_force_from=D,
        events=[event(1)],
        holdings=[holding(10, 1, SUERO)],
    )
    assert result.affected == ()


def test_changed_cards_are_the_only_ones_to_look_for():
    assert change().cards == {SUERO, CAPARAZON}
    assert change(new_banned={PUENTES: frozenset()}, new_watched=frozenset()).empty


formats = st.frozensets(st.sampled_from(["monofaccion", "multifaccion", "sealed", "draft"]))
banned_lists = st.dictionaries(st.integers(1, 6), formats, max_size=6)


@given(old=banned_lists, new=banned_lists, fmt=st.sampled_from(["monofaccion", "draft"]))
def test_a_list_is_made_illegal_exactly_by_the_cards_newly_banned_in_its_format(old, new, fmt):
    lists = ListsChange(old, new, frozenset(), frozenset())
    cards = frozenset(range(1, 7))
    result = impact_of(
        lists, in_force_from=D, events=[event(1, fmt)], holdings=[holding(1, 1, *cards)]
    )
    expected = banned_in(new, fmt) - banned_in(old, fmt)
    got = set(result.affected[0].lists[0].banned) if result.affected else set()
    assert got == expected
    assert expected <= lists.cards


def test_card_changes_say_what_each_change_means():
    old = [
        DocEntry(Section.WATCH_LIST, "DV 60", card="DV 60"),
        DocEntry(Section.BANNED_LIST, "DV 6", card="DV 6"),
    ]
    new = [
        DocEntry(Section.WATCH_LIST, "DV 111", card="DV 111"),
        DocEntry(Section.BANNED_LIST, "DV 6", card="DV 6", formats=("monofaccion",)),
        DocEntry(Section.BANNED_LIST, "DV 110", card="DV 110"),
    ]
    diff = diff_entries(old, new)
    watch = card_changes(diff.section(Section.WATCH_LIST))
    banned = card_changes(diff.section(Section.BANNED_LIST))
    assert [(c.kind, c.card) for c in watch] == [
        (CardChangeKind.WATCHED, "DV 111"),
        (CardChangeKind.UNWATCHED, "DV 60"),
    ]
    assert [(c.kind, c.card, c.formats, c.before_formats) for c in banned] == [
        (CardChangeKind.BANNED, "DV 110", (), ()),
        (CardChangeKind.BAN_FORMATS, "DV 6", ("monofaccion",), ()),
    ]
    assert [c.change for c in banned] == ["added", "changed"]
    assert card_changes(diff.section(Section.TOURNAMENT_RULES)) == []
