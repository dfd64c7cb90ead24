from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


# Reached from the events page, the rulings pages and a finished event's page, not the
# navigation bar (it must fit one line at 1280 px for a site admin).
class MetagameConfig(AppConfig):
    name = "metagame"
    verbose_name = _("Metagame")
