"""A deck check keeps the list it checked. Before the event starts a player may still replace
their list: the check goes on showing the cards as they were checked, and the judges see on
the check and on the list that the list changed since, with the cards that differ (pages and
API). Players learn nothing of checks. Checks recorded before lists were kept read "not
recorded"."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from decklists import selectors
from decklists.models import DeckCheck, DeckList
from decklists.services.checks import deck_check_record
from decklists.services.lists import deck_list_submit
from tests.factories import UserFactory
from tests.rulings_fixtures import quimera_list

pytestmark = pytest.mark.django_db

# Four Suero Verde when checked; the list sent after the check has two of them and two
# Rata Parlante instead.
CHECKED = quimera_list()
REPLACED = CHECKED.replace("4 Suero Verde", "2 Suero Verde\n2 Rata Parlante")


@pytest.fixture
def event(rulings_data, make_event):
    return make_event(date=timezone.localdate() + dt.timedelta(days=30))


@pytest.fixture
def checked(event, register, judge_of):
    """Ana's list checked before the event starts, then replaced by her."""
    judge = judge_of(event)
    ana = register(event, UserFactory(username="ana", display_name="Ana"))
    deck_list_submit(event=event, player=ana.player, text=CHECKED, actor=ana.player)
    check = deck_check_record(
        actor=judge, event_id=event.pk, registration_id=ana.pk, outcome="as_listed"
    )
    deck_list_submit(event=event, player=ana.player, text=REPLACED, actor=ana.player)
    return judge, ana, check


def login(client, user, password):
    user.set_password(password)
    user.save()
    client.login(request=HttpRequest(), username=user.username, password=password)


def copies(entries, name):
    return sum(e.quantity for e in entries if e.card.name == name)


def test_the_check_keeps_the_cards_it_checked_after_the_list_is_replaced(event, checked):
    _judge, ana, check = checked
    now = DeckList.objects.get(event=event, player=ana.player)
    assert copies(now.entries.all(), "Suero Verde") == 2  # the list did change
    item = selectors.deck_check_in_event(event, check.pk)
    assert copies(item.entries, "Suero Verde") == 4 and item.card_count == 41
    assert item.state == "changed"
    assert [(c.card.name, c.before, c.after) for c in item.changes] == [
        ("Rata Parlante", 0, 2),
        ("Suero Verde", 4, 2),
    ]
    assert check.checked_text == CHECKED


def test_the_checks_page_and_the_check_show_the_list_as_checked_and_changed(
    client, event, checked, password
):
    judge, _ana, check = checked
    login(client, judge, password)
    listing = client.get(reverse("decklists:deck_checks", args=[event.pk])).content.decode()
    assert 'data-state="changed"' in listing and "Changed since its check" in listing
    url = reverse("decklists:deck_check_detail", args=[event.pk, check.pk])
    assert url in listing
    detail = client.get(url).content.decode()
    assert "Changed since its check" in detail
    changes = detail.split('data-testid="checked-list-changes"')[1].split("</ul>")[0]
    assert "Suero Verde" in changes and "4 → 2" in changes
    cards = detail.split('data-testid="checked-entries"')[1].split("</table>")[0]
    # each card drawn as every page draws it (rulings/_card_face.html): here its rules text
    assert re.search(
        r'<td class="num">4</td><td><span class="card-face compact" data-testid="card-face">'
        r'<span class="card-words"><span class="card-name">Suero Verde</span>'
        r'<span class="card-text" data-testid="card-text">[^<]+</span>',
        cards,
    )
    spanish = client.get(url, HTTP_ACCEPT_LANGUAGE="es", follow=True).content.decode()
    assert "Cambiada desde su revisión" in spanish


