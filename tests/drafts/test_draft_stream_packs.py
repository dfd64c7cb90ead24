"""The next pack as data on the drafters' streams (``drafts.services.pack_news``), on a real
Redis: when a step ends, each seated drafter's stream carries the pack now in front of their
own seat and never another seat's; a spectator, a drafter of another event and a reader
signed out get no stream at all; the data is what the drafter's part of the page shows; a
stream opened later says the current version (the page then fetches its part); and where
the site runs no stream server nothing is noted or published and the pages poll as before."""

from __future__ import annotations

import asyncio
import datetime
import json
import os
import re
import time
from pathlib import Path
from types import SimpleNamespace

import polib
import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404
from django.test import AsyncRequestFactory, Client
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.translation import ngettext

import drafts
from drafts.core.timers import pick_seconds
from drafts.models import DraftSeat, Pod
from drafts.services import draft_pick, poll_state
from drafts.services import pack_news as news_module
from drafts.services.flow import step_view
from drafts.services.pack_cards import pack_card_list
from drafts.views import stream as draft_stream
from rulings.models import Card
from tests.asyncio_helpers import run
from tests.celery_worker import reachable, redis_url
from tests.drafts.helpers import draft_event
from tests.tournaments.helpers import add_players


@pytest.fixture
def streaming(settings):
    """The site as it runs the stream: ``DRAFT_STREAM`` on, the cache and the news on
    Redis."""
    url = redis_url()
    if not reachable(url):
        pytest.skip(f"no Redis at {url}")
    settings.REDIS_URL = url
    settings.DRAFT_STREAM = True
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"stream-packs-{os.getpid()}-{time.monotonic_ns()}",
        }
    }
    return url


@pytest.fixture
def published(monkeypatch):
    """Every message the services publish on the pods' channels (they still go out)."""
    sent: list[tuple[int, str]] = []
    publish = poll_state.publish_version

    def spy(pod_id: int, message: int | str) -> None:
        sent.append((pod_id, str(message)))
        publish(pod_id, message)

    monkeypatch.setattr(poll_state, "publish_version", spy)
    return sent


def seats_of(pod: Pod) -> list[DraftSeat]:
    return list(pod.seats.select_related("registration__player").order_by("position"))


def everyone_picks(pod_id: int) -> None:
    """Every player of the pod takes the first card of their pack: the step ends."""
    pod = Pod.objects.get(pk=pod_id)
    view = step_view(pod)
    for seat in seats_of(pod):
        if seat.registration_id is None or seat.pk in view.picked:
            continue
        draft_pick(
            actor=seat.registration.player,
            pod_id=pod_id,
            pack_round=pod.pack_round,
            pick_number=pod.pick_number,
            card_instance_id=view.cards[seat.pk][0].pk,
        )


def reader_request(user, pod_id: int):
    """The stream's request as the ASGI handler gives it, with the reader signed in."""
    request = AsyncRequestFactory().get(reverse("draft_pod_stream", args=[pod_id]))

    async def auser():
        return user

    request.auser = auser
    return request


async def open_stream(user, pod_id: int):
    """The reader's stream through the view (who may listen, and to which seat's packs),
    read up to its first version; None when refused, with the status."""
    try:
        response = await draft_stream.pod_stream(reader_request(user, pod_id), pod=pod_id)
    except Http404:
        return None, 404
    if response.status_code != 200:
        return None, response.status_code
    content = aiter(response.streaming_content)
    await next_events(content, until="pod")
    return content, 200


async def next_events(stream, until: str = "pod", timeout: float = 5.0) -> list[tuple[str, str]]:
    """The stream's events (name, data) up to and including the next ``until`` event."""
    heard = []
    while True:
        chunk = await asyncio.wait_for(anext(stream), timeout)
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        found = re.match(r"event: (\w+)\ndata: (.*)\n\n", text)
        if found:
            heard.append((found.group(1), found.group(2)))
            if found.group(1) == until:
                return heard


def own_pack(pod: Pod, seat: DraftSeat) -> list[list[int]]:
    return [[c.pk, c.card_id] for c in step_view(pod).cards[seat.pk]]


