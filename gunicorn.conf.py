"""gunicorn settings, for a server and for `make run` alike.

Start with: gunicorn golfsite.wsgi -c gunicorn.conf.py
Every value can be overridden from the environment.

Slow clients. A sync worker reads a request's body itself, so a client that
announces a body and sends it a byte at a time holds the whole worker, and a few
such clients held every worker (the site stopped answering until gunicorn killed
them). Here each worker serves requests from a pool of threads (``gthread``): a
connection takes a thread only once it has sent something, a slow body holds one
thread of many, and a read that waits longer than ``GUNICORN_READ_TIMEOUT`` seconds
for the next bytes gives up on the client, freeing its thread.

The trade-off: threads share one Python process, so CPU-bound work in two threads
of a worker takes turns (pages here mostly wait on the database, where threads
help); the timeout is per read, so a client that trickles a byte just inside it
can still hold a thread for a while, one of ``workers * threads``. A server on the
internet should still sit behind a proxy that buffers whole requests (nginx does
by default); this configuration is what keeps a single machine answering without one.
"""

import multiprocessing
import os
import socket

from gunicorn.workers.gthread import ThreadWorker

# Loopback only unless told otherwise: a server behind a proxy on the same machine
# needs no more. GUNICORN_BIND=0.0.0.0:8000 (say) listens on every interface.
bind = os.environ.get("GUNICORN_BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
# Two workers per core, plus one, is the usual start for a site that mostly waits
# on its database.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
# Threads per worker: requests a worker serves at once. Bounded, as each one holds
# a database connection while it runs.
threads = int(os.environ.get("GUNICORN_THREADS", "8"))
# Seconds a read waits for a client's next bytes (the body of a hole is a few
# hundred bytes: a phone on a poor line sends it well within this).
read_timeout = float(os.environ.get("GUNICORN_READ_TIMEOUT", "5"))


class ReadTimeoutThreadWorker(ThreadWorker):
    """gunicorn's threaded worker, with a timeout on every read and write of a
    request's socket while it is being served, so a stalled client frees its thread.

    gunicorn has no setting for it: its threaded worker waits for a connection's
    first bytes without holding a thread, then reads the rest blocking, for ever.
    The application sees a read that timed out as a broken upload (Django's
    UnreadablePostError) and answers 400; the connection is then closed."""

    def handle_request(self, req, conn):
        sock: socket.socket = conn.sock
        sock.settimeout(read_timeout)
        return super().handle_request(req, conn)


worker_class = ReadTimeoutThreadWorker
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
