"""On PostgreSQL the served site keeps its database connections for the next
requests. Under golfsite.asgi each request runs in a thread of its own, so Django
cannot keep a connection per thread (CONN_MAX_AGE is 0 there): each worker takes
one from its pool and gives it back (DATABASE_POOL, golfsite/settings.py). Without
the pool every request opened a new connection, and a hole save cost about 40 ms
more (docs/performance.md).

Starts gunicorn as `make run` does, on a throw-away database of the server the
suite runs on, named after this process so two runs never share one."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
import pytest
from django.conf import settings
from psycopg import sql
from psycopg.conninfo import make_conninfo

from tests.at_once import postgres_only
from tests.serving import gunicorn, healthz

pytestmark = postgres_only

WORKERS = 2
#: DATABASE_POOL_SIZE's default: the most connections one worker holds.
POOL_SIZE = 8


def server_params() -> dict[str, str]:
    db = settings.DATABASES["default"]
    return {
        "host": db["HOST"] or "127.0.0.1",
        "port": str(db["PORT"] or 5432),
        "user": db["USER"],
        "password": db["PASSWORD"] or "",
    }


def admin() -> psycopg.Connection[tuple[Any, ...]]:
    return psycopg.connect(make_conninfo(dbname="postgres", **server_params()), autocommit=True)


@pytest.fixture
def database() -> Iterator[tuple[str, str]]:
    """A new, empty database: its URL and its name. Dropped after, whoever is
    still connected to it."""
    name = f"golf_pool_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with admin() as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    p = server_params()
    secret = f":{quote(p['password'], safe='')}" if p["password"] else ""
    try:
        yield f"postgres://{p['user']}{secret}@{p['host']}:{p['port']}/{name}", name
    finally:
        with admin() as conn:
            conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))


def connections_to(name: str) -> set[int]:
    """The server processes of the clients connected to database ``name``."""
    with admin() as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity"
            " WHERE datname = %s AND backend_type = 'client backend'",
            [name],
        ).fetchall()
    return {int(pid) for (pid,) in rows}


def test_the_served_site_keeps_its_postgresql_connections_for_the_next_requests(
    database: tuple[str, str], tmp_path: Path
) -> None:
    url, name = database
    with gunicorn(database_url=url, workers=WORKERS, log=tmp_path / "gunicorn.log") as port:
        for _ in range(10):
            assert healthz(port) == b"ok"
        kept = connections_to(name)
        for _ in range(40):
            assert healthz(port) == b"ok"
        later = connections_to(name)
    assert kept, "no connection was kept once the requests were answered"
    assert kept <= later, "connections were closed and others opened for later requests"
    assert len(later) <= WORKERS * POOL_SIZE
