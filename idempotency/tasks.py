from celery import shared_task

from idempotency.services import idempotency_keys_purge


@shared_task(name="idempotency.tasks.purge_expired_keys", ignore_result=True)
def purge_expired_keys() -> int:
    """Hourly (beat): keys past their replay period; an expired key is also replaced when
    it is sent again, so nothing depends on this running."""
    return idempotency_keys_purge()
