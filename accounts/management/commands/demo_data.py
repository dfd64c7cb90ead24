from argparse import ArgumentParser

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

from config.demo import DemoContext, loaders, summaries


class Command(BaseCommand):
    help = (
        "Create demo people (with known passwords, printed) and demo events, then list the "
        "demo events as they are in the database. Idempotent: what is already there is left "
        "as it is. --reset empties the whole database first and loads the demo again."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--reset",
            action="store_true",
            help="Delete every row in the database (not only the demo's; as `manage.py flush`) "
            "and load the demo again. Asks first unless --no-input is given.",
        )
        parser.add_argument(
            "--no-input",
            "--noinput",
            action="store_false",
            dest="interactive",
            help="Do not ask before --reset empties the database.",
        )

    def handle(self, *args: object, **options: object) -> None:
        if options["reset"]:
            self._reset(interactive=bool(options["interactive"]))
        ctx = DemoContext()
        lines: list[str] = []
        for name, loader in loaders():
            with transaction.atomic():
                lines.extend(loader(ctx))
            self.stdout.write(f"loaded: {name}")
        self.stdout.write(self.style.SUCCESS("Demo data ready. Log in with:"))
        for line in lines:
            self.stdout.write(f"  {line}")
        for name, summary in summaries():
            self.stdout.write(self.style.SUCCESS(f"Demo {name} now in the database:"))
            for line in summary():
                self.stdout.write(f"  {line}")

    def _reset(self, *, interactive: bool) -> None:
        database = connection.settings_dict["NAME"]
        if interactive:
            try:
                answer = input(
                    f"This deletes every row in the database {database!r}, not only the "
                    "demo's, and loads the demo again.\nType 'yes' to continue: "
                )
            except EOFError:  # no terminal to ask
                answer = ""
            if answer.strip().lower() != "yes":
                raise CommandError("Reset cancelled: nothing was deleted.")
        call_command("flush", interactive=False, verbosity=0)
        self.stdout.write(f"reset: emptied the database {database!r}")
