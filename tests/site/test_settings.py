"""Settings read from the environment: safe locally, strict in production."""

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings


def run_python(code, **env):
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "golfsite.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_production_start_without_secret_key_fails_clearly():
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=settings.BASE_DIR,
        env={**env, "DJANGO_SETTINGS_MODULE": "golfsite.settings", "HTTPS": "1"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_environment_drives_hosts_database_and_https():
    result = run_python(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.ALLOWED_HOSTS, s.DATABASES['default']['ENGINE'], s.SECURE_SSL_REDIRECT, "
        "s.SESSION_COOKIE_SECURE, s.CSRF_TRUSTED_ORIGINS)",
        SECRET_KEY="x" * 50,
        HTTPS="1",
        ALLOWED_HOSTS="golf.example.com",
        DATABASE_URL="postgres://u@db.invalid:5432/golf",
        CSRF_TRUSTED_ORIGINS="https://golf.example.com",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "['golf.example.com']",
        "django.db.backends.postgresql",
        "True",
        "True",
        "['https://golf.example.com']",
    ]


def test_deploy_checks_pass_with_production_settings():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env={
            # The browser tests' async override is no part of a deployment.
            **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
            "SECRET_KEY": "k" * 20 + "-production-secret-that-is-long-enough-123",
            "ALLOWED_HOSTS": "golf.example.com",
            "HTTPS": "1",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_cache_is_shared_database_by_default_and_redis_when_asked():
    default = run_python(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.CACHES['default']['BACKEND'])"
    )
    assert default.stdout.strip() == "django.core.cache.backends.db.DatabaseCache"
    redis = run_python(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.CACHES['default']['BACKEND'], s.CACHES['default']['LOCATION'])",
        REDIS_URL="redis://127.0.0.1:6379/3",
    )
    assert redis.stdout.split() == [
        "django.core.cache.backends.redis.RedisCache",
        "redis://127.0.0.1:6379/3",
    ]


@pytest.mark.django_db
def test_the_database_cache_works_in_tests():
    from django.core.cache import cache

    cache.set("golf", 24)
    assert cache.get("golf") == 24


def test_trusted_proxies_come_from_the_environment_and_must_be_a_count():
    result = run_python(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.TRUSTED_PROXIES)",
        TRUSTED_PROXIES="2",
    )
    assert result.stdout.strip() == "2", result.stderr
    result = run_python("import django; django.setup()", TRUSTED_PROXIES="yes")
    assert result.returncode != 0
    assert "TRUSTED_PROXIES is 'yes'" in result.stderr


def test_postgresql_connections_come_from_a_pool_when_served_by_asgi():
    """golfsite.asgi asks for the pool (a pool and kept connections cannot go
    together); elsewhere (manage.py, the queue's worker, the tests) connections are
    kept, and SQLite has no pool."""

    def database(*, asgi, **env):
        setup = "import golfsite.asgi" if asgi else "import django; django.setup()"
        result = run_python(
            f"{setup}; import json; from django.conf import settings as s; "
            "d = s.DATABASES['default']; "
            "print(json.dumps([d['CONN_MAX_AGE'], d.get('OPTIONS', {}).get('pool')]))",
            **env,
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    postgres = "postgres://u@db.invalid:5432/golf"
    pool = {"min_size": 1, "max_size": 8}
    assert database(asgi=True, DATABASE_URL=postgres) == [0, pool]
    assert database(asgi=False, DATABASE_URL=postgres, DATABASE_POOL="1") == [0, pool]
    assert database(asgi=True, DATABASE_URL=postgres, DATABASE_POOL_SIZE="3") == [
        0,
        {"min_size": 1, "max_size": 3},
    ]
    assert database(asgi=False, DATABASE_URL=postgres) == [60, None]
    assert database(asgi=True, DATABASE_URL="sqlite:///golf.sqlite3") == [0, None]
