from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulingsConfig(AppConfig):
    name = "rulings"
    verbose_name = _("Rulings and cards")

    def ready(self) -> None:
        from accounts.navigation import NavEntry, register
        from config import demo
        from rulings.demo import load_demo_data

        demo.register("rulings", load_demo_data, order=10)
        register(NavEntry("rulings", _("Rulings"), "rulings:current", order=40))
        register(NavEntry("cards", _("Cards"), "rulings:cards", order=41))
