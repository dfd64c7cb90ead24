"""Small formatting helpers for the event pages."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from django import template
from django.utils.formats import number_format

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tournaments.models import Match, Registration
    from tournaments.visibility import EventVisibility

K = TypeVar("K")
V = TypeVar("V")

register = template.Library()


@register.filter
def pct(value: Fraction | Decimal | float | str | None) -> str:
    """A fraction in 0..1 as a percentage with two decimals, in the page's locale."""
    if value is None or value == "":
        return ""
    fraction = Fraction(value) if not isinstance(value, Decimal) else Fraction(str(value))
    exact = Decimal(fraction.numerator * 100) / Decimal(fraction.denominator)
    return number_format(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN), 2)


@register.filter
def clock(seconds: float | None) -> str:
    """Seconds as h:mm:ss or m:ss (a paused round's time left)."""
    if seconds is None:
        return ""
    seconds = max(int(seconds), 0)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


@register.filter
def get(mapping: Mapping[K, V] | None, key: K) -> V | None:
    """``mapping|get:key`` for dictionaries keyed by ids."""
    if mapping is None:
        return None
    return mapping.get(key)


@register.filter
def score(match: Match) -> str:
    """A confirmed match's games as "2-1" or "1-1-1" (with drawn games)."""
    if match.games_won_a is None:
        return ""
    text = f"{match.games_won_a}-{match.games_won_b}"
    if match.games_drawn:
        text += f"-{match.games_drawn}"
    return text


@register.filter
def compact_json(value: object) -> str:
    """An audit entry's before/after, as compact JSON."""
    import json

    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


@register.filter
def disqualified_for(registration: Registration, visibility: EventVisibility | None) -> bool:
    """Whether to show this registration as disqualified to the reader (else just dropped)."""
    return bool(
        registration.disqualified
        and visibility is not None
        and visibility.private_of(registration.pk)
    )
