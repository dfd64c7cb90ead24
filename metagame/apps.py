from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MetagameConfig(AppConfig):
    name = "metagame"
    verbose_name = _("Metagame")

    def ready(self) -> None:
        from accounts.navigation import NavEntry, register

        register(NavEntry("metagame", _("Metagame"), "metagame:public", order=42))
