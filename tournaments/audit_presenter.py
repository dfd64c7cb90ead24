"""The audit log as sentences, built in one place for the page, the API and any export.

An audit entry keeps an action code, a target (written by the service: a name, "round 3"
or "round 3 table 2") and before/after snapshots. ``audit_lines`` turns a page of entries
into sentences in the reader's language — "Ana Torres set round 2, table 3 (Diego Marín
vs Eva Gil) to 2-1 for Diego Marín (was: disputed)" — naming people and tables instead of
ids, and gives each entry its kind (for the filter) and round. Unknown actions still read
as a sentence built from the action's label and the target, never as raw JSON.

Filters (round, person, kind) are ``audit_filter``: database conditions on the same
fields, so the page and the API page through the filtered rows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django import forms
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournaments.coded_cells import Coded
from tournaments.models import AuditEntry, Event, Match
from tournaments.models.choices import MatchStatus, RoundKind, StaffRole

if TYPE_CHECKING:
    from accounts.models import User

TARGET_ROUND = re.compile(r"^round (?P<round>\d+)(?: table (?P<table>\d+))?$")
TARGET_POD = re.compile(r"^pod (?P<pod>\d+)$")

# The filter's kinds: each is a set of action prefixes.
KINDS: dict[str, tuple[Any, tuple[str, ...]]] = {
    "event": (gettext_lazy("Event and staff"), ("event.",)),
    "players": (gettext_lazy("Players"), ("registration.",)),
    "pairings": (gettext_lazy("Pairings and rounds"), ("round.", "topcut.")),
    "clock": (gettext_lazy("Clock"), ("clock.",)),
    "results": (gettext_lazy("Results"), ("result.",)),
    "penalties": (gettext_lazy("Penalties"), ("penalty.",)),
    "decks": (gettext_lazy("Deck lists and checks"), ("deck_check.", "card_pool.", "deck_list.")),
    "draft": (gettext_lazy("Booster draft"), ("draft.",)),
    "judge_calls": (gettext_lazy("Judge calls"), ("judge_call.",)),
    "screen": (gettext_lazy("Big screen"), ("screen.",)),
}


def kind_choices() -> list[tuple[str, str]]:
    return [(code, str(label)) for code, (label, _prefixes) in KINDS.items()]


def kind_of(action: str) -> str:
    for code, (_label, prefixes) in KINDS.items():
        if action.startswith(prefixes):
            return code
    return "event"


@dataclass(frozen=True)
class AuditLine:
    entry: AuditEntry
    sentence: str
    kind: str
    round_number: int | None
    reason: str = ""
    people: tuple[str, ...] = field(default=())


# --- filters ------------------------------------------------------------------------------
def audit_filter(
    entries: QuerySet[AuditEntry],
    *,
    event: Event,
    round_number: int | None = None,
    person: User | None = None,
    kind: str = "",
) -> QuerySet[AuditEntry]:
    """The entries about one round, one person (who acted or whom it was about) or of one
    kind. Each filter is optional."""
    if kind in KINDS:
        condition = Q()
        for prefix in KINDS[kind][1]:
            condition |= Q(action__startswith=prefix)
        entries = entries.filter(condition)
    if round_number is not None:
        entries = entries.filter(
            Q(target=f"round {round_number}")
            | Q(target__startswith=f"round {round_number} table ")
            | Q(action="deck_check.record", after__round=round_number)
            | Q(
                action__in=["registration.drop", "registration.disqualify"],
                after__after_round=round_number,
            )
        )
    if person is not None:
        name = person.public_name
        condition = Q(actor=person) | Q(target=name)
        tables = Match.objects.filter(round__event=event).filter(
            Q(player_a__player=person) | Q(player_b__player=person)
        )
        for number, table in tables.values_list("round__number", "table"):
            condition |= Q(target=f"round {number} table {table}")
        entries = entries.filter(condition)
    return entries


# --- sentences ----------------------------------------------------------------------------
def _round_table(number: int | str, table: int | str | None, title: str | None = None) -> str:
    """ "round 3, table 2"; a top-cut round by its stage, as the pages name it ("Semifinal,
    table 1")."""
    if title is not None:
        if table is None:
            return title
        return _("%(title)s, table %(table)s") % {"title": title, "table": table}
    if table is None:
        return _("round %(round)s") % {"round": number}
    return _("round %(round)s, table %(table)s") % {"round": number, "table": table}


def _top_cut_titles(event: Event) -> dict[int, str]:
    """The titles of the event's top-cut rounds by number (Swiss rounds read "round 3")."""
    rounds = event.rounds.filter(kind=RoundKind.TOP_CUT).order_by("number")
    titles = {}
    for round_ in rounds:
        round_.event = event
        titles[round_.number] = round_.title
    return titles


def _score(a: int, b: int, d: int) -> str:
    return f"{a}-{b}-{d}" if d else f"{a}-{b}"


def _result_text(snapshot: dict | None, names: tuple[str, str | None]) -> str:
    """A result snapshot as words: "2-1 for Diego Marín", "1-1, a draw", "disputed"."""
    if not isinstance(snapshot, dict):
        return _("no result")
    status = snapshot.get("status")
    a = int(snapshot.get("games_won_a") or 0)
    b = int(snapshot.get("games_won_b") or 0)
    d = int(snapshot.get("games_drawn") or 0)
    if status != MatchStatus.CONFIRMED:
        if status in MatchStatus.values:
            return str(MatchStatus(status).label).lower()
        return _("no result")
    if a > b:
        return _("%(score)s for %(name)s") % {"score": _score(a, b, d), "name": names[0]}
    if b > a:
        return _("%(score)s for %(name)s") % {"score": _score(b, a, d), "name": names[1] or "—"}
    return _("%(score)s, a draw") % {"score": _score(a, b, d)}


def _minutes(seconds: Any) -> str:
    try:
        minutes = round(int(seconds) / 60)
    except (TypeError, ValueError):
        return "?"
    return str(minutes)


def _names(values: Iterable[Any]) -> str:
    return ", ".join(str(v) for v in values) or "—"


def _event_field_label(name: str) -> str:
    try:
        return str(Event._meta.get_field(name).verbose_name)
    except Exception:  # an entry older than a renamed setting
        return name


PENALTY_SENTENCES = {
    "warning": gettext_lazy("%(actor)s gave %(person)s a warning."),
    "game_loss": gettext_lazy("%(actor)s gave %(person)s a game loss."),
    "match_loss": gettext_lazy("%(actor)s gave %(person)s a match loss."),
    "disqualification": gettext_lazy("%(actor)s disqualified %(person)s (penalty)."),
}

SIMPLE_SENTENCES = {
    "event.create": gettext_lazy("%(actor)s created the event."),
    "event.finish": gettext_lazy("%(actor)s closed the event."),
    "event.reopen": gettext_lazy("%(actor)s reopened the event."),
    "registration.withdraw": gettext_lazy("%(actor)s withdrew the registration of %(person)s."),
    "registration.disqualify": gettext_lazy("%(actor)s disqualified %(person)s."),
    "registration.login_unlocked": gettext_lazy("%(actor)s unlocked the login of %(person)s."),
    "round.repair": gettext_lazy("%(actor)s paired %(round)s again."),
    "round.publish": gettext_lazy("%(actor)s published the pairings of %(round)s."),
    "clock.start": gettext_lazy("%(actor)s started the clock of %(round)s."),
    "clock.pause": gettext_lazy("%(actor)s paused the clock of %(round)s."),
    "clock.resume": gettext_lazy("%(actor)s restarted the clock of %(round)s."),
    "topcut.advance": gettext_lazy("%(actor)s paired the next bracket round (%(round)s)."),
}


@dataclass(frozen=True)
class Sentence:
    """An entry told by the app that wrote it."""

    text: str
    people: tuple[str, ...] = ()  # named in it besides the actor (the people filter)
    in_round: bool = False  # listed under its round (the round filter)


# (action, values, before, after) -> the sentence, or None to fall back to the plain ones.
# ``values`` holds actor, person, round (where) and pod, read from the entry's target.
SentenceBuilder = Callable[[str, dict[str, Any], Any, dict[str, Any]], Sentence | None]
_BUILDERS: dict[str, SentenceBuilder] = {}


def register_sentences(domain: str, builder: SentenceBuilder) -> None:
    """Let an app tell the entries of its actions (``<domain>.<verb>``); its ``ready``
    calls this."""
    _BUILDERS[domain] = builder


class _Context:
    """What the sentences of one page of entries need, read in one query per kind."""

    def __init__(self, entries: Sequence[AuditEntry], event: Event) -> None:
        self.titles = _top_cut_titles(event) if entries else {}
        keys = set()
        for entry in entries:
            match = TARGET_ROUND.match(entry.target or "")
            if match and match["table"]:
                keys.add((int(match["round"]), int(match["table"])))
        self.tables: dict[tuple[int, int], tuple[str, str | None]] = {}
        if keys:
            rounds = {k[0] for k in keys}
            rows = (
                Match.objects.filter(round__event=event, round__number__in=rounds)
                .select_related("round", "player_a__player", "player_b__player")
                .only(
                    "table",
                    "round__number",
                    "player_a__player__display_name",
                    "player_a__player__username",
                    "player_b__player__display_name",
                    "player_b__player__username",
                )
            )
            for m in rows:
                if (m.round.number, m.table) in keys:
                    self.tables[(m.round.number, m.table)] = (
                        m.player_a.name,
                        m.player_b.name if m.player_b_id else None,
                    )


def _own_match_sentence(
    values: dict[str, Any], after: dict[str, Any], at_table: bool, in_pod: bool
) -> str:
    """A judge who plays, refused a judge action on their own match, on themself or on a
    draft pod they have a seat in (an entry written before the rule covered every action
    names none: it was a result)."""
    from tournaments.services.own_match import JUDGE_ACTIONS_ON_A_MATCH

    action = after.get("action") or "result.set"
    values = {**values, "what": JUDGE_ACTIONS_ON_A_MATCH.get(action, "—")}
    if in_pod:
        return (
            _(
                "%(actor)s has a seat in draft pod %(pod)s and was refused: another judge must "
                "%(what)s."
            )
            % values
        )
    if at_table:
        return (
            _("%(actor)s plays in %(round)s and was refused: another judge must %(what)s.") % values
        )
    return _("%(actor)s is %(person)s and was refused: another judge must %(what)s.") % values


def _sentence(entry: AuditEntry, ctx: _Context) -> tuple[str, int | None, tuple[str, ...]]:
    actor = entry.actor.public_name if entry.actor_id and entry.actor else _("The site")
    action = entry.action
    before, after = entry.before, entry.after
    after_dict = after if isinstance(after, dict) else {}
    target = entry.target or ""
    place = TARGET_ROUND.match(target)
    round_number = int(place["round"]) if place else None
    table = int(place["table"]) if place and place["table"] else None
    title = ctx.titles.get(round_number) if round_number is not None else None
    where = _round_table(round_number, table, title) if place else target
    person = target
    pod = TARGET_POD.match(target)
    values: dict[str, Any] = {
        "actor": actor,
        "person": person,
        "round": where,
        "pod": pod["pod"] if pod else target,
    }
    people: tuple[str, ...] = (actor,)

    if action.endswith(".refused_own_match"):
        sentence = _own_match_sentence(values, after_dict, table is not None, pod is not None)
        return sentence, round_number, people
    builder = _BUILDERS.get(action.split(".", 1)[0])
    built = builder(action, values, before, after_dict) if builder is not None else None
    if built is not None:
        return built.text, round_number if built.in_round else None, (*people, *built.people)
    if action == "result.set" and (not place or table is None):
        text = _("%(actor)s set a result (%(round)s).") % values
        return text, round_number, people
    if action == "result.set":
        names = ctx.tables.get((round_number, table), (_("player A"), _("player B")))
        people += tuple(n for n in names if n)
        pairing = _("%(a)s vs %(b)s") % {"a": names[0], "b": names[1] or _("bye")}
        text = _("%(actor)s set %(where)s (%(pairing)s) to %(result)s (was: %(before)s).") % {
            "actor": actor,
            "where": where,
            "pairing": pairing,
            "result": _result_text(after, names),
            "before": _result_text(before, names),
        }
        replaced = after_dict.get("games_replaced")
        if replaced:
            text += " " + ngettext(
                "The players' record of %(n)s game was removed.",
                "The players' record of %(n)s games was removed.",
                int(replaced),
            ) % {"n": replaced}
        return text, round_number, people
    if action == "result.concede" and (not place or table is None):
        text = _("%(person)s dropped and conceded their match (%(round)s).") % {
            **values,
            "person": after_dict.get("dropped") or actor,
        }
        return text, round_number, people
    if action == "result.concede":
        names = ctx.tables.get((round_number, table), (_("player A"), _("player B")))
        people += tuple(n for n in names if n)
        text = _(
            "%(person)s dropped during %(where)s (%(pairing)s) and conceded the match: %(result)s."
        ) % {
            "person": after_dict.get("dropped") or actor,
            "where": where,
            "pairing": _("%(a)s vs %(b)s") % {"a": names[0], "b": names[1] or _("bye")},
            "result": _result_text(after, names),
        }
        return text, round_number, people
    if action.startswith("penalty."):
        kind = action.split(".", 1)[1]
        template = PENALTY_SENTENCES.get(kind)
        text = (
            str(template) % values
            if template
            else _("%(actor)s gave %(person)s a penalty.") % values
        )
        game = after_dict.get("game")
        if game:
            text += " " + _("It applies to game %(game)s.") % {"game": game}
        return text, None, (*people, person)
    if action == "registration.withdraw" and (after_dict.get("self") or actor == person):
        return _("%(person)s withdrew before round 1.") % values, None, (person,)
    if action in SIMPLE_SENTENCES:
        text = str(SIMPLE_SENTENCES[action]) % values
        if action.startswith("registration."):
            people += (person,)
        return text, round_number, people
    if action == "event.update":
        changes = []
        old = before if isinstance(before, dict) else {}
        for key, value in after_dict.items():
            if str(old.get(key)) == str(value):
                continue
            changes.append(
                _("%(setting)s from %(old)s to %(new)s")
                % {"setting": _event_field_label(key), "old": old.get(key, "—"), "new": value}
            )
        if not changes:
            return _("%(actor)s saved the settings without changes.") % values, None, people
        return (
            _("%(actor)s changed the settings: %(changes)s.")
            % {"actor": actor, "changes": "; ".join(changes)},
            None,
            people,
        )
    if action == "event.staff":
        roles = dict(StaffRole.choices)
        if after is None:
            text = _("%(actor)s removed %(person)s from the staff.") % values
        else:
            text = _("%(actor)s made %(person)s %(role)s of the event.") % {
                **values,
                "role": str(roles.get(after, after)).lower(),
            }
        return text, None, (*people, person)
    if action == "event.archive_import":
        text = _(
            "%(actor)s imported the event archive exported at %(exported_at)s: "
            "%(created)s records added, %(updated)s changed, %(deleted)s removed."
        ) % {
            "actor": actor,
            "exported_at": after_dict.get("exported_at", "?"),
            "created": after_dict.get("created", 0),
            "updated": after_dict.get("updated", 0),
            "deleted": after_dict.get("deleted", 0),
        }
        for field, template in (
            ("staff_granted", _("Staff roles given or changed: %(names)s.")),
            ("staff_not_granted", _("Staff roles not granted: %(names)s.")),
        ):
            names = after_dict.get(field)
            if names and isinstance(names, list):
                text += " " + template % {"names": ", ".join(str(n) for n in names)}
        return text, None, people
    if action == "event.start":
        text = _("%(actor)s started the event.") % values
        if after_dict.get("swiss_rounds"):
            text += " " + _("Swiss rounds: %(n)s.") % {"n": after_dict["swiss_rounds"]}
        if after_dict.get("no_shows"):
            text += " " + _("Did not show up: %(names)s.") % {
                "names": _names(after_dict["no_shows"])
            }
        return text, None, people
    if action == "registration.add":
        if after_dict.get("late_entry"):
            text = _("%(actor)s added %(person)s as a late entry from round %(n)s.") % {
                **values,
                "n": after_dict.get("first_round"),
            }
        else:
            text = _("%(actor)s added %(person)s to the event.") % values
        return text, None, (*people, person)
    if action == "registration.drop":
        n = after_dict.get("after_round")
        if after_dict.get("self") or (entry.actor_id and actor == person):
            # The player left on their own: one person, not "X dropped X".
            if n:
                text = _("%(person)s left the event after round %(n)s.") % {**values, "n": n}
            else:
                text = _("%(person)s withdrew before round 1.") % values
        elif n:
            text = _("%(actor)s dropped %(person)s after round %(n)s.") % {**values, "n": n}
        else:
            text = _("%(actor)s dropped %(person)s before round 1.") % values
        return text, n, (*people, person)
    if action == "registration.fixed_table":
        if after is None:
            text = _("%(actor)s removed the fixed table of %(person)s (was: %(old)s).") % {
                **values,
                "old": before if before is not None else "—",
            }
        else:
            text = _("%(actor)s gave %(person)s fixed table %(table)s (was: %(old)s).") % {
                **values,
                "table": after,
                "old": before if before is not None else _("none"),
            }
        return text, None, (*people, person)
    if action == "round.pair":
        text = _("%(actor)s paired %(round)s: %(n)s tables.") % {
            **values,
            "n": after_dict.get("tables", "?"),
        }
        return text, round_number, people
    if action == "round.force":
        text = _(
            "%(actor)s paired the next round with results missing in %(round)s (tables %(tables)s)."
        ) % {**values, "tables": _names(after_dict.get("missing_tables") or [])}
        return text, round_number, people
    if action == "round.swap":

        def seats(rows: Any) -> str:
            return "; ".join(
                _("table %(table)s: %(a)s vs %(b)s")
                % {
                    "table": r.get("table"),
                    "a": r.get("player_a"),
                    "b": r.get("player_b") or _("bye"),
                }
                for r in (rows or [])
                if isinstance(r, dict)
            )

        text = _("%(actor)s swapped players in %(round)s: %(after)s (was: %(before)s).") % {
            **values,
            "after": seats(after),
            "before": seats(before),
        }
        names = [
            r.get(k) for r in (after or []) if isinstance(r, dict) for k in ("player_a", "player_b")
        ]
        return text, round_number, (*people, *(n for n in names if n))
    if action == "clock.adjust":
        seconds = after_dict.get("seconds", 0)
        key = (
            _("%(actor)s added %(minutes)s minutes to the clock of %(round)s.")
            if int(seconds or 0) >= 0
            else _("%(actor)s took %(minutes)s minutes off the clock of %(round)s.")
        )
        return key % {**values, "minutes": _minutes(abs(int(seconds or 0)))}, round_number, people
    if action == "clock.extend_table":
        text = _("%(actor)s gave %(round)s %(minutes)s extra minutes in all (was: %(old)s).") % {
            **values,
            "minutes": _minutes(after),
            "old": _minutes(before or 0),
        }
        return text, round_number, people
    if action == "topcut.start":
        text = _("%(actor)s started the top cut with %(n)s players.") % {
            **values,
            "n": len(after_dict.get("seeds") or []),
        }
        return text, None, people
    if action == "card_pool.set":
        count = sum(int(v) for v in after_dict.values() if isinstance(v, int))
        text = _("%(actor)s set the card pool of %(person)s: %(n)s cards.") % {
            **values,
            "n": count,
        }
        return text, None, (*people, person)
    if action == "registration.add_lines":
        players = after_dict.get("players") or []
        text = ngettext(
            "%(actor)s added %(n)s player from a list: %(names)s.",
            "%(actor)s added %(n)s players from a list: %(names)s.",
            len(players),
        ) % {
            **values,
            "n": len(players),
            "names": _names(players),
        }
        return text, None, people
    if action == "registration.check_in_all":
        players = after_dict.get("players") or []
        text = _("%(actor)s checked in every registered player (%(n)s): %(names)s.") % {
            **values,
            "n": len(players),
            "names": _names(players),
        }
        return text, None, people
    if action == "deck_list.enter":
        cards = after_dict.get("cards", "?")
        if isinstance(before, dict):
            text = _(
                "%(actor)s replaced the deck list of %(person)s: %(n)s cards (was: %(old)s)."
            ) % {**values, "n": cards, "old": before.get("cards", "?")}
        else:
            text = _("%(actor)s entered the deck list of %(person)s: %(n)s cards.") % {
                **values,
                "n": cards,
            }
        return text, None, (*people, person)
    if action == "deck_check.random_pick":
        text = _("%(actor)s drew deck lists at random for a deck check: %(names)s.") % {
            **values,
            "names": _names(after_dict.get("players") or []),
        }
        return text, None, people
    if action == "deck_check.record":
        n = after_dict.get("round")
        if after_dict.get("outcome") == "discrepancies":
            text = _("%(actor)s checked the deck of %(person)s: discrepancies (%(note)s).") % {
                **values,
                "note": after_dict.get("note") or "—",
            }
        else:
            text = _("%(actor)s checked the deck of %(person)s: as listed.") % values
        if n:
            text += " " + (f"{ctx.titles[n]}." if n in ctx.titles else _("Round %(n)s.") % {"n": n})
        return text, n, (*people, person)
    # An action this presenter does not know: its code and target, still as a sentence.
    text = pgettext("audit", "%(actor)s: %(action)s (%(target)s).") % {
        "actor": actor,
        "action": action,
        "target": where or "—",
    }
    return text, round_number, people


def audit_lines(entries: Sequence[AuditEntry], *, event: Event) -> list[AuditLine]:
    """Sentences for a page of entries (one query for the tables they name)."""
    entries = list(entries)
    ctx = _Context(entries, event)
    lines = []
    for entry in entries:
        sentence, round_number, people = _sentence(entry, ctx)
        lines.append(
            AuditLine(
                entry=entry,
                sentence=sentence,
                kind=kind_of(entry.action),
                round_number=round_number,
                reason=entry.reason,
                people=people,
            )
        )
    return lines


# --- the filter form (page) and its reading (page and API) ---------------------------------
def audit_people(event: Event) -> list[User]:
    """Everyone the filter offers: the event's players and staff, by name."""
    from accounts.models import User

    return list(
        User.objects.filter(Q(registrations__event=event) | Q(event_roles__event=event))
        .distinct()
        .order_by("display_name", "username")
    )


class AuditFilterForm(forms.Form):
    round = forms.TypedChoiceField(
        label=gettext_lazy("Round"), coerce=int, required=False, empty_value=None
    )
    person = forms.TypedChoiceField(
        label=gettext_lazy("Person"), coerce=int, required=False, empty_value=None
    )
    kind = forms.ChoiceField(label=gettext_lazy("Kind"), required=False)

    def __init__(self, *args: Any, event: Event, people: list[User], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        everyone = ("", pgettext("filter", "All"))
        numbers = event.rounds.order_by("number").values_list("number", flat=True)
        titles = _top_cut_titles(event)
        self.fields["round"].choices = [
            everyone,
            *((n, titles.get(n) or _("Round %(n)s") % {"n": n}) for n in numbers),
        ]
        self.fields["person"].choices = [everyone, *((p.pk, p.public_name) for p in people)]
        self.fields["kind"].choices = [everyone, *kind_choices()]


def filtered_audit(
    entries: QuerySet[AuditEntry], *, event: Event, params: Any
) -> tuple[QuerySet[AuditEntry], AuditFilterForm]:
    """Apply the filters given in ``params`` (a query dict); bad values are form errors and
    filter nothing."""
    people = audit_people(event)
    form = AuditFilterForm(params or None, event=event, people=people)
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        by_pk = {p.pk: p for p in people}
        entries = audit_filter(
            entries,
            event=event,
            round_number=data["round"],
            person=by_pk.get(data["person"]) if data["person"] else None,
            kind=data["kind"] or "",
        )
    return entries, form


# --- CSV export -------------------------------------------------------------------------------
AUDIT_EXPORT_BATCH = 500


def audit_rows(event: Event, *, visibility: Any) -> Iterable[list[object]]:
    """The audit log as CSV rows, newest first, each with its sentence in the current
    language; the event's judges only (anyone else gets the header alone)."""
    yield ["when", "who", "kind", "action", "what happened", "reason"]
    if not visibility.runs_event:
        return
    entries = list(
        AuditEntry.objects.filter(event=event)
        .select_related("actor")
        .order_by("-created_at", "-pk")
    )
    for start in range(0, len(entries), AUDIT_EXPORT_BATCH):
        for line in audit_lines(entries[start : start + AUDIT_EXPORT_BATCH], event=event):
            entry = line.entry
            yield [
                entry.created_at,
                entry.actor.public_name if entry.actor else "",
                Coded(line.kind, KINDS[line.kind][0]),
                entry.action,
                line.sentence,
                entry.reason,
            ]
