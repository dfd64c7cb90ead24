"""E-mail notifications: who gets which mail, in which language, and how it leaves.

``notify`` is the one entry point. It does nothing until the current transaction commits
(a rolled-back action sends nothing), then picks the people who want this kind of mail and
have an address, and hands one Celery task per person to the broker
(``accounts.tasks.send_notification``, retried with backoff while the mail server fails).
Without a broker (the embedded default), or when the broker cannot be reached, each mail
is sent at once instead, after the commit; a failure is logged, never raised, so a request
never breaks because mail did not go out.

The mail is rendered when it is sent, in the recipient's language, from the templates
``notifications/<kind>_subject.txt``, ``<kind>.txt`` (plain text) and ``<kind>.html``, with
an absolute link (``SITE_URL``) to the page it is about and a footer link to the
preferences. The context is plain JSON (names, numbers), since it travels through the
broker.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from accounts.selectors import notification_kind, notification_language, notification_recipients
from config.deadlines import broker_configured
from config.site_url import absolute_url, site_origin

log = logging.getLogger(__name__)

Context = Mapping[str, Any]
# A page of the site: a URL name and its keyword arguments, e.g.
# ("tournaments:event_detail", {"pk": 3}); reversed in the recipient's language.
Link = tuple[str, Mapping[str, Any]]


def notify(
    *,
    kind: str,
    user_ids: Iterable[int],
    context: Context,
    link: Link | None = None,
    per_user: Mapping[int, Context] | None = None,
) -> None:
    """Mail ``kind`` to each of ``user_ids`` who wants it, once the transaction commits.

    ``context`` is what the kind's templates read (JSON values only); ``per_user`` adds to
    it for one person (their table, their opponent). ``link`` is the page the mail is about.
    People without an e-mail address, inactive accounts and walk-in guests get nothing, as
    do people who turned the kind off (``NotificationPreferences``; a ``SecurityNotice``
    cannot be). Raises ``ValueError`` for an unknown kind; never for a delivery problem."""
    kind = notification_kind(kind)
    ids = sorted({int(pk) for pk in user_ids})
    if not ids:
        return
    extra = {int(pk): dict(values) for pk, values in (per_user or {}).items()}
    transaction.on_commit(
        functools.partial(
            _dispatch,
            kind=kind,
            user_ids=ids,
            context=dict(context),
            link=_plain_link(link),
            per_user=extra,
        ),
        robust=True,
    )


def _plain_link(link: Link | None) -> list[Any] | None:
    if link is None:
        return None
    name, kwargs = link
    return [name, dict(kwargs)]


def _dispatch(
    *,
    kind: str,
    user_ids: list[int],
    context: dict[str, Any],
    link: list[Any] | None,
    per_user: dict[int, dict[str, Any]],
) -> None:
    from accounts.tasks import send_notification

    use_broker = broker_configured()
    for user_id in notification_recipients(kind=kind, user_ids=user_ids):
        job = {
            "kind": kind,
            "user_id": user_id,
            "context": {**context, **per_user.get(user_id, {})},
            "link": link,
        }
        if use_broker:
            try:
                send_notification.apply_async(kwargs=job, retry=False)
                continue
            except Exception:  # the broker is down: send this and the rest at once
                log.warning("broker unreachable; sending %s mails directly", kind, exc_info=True)
                use_broker = False
        try:
            deliver(**job)
        except Exception:
            log.exception("could not send the %s mail to user %s", kind, user_id)


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
