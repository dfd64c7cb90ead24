"""Adding players without traps: an entry that names several people, or nobody, keeps what
the judge typed and offers the people to pick (or those with a name close to it: "did you
mean"); a bulk add shows what each line names and creates nothing until the judge
confirms, then everything at once.

Before, "Ma" cleared the field and asked for a player number, a typo had no suggestion,
and in a bulk add a misspelt name silently became a new walk-in who was then paired.
"""

from __future__ import annotations

import re
import uuid

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from accounts.selectors import (
    SIMILAR_CANDIDATES,
    SIMILAR_PIECES,
    name_similarity,
    person_similar,
    similar_pieces,
)
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, make_event, make_organiser
from tournaments.audit_presenter import audit_lines
from tournaments.models import AuditEntry, Registration
from tournaments.people import bulk_add_preview, people_similar

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk():
    """An event with a judge, and the people who come to its desk."""
    event = make_event(make_organiser("owner"), name="Desk Cup")
    judge = add_judge(event, "jay")
    people = {
        "marta": UserFactory(username="mlogin", display_name="Marta Sáez"),
        "mario": UserFactory(username="mrlogin", display_name="Mario Ruiz"),
        "ana": UserFactory(username="alogin", display_name="Ana Martínez"),
        "lucia": UserFactory(username="llogin", display_name="Lucía Fernández"),
        "eva": UserFactory(username="evalogin", display_name="Eva Gil"),
        "eve": UserFactory(username="evelogin", display_name="Eve Gil"),
    }
    return event, judge, people


def players_url(event, lang: str = "") -> str:
    prefix = f"/{lang}" if lang else ""
    with translation.override("en"):
        return prefix + reverse("tournaments:judge_players", args=[event.pk])


def text_of(response) -> str:
    return " ".join(response.content.decode().split())


def guests() -> int:
    return User.objects.filter(username__startswith="guest-").count()


# --- one player: the field keeps what was typed, with the people to pick ------------------


def test_an_ambiguous_name_keeps_the_typing_and_offers_the_people(desk, as_user):
    event, judge, people = desk
    client = as_user(judge)
    response = client.post(players_url(event), {"player": "Ma"})
    body = text_of(response)
    assert response.status_code == 400
    assert 'name="player" value="Ma"' in body  # what was typed stays
    assert "Several people match Ma: pick one below." in body
    choices = body[body.index('data-testid="player-choices"') :]
    for key in ("marta", "mario", "ana"):
        person = people[key]
        label = f"{person.display_name} #{person.player_number}"
        assert (
            f'<input type="hidden" name="player" value="{person.player_number}">'
            f'<button type="submit" data-testid="pick-player">{label}</button>'
        ) in choices
    assert "login" not in choices  # never a username
    assert not event.registrations.exists()
    # Picking one adds them.
    response = client.post(players_url(event), {"player": str(people["marta"].player_number)})
    assert response.status_code == 302
    assert event.registrations.get().player == people["marta"]


def test_someone_already_in_the_event_is_offered_but_cannot_be_picked(desk, as_user):
    event, judge, people = desk
    Registration.objects.create(event=event, player=people["eva"])
    body = text_of(as_user(judge).post(players_url(event), {"player": "gil"}))
    eva, eve = people["eva"], people["eve"]
    assert f"Eva Gil #{eva.player_number} (already in this event)" in body
    assert f'name="player" value="{eva.player_number}"' not in body
    assert f'name="player" value="{eve.player_number}"' in body


def test_a_typo_offers_did_you_mean_and_a_walk_in(desk, as_user):
    event, judge, people = desk
    client = as_user(judge)
    response = client.post(players_url(event), {"player": "Martinex"})
    body = text_of(response)
    ana = people["ana"]
    assert response.status_code == 400
    assert 'name="player" value="Martinex"' in body
    assert "Nobody has the player number, username or name Martinex." in body
    assert "Did you mean:" in body
    assert f">Ana Martínez #{ana.player_number}</button>" in body
    assert "Marta Sáez" not in body.split("Did you mean:")[1]  # not close enough
    assert '<input type="hidden" name="display_name" value="Martinex">' in body
    assert "Add “Martinex” as a walk-in" in body
    assert not event.registrations.exists() and guests() == 0


def test_the_choices_in_spanish(desk, as_user):
    event, judge, _people = desk
    body = text_of(as_user(judge).post(players_url(event, "es"), {"player": "Martinex"}))
    assert "¿Querías decir…?" in body
    assert "Añadir «Martinex» como jugador sin cuenta" in body
    body = text_of(as_user(judge).post(players_url(event, "es"), {"player": "Ma"}))
    assert "Varias personas coinciden con Ma: elige una abajo." in body


