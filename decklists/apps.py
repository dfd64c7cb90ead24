from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DecklistsConfig(AppConfig):
    name = "decklists"
    verbose_name = _("Deck lists")

    def ready(self) -> None:
        from config import deadlines
        from decklists import hooks
        from decklists.services.reminders import deck_list_reminders_send

        hooks.connect()
        deadlines.register("decklists.deck_list_reminders", deck_list_reminders_send)
