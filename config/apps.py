from django.apps import AppConfig


class ConfigConfig(AppConfig):
    name = "config"
    verbose_name = "Configuration"

    def ready(self) -> None:
        # Load the Celery app as Django starts, so shared tasks send to the configured broker.
        from config import celery  # noqa: F401
