"""Helpers for tests of things done at once (several phones, connections or
processes on one match or group): which database the suite runs on, and a mark for
properties of PostgreSQL itself. (The fixture ``live_server_settled`` is in
tests/conftest.py.)"""

import pytest
from django.conf import settings

ON_POSTGRES = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"

#: For properties of PostgreSQL itself (row locks, isolation between connections).
#: CI runs the suite on both databases, so these run there on every change.
postgres_only = pytest.mark.skipif(
    not ON_POSTGRES, reason="a property of PostgreSQL: run with DATABASE_URL=postgres://..."
)
