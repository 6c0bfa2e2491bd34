"""Shared helpers for the hardening tests: stress, faults, fuzzing."""

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore

from scoring.views import SESSION_KEY
from tests.scoring.conftest import save_hole  # noqa: F401 (shared with these tests)

ON_POSTGRES = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"

#: For properties of PostgreSQL itself (row locks, isolation between connections).
#: CI runs the suite on both databases, so these run there on every change.
postgres_only = pytest.mark.skipif(
    not ON_POSTGRES, reason="a property of PostgreSQL: run with DATABASE_URL=postgres://..."
)


def session_owning(*matches):
    """A saved session that keeps ``matches`` as this browser's; returns its key."""
    store = SessionStore()
    store[SESSION_KEY] = [m.pk for m in matches]
    store.save()
    return store.session_key


@pytest.fixture
def live_server_settled(live_server):
    """The live server, and after the test a wait until its request threads have
    closed their database connections (they close them just after answering), so
    the test database can be flushed and dropped."""
    yield live_server
    if not ON_POSTGRES:
        return
    import time

    from django.db import connection

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            if cursor.fetchone()[0] == 0:
                return
        time.sleep(0.05)