def test_suggestions_as_the_judge_types_include_names_close_to_a_typo(desk, as_user):
    event, judge, people = desk
    url = reverse("tournaments:player_suggestions", args=[event.pk])
    data = as_user(judge).get(url, {"q": "Lucia Fernandes"}).json()
    lucia = people["lucia"]
    assert data == {
        "results": [
            {
                "value": str(lucia.player_number),
                "label": f"Lucía Fernández #{lucia.player_number}",
                "registered": False,
            }
        ],
        "similar": True,
    }
    assert as_user(judge).get(url, {"q": "lucia"}).json()["similar"] is False
    page = text_of(as_user(judge).get(players_url(event)))
    assert 'id="player-suggestions"' in page and url in page


def test_a_close_name_never_finds_an_account_with_a_role(desk, as_user):
    event, judge, _people = desk
    vip = UserFactory(username="vip", display_name="Victoria Importante")
    vip.groups.add(Group.objects.get_or_create(name="organisers")[0])
    url = reverse("tournaments:player_suggestions", args=[event.pk])
    assert as_user(judge).get(url, {"q": "Victoria Importanta"}).json()["results"] == []
    assert people_similar("Victoria Importanta", event=event) == []
    body = text_of(as_user(judge).post(players_url(event), {"player": "Victoria Importanta"}))
    assert "Victoria Importante" not in body


# --- "did you mean": close names, accents ignored, bounded ----------------------------------


@pytest.mark.parametrize(
    ("typed", "name", "close"),
    [
        ("Martinex", "Ana Martínez", True),  # a surname alone, misspelt, without accent
        ("lucia fernandes", "Lucía Fernández", True),
        ("Mrio Ruiz", "Mario Ruiz", True),
        ("MARTINEZ", "Ana Martínez", True),
        ("Walter Walkin", "Walter White", False),
        ("Diego", "Diana Ruiz", False),
        ("", "Ana", False),
    ],
)
def test_name_similarity(typed, name, close):
    assert (name_similarity(typed, name) >= 0.75) is close


def test_close_names_are_found_whatever_their_accents_closest_first(desk):
    _event, _judge, people = desk
    UserFactory(username="anam2", display_name="Ana Martín")
    found = person_similar("Ana Martinez Lopez", among=User.objects.all())
    assert found[0] == people["ana"]
    assert person_similar("Fernandes", among=User.objects.all()) == [people["lucia"]]
    assert person_similar("zzqx", among=User.objects.all()) == []
    assert person_similar("Ma", among=User.objects.all()) == []  # too short to mean anything


def test_the_database_narrows_close_names_to_a_bounded_set(desk):
    """However many accounts share a piece of the typed name, the database hands Python at
    most ``SIMILAR_CANDIDATES`` of them, those sharing the most pieces first, in one query."""
    _event, _judge, people = desk
    User.objects.bulk_create(
        User(
            username=f"mass{i}",
            email=f"mass{i}@example.org",
            display_name=f"Maria Fer {i:04d}",
            player_number=900_000 + i,
        )
        for i in range(SIMILAR_CANDIDATES * 3)
    )
    with CaptureQueriesContext(connection) as queries:
        found = person_similar("Lucia Fernandes", among=User.objects.all())
    assert found == [people["lucia"]]
    [query] = queries.captured_queries
    assert f"LIMIT {SIMILAR_CANDIDATES}" in query["sql"]


def test_the_pieces_a_close_name_is_looked_for_by_come_from_both_ends_of_each_word():
    assert similar_pieces("Martinex") == ["mar", "nex", "art", "ine", "rti", "tin"]
    pieces = similar_pieces("Lucia Fernandes Gomez Lopez")
    assert len(pieces) == SIMILAR_PIECES
    assert pieces[:4] == ["luc", "fer", "gom", "lop"]  # every word has a piece
    assert similar_pieces("Al") == ["al"]


# --- several at once: a preview, then everything at once -----------------------------------

BULK = "\n".join(
    [
        "{ana}",  # an account by number
        "Lucia Fernandes",  # a typo: did you mean Lucía Fernández?
        "Walter Walkin",  # nobody: a new walk-in
        "Gil",  # Eva or Eve
        "999999",  # a number nobody has
        "walter walkin",  # the same line again
        "",
    ]
)


def bulk_text(people) -> str:
    return BULK.format(ana=people["ana"].player_number)


def preview(client, event, text, lang=""):
    return client.post(players_url(event, lang), {"lines": text})


