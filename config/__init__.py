"""The project's base: settings, the URL map, Celery and the API's plumbing.

Importing the package runs nothing, so a pure module here (``config.numbers``) can be used by
the pure cores without bringing Django or Celery in. The Celery app is loaded when Django
starts (``config.apps``), which is what Celery's Django guide has ``__init__`` do: tasks
defined with ``shared_task`` then use it. ``celery -A config`` finds ``config.celery`` itself.
"""
