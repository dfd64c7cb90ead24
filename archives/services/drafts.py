"""A booster draft's pods as the archive's ``pods`` (``archives.core.drafts``), and back.

Packs, auction decks and card instances get ids of the archive's own (1, 2, ... in primary
key order); an import creates them in that order, so the same draft exported from either
install is the same record (equal digests: importing it again changes nothing).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.db import models, transaction
from django.utils.dateparse import parse_datetime

from archives.core.drafts import remap_auction
from archives.core.schema import card_ref
from archives.services.refusals import clean_row
from drafts.models import CardInstance, Draft, DraftSeat, Pack, Pick, Pod, TableDeck
from drafts.services.poll_state import forget_poll_state
from rulings.models import Card

BATCH = 500


def _iso(value: dt.datetime | None) -> str | None:
    return None if value is None else value.astimezone(dt.UTC).isoformat()


def _when(value: str | None) -> dt.datetime | None:
    return None if value is None else parse_datetime(value)


def _ids(rows: list[models.Model]) -> dict[int, int]:
    """Primary key -> the archive's id (1, 2, ... in primary key order)."""
    return {row.pk: n for n, row in enumerate(sorted(rows, key=lambda r: r.pk), start=1)}


def draft_pods(
    draft: Draft, registration_keys: Mapping[int, str], cards: dict[str, Card]
) -> list[dict[str, Any]]:
    """The draft's pods as the archive stores them; the cards they use are added to
    ``cards`` (by reference) for the archive's catalogue."""
    pods = []
    for pod in Pod.objects.filter(draft=draft).order_by("number"):
        seats = list(DraftSeat.objects.filter(pod=pod).order_by("position"))
        position = {s.pk: s.position for s in seats}
        decks = list(TableDeck.objects.filter(pod=pod).order_by("pk"))
        packs = list(Pack.objects.filter(pod=pod).order_by("pk"))
        instances = list(
            CardInstance.objects.filter(pod=pod).select_related("card__edition").order_by("pk")
        )
        deck_id, pack_id, card_id = _ids(decks), _ids(packs), _ids(instances)
        for instance in instances:
            cards[card_ref(instance.card.edition.code, instance.card.number)] = instance.card
        saved = {int(k) for s in seats for k in (s.saved_deck or {})}
        saved_cards = {c.pk: c for c in Card.objects.filter(pk__in=saved).select_related("edition")}
        cards.update({card_ref(c.edition.code, c.number): c for c in saved_cards.values()})
        picks = Pick.objects.filter(pod=pod).order_by("pack_round", "pick_number", "seat__position")
        state = pod.auction_state
        pods.append(
            {
                "number": pod.number,
                "phase": pod.phase,
                "pack_round": pod.pack_round,
                "pick_number": pod.pick_number,
                "deadline": _iso(pod.deadline),
                "paused_remaining": (
                    None if pod.paused_remaining is None else pod.paused_remaining.total_seconds()
                ),
                "version": pod.version,
                "auction_state": (
                    None if state is None else remap_auction(state, decks=deck_id, cards=card_id)
                ),
                "seats": [
                    {
                        "position": s.position,
                        "registration": (
                            None
                            if s.registration_id is None
                            else registration_keys[s.registration_id]
                        ),
                        "bot": s.bot,
                        "saved_deck": _saved_deck(s.saved_deck, saved_cards),
                        "building_until": _iso(s.building_until),
                        "deck_state": s.deck_state,
                    }
                    for s in seats
                ],
                "table_decks": [
                    {
                        "id": deck_id[d.pk],
                        "name": d.name,
                        "owner": None if d.owner_id is None else position[d.owner_id],
                    }
                    for d in decks
                ],
                "packs": [
                    {
                        "id": pack_id[p.pk],
                        "opener": position[p.opener_id],
                        "pack_round": p.pack_round,
                        "edition": p.edition,
                        "replaced": p.replaced,
                        "replacement": p.replacement,
                    }
                    for p in packs
                ],
                "cards": [
                    {
                        "id": card_id[i.pk],
                        "card": card_ref(i.card.edition.code, i.card.number),
                        "pack": None if i.pack_id is None else pack_id[i.pack_id],
                        "table_deck": None if i.table_deck_id is None else deck_id[i.table_deck_id],
                        "owner": None if i.owner_id is None else position[i.owner_id],
                        "source": i.source,
                    }
                    for i in instances
                ],
                "picks": [
                    {
                        "seat": position[p.seat_id],
                        "pack_round": p.pack_round,
                        "pick_number": p.pick_number,
                        "pack": pack_id[p.pack_id],
                        "card": card_id[p.card_instance_id],
                        "kind": p.kind,
                        "reason": p.reason,
                        "seconds_allowed": p.seconds_allowed,
                        "picked_at": _iso(p.picked_at),
                    }
                    for p in picks
                ],
            }
        )
    return pods


