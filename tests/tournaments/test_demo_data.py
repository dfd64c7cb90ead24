"""`manage.py demo_data`: it lists the demo events as they are in the database (the draft
included), a second run leaves them as they are and says so, and --reset empties the
database and loads the demo again (after asking, unless --no-input)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from accounts.models import User
from tests.factories import UserFactory
from tournaments.models import Event
from tournaments.models.choices import EventStatus

pytestmark = pytest.mark.django_db

DEMO_EVENTS = [
    "Demo: Monofacción Open",
    "Demo: Humankind league night",
    "Demo: Booster draft night",
]


def run(*args: str, **options: object) -> str:
    out = io.StringIO()
    call_command("demo_data", *args, stdout=out, **options)
    return out.getvalue()


def summary(output: str) -> list[str]:
    """The lines under "Demo events now in the database:"."""
    lines = output.splitlines()
    start = lines.index("Demo events now in the database:")
    return [line.strip() for line in lines[start + 1 :] if line.startswith("  ")]


# Committed like the real command: on PostgreSQL a flush cannot TRUNCATE tables that the
# same open transaction has written under deferred constraints.
@pytest.mark.django_db(transaction=True)
def test_the_demo_lists_what_is_in_the_database_and_reset_reloads_it():
    first = run()
    assert "judge1..2" in first and "player01..16" in first  # the logins
    events = summary(first)
    assert [line.split("'")[1] for line in events] == DEMO_EVENTS
    open_event, running, draft = events
    assert "registration open; 10 players" in open_event
    assert "Swiss round 2 of 3 running" in running
    assert "booster draft under way: deck auction; 6 players and 2 bots" in draft
    assert "judge1 (organiser)" in draft and "judge2 (judge)" in draft
    for name, line in zip(DEMO_EVENTS, events, strict=True):
        assert f"/events/{Event.objects.get(name=name).pk}/" in line

    # The demo played with, and a row of someone else's: a second run keeps both and says so.
    Event.objects.filter(name=DEMO_EVENTS[1]).update(status=EventStatus.FINISHED)
    UserFactory(username="visitor")
    second = run()
    assert "events already there, left as they are" in second
    assert "draft already there, left as it is" in second
    assert "finished" in summary(second)[1]
    assert Event.objects.filter(name__startswith="Demo:").count() == 3

    # --reset: everything goes, the demo comes back as new.
    third = run("--reset", "--no-input")
    assert "reset: emptied the database" in third
    assert not User.objects.filter(username="visitor").exists()
    assert "left as" not in third
    assert [line.split("'")[1] for line in summary(third)] == DEMO_EVENTS
    assert "Swiss round 2 of 3 running" in summary(third)[1]
    assert sorted(Event.objects.values_list("name", flat=True)) == sorted(DEMO_EVENTS)
    assert Event.objects.get(name=DEMO_EVENTS[0]).registrations.count() == 10


@pytest.mark.parametrize("answer", ["no", ""])
def test_a_reset_asks_first_and_a_refusal_deletes_nothing(monkeypatch, answer):
    UserFactory(username="keeper")
    asked = []
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or answer)
    with pytest.raises(CommandError, match="nothing was deleted"):
        run("--reset")
    assert "deletes every row" in asked[0]
    assert User.objects.filter(username="keeper").exists()
    assert not Event.objects.exists()


def test_a_reset_with_no_terminal_to_ask_deletes_nothing(monkeypatch):
    UserFactory(username="keeper")

    def no_terminal(prompt: str) -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_terminal)
    with pytest.raises(CommandError):
        run("--reset")
    assert User.objects.filter(username="keeper").exists()
