"""The Celery app. Workers and beat run it; web processes only send to it when a broker is set."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("opmanager")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
