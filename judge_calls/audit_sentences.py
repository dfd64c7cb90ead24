"""The audit log's sentences for judge calls (``judge_call.*``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from judge_calls.models import JudgeCallOutcome, JudgeCallReason
from tournaments.audit_presenter import Sentence

JUDGE_CALL_SENTENCES = {
    "judge_call.create": gettext_lazy("%(actor)s called a judge to %(round)s (%(reason)s)."),
    "judge_call.claim": gettext_lazy(
        "%(actor)s claimed the judge call of %(caller)s at %(round)s."
    ),
    "judge_call.release": gettext_lazy(
        "%(actor)s released the judge call of %(caller)s at %(round)s."
    ),
    "judge_call.escalate": gettext_lazy(
        "%(actor)s escalated the judge call of %(caller)s at %(round)s to the head judge."
    ),
    "judge_call.cancel": gettext_lazy("%(actor)s cancelled their judge call at %(round)s."),
}


def _text(action: str, values: dict[str, Any], after: dict[str, Any]) -> str:
    reason = after.get("reason")
    values = {
        **values,
        "caller": after.get("caller") or "—",
        "reason": str(JudgeCallReason(reason).label).lower()
        if reason in JudgeCallReason.values
        else "—",
    }
    if action in JUDGE_CALL_SENTENCES:
        return str(JUDGE_CALL_SENTENCES[action]) % values
    outcome = after.get("outcome")
    if outcome == JudgeCallOutcome.TIME_EXTENSION:
        answer = _("a time extension of %(minutes)s minutes") % {
            "minutes": after.get("minutes", "?")
        }
    elif outcome in JudgeCallOutcome.values:
        answer = str(JudgeCallOutcome(outcome).label).lower()
    else:
        answer = "—"
    return _("%(actor)s answered the judge call of %(caller)s at %(round)s: %(answer)s.") % {
        **values,
        "answer": answer,
    }


def judge_call_sentence(
    action: str, values: dict[str, Any], before: Any, after: dict[str, Any]
) -> Sentence:
    caller = after.get("caller")
    return Sentence(_text(action, values, after), people=(caller,) if caller else (), in_round=True)
