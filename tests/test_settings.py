"""Settings read from the environment: safe locally, strict in production."""

import os
import subprocess
import sys

from django.conf import settings
from django.core.management import call_command


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


def test_static_files_get_hashed_and_compressed_names(tmp_path, settings):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    css = sorted(p.name for p in (tmp_path / "css").iterdir())
    hashed = [name for name in css if name.startswith("site.") and name.endswith(".css")]
    assert any(len(name.split(".")) == 3 for name in hashed), css  # site.<hash>.css
    assert any(name.endswith(".css.gz") for name in css), css
