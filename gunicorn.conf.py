"""gunicorn settings for a server. `make run` passes its own flags for local use.

Start with: gunicorn golfsite.wsgi -c gunicorn.conf.py
Every value can be overridden from the environment.
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", f"0.0.0.0:{os.environ.get('PORT', '8000')}")
# Two sync workers per core, plus one, is the usual start for a site that mostly
# waits on its database.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "sync"
# Recycle workers now and then so a slow leak never grows unbounded.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = 200
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
keepalive = 5
# Behind a load balancer that sets X-Forwarded-Proto (Django reads it when HTTPS=1).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
control_socket_disable = True
