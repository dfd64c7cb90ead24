from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Game engines")

    def ready(self) -> None:
        from accounts.navigation import NavEntry, register

        register(NavEntry("game-records", _("Game records"), "games:check", order=50))
        register(NavEntry("qiahn-odds", _("Qíahn odds"), "games:odds", order=51))
