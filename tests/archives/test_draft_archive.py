"""A booster draft event in an archive (format version 2): a whole simulated draft exported
and imported with every pod, seat, pack, pick, the auction log, pools and decks equal; the
cards' conservation checked on import (a tampered file is refused, nothing written); the
drafts' visibility rule on the importing site; and a version 1 file still importing."""

from __future__ import annotations

import copy
import csv
import io
import json
from collections import Counter
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from rest_framework.test import APIClient

from accounts.models import User
from archives.core.schema import VERSION
from archives.services import (
    ArchiveRefusedError,
    archive_json,
    event_archive_export,
    event_archive_import,
)
from decklists.models import CardPool, DeckList
from drafts.models import CardInstance, DraftPhase, DraftSeat, Pack, Pick, Pod, TableDeck
from drafts.services.reading import pod_version
from drafts.services.simulation import simulate_draft
from tests.archives.helpers import build_central_event, standings_table
from tests.drafts.helpers import draft_event, move_deadline
from tournaments.models import Event, Match
from tournaments.models.choices import EventStatus

pytestmark = pytest.mark.django_db


def _ref(card) -> str:
    return f"{card.edition.code}/{card.number}"


def draft_state(event_uid) -> dict:
    """Everything of the event's draft, comparable between installs: no primary keys
    (packs by opener and round, auction decks by name, cards by reference, people by
    username)."""
    event = Event.objects.get(uid=event_uid)
    draft = event.draft
    state: dict = {
        "draft": (draft.pack_editions, draft.paper, draft.auction, draft.bots, draft.seed),
        "pods": [],
    }
    for pod in Pod.objects.filter(draft=draft).order_by("number"):
        decks = {d.pk: d.name for d in TableDeck.objects.filter(pod=pod)}
        instances = {
            i.pk: _ref(i.card)
            for i in CardInstance.objects.filter(pod=pod).select_related("card__edition")
        }
        seats = list(DraftSeat.objects.filter(pod=pod).select_related("registration__player"))
        log = []
        for entry in (pod.auction_state or {}).get("log", []):
            entry = dict(entry)
            if "deck" in entry:
                entry["deck"] = decks[entry["deck"]]
            if "moved" in entry:
                entry["moved"] = [
                    [decks[t], sorted(instances[i] for i in ids)] for t, ids in entry["moved"]
                ]
            log.append(entry)
        auction = (pod.auction_state or {}).get("state")
        state["pods"].append(
            {
                "pod": (
                    pod.number,
                    pod.phase,
                    pod.pack_round,
                    pod.pick_number,
                    pod.deadline,
                    pod.version,
                ),
                "auction_log": log,
                "auction_deck_of": (
                    None
                    if auction is None
                    else {seat: decks[d] for seat, d in auction["deck_of"].items()}
                ),
                "seats": sorted(
                    (
                        s.position,
                        s.registration.player.username if s.registration_id else None,
                        s.bot,
                        s.deck_state,
                        s.building_until,
                        json.dumps(
                            {
                                instances_card: n
                                for instances_card, n in _saved_refs(s.saved_deck).items()
                            },
                            sort_keys=True,
                        ),
                    )
                    for s in seats
                ),
                "table_decks": sorted(
                    (d.name, d.owner.position if d.owner_id else None)
                    for d in TableDeck.objects.filter(pod=pod).select_related("owner")
                ),
                "packs": sorted(
                    (
                        p.opener.position,
                        p.pack_round,
                        p.edition,
                        p.replaced,
                        p.replacement,
                        tuple(sorted(_ref(c.card) for c in p.cards.all())),
                        tuple(sorted(_ref(k.card_instance.card) for k in p.picks.all())),
                    )
                    for p in Pack.objects.filter(pod=pod).select_related("opener")
                ),
                "pools": sorted(
                    (i.owner.position, _ref(i.card), i.source)
                    for i in CardInstance.objects.filter(
                        pod=pod, owner__isnull=False
                    ).select_related("owner", "card__edition")
                ),
                "picks": [
                    (
                        p.seat.position,
                        p.pack_round,
                        p.pick_number,
                        p.pack.opener.position,
                        _ref(p.card_instance.card),
                        p.kind,
                        p.reason,
                        p.seconds_allowed,
                        p.picked_at,
                    )
                    for p in Pick.objects.filter(pod=pod)
                    .select_related("seat", "pack__opener", "card_instance__card__edition")
                    .order_by("pack_round", "pick_number", "seat__position")
                ],
            }
        )
    state["card_pools"] = sorted(
        (
            p.player.username,
            p.source,
            tuple(sorted((_ref(e.card), e.quantity) for e in p.entries.all())),
        )
        for p in CardPool.objects.filter(event=event).select_related("player")
    )
    state["deck_lists"] = sorted(
        (
            d.player.username,
            d.text,
            tuple(sorted((_ref(e.card), e.quantity) for e in d.entries.all())),
        )
        for d in DeckList.objects.filter(event=event).select_related("player")
    )
    return state


