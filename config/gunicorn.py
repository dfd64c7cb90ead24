"""gunicorn settings for production: ``gunicorn -c config/gunicorn.py config.wsgi``.

Sync workers: each takes the next connection only when it is free, so the load spreads
evenly. Threaded workers keep connections alive and save a handshake per request, but a
kept connection stays with the worker that accepted it; with a proxy's few upstream
connections some workers queue while others idle, and on the report benchmark the
slowest reports took several times longer. ``GUNICORN_WORKER_CLASS=gthread`` switches.

Readers who reach the site without a proxy holding the connections (the refresh storm on
public pages) are the other way round: each keeps its connection between reloads, and sync
workers, which close it after every answer, answered a quarter as many reloads as threaded
ones (``docs/operations.md``, "Refresh storm").
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "sync")
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
# Threaded workers: gunicorn's default of 1,000 connections per worker counts a reader's
# closed connection until the worker notices it; with 2,000 readers reloading, workers
# stopped accepting and half the readers waited (bench/pairings_storm.py, run twice).
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", "4000"))
# Import the site once, before forking: workers start answering at once and share memory.
preload_app = True
