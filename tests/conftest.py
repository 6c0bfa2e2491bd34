"""Shared fixtures for the whole suite."""

import signal
import time

import pytest
from django.core.management import call_command
from django.db import connection
from hypothesis import settings as hypothesis_settings

# No time limit on a property test's example: on a busy shared machine an example can
# take longer than hypothesis's default 200 ms, and timing is never a pass/fail here.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test databases, and on PostgreSQL one step before they are
    dropped: end every other session still connected to this one.

    The race tests' threads and the live server answer in threads of their own; on
    a busy machine one of them can still hold its connection when the run ends, and
    PostgreSQL then refuses to drop the database, which pytest-django reports as an
    error of whichever test ran last (seen once in a whole run, on a loaded
    machine). Every test has finished by then, so this hides no failure."""
    yield
    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    """Pages render in tests without running collectstatic first.

    Production uses whitenoise's compressed, hashed storage, which needs the
    manifest that `collectstatic` writes; tests that check that storage set it
    up themselves.
    """
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashing is slow on purpose; tests need it to be right, not slow."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _empty_board_cache():
    """Each test starts with no cached scoreboards: keys are unique per change of a
    match, but a test database hands the same ids out again."""
    from django.core.cache import caches

    caches["boards"].clear()


@pytest.fixture
def live_server_settled(live_server):
    """The live server, and after the test a wait until its request threads have
    closed their database connections (they close them just after answering), so
    the test database can be flushed and dropped."""
    yield live_server
    if connection.vendor != "postgresql":
        return
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


@pytest.fixture
def worker():
    """Run the site's queue as ``manage.py db_worker`` does until no job is left (the
    worker sets its own signal handlers: the test process gets its own back)."""

    def run() -> None:
        kept = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT)}
        try:
            call_command("db_worker", "--batch", "--no-startup-delay", "--interval=0", verbosity=0)
        finally:
            for s, handler in kept.items():
                signal.signal(s, handler)

    return run