@pytest.mark.django_db(transaction=True)
def test_each_drafter_s_stream_carries_their_own_next_pack_and_no_other(streaming):
    event, _judge, regs = draft_event(3, auction=False, prefix="sp")
    pod = Pod.objects.get(draft__event=event)
    before = pod.version

    async def scenario() -> dict[int, list[tuple[str, str]]]:
        streams = {}
        for reg in regs[:2]:
            streams[reg.pk], status = await open_stream(reg.player, pod.pk)
            assert status == 200
        await asyncio.wait_for(draft_stream.pod_news(streaming).subscribed.wait(), 3)
        await asyncio.to_thread(everyone_picks, pod.pk)
        heard = {}
        for key, stream in streams.items():
            heard[key] = await next_events(stream)
            while heard[key][-1][1] == str(before):  # a resync's repeat, if any
                heard[key] = await next_events(stream)
            await stream.aclose()
        return heard

    heard = run(scenario())
    pod.refresh_from_db()
    assert (pod.pack_round, pod.pick_number) == (1, 2)
    seats = {s.registration_id: s for s in seats_of(pod)}
    every_card = {c.pk for cards in step_view(pod).cards.values() for c in cards}
    for reg in regs[:2]:
        (kind, data), (last, version) = heard[reg.pk]
        assert (kind, last, version) == ("pack", "pod", str(pod.version))
        share = json.loads(data)
        mine = own_pack(pod, seats[reg.pk])
        assert share["cards"] == mine
        assert {k: share[k] for k in ("v", "since", "round", "pick", "seconds", "direction")} == {
            "v": pod.version,
            "since": before,
            "round": 1,
            "pick": 2,
            "seconds": pick_seconds(11),
            "direction": "left",
        }
        assert datetime.datetime.fromisoformat(share["deadline"]) == pod.deadline
        assert datetime.datetime.fromisoformat(share["now"]).tzinfo is not None
        assert "packs" not in share
        # Nothing else is said, and no card instance of another seat's pack.
        assert set(share) == {"v", "since", "round", "pick", "deadline", "seconds"} | {
            "direction",
            "cards",
            "now",
        }
        others = every_card - {card for card, _card_id in mine}
        assert others and others.isdisjoint(card for card, _card_id in share["cards"])


@pytest.mark.django_db(transaction=True)
def test_no_stream_for_a_spectator_a_drafter_of_another_event_or_anyone_signed_out(
    streaming, other_player
):
    event, judge, _regs = draft_event(2, auction=False, prefix="sx")
    elsewhere, _judge2, theirs = draft_event(2, auction=False, prefix="sy")
    pod = Pod.objects.get(draft__event=event)
    (spectator,) = add_players(event, 1, prefix="sz")  # registered, never seated

    async def statuses() -> dict[str, int]:
        seen = {}
        for name, user in (
            ("signed out", AnonymousUser()),
            ("stranger", other_player),
            ("judge of the event", judge),
            ("registered, not seated", spectator.player),
            ("seated at another event", theirs[0].player),
        ):
            stream, seen[name] = await open_stream(user, pod.pk)
            assert stream is None
        return seen

    assert run(statuses()) == {
        "signed out": 403,
        "stranger": 404,
        "judge of the event": 404,
        "registered, not seated": 404,
        "seated at another event": 404,
    }
    assert elsewhere.pk != event.pk


@pytest.mark.django_db(transaction=True)
def test_a_stream_without_a_seat_to_show_says_the_versions_only(streaming):
    """What the stream gives a reader the visibility rule shows no pack (``seat_id`` None):
    the version of each change, never a pack."""
    event, _judge, _regs = draft_event(2, auction=False, prefix="sv")
    pod = Pod.objects.get(draft__event=event)

    async def scenario() -> list[tuple[str, str]]:
        stream = draft_stream.pod_events(pod.pk, seat_id=None)
        await next_events(stream)
        await asyncio.wait_for(draft_stream.pod_news(streaming).subscribed.wait(), 3)
        await asyncio.to_thread(everyone_picks, pod.pk)
        heard = await next_events(stream)
        await stream.aclose()
        return heard

    heard = run(scenario())
    pod.refresh_from_db()
    assert heard == [("pod", str(pod.version))]


