from django.core.management.base import BaseCommand

from config import deadlines


class Command(BaseCommand):
    help = (
        "Apply every expired deadline (round ends, pick timers, deck-list reminders). "
        "Safe to run any time."
    )

    def handle(self, *args: object, **options: object) -> None:
        settled = deadlines.apply_expired()
        for name, count in settled.items():
            self.stdout.write(f"{name}: {count}")