def _saved_refs(saved: dict | None) -> dict[str, int]:
    from rulings.models import Card

    if not saved:
        return {}
    cards = Card.objects.filter(pk__in=[int(k) for k in saved]).select_related("edition")
    return {_ref(c): saved[str(c.pk)] for c in cards}


def _remove_event(event: Event) -> None:
    Match.objects.filter(round__event=event).delete()
    event.delete()


def _counts() -> tuple:
    return (
        Event.objects.count(),
        User.objects.count(),
        Pod.objects.count(),
        CardInstance.objects.count(),
        Pick.objects.count(),
        CardPool.objects.count(),
        DeckList.objects.count(),
    )


@pytest.fixture
def simulated():
    """Five simulated players drafted (the auction and four packs, a fifth of the steps
    timed out), built their decks, and round 1 paired within the pod."""
    return simulate_draft(players=5, seed=7, timeout_rate=0.2, pair_round_1=True).event


# --- the round trip --------------------------------------------------------------------------
def test_a_simulated_draft_event_round_trips_with_its_draft_pools_and_decks(simulated):
    event = simulated
    before = draft_state(event.uid)
    standings = standings_table(event.uid)
    archive = event_archive_export(event_id=event.pk)
    assert archive["version"] == VERSION == 2
    pods = archive["records"]["draft"]["pods"]
    assert [len(p["seats"]) for p in pods] == [5]
    assert len(pods[0]["picks"]) == 5 * 48
    assert any(e.get("moved") for e in pods[0]["auction_state"]["log"])
    # every card the draft uses is in the catalogue; no primary key is
    assert {c["card"] for c in pods[0]["cards"]} <= set(archive["catalogue"]["cards"])
    assert [c["id"] for c in pods[0]["cards"]] == list(range(1, len(pods[0]["cards"]) + 1))
    assert sum(1 for r in before["deck_lists"]) == 5
    data = archive_json(archive)
    assert event_archive_import(data=data).up_to_date
    old_ids = set(CardInstance.objects.values_list("pk", flat=True))
    _remove_event(event)

    result = event_archive_import(data=data)

    assert result.created_event
    assert draft_state(event.uid) == before
    assert standings_table(event.uid) == standings
    new_ids = set(
        CardInstance.objects.filter(pod__draft__event=result.event).values_list("pk", flat=True)
    )
    assert new_ids and not new_ids & old_ids  # new rows, remapped ids
    # the same file again, and this install's own export of it, change nothing
    assert event_archive_import(data=data).up_to_date
    again = event_archive_export(event_id=result.event.pk)
    assert again["records"]["draft"] == archive["records"]["draft"]


def _drafting_event(prefix: str):
    """Two players and two bots three steps into pack 1 (every seat timed out): cards
    still in the packs, picks nobody but judges may read yet."""
    event, judge, regs = draft_event(2, bots=2, auction=False, prefix=prefix)
    pod = Pod.objects.get(draft__event=event)
    for _step in range(3):
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
        pod_version(pod.pk)
    pod.refresh_from_db()
    assert (pod.phase, pod.pack_round, pod.pick_number) == (DraftPhase.DRAFTING, 1, 4)
    return event, judge, regs


