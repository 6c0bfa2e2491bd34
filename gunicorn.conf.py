"""gunicorn settings, for a server and for `make run` alike.

Start with: gunicorn golfsite.asgi -c gunicorn.conf.py
Every value can be overridden from the environment.

Slow clients. A client that announces a body and sends it a byte at a time (a
phone on a poor signal) used to hold a worker's thread for as long as it took; 17
of them held all 2 x 8 threads of `make run` and /healthz stopped answering. The
worker here is gunicorn's asyncio one (``asgi``, serving golfsite.asgi): it reads
every request, body and all, on its event loop, where a waiting connection costs
a few kilobytes, and only a complete request reaches Django, which runs the view
in a thread of its own. With 50 such clients /healthz still answers at once
(tests/site/test_slow_clients.py).

What a proxy still adds: each worker holds at most ``worker_connections``
connections, a body still waiting after ``timeout`` seconds is dropped, and
nothing here limits clients by address, so a server on the internet should sit
behind a proxy that buffers whole requests (nginx does by default) and caps them.
"""

import multiprocessing
import os

# Loopback only unless told otherwise: a server behind a proxy on the same machine
# needs no more. GUNICORN_BIND=0.0.0.0:8000 (say) listens on every interface.
bind = os.environ.get("GUNICORN_BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
# Two workers per core, plus one, is the usual start for a site that mostly waits
# on its database.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
# gunicorn's own asyncio worker: it reads every request, body and all, on its event
# loop, and only then hands it to Django, which runs the view in a thread of its own.
worker_class = "asgi"
# Connections a worker holds at once (slow ones included); each request being
# answered holds a thread and a database connection of its own.
worker_connections = int(os.environ.get("GUNICORN_CONNECTIONS", "1000"))
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
