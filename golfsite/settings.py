"""Settings for the Golf site.

Everything that differs between a laptop and a server comes from the environment;
the defaults are safe for local use (`make run` needs no configuration).
"""

import os
import secrets
import tempfile
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

# Lets Django's generic classes take their type parameters at run time, as the type
# checker's stubs write them (``ModelAdmin[Match]``, ``forms.ModelForm[Group]``).
django_stubs_ext.monkeypatch()


def env_bool(name: str, default: bool = False) -> bool:
    """Read a yes/no environment variable ("1", "true", "yes", "on" mean yes)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    """Read a comma-separated environment variable into a list, ignoring blanks."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")
HTTPS = env_bool("HTTPS")


def _secret_key() -> str:
    """The SECRET_KEY from the environment, or a local one kept in `.secret_key`.

    A server (HTTPS=1) must be given its key: a generated one would differ between
    machines and log everybody out on every deploy.
    """
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    if HTTPS:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. A production start (HTTPS=1) needs SECRET_KEY "
            "in the environment; generate one with "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`."
        )
    key_file = BASE_DIR / ".secret_key"
    try:
        return key_file.read_text().strip()
    except FileNotFoundError:
        key = secrets.token_urlsafe(50)
        key_file.write_text(key)
        key_file.chmod(0o600)
        return key


SECRET_KEY = _secret_key()

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")


def _trusted_proxies() -> int:
    """How many reverse proxies in front of the site to believe about the client's
    address (``golfsite.ratelimit.client_address``); 0, the default, believes none."""
    value = os.environ.get("TRUSTED_PROXIES", "0").strip() or "0"
    if not value.isdigit():
        raise ImproperlyConfigured(
            f"TRUSTED_PROXIES is {value!r}: it must be a whole number of proxies, "
            "0 when the site takes its connections straight from the players."
        )
    return int(value)


# Each trusted proxy adds the address it was reached from to X-Forwarded-For.
TRUSTED_PROXIES = _trusted_proxies()

INSTALLED_APPS = [
    "accounts",  # first: its registration/ templates replace the admin's
    # django.contrib.admin, with the site's log-in page instead of its own.
    "golfsite.apps.GolfAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    # The queue of work done after the response (the ratings' re-rate of a big
    # group): Django's tasks framework, as backported, with its database backend.
    "django_tasks",
    "django_tasks_db",
    "scoring",
    "rules",
    "groups",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # -- Security headers of this site (golfsite/middleware.py) ------------------------
    # Permissions-Policy on everything, static files included (PERMISSIONS_POLICY below).
    "golfsite.middleware.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages are sent gzip-compressed to a browser that accepts it. Static files are
    # not compressed here: whitenoise serves the copies compressed by collectstatic.
    # Django pads what it compresses at random, against BREACH.
    "django.middleware.gzip.GZipMiddleware",
    # A page that depends on who asks (Vary: Cookie) is Cache-Control: private, an
    # account page no-store. Above the session and CSRF middleware: it reads the
    # Vary they add. -------------------------------------------------------------
    "golfsite.middleware.PrivateCacheMiddleware",
    # Names the session each page was drawn for, for the service worker (see
    # golfsite/offline.py). Above the session middleware: a session made or cycled
    # by this request (a log-in) has its key by the time the answer gets here.
    # Below PrivateCacheMiddleware, which sees the Vary: Cookie it adds.
    "golfsite.middleware.ViewerMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, and synchronous only: under ASGI the whole stack then runs in the
    # request's thread, as the views do (golfsite/middleware.py).
    "golfsite.middleware.sync_to_the_view",
]

ROOT_URLCONF = "golfsite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "golfsite.offline.viewer",
            ],
        },
    },
]

WSGI_APPLICATION = "golfsite.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if (
    DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
    and os.environ.get("DATABASE_POOL") == "1"
):
    # golfsite.asgi (what gunicorn.conf.py serves) asks for this: there each
    # request runs in a thread of its own, so no connection is kept for the next
    # request and each would open one, a new PostgreSQL server process. A pool per app-server
    # process keeps them instead: in `make bench` a quiet hole save (htmx) went
    # from 90 to 48 ms at the median and the save without JavaScript from 140 to
    # 92 ms at p95, back under its budget of 100 (docs/performance.md). Django's
    # own pool (psycopg_pool); with CONN_HEALTH_CHECKS it checks each connection
    # as it hands it out, so a restarted server costs no failed request.
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": int(os.environ.get("DATABASE_POOL_SIZE", "8")),
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers work while a hole is being saved; IMMEDIATE avoids
    # "database is locked" upgrades when two phones save at once. Connections are
    # kept between requests (CONN_MAX_AGE, as for PostgreSQL): when the last
    # connection to the file closes, SQLite checkpoints the WAL into the database
    # and syncs it, which with a connection per request cost every save a disk sync.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;"
            ),
            "transaction_mode": "IMMEDIATE",
        }
    )
    # Tests use a database file too, not SQLite's shared in-memory database: the
    # browser tests' live server then answers each request on a connection of its
    # own, as gunicorn's workers do, instead of sharing the test's one connection
    # between threads (two requests at once could find its tables locked).
    # Named after the process, so two test runs of one checkout never share a file
    # (pytest-xdist's workers are processes of their own, and add their suffix).
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"golf-test-{os.getpid()}.sqlite3")
    }

# The cache must be shared by every gunicorn worker and app server: the database
# by default, Redis when REDIS_URL is set. (Rate limits are counted in a table of
# their own, accounts.AttemptCount, not here.)
CACHES: dict[str, dict[str, Any]]
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "golf_cache",
        }
    }

# Rendered scoreboards, keyed on the match's last change (every change through the
# site or the admin moves it), so an entry is never stale: a newer key replaces it.
# Each worker keeps its own, in memory (no query, no network): a board is rendered
# once per worker after each change however many phones follow it.
CACHES["boards"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "boards",
    "TIMEOUT": 6 * 60 * 60,
    "OPTIONS": {"MAX_ENTRIES": 500},
}

# Work done after the response: Django's tasks framework (the django-tasks backport
# of Django 6's django.tasks) with its database backend, so a job is a row stored in
# the transaction of the change that asks for it, on SQLite as on PostgreSQL, and
# needs no other server. `manage.py db_worker` runs the jobs (`make run` starts one).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}

# A change to a finished match re-rates the group from that match on inside its own
# request while that is at most this many matches (about 0.09 ms a match on SQLite,
# `make bench`'s re-rate: 500 keep a correction's save under 50 ms); beyond, the
# re-rate is a job (groups/tasks.py) and the rating pages say it is on its way.
RATINGS_RERATE_IN_REQUEST = 500

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Sessions are Django's default, its database table: a browser's matches survive a
# restart and every worker sees them.
# Messages as Django keeps them, each once (a form posted twice says so once).
MESSAGE_STORAGE = "golfsite.message_storage.OnceStorage"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "groups:list"
LOGOUT_REDIRECT_URL = "home"


def _email_settings(url: str) -> dict[str, object]:
    """SMTP settings from EMAIL_URL: smtp://user:password@host:587 (smtps:// for SSL;
    ?tls=1 for STARTTLS)."""
    from urllib.parse import parse_qs, unquote, urlsplit

    parts = urlsplit(url)
    query = parse_qs(parts.query)
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": parts.port or (465 if parts.scheme == "smtps" else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_SSL": parts.scheme == "smtps",
        "EMAIL_USE_TLS": query.get("tls", ["0"])[0] in {"1", "true", "yes"},
    }


# Password-reset mails go to the console unless EMAIL_URL (or Django's own
# EMAIL_HOST settings, read the usual way) says where to send them.
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
if os.environ.get("EMAIL_URL"):
    globals().update(_email_settings(os.environ["EMAIL_URL"]))
elif os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Golf scorer <golf@localhost>")

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# collectstatic gives each static file a name with its content's hash (so a browser
# may keep it for good) and writes a compressed copy beside it.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# The JSON API refuses bodies larger than this with a 400 (see scoring/views/api.py).
DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024
# No page takes a file, so a body carrying one is refused (a 400) instead of being
# spooled to disk whatever its size.
FILE_UPLOAD_HANDLERS = ["golfsite.uploads.NoFileUploads"]

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# -- Permissions-Policy (golfsite.middleware.PermissionsPolicyMiddleware) ---------------
# Browser features the site never uses are off for it and anything it could embed;
# the one it does use, the screen wake lock (the scoresheet keeps the phone awake
# during a match, static/js/scoresheet.js), is allowed for this origin only. Only
# features Chromium knows are listed: an unknown one is a console error on every page.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    "accelerometer": [],
    "camera": [],
    "display-capture": [],
    "geolocation": [],
    "gyroscope": [],
    "hid": [],
    "magnetometer": [],
    "microphone": [],
    "midi": [],
    "payment": [],
    "screen-wake-lock": ["self"],
    "serial": [],
    "usb": [],
}
# -------------------------------------------------------------------------------------

# Everything comes from this host; scripts and styles only from files (no inline
# scripts, no eval: base.html tells htmx so, and no style attributes or elements;
# tests/security/test_headers_and_csp.py holds the templates and the HTML built in Python to it).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        # The service worker (/sw.js) and the web app manifest, from this host only.
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # -- Requests refused for their size: one line each, no traceback ------------------
    "filters": {"one_line_refusal": {"()": "golfsite.uploads.OneLineRefusal"}},
    "loggers": {
        f"django.security.{refusal}": {"filters": ["one_line_refusal"]}
        for refusal in ("RequestDataTooBig", "TooManyFieldsSent", "TooManyFilesSent")
    },
    # ---------------------------------------------------------------------------------
}
