"""What the page's charts draw, passed to the page with ``json_script`` (no inline script:
the site's content security policy allows scripts from the site only)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from metagame.selectors import Metagame


def _pct(value: float | None) -> float | None:
    return None if value is None else round(value * 100, 1)


def chart_data(meta: Metagame) -> dict:
    return {
        "sanctuaries": {
            "labels": [meta.label(r.key) for r in meta.sanctuaries],
            "shares": [_pct(r.share) for r in meta.sanctuaries],
            "rates": [_pct(r.win.rate) for r in meta.sanctuaries],
        },
        "factions": {
            "labels": [meta.label(r.key) for r in meta.factions],
            "shares": [_pct(r.share) for r in meta.factions],
        },
        "share_label": _("Share of lists"),
        "rate_label": _("Match-win rate against lists without it"),
        "watch": [
            {
                "name": t.name,
                "months": [m.month.strftime("%Y-%m") for m in t.months],
                "shares": [_pct(m.row.share) if m.row else None for m in t.months],
                "rates": [_pct(m.row.win.rate) if m.row else None for m in t.months],
            }
            for t in meta.watch
        ],
    }