def fragment_facts(html: str) -> dict[str, object]:
    """What the drafter's part shows of the pack in front of them."""
    names = re.findall(r'<span class="card-name">([^<]*)</span>', html)
    return {
        "round": int(re.search(r'name="pack_round" value="(\d+)"', html).group(1)),
        "pick": int(re.search(r'name="pick_number" value="(\d+)"', html).group(1)),
        "instances": [int(v) for v in re.findall(r'name="card_instance" value="(\d+)"', html)],
        "names": names,
        "deadline": re.search(r'data-deadline="([^"]+)"', html).group(1),
        "seconds": re.search(r'<span class="help">· ([^<]+)</span>', html).group(1),
        "costs": re.findall(r'data-testid="card-cost">([^<]*)<', html),
        "rarities": re.findall(r'data-testid="card-rarity">([^<]*)<', html),
    }


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_data_is_what_the_drafter_s_part_of_the_page_shows(streaming, published, language):
    event, _judge, regs = draft_event(2, auction=False, prefix=f"sd{language}")
    pod = Pod.objects.get(draft__event=event)
    everyone_picks(pod.pk)
    pod.refresh_from_db()
    message = json.loads(published[-1][1])
    seat = DraftSeat.objects.get(registration=regs[0])
    heard = news_module.read_message(published[-1][1])
    share = json.loads(news_module.seat_share(heard, seat.pk, timezone.now()))

    client = Client()
    client.force_login(regs[0].player)
    with translation.override(language):
        url = reverse("drafts:draft_live", args=[event.pk, pod.pk]) + "?v=0"
        listed = pack_card_list(pod.draft)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    shown = fragment_facts(html)
    cards = [listed["cards"][str(card_id)] for _instance, card_id in share["cards"]]

    assert message["v"] == pod.version
    assert {
        "round": share["round"],
        "pick": share["pick"],
        "instances": [instance for instance, _card_id in share["cards"]],
        "names": [escape(c["name"]) for c in cards],
        "deadline": share["deadline"],
        "seconds": listed["seconds"][str(share["seconds"])],
        "costs": [c["cost"] for c in cards if c["cost"] is not None],
        "rarities": [c["rarity_label"] for c in cards],
    } == shown
    if language == "es":
        assert shown["seconds"] == "45 segundos para esta elección"
        assert all(cost.startswith("coste ") for cost in shown["costs"])


@pytest.mark.django_db(transaction=True)
def test_a_stream_opened_later_says_the_current_version(streaming):
    """A reconnect (or a page opened late) is told where the pod is now, without a pack: the
    page, which has not seen the changes in between, fetches its part."""
    event, _judge, regs = draft_event(2, auction=False, prefix="sr")
    pod = Pod.objects.get(draft__event=event)
    everyone_picks(pod.pk)
    everyone_picks(pod.pk)
    pod.refresh_from_db()
    assert pod.pick_number == 3

    async def scenario() -> list[tuple[str, str]]:
        response = await draft_stream.pod_stream(reader_request(regs[0].player, pod.pk), pod=pod.pk)
        stream = aiter(response.streaming_content)
        heard = await next_events(stream)
        await stream.aclose()
        return heard

    assert run(scenario()) == [("pod", str(pod.version))]


@pytest.mark.django_db(transaction=True)
def test_only_the_players_who_must_pick_get_their_pack(streaming, published):
    event, _judge, _regs = draft_event(2, bots=1, auction=False, prefix="sb")
    pod = Pod.objects.get(draft__event=event)
    everyone_picks(pod.pk)  # the bot picked at once; the players close the step
    message = json.loads(published[-1][1])
    seats = seats_of(pod)
    players = {str(s.pk) for s in seats if s.registration_id is not None}
    assert len(seats) == 3 and len(players) == 2
    assert set(message["packs"]) == players


def test_a_later_change_in_the_same_transaction_sends_the_version_alone(settings):
    settings.DRAFT_STREAM = True
    deadline = timezone.now() + datetime.timedelta(seconds=45)
    seat = SimpleNamespace(pk=7, registration_id=3, bot=False)
    card = SimpleNamespace(pk=70, card_id=5)
    pod = SimpleNamespace(
        version=12, deadline=deadline, paused_remaining=None, pack_round=2, pick_number=2
    )
    news_module.note_opened_step(pod, since=10, seats=[seat], cards={7: [card]}, picked=set())
    assert json.loads(news_module.pod_message(pod))["packs"] == {"7": [[70, 5]]}
    assert news_module.pod_message(pod) == "12"  # the note is used once
    news_module.note_opened_step(pod, since=10, seats=[seat], cards={7: [card]}, picked=set())
    pod.version = 13  # a judge's change after the step opened, say
    assert news_module.pod_message(pod) == "13"


