"""The impact of a new rulings version on registered deck lists, read before publication and
made into notices by it: a hand-built small case.

Version 2 bans Suero Verde in Monofacción only and watch-lists Caparazón Injertado; it is
published today, so it is in force from tomorrow. The events:

- ``mono``: Monofacción, in 10 days: Ana's list holds both cards (illegal, and warned);
  Bea's holds neither (untouched).
- ``multi``: Multifacción, in 10 days: Carla's list holds both (warned only: the ban is
  Monofacción's).
- ``unpinned``: running, tomorrow, its version not pinned yet: Fede's list is illegal.
- ``pinned``: running, tomorrow, version 1 pinned at round 1: Eva's list is spared.
- ``finished``: finished last week under version 1: Dani's list is spared.
- ``today``: in registration today, before the new version comes into force: Gil's list
  keeps checking against version 1 and is in neither group.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone, translation

from accounts.models import NotificationPreferences
from config.errors import DomainError
from decklists.models import DeckList, RulingsNotice
from decklists.rulings_impact import rulings_impact
from decklists.services.lists import deck_list_submit
from rulings import selectors
from rulings.models import Card, DocumentVersion
from rulings.services import (
    document_entry_save,
    document_version_publish,
    document_version_start_draft,
)
from tests.factories import UserFactory
from tests.rulings_fixtures import quimera_list, with_summary
from tournaments.models import Event

pytestmark = pytest.mark.django_db

FULL = quimera_list()  # holds 4 Suero Verde and 4 Caparazón Injertado
PLAIN = quimera_list(size=33)  # stops before them


@pytest.fixture(autouse=True)
def _no_broker(settings):
    settings.CELERY_BROKER_URL = ""  # the embedded default: mails leave after the commit


@pytest.fixture
def scene(rulings_data, make_event, register, judge_of, site_admin):
    today = timezone.localdate()
    soon = today + dt.timedelta(days=10)
    tomorrow = today + dt.timedelta(days=1)
    events = {
        "mono": make_event(date=soon, name="Mono"),
        "multi": make_event(date=soon, name="Multi", format="multifaccion"),
        "unpinned": make_event(date=tomorrow, name="Unpinned"),
        "pinned": make_event(date=tomorrow, name="Pinned"),
        "finished": make_event(date=today - dt.timedelta(days=7), name="Finished"),
        "today": make_event(date=today, name="Today"),
    }
    people = {}
    for event_key, name, text in (
        ("mono", "Ana", FULL),
        ("mono", "Bea", PLAIN),
        ("multi", "Carla", FULL),
        ("unpinned", "Fede", FULL),
        ("pinned", "Eva", FULL),
        ("finished", "Dani", FULL),
        ("today", "Gil", FULL),
    ):
        who = UserFactory(username=name.lower(), display_name=name)
        register(events[event_key], who)
        deck_list_submit(event=events[event_key], player=who, text=text, actor=who)
        people[name] = who
    version_1 = DocumentVersion.objects.get(number=1)
    Event.objects.filter(pk=events["unpinned"].pk).update(status="running")
    Event.objects.filter(pk=events["pinned"].pk).update(status="running", rulings_version=version_1)
    Event.objects.filter(pk=events["finished"].pk).update(
        status="finished", rulings_version=version_1
    )
    judge = judge_of(events["mono"])
    draft = document_version_start_draft(document=selectors.document_get(), actor=site_admin)
    suero = Card.objects.get(edition__code="DV", number=110)
    caparazon = Card.objects.get(edition__code="DV", number=111)
    document_entry_save(version=draft, section="banned_list", card=suero, formats=["monofaccion"])
    document_entry_save(version=draft, section="watch_list", card=caparazon)
    with_summary(
        draft, "Suero Verde banned in Monofacción.", "Suero Verde prohibida en Monofacción."
    )
    return {
        "events": events,
        "people": people,
        "judge": judge,
        "draft": draft,
        "suero": suero,
        "caparazon": caparazon,
        "today": today,
    }


def _publish(scene, site_admin, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        document_version_publish(
            version=scene["draft"], published_on=scene["today"], actor=site_admin
        )


def test_the_impact_names_the_events_lists_and_players(scene):
    report = rulings_impact(scene["draft"], scene["today"])
    impact = report.impact
    events, people = scene["events"], scene["people"]
    assert impact.in_force_from == scene["today"] + dt.timedelta(days=1)
    assert report.base_number == 1
    by_event = {e.event.id: e for e in impact.affected}
    # Dated order: tomorrow's running event first, then the two in 10 days.
    assert [e.event.id for e in impact.affected] == [
        events["unpinned"].pk,
        events["mono"].pk,
        events["multi"].pk,
    ]
    mono = by_event[events["mono"].pk]
    assert [(r.player_name, r.banned, r.watched) for r in mono.lists] == [
        ("Ana", (scene["suero"].pk,), (scene["caparazon"].pk,))
    ]
    assert (mono.illegal_count, mono.watched_count) == (1, 1)
    multi = by_event[events["multi"].pk]
    assert [(r.player_name, r.banned, r.watched) for r in multi.lists] == [
        ("Carla", (), (scene["caparazon"].pk,))
    ]
    assert (multi.illegal_count, multi.watched_count) == (0, 1)
    unpinned = by_event[events["unpinned"].pk]
    assert [r.player_id for r in unpinned.illegal] == [people["Fede"].pk]
    # The events that keep their version are reported as spared, with their lists.
    assert {e.event.id: [r.player_name for r in e.lists] for e in impact.kept} == {
        events["finished"].pk: ["Dani"],
        events["pinned"].pk: ["Eva"],
    }
    assert events["today"].pk not in {e.event.id for e in (*impact.affected, *impact.kept)}
    assert impact.players == {people["Ana"].pk, people["Fede"].pk}
    assert report.card_labels((scene["suero"].pk,)) == ["Suero Verde (DV 110/280)"]


def test_the_impact_takes_a_fixed_number_of_queries(scene, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        rulings_impact(scene["draft"], scene["today"])
    for _ in range(20):  # more lists, as many queries
        who = UserFactory()
        Event.objects.get(pk=scene["events"]["mono"].pk).registrations.create(player=who)
        deck_list_submit(event=scene["events"]["mono"], player=who, text=FULL, actor=who)
    with django_assert_max_num_queries(6):
        report = rulings_impact(scene["draft"], scene["today"])
    assert report.impact.illegal_count == 22


def test_publication_told_exactly_what_the_preview_said(
    scene, site_admin, django_capture_on_commit_callbacks
):
    preview = rulings_impact(scene["draft"], scene["today"]).impact
    _publish(scene, site_admin, django_capture_on_commit_callbacks)
    players = {
        (n.event_id, n.player_id, tuple(sorted(c["id"] for c in n.cards)))
        for n in RulingsNotice.objects.filter(kind="list_illegal")
    }
    assert players == {
        (e.event.id, row.player_id, row.banned) for e in preview.affected for row in e.illegal
    }
    events = {
        n.event_id: (n.illegal_count, n.watched_count, [p["id"] for p in n.players])
        for n in RulingsNotice.objects.filter(kind="event_changed")
    }
    assert events == {
        e.event.id: (e.illegal_count, e.watched_count, [r.player_id for r in e.lists])
        for e in preview.affected
    }
    # Read again after publication, the outcome is the preview.
    assert rulings_impact(scene["draft"], scene["today"]).impact == preview


def test_the_player_is_mailed_in_their_language_which_card_and_by_when(
    scene, site_admin, django_capture_on_commit_callbacks
):
    ana, fede = scene["people"]["Ana"], scene["people"]["Fede"]
    NotificationPreferences.objects.create(user=ana, language="es")
    _publish(scene, site_admin, django_capture_on_commit_callbacks)
    to_ana = [m for m in mail.outbox if m.to == [ana.email]]
    to_fede = [m for m in mail.outbox if m.to == [fede.email]]
    assert len(to_ana) == 1 and len(to_fede) == 1
    assert to_ana[0].subject == "Mono: tu lista de mazo deja de ser legal"
    assert "prohíbe en el formato de este evento una carta de tu lista" in to_ana[0].body
    assert "Suero Verde (DV 110/280)" in to_ana[0].body
    assert "Cambia tu lista antes del" in to_ana[0].body
    assert f"/rulings/events/{scene['events']['mono'].pk}/deck/" in to_ana[0].body
    assert to_fede[0].subject == "Unpinned: your deck list is no longer legal"
    assert "Change your list by" in to_fede[0].body
    # Players only warned (Carla), spared (Dani, Eva) or untouched (Bea, Gil) get nothing.
    told = {address for m in mail.outbox for address in m.to}
    for name in ("Bea", "Carla", "Dani", "Eva", "Gil"):
        assert scene["people"][name].email not in told


def test_a_player_who_turned_the_mail_off_still_sees_the_notice(
    scene, site_admin, django_capture_on_commit_callbacks, client
):
    ana = scene["people"]["Ana"]
    NotificationPreferences.objects.create(user=ana, rulings_list_illegal=False)
    _publish(scene, site_admin, django_capture_on_commit_callbacks)
    assert not [m for m in mail.outbox if m.to == [ana.email]]
    client.force_login(ana)
    assert 'data-testid="rulings-notice-own"' in client.get("/events/mine/").content.decode()


def test_the_organisers_and_judges_are_mailed_the_affected_players(
    scene, site_admin, django_capture_on_commit_callbacks
):
    judge = scene["judge"]
    _publish(scene, site_admin, django_capture_on_commit_callbacks)
    [to_judge] = [m for m in mail.outbox if m.to == [judge.email]]
    assert to_judge.subject == "Mono: deck lists no longer legal"
    assert "Ana: Suero Verde (DV 110/280)" in to_judge.body
    assert "1 list gains a watch warning." in to_judge.body
    assert f"/events/{scene['events']['mono'].pk}/judge/" in to_judge.body
    NotificationPreferences.objects.update_or_create(user=judge, defaults={"language": "es"})
    mail.outbox.clear()
    from accounts.notification_mail import deliver

    deliver(
        kind="rulings_event_lists",
        user_id=judge.pk,
        context={
            "event_name": "Mono",
            "version": 2,
            "in_force_from": "2030-01-02",
            "due": timezone.now().isoformat(),
            "players": [{"name": "Ana", "cards": ["Suero Verde (DV 110/280)"]}],
            "watched_count": 1,
        },
    )
    assert mail.outbox[0].subject == "Mono: listas de mazo que dejan de ser legales"
    assert "hace ilegales las listas de mazo de estos jugadores" in mail.outbox[0].body


def test_the_pages_show_each_reader_what_they_may_read_in_both_languages(
    scene, site_admin, django_capture_on_commit_callbacks, client
):
    _publish(scene, site_admin, django_capture_on_commit_callbacks)
    mono = scene["events"]["mono"]
    event_url = reverse("tournaments:event_detail", args=[mono.pk])
    deck_url = reverse("decklists:my_deck", args=[mono.pk])

    # Ana: her own notice on My events, the event page and the deck-list page.
    client.force_login(scene["people"]["Ana"])
    for url in ("/events/mine/", event_url, deck_url):
        page = client.get(url).content.decode()
        assert 'data-testid="rulings-notice-own"' in page, url
        assert "Version 2 of the rulings makes your deck list for Mono illegal" in page
        assert "Suero Verde (DV 110/280) is now banned in this event's format." in page
        assert 'data-testid="rulings-affected-players"' not in page
    with translation.override("es"):
        page = client.get("/es" + event_url).content.decode()
    assert "La versión 2 de las reglas hace ilegal tu lista de mazo para Mono" in page
    assert "Cambios de reglas para este evento" in page
    assert "Cambia tu lista antes del" in page
    assert (
        "Cambios de reglas que afectan a mis listas de mazo"
        in client.get("/es/events/mine/").content.decode()
    )

    # Bea, registered and untouched: the change, no notice of her own, no names.
    client.force_login(scene["people"]["Bea"])
    page = client.get(event_url).content.decode()
    assert 'data-testid="rulings-change"' in page
    assert "Version 2 of the rulings document is in force from" in page
    assert "1 registered list becomes illegal; 1 gains a watch warning." in page
    assert 'data-testid="rulings-notice-own"' not in page
    assert 'data-testid="rulings-affected-players"' not in page
    assert 'data-testid="my-rulings-notices"' not in client.get("/events/mine/").content.decode()
    page = client.get("/es" + event_url).content.decode()
    assert "1 lista inscrita deja de ser legal; 1 recibe un aviso de observación." in page

    # Someone not signed in reads the change, without names.
    client.logout()
    page = client.get(event_url).content.decode()
    assert 'data-testid="rulings-change"' in page
    assert 'data-testid="rulings-affected-players"' not in page

    # The judge: the affected players, on the event page and on the dashboard.
    client.force_login(scene["judge"])
    dashboard = reverse("tournaments:dashboard", args=[mono.pk])
    for url in (event_url, dashboard):
        page = client.get(url).content.decode()
        assert 'data-testid="rulings-affected-players"' in page, url
        assert "<td>Ana</td><td>Suero Verde (DV 110/280)</td>" in page
    page = client.get("/es" + dashboard).content.decode()
    assert "Jugadores que deben cambiar su lista antes del" in page


def test_a_player_dismisses_only_their_own_notice(
    scene, site_admin, django_capture_on_commit_callbacks, client
):
    _publish(scene, site_admin, django_capture_on_commit_callbacks)
    notice = RulingsNotice.objects.get(player=scene["people"]["Ana"])
    url = reverse("decklists:rulings_notice_dismiss", args=[notice.pk])
    client.force_login(scene["people"]["Fede"])
    assert client.post(url).status_code == 404
    notice.refresh_from_db()
    assert notice.dismissed_at is None
    client.force_login(scene["people"]["Ana"])
    assert client.post(url, {"next": "/events/mine/"})["Location"] == "/events/mine/"
    assert client.post(url).status_code == 302  # again: nothing changes
    notice.refresh_from_db()
    assert notice.dismissed_at is not None
    assert 'data-testid="rulings-notice-own"' not in client.get("/events/mine/").content.decode()


def test_the_publish_page_previews_the_impact_then_shows_whom_it_told(
    scene, admin_client, django_capture_on_commit_callbacks
):
    draft = scene["draft"]
    for name in ("admin:rulings_version_diff", "admin:rulings_version_publish"):
        page = admin_client.get(reverse(name, args=[draft.pk])).content.decode()
        assert "2 lists become illegal, 3 gain a watch warning — 3 events." in page, name
        assert f'data-testid="impact-player-{scene["people"]["Ana"].pk}"' in page
        assert "Unaffected: these events keep their version" in page
        assert "keeps version 1" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            reverse("admin:rulings_version_publish", args=[draft.pk]),
            {"published_on": scene["today"].isoformat(), "confirm": "on"},
        )
    assert response.status_code == 302
    page = admin_client.get(response["Location"]).content.decode()
    assert "2 players whose lists became illegal were told; 1 organiser or judge of 3 events." in (
        " ".join(page.split())
    )


def test_nothing_is_told_when_publication_is_refused(scene, site_admin):
    draft = scene["draft"]
    draft.summary_es = ""
    draft.save()
    with pytest.raises(DomainError) as refused:
        document_version_publish(version=draft, published_on=scene["today"], actor=site_admin)
    assert refused.value.code == "summary_missing"
    draft.refresh_from_db()
    assert draft.status == "draft"
    assert not RulingsNotice.objects.exists()
    assert DeckList.objects.count() == 7
