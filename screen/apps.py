from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScreenConfig(AppConfig):
    name = "screen"
    verbose_name = _("Big screen")

    def ready(self) -> None:
        from screen.audit_sentences import screen_sentence
        from tournaments.audit_presenter import register_sentences

        register_sentences("screen", screen_sentence)
