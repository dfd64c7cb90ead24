from importlib import import_module

from django.apps import AppConfig


class ConfigConfig(AppConfig):
    name = "config"
    verbose_name = "Configuration"

    def ready(self) -> None:
        # Load the Celery app as Django starts, so shared tasks send to the configured broker
        # (importing the package itself runs nothing: see config/__init__.py).
        import_module("config.celery")
        # Every connection's writes change the data version (config/data_version.py).
        from django.db import connections
        from django.db.backends.signals import connection_created

        from config.data_version import watch

        connection_created.connect(watch, dispatch_uid="config.data_version.watch")
        for connection in connections.all(initialized_only=True):
            watch(connection)
