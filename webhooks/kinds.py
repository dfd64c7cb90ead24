"""What a webhook tells: the kinds of happenings an endpoint subscribes to (the same names
as ``tournaments.happenings``, sent in the ``Webhook-Event`` header and the body's ``type``)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.happenings import Happening


class Kind(models.TextChoices):
    ROUND_PUBLISHED = Happening.ROUND_PUBLISHED.value, _("Round published")
    RESULT_CONFIRMED = Happening.RESULT_CONFIRMED.value, _("Result confirmed")
    MATCH_DISPUTED = Happening.MATCH_DISPUTED.value, _("Match disputed")
    STANDINGS_CHANGED = Happening.STANDINGS_CHANGED.value, _("Standings changed")
    PLAYER_DROPPED = Happening.PLAYER_DROPPED.value, _("Player dropped")
    EVENT_FINISHED = Happening.EVENT_FINISHED.value, _("Event finished")


# The test ping an organiser sends from the endpoint's page: to every endpoint, whatever
# it subscribes to.
PING = "ping"
ALL_KINDS = [kind.value for kind in Kind]
