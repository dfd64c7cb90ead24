"""Judge calls: a player at a table asks for a judge; judges claim, escalate and answer.

The states (``JudgeCallState``) and what the database itself refuses:

- waiting: nobody has it yet (no claimer);
- claimed: one judge is on the way (a claimer and the time of the claim);
- escalated: handed to the head judge (the event's organiser, see ``docs/events.md``), with
  the time; nobody holds it until a head judge claims it;
- resolved: answered with an outcome (and, for a time extension, its minutes);
- cancelled: withdrawn by the player before an answer.

At most one open call (waiting, claimed or escalated) per match and caller, so a double
tap on "call a judge" queues one call.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Event
from tournaments.models.match import Match
from tournaments.models.penalty import Penalty
from tournaments.models.registration import Registration
from tournaments.models.round import Round

# Longest extension a call may grant (the clock service's own limit is two hours).
MAX_CALL_EXTENSION_MINUTES = 60


class JudgeCallReason(models.TextChoices):
    RULES_QUESTION = "rules_question", _("Rules question")
    RESULT_DISPUTE = "result_dispute", _("Result dispute")
    DECK_PROBLEM = "deck_problem", _("Deck problem")
    OTHER = "other", _("Other")


class JudgeCallState(models.TextChoices):
    WAITING = "waiting", _("Waiting for a judge")
    CLAIMED = "claimed", _("A judge is coming")
    ESCALATED = "escalated", _("Escalated to the head judge")
    RESOLVED = "resolved", _("Resolved")
    CANCELLED = "cancelled", _("Cancelled")


OPEN_STATES = (JudgeCallState.WAITING, JudgeCallState.CLAIMED, JudgeCallState.ESCALATED)


class JudgeCallOutcome(models.TextChoices):
    RULING = "ruling", _("Ruling given")
    TIME_EXTENSION = "time_extension", _("Time extension")
    PENALTY = "penalty", _("Penalty")
    NO_ACTION = "no_action", _("No action needed")


class JudgeCall(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="judge_calls")
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="judge_calls", verbose_name=_("round")
    )
    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="judge_calls", verbose_name=_("match")
    )
    caller = models.ForeignKey(
        Registration,
        on_delete=models.CASCADE,
        related_name="judge_calls",
        verbose_name=_("called by"),
    )
    reason = models.CharField(_("reason"), max_length=20, choices=JudgeCallReason.choices)
    note = models.CharField(_("note"), max_length=200, blank=True)
    state = models.CharField(
        _("state"), max_length=10, choices=JudgeCallState.choices, default=JudgeCallState.WAITING
    )
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    # The first time a judge took the call (claimed it, or answered it at once): the end of
    # the player's wait, kept when the call is released or escalated.
    answered_at = models.DateTimeField(null=True, blank=True)
    escalated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    escalated_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    resolved_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(
        _("outcome"), max_length=20, choices=JudgeCallOutcome.choices, blank=True
    )
    extension_minutes = models.PositiveSmallIntegerField(
        _("extension (minutes)"), null=True, blank=True
    )
    penalty = models.ForeignKey(
        Penalty, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    ruling = models.CharField(_("ruling"), max_length=300, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_judgecall"  # kept when the model moved here
        verbose_name = _("judge call")
        verbose_name_plural = _("judge calls")
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["event", "state"])]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "caller"],
                condition=Q(state__in=["waiting", "claimed", "escalated"]),
                name="one_open_judge_call_per_match_and_caller",
            ),
            models.CheckConstraint(
                condition=~Q(state="claimed")
                | Q(claimed_by__isnull=False, claimed_at__isnull=False, answered_at__isnull=False),
                name="claimed_judge_call_has_claimer",
            ),
            models.CheckConstraint(
                condition=~Q(state__in=["waiting", "escalated", "cancelled"])
                | Q(claimed_by__isnull=True, claimed_at__isnull=True),
                name="unclaimed_judge_call_has_no_claimer",
            ),
            models.CheckConstraint(
                condition=~Q(state="escalated")
                | Q(escalated_at__isnull=False, escalated_by__isnull=False),
                name="escalated_judge_call_has_time",
            ),
            models.CheckConstraint(
                condition=(
                    Q(
                        state="resolved",
                        resolved_at__isnull=False,
                        resolved_by__isnull=False,
                        answered_at__isnull=False,
                    )
                    & ~Q(outcome="")
                )
                | (~Q(state="resolved") & Q(outcome="", resolved_at__isnull=True)),
                name="resolved_judge_call_has_outcome",
            ),
            models.CheckConstraint(
                condition=(Q(state="cancelled") & Q(cancelled_at__isnull=False))
                | (~Q(state="cancelled") & Q(cancelled_at__isnull=True)),
                name="cancelled_judge_call_has_time",
            ),
            models.CheckConstraint(
                condition=(
                    Q(outcome="time_extension")
                    & Q(extension_minutes__gte=1, extension_minutes__lte=MAX_CALL_EXTENSION_MINUTES)
                )
                | (~Q(outcome="time_extension") & Q(extension_minutes__isnull=True)),
                name="judge_call_extension_only_with_its_outcome",
            ),
            models.CheckConstraint(
                condition=Q(outcome="penalty") | Q(penalty__isnull=True),
                name="judge_call_penalty_only_with_its_outcome",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} · {self.get_reason_display()} · {self.get_state_display()}"

    @property
    def is_open(self) -> bool:
        return self.state in OPEN_STATES
