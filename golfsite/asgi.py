"""ASGI entry point, served by gunicorn's asyncio worker (`make run`, gunicorn.conf.py).

The worker reads each request, body and all, on its event loop; Django's handler
then runs the (sync) view in a thread of its own, a new one for each request."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "golfsite.settings")
# A database connection belongs to the thread that opened it, and here each request
# has a thread of its own, so a connection kept for the next request would never be
# used again, only left open until the garbage collector found it. Each request
# closes its own (CONN_MAX_AGE=0), and on PostgreSQL takes it from a pool of the
# process and gives it back (DATABASE_POOL, golfsite/settings.py), unless the
# environment says otherwise.
os.environ.setdefault("CONN_MAX_AGE", "0")
os.environ.setdefault("DATABASE_POOL", "1")

application = get_asgi_application()
