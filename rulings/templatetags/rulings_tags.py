from __future__ import annotations

from typing import TYPE_CHECKING

from django import template

from rulings.messages import issue_message

if TYPE_CHECKING:
    from rulings.core.issues import Issue

register = template.Library()


@register.filter
def issue_text(problem: Issue) -> str:
    """An issue of a core, in the active language."""
    return issue_message(problem)