def test_a_draft_in_progress_round_trips_with_the_cards_left_in_its_packs():
    event, _judge, _regs = _drafting_event("dp")
    before = draft_state(event.uid)
    data = archive_json(event_archive_export(event_id=event.pk))
    _remove_event(event)
    event_archive_import(data=data)
    assert draft_state(event.uid) == before
    # pack 1 is open (the bots already took their fourth card), packs 2 to 4 still closed
    first = [p for p in before["pods"][0]["packs"] if p[1] == 1]
    assert sorted(len(p[5]) for p in first) == [8, 8, 9, 9]
    assert {len(p[5]) + len(p[6]) for p in before["pods"][0]["packs"]} == {12}


# --- conservation ----------------------------------------------------------------------------
def _pod(archive: dict) -> dict:
    return archive["records"]["draft"]["pods"][0]


def _card(pod: dict, card_id: int) -> dict:
    return next(c for c in pod["cards"] if c["id"] == card_id)


def card_moved_between_pools(archive: dict) -> None:
    pod = _pod(archive)
    pick = next(p for p in pod["picks"] if p["seat"] == 0)
    _card(pod, pick["card"])["owner"] = 1


def pick_duplicated(archive: dict) -> None:
    pod = _pod(archive)
    pod["picks"].append(copy.deepcopy(pod["picks"][7]))


def pack_card_missing(archive: dict) -> None:
    """The last pick of a pack (and its card) taken out of the file."""
    pod = _pod(archive)
    pick = max(pod["picks"], key=lambda p: (p["pack_round"], p["pick_number"], -p["seat"]))
    pod["picks"].remove(pick)
    pod["cards"].remove(_card(pod, pick["card"]))


def auction_card_moved(archive: dict) -> None:
    pod = _pod(archive)
    won = next(c for c in pod["cards"] if c["source"] == "auction" and c["owner"] == 0)
    won["owner"] = 1


def deck_outside_pool(archive: dict) -> None:
    deck = next(r for r in archive["records"].values() if r["type"] == "deck_list")
    deck["entries"][0]["quantity"] += 30


TAMPERED = {
    "a card moved between pools": (card_moved_between_pools, "pick"),
    "a pick duplicated": (pick_duplicated, "two picks"),
    "a pack card missing": (pack_card_missing, "instead of 12"),
    "an auction card moved": (auction_card_moved, "the card pool of"),
    "a deck outside its pool": (deck_outside_pool, "the pool has"),
}


@pytest.mark.parametrize("tamper", TAMPERED.values(), ids=TAMPERED.keys())
def test_a_tampered_draft_is_refused_naming_what_does_not_add_up_with_nothing_written(
    simulated, tamper
):
    change, words = tamper
    archive = event_archive_export(event_id=simulated.pk)
    _remove_event(simulated)
    change(archive)
    before = _counts()

    with pytest.raises(ArchiveRefusedError) as raised:
        event_archive_import(data=json.dumps(archive))

    assert "do not add up" in raised.value.message and words in raised.value.message
    assert _counts() == before
    assert not Event.objects.filter(uid=archive["event"]).exists()


def test_the_conservation_refusal_is_in_spanish_for_a_spanish_reader():
    event, _judge, _regs = _drafting_event("de")
    archive = event_archive_export(event_id=event.pk)
    pick_duplicated(archive)
    with translation.override("es"), pytest.raises(ArchiveRefusedError) as raised:
        event_archive_import(data=json.dumps(archive))
    assert "no cuadran" in raised.value.message