def test_the_list_page_flags_the_change_for_judges_only(client, event, checked, password):
    judge, ana, _check = checked
    deck_list = DeckList.objects.get(event=event, player=ana.player)
    url = reverse("decklists:deck_detail", args=[deck_list.pk])
    login(client, judge, password)
    page = client.get(url).content.decode()
    assert 'data-testid="list-deck-checks"' in page and "Changed since its check" in page
    login(client, ana.player, password)
    own = client.get(url)
    assert own.status_code == 200
    assert 'data-testid="list-deck-checks"' not in own.content.decode()


def test_the_api_gives_the_list_as_checked_and_what_changed(client, event, checked, password):
    judge, ana, check = checked
    login(client, judge, password)
    [listed] = client.get(f"/api/v1/rulings/events/{event.pk}/deck-checks/").json()["results"]
    one = client.get(f"/api/rulings/events/{event.pk}/deck-checks/{check.pk}/").json()
    assert listed == one
    assert one["list_state"] == "changed"
    assert one["checked_list"]["text"] == CHECKED
    esporas = [e for e in one["checked_list"]["entries"] if e["name"] == "Suero Verde"]
    assert [e["quantity"] for e in esporas] == [4]
    assert {"name": "Suero Verde", "before": 4, "after": 2} in [
        {k: c[k] for k in ("name", "before", "after")} for c in one["changes"]
    ]
    deck_list = DeckList.objects.get(event=event, player=ana.player)
    assert one["deck_list"] == deck_list.pk
    as_judge = client.get(f"/api/rulings/deck-lists/{deck_list.pk}/").json()
    assert [(c["id"], c["list_state"]) for c in as_judge["checks"]] == [(check.pk, "changed")]
    login(client, ana.player, password)
    as_player = client.get(f"/api/rulings/deck-lists/{deck_list.pk}/").json()
    assert as_player["checks"] == []
    assert client.get(f"/api/rulings/events/{event.pk}/deck-checks/{check.pk}/").status_code == 403


def test_a_list_not_changed_since_its_check_reads_unchanged(event, register, judge_of):
    judge = judge_of(event)
    bea = register(event, UserFactory(username="bea"))
    deck_list_submit(event=event, player=bea.player, text=CHECKED, actor=bea.player)
    check = deck_check_record(
        actor=judge, event_id=event.pk, registration_id=bea.pk, outcome="as_listed"
    )
    # the same cards sent again, in another order, are the same list
    lines = CHECKED.splitlines()
    deck_list_submit(
        event=event, player=bea.player, text="\n".join(reversed(lines)), actor=bea.player
    )
    item = selectors.deck_check_in_event(event, check.pk)
    assert (item.state, item.changes) == ("unchanged", [])


def test_a_check_of_a_player_with_no_list_then_a_list_sent_after_it(event, register, judge_of):
    judge = judge_of(event)
    ciro = register(event, UserFactory(username="ciro"))
    check = deck_check_record(
        actor=judge,
        event_id=event.pk,
        registration_id=ciro.pk,
        outcome="discrepancies",
        note="No list",
    )
    assert selectors.deck_check_in_event(event, check.pk).state == "no_list"
    deck_list_submit(event=event, player=ciro.player, text=CHECKED, actor=ciro.player)
    item = selectors.deck_check_in_event(event, check.pk)
    assert item.state == "changed" and item.entries == []
    assert {(c.before, c.after) for c in item.changes if c.card.name == "Suero Verde"} == {(0, 4)}


def test_a_check_recorded_before_lists_were_kept_reads_not_recorded(
    client, event, checked, password
):
    judge, _ana, check = checked
    DeckCheck.objects.filter(pk=check.pk).update(list_recorded=False, checked_text="")
    check.checked_entries.all().delete()
    item = selectors.deck_check_in_event(event, check.pk)
    assert (item.state, item.changes) == ("not_recorded", [])
    login(client, judge, password)
    one = client.get(f"/api/rulings/events/{event.pk}/deck-checks/{check.pk}/").json()
    assert one["list_state"] == "not_recorded" and one["checked_list"] is None
    page = client.get(reverse("decklists:deck_check_detail", args=[event.pk, check.pk]))
    assert "List as checked not recorded" in page.content.decode()
