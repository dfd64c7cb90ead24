"""The diff between two versions of the rulings document: added, removed and changed entries."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulings.core.docdiff import diff_entries
from rulings.core.document import DocEntry, Section, make_entry, sort_entries, validate_entries

BASE = [
    make_entry({"section": "watch_list", "card": "DV 6"}),
    make_entry({"section": "banned_list", "card": "EV 155"}),
    make_entry(
        {"section": "tournament_rules", "key": "2", "title_en": "Attack", "text_en": "No attack."}
    ),
    make_entry({"section": "tournament_rules", "key": "10", "title_en": "Ten", "text_en": "Ten."}),
]


def test_identical_versions_have_an_empty_diff():
    diff = diff_entries(BASE, list(reversed(BASE)))
    assert diff.empty
    assert diff.counts() == {"added": 0, "removed": 0, "changed": 0}


def test_a_new_ban_a_removed_watch_and_a_changed_rule():
    new = [
        make_entry({"section": "banned_list", "card": "EV 155"}),
        make_entry({"section": "banned_list", "card": "DV 6", "formats": ["monofaccion"]}),
        make_entry(
            {"section": "tournament_rules", "key": "2", "title_en": "Attack", "text_en": "Never."}
        ),
        make_entry(
            {"section": "tournament_rules", "key": "10", "title_en": "Ten", "text_en": "Ten."}
        ),
    ]
    diff = diff_entries(BASE, new)
    assert diff.counts() == {"added": 1, "removed": 1, "changed": 1}
    assert [e.key for e in diff.section(Section.BANNED_LIST).added] == ["DV 6"]
    assert diff.section(Section.BANNED_LIST).added[0].formats == ("monofaccion",)
    assert [e.key for e in diff.section(Section.WATCH_LIST).removed] == ["DV 6"]
    (change,) = diff.section(Section.TOURNAMENT_RULES).changed
    assert change.key == "2"
    assert [(f.name, f.before, f.after) for f in change.fields] == [
        ("text_en", "No attack.", "Never.")
    ]
    assert diff.as_dict()["counts"] == {"added": 1, "removed": 1, "changed": 1}


def test_changing_the_formats_of_a_ban_is_a_change():
    old = [make_entry({"section": "banned_list", "card": "EV 155"})]
    new = [make_entry({"section": "banned_list", "card": "EV 155", "formats": ["draft"]})]
    (change,) = diff_entries(old, new).section("banned_list").changed
    assert change.fields[0].name == "formats"


def test_numbered_entries_sort_by_number_not_text():
    assert [e.key for e in sort_entries(BASE) if e.section is Section.TOURNAMENT_RULES] == [
        "2",
        "10",
    ]


def test_validation_of_entries():
    entries = [
        make_entry({"section": "watch_list", "card": "DV 6"}),
        make_entry({"section": "watch_list", "card": "dv-6"}),
        make_entry({"section": "banned_list", "key": "Garphades"}),
        make_entry({"section": "banned_list", "card": "ZZ 1", "formats": ["vintage"]}),
        make_entry({"section": "errata", "card": "DV 6"}),
        make_entry({"section": "rules_clarifications", "key": "3.a", "text_en": "x"}),
        DocEntry(Section.WATCH_LIST, "DV 7", card="DV 6"),
    ]
    problems = validate_entries(
        entries, known_cards={("DV", 6), ("EV", 155)}, formats={"monofaccion", "draft"}
    )
    assert [p.code for p in problems] == [
        "doc_duplicate_key",
        "doc_missing_card",
        "doc_unknown_card",
        "doc_unknown_format",
        "doc_missing_text",
        "doc_bad_number",
        "doc_key_card_mismatch",
    ]


entries = st.lists(
    st.builds(
        lambda section, n, text: make_entry(
            {"section": section, "card": f"DV {n}"}
            if section in ("watch_list", "banned_list")
            else {"section": section, "key": str(n), "text_en": text}
        ),
        st.sampled_from(["watch_list", "banned_list", "tournament_rules"]),
        st.integers(1, 12),
        st.sampled_from(["a", "b", "c"]),
    ),
    unique_by=lambda e: (e.section, e.key),
    max_size=15,
)


@settings(max_examples=200, deadline=None)
@given(entries, entries)
def test_diff_backwards_swaps_added_and_removed(old, new):
    forward = diff_entries(old, new)
    backward = diff_entries(new, old)
    for f, b in zip(forward.sections, backward.sections, strict=True):
        assert {e.key for e in f.added} == {e.key for e in b.removed}
        assert {e.key for e in f.removed} == {e.key for e in b.added}
        assert {c.key for c in f.changed} == {c.key for c in b.changed}
    counts = forward.counts()
    assert counts["added"] - counts["removed"] == len(new) - len(old)
    assert diff_entries(old, old).empty
