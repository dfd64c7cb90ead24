from django import template

from rulings.messages import issue_message

register = template.Library()


@register.filter
def issue_text(problem) -> str:
    """An issue of a core, in the active language."""
    return issue_message(problem)
