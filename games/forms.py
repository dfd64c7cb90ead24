"""Forms of the games pages: a record to check (pasted or uploaded), a round's odds."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config.parsers import lone_surrogate_in_json
from games.engines.qiahn.types import RULESETS, TOKEN_TYPES
from games.presenters import COUNTERS as COUNTER_LABELS
from games.presenters import RULESETS as RULESET_LABELS
from games.presenters import TOKEN_TYPES as TYPE_LABELS

MAX_RECORD_CHARS = 256 * 1024


class RecordForm(forms.Form):
    record = forms.CharField(
        label=_("Game record (JSON)"),
        required=False,
        max_length=MAX_RECORD_CHARS,
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false", "class": "mono"}),
        help_text=_(
            "Paste the record as JSON: Qíahn Tactics format 1, Goblin II format 1 or "
            "Anachronism format 1. The record's “game” key says which."
        ),
    )
    file = forms.FileField(
        label=_("…or upload a record file"),
        required=False,
        help_text=_("A .json file of at most 256 KB."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload:  # not None, nor False: a "file-clear" box sent, with no file to clear
            if upload.size > MAX_RECORD_CHARS:
                raise forms.ValidationError(
                    _("The file is too large (%(size)s bytes; at most %(limit)s).")
                    % {"size": upload.size, "limit": MAX_RECORD_CHARS}
                )
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as exc:
                raise forms.ValidationError(_("The file is not UTF-8 text.")) from exc
        elif (data.get("record") or "").strip():
            data["text"] = data["record"]
        else:
            raise forms.ValidationError(_("Paste a record or choose a file."))
        # Refused here as the API refuses it: a verdict quoting one could not be shown.
        if refused := lone_surrogate_in_json(data["text"]):
            raise forms.ValidationError(refused[1])
        return data


SIDE_CHOICES = [("heads", _("Heads")), ("tails", _("Tails"))]
SLOT_LABELS = {"attacker": _("Attacker"), "defender": _("Defender")}
MAGIC_CHOICES = [
    ("", _("no magic")),
    ("fire", _("fire (tails)")),
    ("earth", _("earth (tails)")),
    ("water", _("water (heads)")),
]
# The side whose magic each counter is (wind, heads' other magic, has its own field).
MAGIC_SIDE = {"fire": "tails", "earth": "tails", "water": "heads"}


class MagicSelect(forms.Select):
    """Each magic option names its side (``data-side``), so the page offers a vanguard only
    its own side's counters; the form checks it again for a page without its script."""

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        side = MAGIC_SIDE.get(str(value))
        if side:
            option["attrs"]["data-side"] = side
        return option


COPY_CHOICES = [("", _("—"))] + [
    # Lazy: built at import, shown in the reader's language.
    (f"{role}-{i}", format_lazy("{} {}", label, i + 1))
    for role, label in (("attacker", _("attacker")), ("defender", _("defender")))
    for i in range(3)
]


def _tails_combatant(n: int) -> str:
    return gettext("tails' combatant %(n)s") % {"n": n}


_tails_combatant_lazy = lazy(_tails_combatant, str)


SLOT_FIELDS = ("type", "gear", "magic", "copy")


