from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from accounts.navigation import NavEntry, register
        from config import deadlines, demo
        from tournaments import checks  # noqa: F401  (registers the system checks)
        from tournaments.demo import describe_demo_events, load_events
        from tournaments.services.clock import apply_round_deadlines

        deadlines.register("tournaments.round_clock", apply_round_deadlines)
        demo.register("events", load_events, order=20)
        demo.register_summary("events", describe_demo_events)
        register(NavEntry("events", _("Events"), "tournaments:event_list", order=10))
        register(
            NavEntry(
                "my-events",
                _("My events"),
                "tournaments:my_events",
                order=20,
                authenticated_only=True,
            )
        )
        register(
            NavEntry(
                "judge-desk",
                _("Judge desk"),
                "tournaments:judge_desk",
                order=30,
                perm="tournaments.access_judge_desk",
            )
        )
