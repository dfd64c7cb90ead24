"""Whom a judge can find and add: the people a search may show (never usernames; staff and
site-role accounts only by their exact player number), one entry read as the add-a-player
field reads it, and the preview of a bulk add (each line's match, nothing created)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext as _

from accounts.selectors import fold, person_search, person_similar
from config.numbers import ascii_digits, parse_whole_number
from tournaments.models import (
    AuditEntry,
    Event,
    EventStaff,
)
from tournaments.rules import plain_players

if TYPE_CHECKING:
    from accounts.models import User


def findable_people(*, event: Event | None = None) -> QuerySet[User]:
    """Whom a judge finds by name or username when adding a player or a judge: plain players
    (``tournaments.rules.plain_players``) and the staff of the judge's own ``event`` (whom
    its staff tab lists anyway). Anyone else, an account with a site role or a staff role at
    another event, is found by their exact player number only; nobody's username is shown."""
    from accounts.models import User

    people = User.objects.all()
    if event is None:
        return plain_players(people)
    own_staff = EventStaff.objects.filter(event=event, user_id=OuterRef("pk"))
    return people.filter(Q(pk__in=plain_players(people).values("pk")) | Q(Exists(own_staff)))


def people_search(text: str, *, event: Event | None = None, limit: int = 10) -> list[User]:
    """The accounts a judge's typing finds (``accounts.selectors.person_search``): any
    active account by its exact player number, and those of ``findable_people`` by the words
    of their name."""
    return person_search(text, among=findable_people(event=event), limit=limit)


def people_similar(text: str, *, event: Event | None = None, limit: int = 5) -> list[User]:
    """The "did you mean" of a judge's typing that found nobody: those of
    ``findable_people`` whose name is close to it (``accounts.selectors.person_similar``)."""
    return person_similar(text, among=findable_people(event=event), limit=limit)


# --- what a judge's typing names, when adding players ------------------------------------
CHOICES_SHOWN = 8
MAX_BULK_LINES = 100
WALK_IN_NAME_LENGTH = 80


def person_label(user: User) -> str:
    """A person as a judge's search shows them: their name and player number, never their
    username."""
    name = user.display_name or user.get_full_name()
    number = f"#{user.player_number}" if user.player_number else ""
    return " ".join(part for part in (name, number) if part)


def is_player_number(text: str) -> bool:
    """Whether ``text`` is written as a player number (ASCII digits only, however many)."""
    return ascii_digits(text)


@dataclass(frozen=True)
class PersonMatch:
    """What one entry a judge typed names (``person_match``): one ``person``; several
    ``candidates`` to pick from (``more`` when others match too); or nobody, with the
    names close to it (``similar``, the "did you mean") or a number nobody has
    (``unknown_number``)."""

    text: str
    person: User | None = None
    candidates: tuple[User, ...] = ()
    more: bool = False
    similar: tuple[User, ...] = ()
    unknown_number: bool = False


def person_match(text: str, *, event: Event | None = None) -> PersonMatch:
    """Read an entry as the add-a-player field does: an exact player number (anyone's),
    an exact username or a whole name (accents and case ignored) of someone
    ``findable_people`` holds, or words of such a name (``people_search``; a surname will
    do). A whole name wins over names that merely contain the words."""
    from accounts.models import User

    text = " ".join(text.split())
    if is_player_number(text):
        # Too many digits for any player number: nobody has it (never a query that overflows).
        number = parse_whole_number(text)
        user = User.objects.filter(player_number=number).first() if number is not None else None
        return PersonMatch(text, person=user) if user else PersonMatch(text, unknown_number=True)
    user = findable_people(event=event).filter(username__iexact=text).first()
    if user is not None:
        return PersonMatch(text, person=user)
    matches = people_search(text, event=event, limit=CHOICES_SHOWN + 1)
    exact = [u for u in matches if fold(u.display_name) == fold(text)]
    candidates = exact or matches
    if len(candidates) == 1:
        return PersonMatch(text, person=candidates[0])
    if candidates:
        return PersonMatch(
            text,
            candidates=tuple(candidates[:CHOICES_SHOWN]),
            more=len(candidates) > CHOICES_SHOWN,
        )
    return PersonMatch(text, similar=tuple(people_similar(text, event=event)))


@dataclass(frozen=True)
class PersonChoice:
    """A person offered to a judge adding players, and why they cannot be picked, if so
    (already in the event; an account only its holder may enter)."""

    person: User
    label: str
    unavailable: str = ""
    refusal: str = ""  # the same, as a sentence naming them

    @property
    def value(self) -> str:
        return f"n{self.person.player_number}"