class OddsForm(forms.Form):
    """Both vanguards after the outfit phase: three slots a side (an empty type: no one)."""

    attacker_side = forms.ChoiceField(
        label=_("Attacking side"), choices=SIDE_CHOICES, initial="heads"
    )
    ruleset = forms.ChoiceField(
        label=_("Ruleset"),
        choices=[(r, RULESET_LABELS[r]) for r in RULESETS],
        initial="rulebook-1",
    )
    wind = forms.ChoiceField(
        label=_("Wind (heads) sent back"),
        required=False,
        choices=[("", _("no one"))] + [(str(i), _tails_combatant_lazy(i + 1)) for i in range(3)],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        type_choices = [("", _("—"))] + [(t, TYPE_LABELS[t]) for t in TOKEN_TYPES]
        for role in ("attacker", "defender"):
            for i in range(3):
                prefix = f"{role}_{i}"
                self.fields[f"{prefix}_type"] = forms.ChoiceField(
                    label=_("Type"), choices=type_choices, required=False
                )
                self.fields[f"{prefix}_gear"] = forms.BooleanField(
                    label=_("Sword / shield (+3)"), required=False
                )
                self.fields[f"{prefix}_magic"] = forms.ChoiceField(
                    label=_("Magic"),
                    choices=MAGIC_CHOICES,
                    required=False,
                    widget=MagicSelect(attrs={"data-magic-of": role}),
                )
                self.fields[f"{prefix}_copy"] = forms.ChoiceField(
                    label=_("Water copies"), choices=COPY_CHOICES, required=False
                )
        # The slots are laid out as a table: each field is named by its column, its
        # vanguard and its row (the ids of those headers in games/odds.html).
        for role in ("attacker", "defender"):
            for i in range(3):
                for name in SLOT_FIELDS:
                    self.fields[f"{role}_{i}_{name}"].widget.attrs["aria-labelledby"] = (
                        f"odds-{role}-{name} odds-{role} odds-{role}-{i}"
                    )
        self.initial.setdefault("attacker_0_type", "wizard")
        self.initial.setdefault("defender_0_type", "paladin")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        attacker = data.get("attacker_side")
        if attacker not in MAGIC_SIDE.values():
            return data
        defender = "tails" if attacker == "heads" else "heads"
        for role, side in (("attacker", attacker), ("defender", defender)):
            for i in range(3):
                field = f"{role}_{i}_magic"
                magic = data.get(field)
                if magic and MAGIC_SIDE.get(magic) != side:
                    message = (
                        gettext("%(magic)s is tails' magic; this vanguard is heads.")
                        if side == "heads"
                        else gettext("%(magic)s is heads' magic; this vanguard is tails.")
                    )
                    self.add_error(field, message % {"magic": capfirst(COUNTER_LABELS[magic])})
        return data

    def slots(self) -> list[dict[str, Any]]:
        """Bound fields grouped by side and position, for the template."""
        out = []
        for role in ("attacker", "defender"):
            rows = []
            for i in range(3):
                prefix = f"{role}_{i}"
                rows.append(
                    {
                        "number": i + 1,
                        "fields": [self[f"{prefix}_{name}"] for name in SLOT_FIELDS],
                    }
                )
            columns = [(name, self.fields[f"{role}_0_{name}"].label) for name in SLOT_FIELDS]
            out.append({"role": role, "label": SLOT_LABELS[role], "columns": columns, "rows": rows})
        return out

    def odds_input(self) -> dict[str, Any]:
        """The cleaned form as the odds API's input (positions renumbered without gaps)."""
        data = self.cleaned_data
        positions: dict[tuple[str, int], int] = {}
        lines: dict[str, list[dict[str, Any]]] = {"attacker": [], "defender": []}
        for role in ("attacker", "defender"):
            for i in range(3):
                if data.get(f"{role}_{i}_type"):
                    positions[(role, i)] = len(lines[role])
                    lines[role].append({"slot": i})
        for role in ("attacker", "defender"):
            for entry in lines[role]:
                i = entry.pop("slot")
                prefix = f"{role}_{i}"
                entry["type"] = data[f"{prefix}_type"]
                entry["gear"] = bool(data.get(f"{prefix}_gear"))
                entry["magic"] = data.get(f"{prefix}_magic") or None
                copy = data.get(f"{prefix}_copy")
                if copy:
                    copy_role, copy_index = copy.rsplit("-", 1)
                    target = positions.get((copy_role, int(copy_index)))
                    # A copy of an empty slot points nowhere: the engine refuses it.
                    entry["copy"] = {"role": copy_role, "index": 9 if target is None else target}
        wind = data.get("wind")
        tails_role = "attacker" if data["attacker_side"] == "tails" else "defender"
        wind_index = None
        if wind not in (None, ""):
            wind_index = positions.get((tails_role, int(wind)), 9)
        return {
            "attacker_side": data["attacker_side"],
            "ruleset": data["ruleset"],
            "attacker": lines["attacker"],
            "defender": lines["defender"],
            "wind": wind_index,
        }
