from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WebhooksConfig(AppConfig):
    name = "webhooks"
    verbose_name = _("Webhooks")

    def ready(self) -> None:
        from tournaments.happenings import happened_signal
        from webhooks.listener import on_happened

        happened_signal.connect(on_happened, dispatch_uid="webhooks.on_happened")