def confirm_data(response, **choices) -> dict:
    """The preview's confirmation form as the page sends it, with ``choices`` (line number
    to value) made."""
    body = response.content.decode()
    form = body[body.index('data-testid="bulk-confirm"') :]
    lines = [m for m in re.findall(r'name="line" value="([^"]*)"', form)]
    batch = re.search(r'name="batch" value="([^"]+)"', form).group(1)
    data = {"line": [line.replace("&#x27;", "'") for line in lines], "batch": batch}
    for n in range(1, len(lines) + 1):
        checked = re.search(rf'name="line-{n}" value="([^"]+)"[^>]*checked', form)
        hidden = re.search(rf'type="hidden" name="line-{n}" value="([^"]+)"', form)
        if checked or hidden:
            data[f"line-{n}"] = (checked or hidden).group(1)
    data.update({f"line-{n}": v for n, v in choices.items()})
    return data


def test_the_preview_shows_each_lines_match_and_creates_nothing(desk, as_user):
    event, judge, people = desk
    users_before = User.objects.count()
    response = preview(as_user(judge), event, bulk_text(people))
    body = text_of(response)
    assert response.status_code == 200
    kinds = re.findall(r'data-testid="bulk-line" data-kind="(\w+)"', body)
    assert kinds == ["account", "did_you_mean", "walk_in", "ambiguous", "error", "error"]
    ana, lucia = people["ana"], people["lucia"]
    assert f"Ana Martínez #{ana.player_number}" in body
    assert "Nobody has this name. Did you mean someone else?" in body
    assert f"Lucía Fernández #{lucia.player_number}" in body
    assert "New walk-in: Lucia Fernandes" in body
    assert "Nobody has this name: a new walk-in." in body
    assert "Several people match: choose one." in body
    assert "Not added: Nobody has the player number 999999." in body
    assert "Not added: The same as line 3." in body
    assert "login" not in body.split('data-testid="bulk-preview"')[1]
    # Nothing is created before the judge confirms: no registration, no walk-in account.
    assert not event.registrations.exists()
    assert User.objects.count() == users_before
    assert not AuditEntry.objects.filter(action__startswith="registration.").exists()


def test_confirming_adds_the_choices_in_one_go(desk, as_user):
    event, judge, people = desk
    client = as_user(judge)
    shown = preview(client, event, bulk_text(people))
    lucia, eve = people["lucia"], people["eve"]
    data = confirm_data(shown, **{"2": f"n{lucia.player_number}", "4": f"n{eve.player_number}"})
    response = client.post(players_url(event), data, follow=True)
    body = text_of(response)
    added = set(event.registrations.values_list("player__display_name", flat=True))
    assert added == {"Ana Martínez", "Lucía Fernández", "Walter Walkin", "Eve Gil"}
    assert guests() == 1  # the misspelt name did not become a walk-in
    assert "4 players added: Ana Martínez, Lucía Fernández, Walter Walkin, Eve Gil." in body
    assert "2 lines left out." in body
    [batch] = AuditEntry.objects.filter(action="registration.add_lines")
    assert str(batch.uid) == data["batch"]
    assert AuditEntry.objects.filter(action="registration.add").count() == 4
    [line] = audit_lines([batch], event=event)
    assert line.sentence == (
        "Judge jay added 4 players from a list: "
        "Ana Martínez, Lucía Fernández, Walter Walkin, Eve Gil."
    )


def test_a_line_left_unanswered_is_asked_again_and_nothing_is_added(desk, as_user):
    event, judge, people = desk
    client = as_user(judge)
    shown = preview(client, event, bulk_text(people))
    data = confirm_data(shown, **{"4": f"n{people['eva'].player_number}"})  # line 2 unanswered
    response = client.post(players_url(event), data)
    body = text_of(response)
    assert response.status_code == 400
    assert "Choose someone for this line, or leave it out." in body
    assert not event.registrations.exists() and guests() == 0
    # The page keeps the judge's choice on line 4 and the same key for the next try.
    assert f'value="n{people["eva"].player_number}" id="id_line-4_0" required checked' in body
    assert data["batch"] in body


def test_a_misspelt_name_is_a_walk_in_only_if_the_judge_says_so(desk, as_user):
    event, judge, people = desk
    client = as_user(judge)
    shown = preview(client, event, "Lucia Fernandes")
    response = client.post(players_url(event), confirm_data(shown, **{"1": "walk-in"}))
    assert response.status_code == 302
    reg = event.registrations.get()
    assert reg.player.display_name == "Lucia Fernandes" and reg.player != people["lucia"]


def test_sending_the_confirmation_twice_adds_once(desk, as_user):
    event, judge, _people = desk
    client = as_user(judge)
    shown = preview(client, event, "Walter Walkin\nNew Nadia")
    data = confirm_data(shown)
    assert client.post(players_url(event), data).status_code == 302
    again = client.post(players_url(event), data, follow=True)
    assert "This list was already added: Walter Walkin, New Nadia." in text_of(again)
    assert event.registrations.count() == 2 and guests() == 2
    assert AuditEntry.objects.filter(action="registration.add_lines").count() == 1


