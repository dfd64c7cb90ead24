"""E-mail notifications: who gets which mail, in which language, and how it leaves.

``notify`` is the one entry point. It does nothing until the current transaction commits
(a rolled-back action sends nothing), then picks the people who want this kind of mail and
have an address, and hands one Celery task per person to the broker
(``accounts.tasks.send_notification``, retried with backoff while the mail server fails).
Without a broker (the embedded default), or when the broker cannot be reached, each mail
is sent at once instead, after the commit; a failure is logged, never raised, so a request
never breaks because mail did not go out.

The mail itself is rendered and sent by ``accounts.notification_mail.deliver``, in the
recipient's language, when it leaves.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction

from accounts.notification_mail import deliver
from accounts.selectors import notification_kind, notification_recipients
from accounts.tasks import send_notification
from config.deadlines import broker_configured

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
