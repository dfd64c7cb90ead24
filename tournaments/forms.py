"""Forms of the event pages. They check the shape of the input; the services decide whether
the action is allowed in the event's current state."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.selectors import fold
from config.number_field import WholeNumberField, whole_number_formfield
from config.numbers import BIGGEST_ID
from tournaments import people as finding
from tournaments import selectors
from tournaments.event_settings import FORMATLESS, SETTING_SCOPES, setting_applies
from tournaments.infractions import Infraction
from tournaments.models import Event, Registration
from tournaments.models.choices import (
    EventFormat,
    GameKind,
    PenaltyKind,
    StaffRole,
    offered_games,
)
from tournaments.people import MAX_BULK_LINES, LinePreview, person_label
from tournaments.services.events import EDITABLE, LOCKED_FROM_TOP_CUT, LOCKED_WHEN_RUNNING
from tournaments.services.registration import MAX_FIXED_TABLE
from tournaments.services.standings import tiebreak_presets

PRESET_LABELS = {
    "dar": _("Match points, then OMW%, GW%, OGW% (the DAR's order)"),
    "pokemon_style": _("Match points, then opponents' win rate, then their opponents'"),
}

EVENT_FIELDS = [
    "name",
    "date",
    "start_time",
    "venue",
    "game",
    "format",
    "swiss_rounds",
    "round_minutes",
    "games_per_match",
    "top_cut",
    "player_cap",
    "tiebreaks",
    "record_policy",
    "min_deck_size",
    "deck_lists_required",
    "draft_cards_private",
    "play_draw_required",
    "qiahn_ruleset",
    "qiahn_squad",
    "goblin_mode",
    "goblin_scoring",
]
assert set(EVENT_FIELDS) == EDITABLE

# The event forms' groups of settings, in the page's order. A group whose settings do not
# apply to the game and format chosen is hidden (``static/js/site.js``).
EVENT_FIELDSETS: list[tuple[str, Promise, list[str]]] = [
    ("event", _("The event"), ["name", "date", "start_time", "venue"]),
    ("game", _("Game and format"), ["game", "format"]),
    (
        "rounds",
        _("Rounds"),
        ["swiss_rounds", "round_minutes", "games_per_match", "top_cut", "player_cap", "tiebreaks"],
    ),
    ("decks", _("Deck lists"), ["min_deck_size", "deck_lists_required"]),
    ("draft", _("Booster draft"), ["draft_cards_private"]),
    ("reports", _("Results"), ["play_draw_required", "record_policy"]),
    (
        "qiahn",
        _("Qíahn Tactics and Goblin II"),
        ["qiahn_ruleset", "qiahn_squad", "goblin_mode", "goblin_scoring"],
    ),
]
assert sorted(n for _key, _legend, names in EVENT_FIELDSETS for n in names) == sorted(EVENT_FIELDS)


class EventForm(forms.ModelForm):
    """An event's settings, in groups. Those of another game or format than the one chosen
    are hidden by the page and ignored here (``tournaments.event_settings``): without
    scripts every group shows, with a note saying so."""

    tiebreaks = forms.ChoiceField(label=_("Tiebreaks"))

    class Meta:
        model = Event
        fields = EVENT_FIELDS
        formfield_callback = whole_number_formfield
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }

    def __init__(
        self,
        *args: Any,
        started: bool = False,
        locked: frozenset[str] | None = None,
        **kwargs: Any,
    ) -> None:
        """``locked``: the settings the event's state fixes (``locked_settings``); without
        it, ``started`` fixes those frozen once round 1 is paired."""
        super().__init__(*args, **kwargs)
        self.fields["tiebreaks"].choices = [
            (name, PRESET_LABELS.get(name, name)) for name in tiebreak_presets()
        ]
        self.fields["tiebreaks"].initial = "dar"
        self.fields["start_time"].help_text = _(
            "At the venue, in its time zone (%(zone)s). Empty while it is not fixed."
        ) % {"zone": settings.TIME_ZONE}
        if "game" in self.fields:  # only the games the site can validate
            self.fields["game"].choices = offered_games(
                self.instance.game if self.instance.pk else None
            )
        if not self.instance.pk:
            self.fields["play_draw_required"].initial = True  # on by default (Humankind)
        if locked is None:
            locked = frozenset(LOCKED_WHEN_RUNNING) if started else frozenset()
        for name in locked:
            if name not in self.fields:
                continue
            self.fields[name].disabled = True
            if name in LOCKED_WHEN_RUNNING:
                self.fields[name].help_text = _("Fixed once the first round is paired.")
            elif name in LOCKED_FROM_TOP_CUT:
                self.fields[name].help_text = _("Fixed once the top cut is paired.")
        # An event's form has only the settings of its game; a new event's form has them all.
        # Each is marked with its games and formats, for the page to show those that apply.
        game = self.instance.game if self.instance.pk else None
        for name, scope in SETTING_SCOPES.items():
            if name not in self.fields:
                continue
            if game is not None and game not in scope.games:
                del self.fields[name]
                continue
            attrs = self.fields[name].widget.attrs
            attrs["data-games"] = " ".join(sorted(scope.games))
            if scope.formats:
                attrs["data-formats"] = " ".join(sorted(scope.formats))
        # A booster draft's minimum deck size is the DAR's 41, not a setting.
        if self.instance.pk and self.instance.format == EventFormat.BOOSTER_DRAFT:
            self.fields.pop("min_deck_size", None)

    def _chosen(self, name: str, data: dict[str, Any]) -> str:
        if name in data:
            return data[name]
        if self.instance.pk or name == "game":
            return getattr(self.instance, name)
        return ""

    def clean(self) -> dict[str, Any]:
        """The settings that do not apply to the game and format chosen are left out (an
        event keeps its own, a new one gets the defaults); a game without formats is
        played "Standard (no deck)"."""
        data = super().clean()
        game = self._chosen("game", data)
        if game != GameKind.HUMANKIND and not self.instance.pk and "format" in data:
            data["format"] = FORMATLESS
        format = self._chosen("format", data)
        for name in list(data):
            if name != "format" and not setting_applies(name, game=game, format=format):
                del data[name]
        return data

    def fieldsets(self) -> list[dict[str, Any]]:
        """The groups of settings this form has, each with its bound fields."""
        groups = []
        for key, legend, names in EVENT_FIELDSETS:
            fields = [self[name] for name in names if name in self.fields]
            if fields:
                groups.append({"key": key, "legend": legend, "fields": fields})
        return groups


def find_player(text: str, *, event: Event | None = None) -> User:
    """A person by player number (anyone), or by username or name (a plain player, or one
    of ``event``'s staff: ``tournaments.finding.person_match``)."""
    match = finding.person_match(text, event=event)
    if match.person is not None:
        return match.person
    text = match.text
    if match.candidates and all(fold(u.display_name) == fold(text) for u in match.candidates):
        raise forms.ValidationError(
            _("Several people are called %(name)s: use their player number."),
            params={"name": text},
        )
    if match.candidates:
        raise forms.ValidationError(
            _("Several people match %(text)s: %(people)s. Use their player number."),
            params={
                "text": text,
                "people": ", ".join(person_label(u) for u in match.candidates[:5]),
            },
        )
    raise forms.ValidationError(
        _("Nobody has the player number, username or name %(text)s."), params={"text": text}
    )


class _FindsPeople(forms.Form):
    """A form that finds a person for an event (``find_player``): its staff are found by
    name too."""

    def __init__(self, *args: Any, event: Event | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.event = event


class StaffForm(_FindsPeople):
    person = forms.CharField(
        label=_("Person"), max_length=150, help_text=_("Player number, username or name.")
    )
    role = forms.ChoiceField(label=_("Role"), choices=StaffRole.choices)

    def clean_person(self) -> User:
        return find_player(self.cleaned_data["person"], event=self.event)


class StaffRemoveForm(forms.Form):
    user = WholeNumberField(min_value=1, max_value=BIGGEST_ID)


class PlayerAddForm(_FindsPeople):
    player = forms.CharField(
        label=_("Existing player"),
        max_length=150,
        required=False,
        help_text=_(
            "Player number, username or name (a surname will do) of someone with an account."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    display_name = forms.CharField(
        label=_("Or a walk-in's name"),
        max_length=80,
        required=False,
        help_text=_("For a player without an account."),
    )

    match: finding.PersonMatch | None = None

    def clean(self) -> dict[str, Any]:
        """An entry that names several people, or nobody, keeps what was typed: ``match``
        holds the people to pick from (``candidates``) or close to it (``similar``)."""
        data = super().clean()
        player, name = data.get("player", "").strip(), data.get("display_name", "").strip()
        if bool(player) == bool(name):
            raise forms.ValidationError(
                _("Give either an existing player or a walk-in's name (one of the two).")
            )
        if player:
            self.match = match = finding.person_match(player, event=self.event)
            if match.person is not None:
                data["user"] = match.person
            elif match.candidates:
                self.add_error(
                    "player",
                    forms.ValidationError(
                        _("Several people match %(text)s: pick one below."),
                        params={"text": match.text},
                    ),
                )
            else:
                self.add_error(
                    "player",
                    forms.ValidationError(
                        _("Nobody has the player number, username or name %(text)s."),
                        params={"text": match.text},
                    ),
                )
        return data


class PlayerBulkAddForm(forms.Form):
    lines = forms.CharField(
        label=_("Several players"),
        max_length=10_000,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_(
            "One player a line: a player number, a username or a name. You see what each "
            "line matches (an account, a new walk-in, or names close to it) and confirm "
            "before anyone is added."
        ),
    )

    def clean_lines(self) -> list[str]:
        lines = finding.bulk_lines(self.cleaned_data["lines"])
        if not lines:
            raise forms.ValidationError(_("Write one player a line."))
        if len(lines) > MAX_BULK_LINES:
            raise forms.ValidationError(
                _("At most %(n)s players at a time."), params={"n": MAX_BULK_LINES}
            )
        return lines


class PlayerBulkConfirmForm(forms.Form):
    """The judge's choice for each line of a bulk add's preview (``finding.LinePreview``):
    field ``line-N`` for line N, one of the people the line offers (``PersonChoice.value``),
    ``walk-in`` where a walk-in of its name may be chosen, or ``skip``. A line with nothing
    chosen for it (names close to it, or several people) must be answered; one person may
    be chosen on one line only. ``batch`` is the confirmation's key
    (``registration_add_lines``)."""

    batch = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, rows: list[LinePreview], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows = rows
        for row in rows:
            people = [(c.value, c.label) for c in row.people if not c.unavailable]
            walk_in = [("walk-in", _("New walk-in: %(name)s") % {"name": row.line})]
            self.fields[f"line-{row.number}"] = forms.ChoiceField(
                label=row.line,
                choices=[
                    *people,
                    *(walk_in if row.walk_in else []),
                    ("skip", _("Leave this line out")),
                ],
                initial=row.initial or None,
                widget=forms.RadioSelect,
                error_messages={
                    "required": _("Choose someone for this line, or leave it out."),
                    "invalid_choice": _("This line changed since you saw it: choose again."),
                },
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        chosen: dict[str, int] = {}
        for row in self.rows:
            value = data.get(f"line-{row.number}")
            if not value or not value.startswith("n"):
                continue
            earlier = chosen.setdefault(value, row.number)
            if earlier != row.number:
                self.add_error(
                    f"line-{row.number}",
                    _("Already chosen on line %(n)s.") % {"n": earlier},
                )
        return data

    def entries(self) -> list[tuple[LinePreview, str]]:
        """Each line with the choice made for it (valid forms only)."""
        return [(row, self.cleaned_data[f"line-{row.number}"]) for row in self.rows]

    def row_fields(self) -> list[tuple[LinePreview, forms.BoundField]]:
        return [(row, self[f"line-{row.number}"]) for row in self.rows]


class CheckInForm(forms.Form):
    checked_in = forms.TypedChoiceField(
        choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1", empty_value=True
    )


class FixedTableForm(forms.Form):
    table = WholeNumberField(
        label=_("Fixed table"), min_value=1, max_value=MAX_FIXED_TABLE, required=False
    )


class DropForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"),
        max_length=200,
        required=False,
        widget=forms.TextInput,
    )

    def __init__(self, *args: Any, reason_required: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["reason"].required = reason_required


class ConfirmResultForm(forms.Form):
    """The one-tap confirmation of the opponent's report: the score the page showed, from
    the confirming player's side (hidden fields), so a report changed since is not agreed to
    unseen."""

    mine = WholeNumberField(min_value=0, max_value=99, widget=forms.HiddenInput)
    theirs = WholeNumberField(min_value=0, max_value=99, widget=forms.HiddenInput)
    draws = WholeNumberField(min_value=0, max_value=99, widget=forms.HiddenInput)
    # The fingerprint of the games the page showed (``report_compare.record_fingerprint``).
    record = forms.CharField(max_length=16, required=False, widget=forms.HiddenInput)

    def seen_record(self) -> str | None:
        return self.cleaned_data.get("record") or None

    def seen_score(self, side: str) -> tuple[int, int, int]:
        """The score as the match has it: player A's games, player B's, drawn."""
        data = self.cleaned_data
        if side == "a":
            return (data["mine"], data["theirs"], data["draws"])
        return (data["theirs"], data["mine"], data["draws"])


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)


class PairForm(forms.Form):
    force = forms.BooleanField(label=_("Pair anyway, with results missing"), required=False)
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)


class SwapForm(forms.Form):
    registration_a = forms.TypedChoiceField(label=_("Player"), coerce=int)
    registration_b = forms.TypedChoiceField(label=_("Swap with"), coerce=int)
    allow_rematch = forms.BooleanField(
        label=_("Confirm a rematch"),
        required=False,
        help_text=_("Pair players who already met (a judge decision, audited): give the reason."),
    )
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)

    def __init__(self, *args: Any, players: list[Registration], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(r.pk, r.name) for r in players]
        self.fields["registration_a"].choices = choices
        self.fields["registration_b"].choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("registration_a") and data.get("registration_a") == data.get("registration_b"):
            self.add_error("registration_b", _("Choose two different players."))
        return data


class ClockAdjustForm(forms.Form):
    minutes = WholeNumberField(
        label=_("Minutes (negative to remove)"), min_value=-120, max_value=120
    )

    def clean_minutes(self) -> int:
        minutes = self.cleaned_data["minutes"]
        if minutes == 0:
            raise forms.ValidationError(_("Add or remove at least one minute."))
        return minutes


class ExtendForm(forms.Form):
    minutes = WholeNumberField(label=_("Extra minutes"), min_value=1, max_value=120)
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)


class PlayerSelect(forms.Select):
    """A select of players whose options carry their table, player number and name
    (``data-table``, ``data-number``, ``data-name``), for the page's search to narrow it
    as the judge types (``static/js/site.js``)."""

    option_data: dict[str, dict[str, str]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.option_data = {}

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        option["attrs"].update(self.option_data.get(str(value), {}))
        return option


class PenaltyForm(forms.Form):
    registration = forms.TypedChoiceField(label=_("Player"), coerce=int, widget=PlayerSelect)
    infraction = forms.ChoiceField(label=_("Infraction"))
    kind = forms.ChoiceField(
        label=_("Penalty"),
        choices=[("", _("The infraction's usual penalty")), *PenaltyKind.choices],
        required=False,
    )
    deviation_reason = forms.CharField(
        label=_("Why a different penalty"),
        max_length=300,
        required=False,
        help_text=_("Needed when the penalty is not the infraction's usual one."),
    )
    reason = forms.CharField(label=_("Reason"), max_length=300)
    game_number = WholeNumberField(
        label=_("Game"),
        min_value=1,
        max_value=9,
        required=False,
        help_text=_(
            "For a game loss: the game it applies to (empty: the next game to be played in "
            "the match; after the match is confirmed, game 1 of the player's next match)."
        ),
    )

    def __init__(
        self,
        *args: Any,
        players: list[selectors.PenaltyPlayer],
        infractions: list[Infraction],
        **kwargs: Any,
    ) -> None:
        """``players`` and ``infractions``: those the event offers
        (``selectors.penalty_players``, ``selectors.event_infractions``)."""
        super().__init__(*args, **kwargs)
        self.fields["registration"].choices = [("", "—")] + [
            (p.registration.pk, penalty_player_label(p)) for p in players
        ]
        self.fields["registration"].widget.option_data = {
            str(p.registration.pk): {
                "data-table": str(p.table or ""),
                "data-number": str(p.registration.player.player_number or ""),
                "data-name": p.registration.name,
            }
            for p in players
        }
        self.fields["infraction"].choices = [
            ("", "—"),
            *((i.code, f"{i.label} · {PenaltyKind(i.default).label}") for i in infractions),
        ]


def penalty_player_label(player: selectors.PenaltyPlayer) -> str:
    """A player as the penalty form lists them: "Table 7 — Ana Torres #1234"."""
    registration = player.registration
    number = registration.player.player_number
    name = f"{registration.name} #{number}" if number else registration.name
    if player.table is None:
        return name
    return _("Table %(table)s — %(player)s") % {"table": player.table, "player": name}


# --- Results ---------------------------------------------------------------------------
