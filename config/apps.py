from importlib import import_module

from django.apps import AppConfig


class ConfigConfig(AppConfig):
    name = "config"
    verbose_name = "Configuration"

    def ready(self) -> None:
        # Load the Celery app as Django starts, so shared tasks send to the configured broker
        # (importing the package itself runs nothing: see config/__init__.py).
        import_module("config.celery")