def _saved_deck(saved: dict[str, int] | None, cards: Mapping[int, Card]) -> dict[str, int] | None:
    """A builder's saved deck (card id -> copies) by card reference. A card the catalogue
    no longer has is left out (it cannot be in the pool: pool cards are protected)."""
    if saved is None:
        return None
    return {
        card_ref(cards[int(k)].edition.code, cards[int(k)].number): n
        for k, n in sorted(saved.items())
        if int(k) in cards
    }


def write_pods(
    draft: Draft,
    pods: list[dict[str, Any]],
    rows: Mapping[str, models.Model],
    cards: Mapping[str, Card],
) -> None:
    """Replace the draft's pods by the archive's (checked by the core, conservation too):
    each row checked with ``clean_fields`` first, ids mapped to this install's keys."""
    Pod.objects.filter(draft=draft).delete()
    for n, doc in enumerate(pods):
        where = f"records.draft.pods[{n}]"
        pod = Pod(
            draft=draft,
            number=doc["number"],
            phase=doc["phase"],
            pack_round=doc["pack_round"],
            pick_number=doc["pick_number"],
            deadline=_when(doc["deadline"]),
            paused_remaining=(
                None
                if doc["paused_remaining"] is None
                else dt.timedelta(seconds=doc["paused_remaining"])
            ),
            version=doc["version"],
        )
        clean_row(pod, where, exclude=["draft", "auction_state"])
        pod.save()
        seats = [
            DraftSeat(
                pod=pod,
                position=s["position"],
                registration=None if s["registration"] is None else rows[s["registration"]],
                bot=s["bot"],
                saved_deck=(
                    None
                    if s["saved_deck"] is None
                    else {str(cards[ref].pk): count for ref, count in s["saved_deck"].items()}
                ),
                building_until=_when(s["building_until"]),
                deck_state=s["deck_state"],
            )
            for s in doc["seats"]
        ]
        _create(seats, f"{where}.seats", ["pod", "registration", "saved_deck"])
        seat_at = {s.position: s for s in seats}
        decks = {
            d["id"]: TableDeck(
                pod=pod, name=d["name"], owner=None if d["owner"] is None else seat_at[d["owner"]]
            )
            for d in doc["table_decks"]
        }
        _create(list(decks.values()), f"{where}.table_decks", ["pod", "owner"])
        packs = {
            p["id"]: Pack(
                pod=pod,
                opener=seat_at[p["opener"]],
                pack_round=p["pack_round"],
                edition=p["edition"],
                replaced=p["replaced"],
                replacement=p["replacement"],
            )
            for p in doc["packs"]
        }
        _create(list(packs.values()), f"{where}.packs", ["pod", "opener"])
        instances = {
            c["id"]: CardInstance(
                pod=pod,
                card=cards[c["card"]],
                pack=None if c["pack"] is None else packs[c["pack"]],
                table_deck=None if c["table_deck"] is None else decks[c["table_deck"]],
                owner=None if c["owner"] is None else seat_at[c["owner"]],
                source=c["source"],
            )
            for c in doc["cards"]
        }
        _create(
            list(instances.values()),
            f"{where}.cards",
            ["pod", "card", "pack", "table_deck", "owner"],
        )
        picks = [
            Pick(
                pod=pod,
                seat=seat_at[p["seat"]],
                pack_round=p["pack_round"],
                pick_number=p["pick_number"],
                pack=packs[p["pack"]],
                card_instance=instances[p["card"]],
                kind=p["kind"],
                reason=p["reason"],
                seconds_allowed=p["seconds_allowed"],
                picked_at=_when(p["picked_at"]),
            )
            for p in doc["picks"]
        ]
        _create(picks, f"{where}.picks", ["pod", "seat", "pack", "card_instance"])
        if doc["auction_state"] is not None:
            pod.auction_state = remap_auction(
                doc["auction_state"],
                decks={i: d.pk for i, d in decks.items()},
                cards={i: c.pk for i, c in instances.items()},
            )
            pod.save(update_fields=["auction_state"])
        # A pod that had this id before (SQLite reuses a deleted row's id) is forgotten.
        transaction.on_commit(lambda pk=pod.pk: forget_poll_state(pk))


def _create(rows: list[models.Model], where: str, exclude: list[str]) -> None:
    """Check each row's fields, then insert them in order (primary keys in the archive's
    order of ids). The rows they refer to were inserted just before."""
    if not rows:
        return
    for n, row in enumerate(rows):
        clean_row(row, f"{where}[{n}]", exclude=exclude)
    type(rows[0]).objects.bulk_create(rows, batch_size=BATCH)