def test_a_drafts_cards_count_towards_the_record_limit(settings):
    event, _judge, _regs = _drafting_event("dl")
    archive = event_archive_export(event_id=event.pk)
    settings.ARCHIVE_MAX_RECORDS = (
        len(archive["records"]) + len(archive["catalogue"]["cards"]) + 200
    )
    with pytest.raises(ArchiveRefusedError) as raised:
        event_archive_import(data=json.dumps(archive))
    assert raised.value.code == "archive_too_many_records"


# --- visibility on the importing site --------------------------------------------------------
def _csv(client, event: Event, what: str, *, via_api: bool) -> list[dict[str, str]]:
    url = (
        f"/api/events/{event.pk}/export/{what}.csv"
        if via_api
        else reverse("tournaments:export", args=[event.pk, what])
    )
    response = client.get(url)
    assert response.status_code == 200
    return list(csv.DictReader(io.StringIO(response.content.decode())))


def _client(user=None, *, via_api: bool):
    client = APIClient() if via_api else Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("via_api", [False, True])
def test_pools_and_picks_keep_their_readers_after_import(simulated, via_api):
    data = archive_json(event_archive_export(event_id=simulated.pk))
    _remove_event(simulated)
    # the organiser's account exists here: the operator gives it its role back
    event = event_archive_import(data=data, grant_staff=["simulator"]).event
    assert event.status == EventStatus.RUNNING
    me = DraftSeat.objects.filter(pod__draft__event=event).earliest("position").registration.player
    judge = event.created_by
    for what in ("picks", "pools"):
        assert _csv(_client(via_api=via_api), event, what, via_api=via_api) == []
        mine = _csv(_client(me, via_api=via_api), event, what, via_api=via_api)
        assert mine and {r["player"] for r in mine} == {me.public_name}
        everyone = _csv(_client(judge, via_api=via_api), event, what, via_api=via_api)
        assert len({r["seat"] for r in everyone}) == 5
    page = _client(me, via_api=False).get(reverse("drafts:my_draft", args=[event.pk]))
    assert 'data-testid="pick-log"' in page.content.decode()
    console = _client(judge, via_api=False).get(reverse("drafts:draft_console", args=[event.pk]))
    assert console.status_code == 200
    assert _client(me, via_api=False).get(console.request["PATH_INFO"]).status_code in (302, 403)


def test_picks_made_during_the_draft_stay_hidden_after_import():
    event, judge, regs = _drafting_event("dv")
    data = archive_json(event_archive_export(event_id=event.pk))
    _remove_event(event)
    event = event_archive_import(data=data, grant_staff=[judge.username]).event
    me = User.objects.get(pk=regs[0].player_id)
    for via_api in (False, True):
        for reader in (None, me):
            for what in ("picks", "pools"):
                assert _csv(_client(reader, via_api=via_api), event, what, via_api=via_api) == []
    # the player sees the pack in front of them, the anonymous reader no seat at all
    seat = APIClient()
    seat.force_authenticate(me)
    answer = seat.get(f"/api/events/{event.pk}/draft/my-seat/")
    assert answer.status_code == 200, answer.content
    assert len(answer.json()["pack"]) == 9 and answer.json()["pool"] is None
    assert APIClient().get(f"/api/events/{event.pk}/draft/my-seat/").status_code in (401, 403)
    judge_sees = _csv(
        _client(User.objects.get(username=judge.username), via_api=False),
        event,
        "picks",
        via_api=False,
    )
    # three steps of four seats, and the two bots' fourth picks
    assert len(judge_sees) == Pick.objects.filter(pod__draft__event=event).count() == 14


def test_a_finished_events_pools_are_public_unless_kept_private_after_import(simulated):
    Event.objects.filter(pk=simulated.pk).update(
        status=EventStatus.FINISHED, draft_cards_private=True
    )
    archive = event_archive_export(event_id=simulated.pk)
    _remove_event(simulated)
    event = event_archive_import(data=json.dumps(archive)).event
    assert _csv(Client(), event, "pools", via_api=False) == []
    Event.objects.filter(pk=event.pk).update(draft_cards_private=False)
    assert len({r["seat"] for r in _csv(Client(), event, "pools", via_api=False)}) == 5


