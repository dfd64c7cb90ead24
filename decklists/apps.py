from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DecklistsConfig(AppConfig):
    name = "decklists"
    verbose_name = _("Deck lists")

    def ready(self) -> None:
        from decklists import hooks

        hooks.connect()
