"""System checks of the accounts app (run by ``manage.py check``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Tags, Warning, register


@register(Tags.compatibility, deploy=True)
def site_url_for_mail(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Links in notification e-mails need the site's public address."""
    if settings.SITE_URL:
        return []
    return [
        Warning(
            "SITE_URL is not set: links in notification e-mails point at http://localhost:8000.",
            hint="Set SITE_URL to the address people reach the site on, "
            "e.g. https://events.example.org.",
            id="accounts.W001",
        )
    ]