# --- older files ----------------------------------------------------------------------------
def test_a_version_1_file_still_imports_and_cannot_hold_a_draft():
    event = build_central_event()
    standings = standings_table(event.uid)
    archive = event_archive_export(event_id=event.pk)
    archive["version"] = 1
    _remove_event(event)
    assert event_archive_import(data=json.dumps(archive)).created_event
    assert standings_table(event.uid) == standings

    drafted, _judge, _regs = _drafting_event("d1")
    old = event_archive_export(event_id=drafted.pk)
    old["version"] = 1
    with pytest.raises(ArchiveRefusedError) as raised:
        event_archive_import(data=json.dumps(old))
    assert raised.value.code == "archive_unknown_record_type"


def test_pool_arithmetic_counts_every_card_once(simulated):
    pod = _pod(event_archive_export(event_id=simulated.pk))
    places = Counter(
        "pack" if c["pack"] else "deck" if c["table_deck"] else c["source"] for c in pod["cards"]
    )
    assert places["draft"] == len(pod["picks"]) == 5 * 48
    assert places["auction"] == len(pod["cards"]) - 5 * 48


def _set_in_pod(path: str, value):
    def change(archive: dict) -> None:
        node = _pod(archive)
        *parents, last = path.split(".")
        for name in parents:
            node = node[int(name)] if name.isdigit() else node[name]
        node[int(last) if last.isdigit() else last] = value

    return change


DAMAGED_DRAFT = {
    "pods not a list": (
        lambda a: a["records"]["draft"].update(pods="x"),
        "archive_wrong_type",
    ),
    "a seat of nobody": (
        _set_in_pod("seats.0.registration", "registration:nobody"),
        "archive_unknown_reference",
    ),
    "a card not in the catalogue": (
        _set_in_pod("cards.0.card", "ZZ/1"),
        "archive_unknown_reference",
    ),
    "a pick of no card": (_set_in_pod("picks.0.card", 99999), "archive_unknown_reference"),
    "a pack opened by no seat": (_set_in_pod("packs.0.opener", 9), "archive_unknown_reference"),
    "two packs with one id": (_set_in_pod("packs.1.id", 1), "archive_draft_duplicate_id"),
    "an auction of no deck": (
        _set_in_pod("auction_state", {"state": {"decks": [99], "deck_of": {}}, "log": []}),
        "archive_unknown_reference",
    ),
    "a saved deck of a string": (
        lambda a: _pod(a)["seats"][0].update(saved_deck={_pod(a)["cards"][0]["card"]: "2"}),
        "archive_wrong_type",
    ),
    "an unknown phase": (_set_in_pod("phase", "bogus"), "archive_invalid_value"),
    "an unknown deck state": (_set_in_pod("seats.1.deck_state", "bogus"), "archive_invalid_value"),
    "an unknown pick kind": (_set_in_pod("picks.0.kind", "x" * 9), "archive_invalid_value"),
}


@pytest.mark.parametrize("damage", DAMAGED_DRAFT.values(), ids=DAMAGED_DRAFT.keys())
def test_a_damaged_draft_is_refused_with_nothing_written(damage):
    change, code = damage
    event, _judge, _regs = _drafting_event("dd")
    archive = event_archive_export(event_id=event.pk)
    _remove_event(event)
    change(archive)
    before = _counts()
    with pytest.raises(ArchiveRefusedError) as raised:
        event_archive_import(data=json.dumps(archive))
    assert raised.value.code == code, raised.value.message
    assert _counts() == before


def test_a_paper_draft_round_trips_with_its_seating_and_no_cards():
    event, _judge, _regs = draft_event(4, paper=True, pack_editions=[], prefix="pd")
    before = draft_state(event.uid)
    archive = event_archive_export(event_id=event.pk)
    pod = _pod(archive)
    assert pod["cards"] == [] and "paper_starter" in pod["auction_state"]
    _remove_event(event)
    event_archive_import(data=json.dumps(archive))
    assert draft_state(event.uid) == before
