"""What the event API views share: the tag, input parsing, the event and round they answer with."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from config.errors import DomainError
from tournaments import selectors
from tournaments.api import serializers as s
from tournaments.models import Round
from tournaments.services import results
from tournaments.visibility import visibility_for

if TYPE_CHECKING:
    from rest_framework.serializers import Serializer


TAG = ["events"]


ROUND_PARAM = OpenApiParameter("round", int, description="standings as of this round")


def parse_input(serializer_class: type[Serializer], request: Request) -> dict[str, Any]:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def reported_result(data: dict) -> results.ReportedResult:
    return results.ReportedResult(
        data["games_won_a"], data["games_won_b"], data["games_drawn"], list(data["games"])
    )


def event_out(request: Request, event_id: int) -> dict:
    """One event as ``EventOut``, with its player count and the reader's visibility."""
    event = get_object_or_404(selectors.event_list(), pk=event_id)
    context = {"visibility": visibility_for(request.user, event)}
    return s.EventOut(event, context=context).data


def round_out(request: Request, round_: Round) -> dict:
    return s.RoundOut(
        round_, context={"visibility": visibility_for(request.user, round_.event)}
    ).data


def choice_param(request: Request, name: str, choices: list[str]) -> str | None:
    value = request.query_params.get(name) or None
    if value is not None and value not in choices:
        raise DomainError(
            _("Unknown %(name)s %(value)s: use one of %(choices)s.")
            % {"name": name, "value": repr(value), "choices": ", ".join(choices)},
            field=name,
        )
    return value