def test_a_seat_s_share_holds_that_seat_s_pack_alone():
    heard = news_module.read_message(
        json.dumps({"v": 5, "since": 3, "packs": {"1": [[10, 100]], "2": [[20, 200]]}})
    )
    now = timezone.now()
    assert json.loads(news_module.seat_share(heard, 1, now)) == {
        "v": 5,
        "since": 3,
        "cards": [[10, 100]],
        "now": now.isoformat(),
    }
    assert news_module.seat_share(heard, 3, now) is None  # no pack for that seat
    assert news_module.seat_share(heard, None, now) is None  # no seat to show
    assert news_module.seat_share(news_module.read_message("5"), 1, now) is None
    assert news_module.read_message("not ours") == news_module.Heard(None)


@pytest.mark.django_db(transaction=True)  # the services' on-commit steps run
def test_without_the_stream_server_nothing_is_noted_or_published_and_pages_poll(
    settings, monkeypatch
):
    settings.DRAFT_STREAM = False
    messages: list[str] = []
    message = poll_state.pod_message

    def spy(pod: Pod) -> str:
        messages.append(message(pod))
        return messages[-1]

    monkeypatch.setattr(poll_state, "pod_message", spy)
    sent: list[object] = []
    monkeypatch.setattr(poll_state, "publish_version", lambda *args: sent.append(args))
    event, _judge, regs = draft_event(2, auction=False, prefix="sn")
    pod = Pod.objects.get(draft__event=event)
    client = Client()
    client.force_login(regs[0].player)
    page = client.get(reverse("drafts:my_draft", args=[event.pk])).content.decode()
    before = pod.version
    everyone_picks(pod.pk)
    pod.refresh_from_db()

    assert sent == []
    assert messages and all(m.isdigit() for m in messages)  # versions only: no step noted
    assert "draft-pack-cards" not in page and "draft-pack-template" not in page
    assert 'hx-trigger="every 3s, op:expired' in page  # holding a pack, polling
    live = reverse("drafts:draft_live", args=[event.pk, pod.pk])
    assert client.get(f"{live}?v={pod.version}").status_code == 204
    fragment = client.get(f"{live}?v={before}")
    assert fragment.status_code == 200
    assert fragment_facts(fragment.content.decode())["pick"] == 2


@pytest.mark.django_db
def test_the_page_loads_the_card_list_only_with_the_stream(streaming):
    event, _judge, regs = draft_event(2, auction=False, prefix="sc")
    pod = Pod.objects.get(draft__event=event)
    client = Client()
    client.force_login(regs[0].player)
    page = client.get(reverse("drafts:my_draft", args=[event.pk])).content.decode()
    listed = json.loads(
        re.search(r'<script id="draft-pack-cards" type="application/json">(.*?)</script>', page)
        .group(1)
        .replace("\\u003C", "<")
        .replace("\\u003E", ">")
        .replace("\\u0026", "&")
    )
    # Every card any pack of the pod holds can be drawn; and only booster cards of the
    # draft's editions are listed, never which of them are in the pod.
    in_packs = set(pod.card_instances.filter(pack__isnull=False).values_list("card_id", flat=True))
    assert {int(pk) for pk in listed["cards"]} >= in_packs
    editions = Card.objects.filter(edition__code__in=["DV", "SU"]).exclude(rarity="")
    assert {int(pk) for pk in listed["cards"]} == set(editions.values_list("pk", flat=True))
    assert 'id="draft-pack-template"' in page
    with translation.override("es"):
        url = reverse("drafts:my_draft", args=[event.pk])
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'data-step-text="Sobre __ROUND__, elección __PICK__"' in spanish
    assert 'data-left="Pasa a la izquierda ←"' in spanish


@pytest.mark.parametrize("n", [0, 1, 2, 45, 1_000_000])
def test_the_drafts_plural_texts_read_in_spanish_for_any_number(n):
    """The step's time and the drafts' other counted texts (the card list sends them ready
    made): the catalogue's header has Spanish count three forms, and each text has all three."""
    po = polib.pofile(str(Path(drafts.__file__).parent / "locale/es/LC_MESSAGES/django.po"))
    plurals = [e for e in po if e.msgid_plural]
    assert plurals
    with translation.override("es"):
        for entry in plurals:
            spanish = ngettext(entry.msgid, entry.msgid_plural, n)
            assert spanish in entry.msgstr_plural.values(), (entry.msgid, n, spanish)
