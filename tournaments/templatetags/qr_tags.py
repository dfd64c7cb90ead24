"""QR codes in pages: ``{% qr_code url label %}`` draws one as inline SVG, and
``{% match_report_url match as url %}`` gives the absolute address a match's QR code holds
(its report page, under ``SITE_URL`` when set)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from config.site_url import absolute_url
from tournaments.qr import qr_svg

if TYPE_CHECKING:
    from tournaments.models import Match

register = template.Library()


@register.simple_tag
def qr_code(url: str, label: str, css_class: str = "qr") -> SafeString:
    """The QR code of ``url`` as an ``<svg>`` image named ``label`` (already translated)."""
    # qr_svg escapes the label; the URL is only in the drawing.
    return mark_safe(qr_svg(str(url), label=str(label), css_class=css_class))


@register.simple_tag(takes_context=True)
def match_report_url(context: dict[str, Any], match: Match) -> str:
    """The absolute address of ``match``'s report page, in the page's language."""
    return absolute_url(reverse("tournaments:report", args=[match.pk]), context.get("request"))