def test_a_choice_not_offered_on_its_line_is_refused(desk, as_user):
    event, judge, people = desk
    client = as_user(judge)
    shown = preview(client, event, "Lucia Fernandes")
    data = confirm_data(shown, **{"1": f"n{people['marta'].player_number}"})
    response = client.post(players_url(event), data)
    assert response.status_code == 400
    assert "This line changed since you saw it: choose again." in text_of(response)
    assert not event.registrations.exists()


def test_one_person_on_two_lines_is_refused(desk, as_user):
    event, judge, people = desk
    client = as_user(judge)
    ana = people["ana"]
    shown = preview(client, event, f"{ana.player_number}\nMartinex")
    data = confirm_data(shown, **{"2": f"n{ana.player_number}"})
    response = client.post(players_url(event), data)
    assert response.status_code == 400
    assert "Already chosen on line 1." in text_of(response)
    assert not event.registrations.exists()


def test_one_refused_line_adds_nobody(desk, as_user):
    """The event fills up between the preview and the confirmation: nothing is added, and
    the refusal names its line."""
    event, judge, _people = desk
    client = as_user(judge)
    shown = preview(client, event, "Walter Walkin\nNew Nadia\nOscar Otro")
    event.player_cap = 2
    event.save()
    response = client.post(players_url(event), confirm_data(shown))
    body = text_of(response)
    assert response.status_code == 409
    assert "“Oscar Otro”: The event is full (2 players)." in body
    assert not event.registrations.exists() and guests() == 0
    assert 'data-testid="bulk-preview"' in body  # the lines are still there to change


def test_a_batch_key_of_another_entry_is_refused(desk, as_user):
    event, judge, _people = desk
    client = as_user(judge)
    shown = preview(client, event, "Walter Walkin")
    other = AuditEntry.objects.create(event=event, action="event.update", target="x")
    data = {**confirm_data(shown), "batch": str(other.uid)}
    response = client.post(players_url(event), data)
    assert response.status_code == 409
    assert not event.registrations.exists()


def test_people_already_in_or_only_their_own_to_enter_are_error_lines(desk, as_user):
    event, judge, people = desk
    Registration.objects.create(event=event, player=people["marta"])
    other_judge = add_judge(make_event(make_organiser("else"), name="Other"), "otherj")
    rows = bulk_add_preview(
        ["Marta Saez", str(other_judge.player_number)], event=event, actor=judge
    )
    assert [r.kind for r in rows] == ["error", "error"]
    assert rows[0].note == f"Marta Sáez #{people['marta'].player_number} is already in this event."
    assert "only they can register themselves" in rows[1].note


def test_the_preview_in_spanish(desk, as_user):
    event, judge, people = desk
    body = text_of(preview(as_user(judge), event, bulk_text(people), lang="es"))
    assert "Revisa cada línea y añade a los jugadores" in body
    assert "Nadie tiene este nombre. ¿Querías decir otra persona?" in body
    assert "Jugador sin cuenta nuevo: Lucia Fernandes" in body
    assert "Dejar fuera esta línea" in body
    assert "No se añade: Nadie tiene el número de jugador 999999." in body


def test_the_preview_is_for_the_events_staff_only(desk, as_user):
    event, _judge, people = desk
    response = as_user(people["marta"]).post(players_url(event), {"lines": "Walter Walkin"})
    assert response.status_code == 403
    data = {"line": ["Walter Walkin"], "batch": str(uuid.uuid4()), "line-1": "walk-in"}
    assert as_user(people["marta"]).post(players_url(event), data).status_code == 403
    assert not event.registrations.exists()


def test_once_the_event_runs_a_list_adds_late_entries(event, judge, regs, round1, as_user):
    client = as_user(judge)
    shown = preview(client, event, "Walter Walkin\nNew Nadia")
    response = client.post(players_url(event), confirm_data(shown), follow=True)
    body = text_of(response)
    assert "2 players added: Walter Walkin, New Nadia." in body
    assert "They join as late entries from round 2." in body
    late = event.registrations.filter(late_entry=True)
    assert {r.first_round for r in late} == {2} and late.count() == 2


def test_a_name_many_people_match_offers_some_and_asks_for_more(desk, as_user):
    event, judge, _people = desk
    for i in range(10):
        UserFactory(username=f"many{i}", display_name=f"Manu Many{i}")
    body = text_of(as_user(judge).post(players_url(event), {"player": "Manu"}))
    assert body.count('data-testid="pick-player"') == 8
    assert "More people match: write more of the name, or the player number." in body
