"""The audit log's sentences for the big screen (``screen.*``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from screen.models import ScreenMode
from tournaments.audit_presenter import Sentence


def screen_sentence(
    action: str, values: dict[str, Any], before: Any, after: dict[str, Any]
) -> Sentence | None:
    """A change of the big screen: its view, its paging, its announcement."""
    old = before if isinstance(before, dict) else {}
    labels = dict(ScreenMode.choices)
    changes = []
    if "mode" in after and after.get("mode") != old.get("mode"):
        changes.append(
            _("view %(new)s (was: %(old)s)")
            % {
                "new": labels.get(after["mode"], after["mode"]),
                "old": labels.get(old.get("mode"), old.get("mode") or "—"),
            }
        )
    if "paging_paused" in after and bool(after["paging_paused"]) != bool(old.get("paging_paused")):
        changes.append(_("paging paused") if after["paging_paused"] else _("paging resumed"))
    if "announcement" in after and after["announcement"] != old.get("announcement", ""):
        changes.append(
            _("announcement “%(text)s”") % {"text": after["announcement"]}
            if after["announcement"]
            else _("announcement removed")
        )
    if action != "screen.set":
        return None
    text = _("%(actor)s changed the big screen: %(changes)s.") % {
        **values,
        "changes": "; ".join(changes) or "—",
    }
    return Sentence(text)
