"""Forms of judge calls: the player's call, and a judge's answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from config.number_field import WholeNumberField
from judge_calls.models import (
    MAX_CALL_EXTENSION_MINUTES,
    JudgeCallOutcome,
    JudgeCallReason,
)
from tournaments import selectors
from tournaments.infractions import INFRACTIONS
from tournaments.models.choices import PenaltyKind

if TYPE_CHECKING:
    from tournaments.models import Event


class JudgeCallForm(forms.Form):
    reason = forms.ChoiceField(label=_("Why do you need a judge?"), choices=JudgeCallReason.choices)
    note = forms.CharField(label=_("Note for the judge (optional)"), max_length=200, required=False)


class ResolveForm(forms.Form):
    """What a judge's answer may carry; the service checks it against the call."""

    outcome = forms.ChoiceField(label=_("Outcome"), choices=JudgeCallOutcome.choices)
    ruling = forms.CharField(label=_("Ruling"), max_length=300, required=False)
    extension_minutes = WholeNumberField(
        label=_("Extra minutes"),
        min_value=1,
        max_value=MAX_CALL_EXTENSION_MINUTES,
        required=False,
    )
    penalty_registration = forms.TypedChoiceField(
        label=_("Player"), coerce=int, required=False, empty_value=None
    )
    penalty_infraction = forms.ChoiceField(label=_("Infraction"), required=False)
    penalty_kind = forms.ChoiceField(
        label=_("Penalty"),
        choices=[("", _("The infraction's usual penalty")), *PenaltyKind.choices],
        required=False,
    )
    penalty_reason = forms.CharField(label=_("Reason"), max_length=300, required=False)
    penalty_deviation_reason = forms.CharField(
        label=_("Why a different penalty"), max_length=300, required=False
    )

    def __init__(self, *args: Any, player_ids: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["penalty_registration"].choices = [("", "—")] + [
            (pk, str(pk)) for pk in player_ids
        ]
        self.fields["penalty_infraction"].choices = [
            ("", "—"),
            *((i.code, f"{i.label} · {PenaltyKind(i.default).label}") for i in INFRACTIONS),
        ]


def infraction_choices(event: Event) -> list[tuple[str, str]]:
    """The event's infractions (``tournaments.selectors.event_infractions``), with their
    usual penalty, for the answer's penalty part."""
    return [
        (i.code, f"{i.label} · {PenaltyKind(i.default).label}")
        for i in selectors.event_infractions(event)
    ]
