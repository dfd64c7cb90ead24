"""One notification mail rendered and sent now, in the recipient's language (``deliver``).

The mail is rendered when it is sent, from the templates ``notifications/<kind>_subject.txt``,
``<kind>.txt`` (plain text) and ``<kind>.html``, with an absolute link (``SITE_URL``) to the
page it is about and a footer link to the preferences. The context is plain JSON (names,
numbers), since it travels through the broker. ``accounts.notifications`` decides who gets
which mail and when; the Celery task ``accounts.tasks.send_notification`` calls ``deliver``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from accounts.selectors import notification_kind, notification_language, notification_recipients
from config.site_url import absolute_url, site_origin


def deliver(
    *, kind: str, user_id: int, context: Mapping[str, Any], link: list[Any] | None = None
) -> bool:
    """Render and send one mail now; False when the person no longer wants it or has no
    address (checked again here: it may have changed since the mail was queued). Errors
    of the mail server propagate, for the task to retry."""
    kind = notification_kind(kind)
    if not notification_recipients(kind=kind, user_ids=[user_id]):
        return False
    from accounts.models import User

    user = User.objects.get(pk=user_id)
    with translation.override(notification_language(user_id)):
        values = {
            **context,
            "recipient": user.public_name,
            "link_url": absolute_url(reverse(link[0], kwargs=link[1])) if link else "",
            "preferences_url": absolute_url(reverse("accounts:profile")) + "#notifications",
            "site_url": site_origin(),
        }
        subject = render_to_string(f"notifications/{kind}_subject.txt", values)
        subject = " ".join(subject.split())
        text = render_to_string(f"notifications/{kind}.txt", values)
        html = render_to_string(f"notifications/{kind}.html", values)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [user.email])
    message.attach_alternative(html, "text/html")
    message.send()
    return True
