from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArchivesConfig(AppConfig):
    name = "archives"
    verbose_name = _("Event archives")
