"""A throw-away database for one run of the bench: a new SQLite file in a temporary
directory, or a new PostgreSQL database ``golf_bench_<pid>`` on the server that
``DATABASE_URL`` names. It is made and dropped with Django's own test-database
machinery (``connection.creation``), which also migrates it and makes the cache
table, as `make run` does. The site's own database is never touched."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from django.db import connection


def sqlite_url(directory: str) -> str:
    return f"sqlite:///{Path(directory) / 'bench.sqlite3'}"


def postgres_url(server: str, pid: int) -> str:
    """The database ``golf_bench_<pid>`` on the server of ``server`` (the URL of any
    database there)."""
    parts = urlsplit(server)
    return urlunsplit((parts.scheme, parts.netloc, f"/golf_bench_{pid}", parts.query, ""))


@contextmanager
def throwaway_database(url: str) -> Iterator[None]:
    """Make the database ``url`` names, migrated and with its cache table, use it,
    and drop it afterwards (whatever was connected to it must be gone by then).
    Django's settings must already point at the same server (``DATABASE_URL``)."""
    name = dj_database_url.parse(url)["NAME"]
    original = connection.settings_dict["NAME"]
    connection.settings_dict["TEST"]["NAME"] = name
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(original, verbosity=0)