def person_choices(people: Iterable[User], *, event: Event, actor: User) -> list[PersonChoice]:
    """``people`` as choices for ``actor`` adding players to ``event``."""
    from tournaments.rules import may_enter_player

    people = list(people)
    registered = set(
        event.registrations.filter(player__in=people).values_list("player_id", flat=True)
    )
    choices = []
    for person in people:
        label = person_label(person)
        if person.pk in registered:
            why = _("already in this event")
            refusal = _("%(name)s is already in this event.") % {"name": label}
        elif not may_enter_player.test(actor, person):
            why = _("only they can register themselves")
            refusal = _(
                "%(name)s has a site role or is staff at an event: only they can register "
                "themselves for an event."
            ) % {"name": label}
        else:
            why = refusal = ""
        choices.append(PersonChoice(person, label, why, refusal))
    return choices


def bulk_lines(text: str) -> list[str]:
    """The lines of a bulk add: each with its spaces made single, empty ones left out."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return [line for line in lines if line]


@dataclass(frozen=True)
class LinePreview:
    """One line of a bulk add as the judge confirms it (``bulk_add_preview``).

    ``kind``: ``account`` (one account), ``walk_in`` (nobody has the name), ``did_you_mean``
    (nobody has it, names close to it: the judge picks one or the walk-in), ``ambiguous``
    (several people: the judge picks), ``error`` (nothing can be added: ``note`` says why).
    ``people`` are the accounts offered, ``walk_in`` whether a walk-in of the line's name
    may be chosen, ``initial`` the choice made unless the judge changes it ("" for none:
    the judge must choose). A choice's value is a ``PersonChoice.value``, ``walk-in`` or
    ``skip``."""

    number: int
    line: str
    kind: str
    people: tuple[PersonChoice, ...] = ()
    walk_in: bool = False
    initial: str = ""
    note: str = ""
    more: bool = False

    def person_for(self, value: str) -> User | None:
        for choice in self.people:
            if choice.value == value and not choice.unavailable:
                return choice.person
        return None


def lines_added(event: Event, batch: uuid.UUID) -> list[str] | None:
    """The players a confirmed bulk add of ``event`` added under the key ``batch`` (its
    audit entry's uid; ``registration_add_lines``), or ``None`` if no such bulk add was
    confirmed."""
    done = (
        AuditEntry.objects.filter(event=event, uid=batch, action="registration.add_lines")
        .values_list("after", flat=True)
        .first()
    )
    if done is None:
        return None
    return [str(name) for name in (done or {}).get("players") or []]


def walk_in_refusal(name: str) -> str:
    """Why ``name`` cannot be a walk-in's name ("" if it can)."""
    from django.core.exceptions import ValidationError

    from config.names import validate_name

    if len(name) > WALK_IN_NAME_LENGTH:
        return _("A name has at most %(n)s characters.") % {"n": WALK_IN_NAME_LENGTH}
    try:
        validate_name(name)
    except ValidationError as exc:
        return str(exc.messages[0])
    return ""


def bulk_add_preview(lines: list[str], *, event: Event, actor: User) -> list[LinePreview]:
    """What each line of a bulk add names, for the judge to confirm before anything is
    created: read as the add-a-player field reads one entry (``person_match``). A line that
    names nobody offers the names close to it ("did you mean") beside a walk-in of its name,
    and nothing is chosen for it; a line naming several people offers them. A number nobody
    has, someone already in the event or on an earlier line, an account only its holder may
    enter, or a repeated line is an error line, added by nobody."""
    rows: list[LinePreview] = []
    seen_lines: dict[str, int] = {}
    seen_people: dict[int, int] = {}
    for number, line in enumerate(lines, start=1):
        earlier = seen_lines.setdefault(fold(line), number)
        if earlier != number:
            note = _("The same as line %(n)s.") % {"n": earlier}
            rows.append(LinePreview(number, line, "error", note=note))
            continue
        match = person_match(line, event=event)
        if match.unknown_number:
            note = _("Nobody has the player number %(n)s.") % {"n": line}
            rows.append(LinePreview(number, line, "error", note=note))
            continue
        refusal = walk_in_refusal(line)
        if match.person is not None:
            [choice] = person_choices([match.person], event=event, actor=actor)
            earlier = seen_people.setdefault(match.person.pk, number)
            if earlier != number:
                note = _("%(name)s is already on line %(n)s.") % {
                    "name": choice.label,
                    "n": earlier,
                }
                rows.append(LinePreview(number, line, "error", note=note))
            elif choice.unavailable:
                rows.append(LinePreview(number, line, "error", note=choice.refusal))
            else:
                rows.append(
                    LinePreview(
                        number,
                        line,
                        "account",
                        people=(choice,),
                        walk_in=not is_player_number(line) and not refusal,
                        initial=choice.value,
                    )
                )
            continue
        offered = match.candidates or match.similar
        people = tuple(person_choices(offered, event=event, actor=actor))
        if not offered:
            if refusal:
                rows.append(LinePreview(number, line, "error", note=refusal))
            else:
                rows.append(LinePreview(number, line, "walk_in", walk_in=True, initial="walk-in"))
            continue
        rows.append(
            LinePreview(
                number,
                line,
                "ambiguous" if match.candidates else "did_you_mean",
                people=people,
                walk_in=not refusal,
                more=match.more,
            )
        )
    return rows
