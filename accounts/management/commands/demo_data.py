from django.core.management.base import BaseCommand
from django.db import transaction

from config.demo import DemoContext, loaders


class Command(BaseCommand):
    help = "Create demo people (with known passwords, printed) and demo events. Idempotent."

    def handle(self, *args: object, **options: object) -> None:
        ctx = DemoContext()
        lines: list[str] = []
        for name, loader in loaders():
            with transaction.atomic():
                lines.extend(loader(ctx))
            self.stdout.write(f"loaded: {name}")
        self.stdout.write(self.style.SUCCESS("Demo data ready. Log in with:"))
        for line in lines:
            self.stdout.write(f"  {line}")
