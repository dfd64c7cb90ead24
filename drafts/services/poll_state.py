"""What a drafter's poll needs of its pod (its version, and until when that answer holds),
kept in the shared cache so that the poll of an unchanged pod costs no query.

512 drafters polling once a second are 512 requests a second; each read the pod row, which
cost about a third of the server's two cores in ``bench/draft_live.py``. A pod changes only
through ``save_pod``, which leaves the new state here once its transaction commits. The
answer holds until the pod's deadline (after it, the poll must read the pod, which applies
the deadline: the lazy path of the house rules) and for a few seconds at most, so a write
whose cache update was lost (a Redis blip, a process killed between commit and update)
costs a drafter a few seconds, never the rest of the step.

Where the stream server runs (``DRAFT_STREAM``), the same commit also publishes the pod's
new version on its Redis channel, and the drafters' pages hear of it there instead of
asking (``drafts/views/stream.py``); a change that opened a pick step sends that step with it
(``pack_news``).
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django_redis import get_redis_connection
from redis.exceptions import RedisError

from drafts.models import DraftPhase, Pod
from drafts.services.pack_news import pod_message

log = logging.getLogger(__name__)

# The longest a cached answer is trusted (see the module's docstring).
HOLD_SECONDS = 5
# A pod's channel is this and its id; its messages are the pod's new version.
POD_CHANNEL_PREFIX = "draft:pod-news:"


def _key(pod_id: int) -> str:
    return f"draft:pod-poll:{pod_id}"


def _expiry(phase: str, deadline: datetime | None, paused: object) -> float | None:
    """The moment a pod's version may change on its own (its deadline), if it can."""
    if phase == DraftPhase.DONE or paused is not None or deadline is None:
        return None
    return deadline.timestamp()


def remember_poll_state(pod: Pod) -> None:
    """Forget the pod's cached state at once, and leave the new one once the current
    transaction commits (a rolled-back change leaves nothing). Polls in between read the
    pod itself, which still shows the state before the change."""
    key = _key(pod.pk)
    cache.delete(key)
    state = (pod.version, _expiry(pod.phase, pod.deadline, pod.paused_remaining))
    pod_id, message = pod.pk, pod_message(pod)

    def committed() -> None:
        cache.set(key, state, HOLD_SECONDS)
        if settings.DRAFT_STREAM:
            publish_version(pod_id, message)

    transaction.on_commit(committed)


def publish_version(pod_id: int, message: int | str) -> None:
    """Tell the stream servers the pod's new version (with the pick step it opened, if it
    did: ``pack_news``), through the cache's own Redis connections (``DRAFT_STREAM`` needs
    ``REDIS_URL``, which makes the cache Redis). A message lost here (Redis down) costs the
    pod's drafters their pages' safety poll, never the draft."""
    try:
        get_redis_connection("default").publish(f"{POD_CHANNEL_PREFIX}{pod_id}", message)
    except (RedisError, OSError) as error:
        log.warning("pod %s: news %.40s not published (%s)", pod_id, message, error)


def forget_poll_state(pod_id: int) -> None:
    """Drop the pod's cached state (for a change made behind the services' back, such as a
    test moving a deadline)."""
    cache.delete(_key(pod_id))


def offer_poll_state(
    pod_id: int, version: int, phase: str, deadline: datetime | None, paused: object
) -> None:
    """After a poll read the pod itself: leave what it read, unless a writer has left a
    state meanwhile (``add`` never overwrites, so a read never hides a newer write)."""
    cache.add(_key(pod_id), (version, _expiry(phase, deadline, paused)), HOLD_SECONDS)


def cached_version(pod_id: int, now: datetime) -> int | None:
    """The pod's version when a cached answer still holds at ``now``, else None."""
    state = cache.get(_key(pod_id))
    if state is None:
        return None
    version, expiry = state
    if expiry is not None and expiry <= now.timestamp():
        return None
    return version
