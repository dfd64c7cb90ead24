"""Send the webhook deliveries that are due: what the beat task does, for a site with no
worker (run it from cron)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from webhooks.sending import send_due


class Command(BaseCommand):
    help = "Send the webhook deliveries that are due now (retries included)."

    def handle(self, *args: Any, **options: Any) -> None:
        sent = send_due(limit=10_000)
        self.stdout.write(f"{sent} deliveries attempted")
