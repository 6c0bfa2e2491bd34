"""`python manage.py audit` (what `make audit` runs): Lighthouse, mobile, on the key
pages of a gunicorn server it starts itself, with the system Chromium.

Prints Performance, Accessibility, Best Practices and SEO for each page and exits
non-zero when any is under its threshold. Lighthouse comes from the npm registry
into `.tools/` on first use.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from scoring.management.loopback import Server

LIGHTHOUSE_VERSION = "12.8.2"
THRESHOLDS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)


def audit_paths() -> tuple[list[str], str]:
    """The pages the performance issue names, and the session cookie that owns the
    demo matches they include (a finished 8 x 18 scoreboard, a hole being entered)."""
    from django.contrib.sessions.backends.db import SessionStore

    from scoring import services
    from scoring.engine import RuleSet
    from scoring.views.access import SESSION_KEY

    from .bench import scoreboard_fixture

    board, cookie = scoreboard_fixture()
    playing = services.match_create(
        names=[f"Player {i}" for i in range(1, 9)], first_dealer=0, rules=RuleSet(holes=9)
    )
    session = SessionStore(session_key=cookie.split("=", 1)[1])
    session[SESSION_KEY] = [*session[SESSION_KEY], playing.pk]
    session.save()
    paths = [
        reverse("home"),
        reverse("rules:guide"),
        reverse("rules:try") + "?variant=six-card&grid=8+5+7+%2F+8+3+9",
        board,
        reverse("scoring:hole_new", args=[playing.pk]),
    ]
    return paths, cookie


def lighthouse_binary() -> Path:
    tools = Path(settings.BASE_DIR) / ".tools"
    binary = tools / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise CommandError("Lighthouse needs Node.js and npm; install them first.")
        tools.mkdir(exist_ok=True)
        subprocess.run(
            [
                npm,
                "install",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(tools),
                f"lighthouse@{LIGHTHOUSE_VERSION}",
            ],
            check=True,
        )
    return binary


def chromium() -> str:
    path = (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    if not path:
        raise CommandError("No Chromium found: run `make browsers` or set CHROMIUM_PATH.")
    return path


def run_lighthouse(binary: Path, url: str, cookie: str) -> dict[str, int]:
    """The four scores of ``url``. Lighthouse now and then fails to record the
    page's trace on a busy machine ("NO_NAVSTART"); a failed run is tried once more."""
    try:
        return _lighthouse_once(binary, url, cookie)
    except subprocess.CalledProcessError:
        return _lighthouse_once(binary, url, cookie)


def _lighthouse_once(binary: Path, url: str, cookie: str) -> dict[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        subprocess.run(
            [
                str(binary),
                url,
                f"--chrome-flags={CHROME_FLAGS} --user-data-dir={tmp}/profile",
                "--form-factor=mobile",
                "--only-categories=performance,accessibility,best-practices,seo",
                "--output=json",
                f"--output-path={report}",
                "--quiet",
                f"--extra-headers={json.dumps({'Cookie': cookie})}",
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": chromium()},
            timeout=180,
        )
        data = json.loads(report.read_text())
    return {key: round(cat["score"] * 100) for key, cat in data["categories"].items()}


class Command(BaseCommand):
    help = "Run Lighthouse (mobile) on the key pages and fail under the thresholds."

    def handle(self, *args: Any, **options: Any) -> None:
        binary = lighthouse_binary()
        failures: list[str] = []
        paths, cookie = audit_paths()
        with Server() as server:
            self.stdout.write(f"{'page':<40} perf  a11y  best  seo")
            for path in paths:
                scores = run_lighthouse(binary, server.url(path), cookie)
                row = "  ".join(f"{scores[key]:4d}" for key in THRESHOLDS)
                self.stdout.write(f"{path:<40} {row}")
                failures += [
                    f"{path}: {key} {scores[key]} < {low}"
                    for key, low in THRESHOLDS.items()
                    if scores[key] < low
                ]
        if failures:
            raise CommandError("Under the thresholds:\n  " + "\n  ".join(failures))
        self.stdout.write(self.style.SUCCESS(f"All {len(paths)} pages meet the thresholds."))
