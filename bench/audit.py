"""Lighthouse, mobile, on the key pages (what `make audit` runs through
`python -m bench audit`), with the system Chromium, against the site as
``bench.measure`` serves it.

Prints Performance, Accessibility, Best Practices and SEO for each page; a score
under its threshold is an error. Lighthouse comes from the npm registry into
`.tools/` on first use.

The pages are a keeper's, so Lighthouse's Chromium must hold the keeper's session.
It gets it in its cookie jar, as a phone has it (written into a Chromium profile
that each run starts from a copy of): a ``Cookie`` header given to Lighthouse
would go only with the first request, since Chromium sends its jar's cookies
instead as soon as the site has set one (the CSRF cookie), and the page's own
requests (the join link's QR code) would come from a stranger.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from django.urls import reverse

from bench.browser import BenchError, Browser
from bench.play import hole_save, match_start
from bench.room import TRY_QUERY
from bench.server import ROOT

LIGHTHOUSE_VERSION = "12.8.2"
THRESHOLDS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)


def audit_paths(browser: Browser) -> list[str]:
    """The key pages, among them a finished 8 x 18 scoreboard and the form of a hole
    being entered, both of matches ``browser`` started through the forms."""
    finished = match_start(browser, holes=18)
    for _ in range(18):
        hole_save(browser, finished, htmx=True)
    playing = match_start(browser, holes=9)
    return [
        reverse("home"),
        reverse("rules:guide"),
        reverse("rules:try") + TRY_QUERY,
        reverse("scoring:match_detail", args=[finished]),
        reverse("scoring:hole_new", args=[playing]),
    ]


def lighthouse_binary() -> Path:
    tools = ROOT / ".tools"
    binary = tools / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise BenchError("Lighthouse needs Node.js and npm; install them first.")
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
        raise BenchError("No Chromium found: run `make browsers` or set CHROMIUM_PATH.")
    return path


def profile_with_cookies(directory: Path, base_url: str, cookies: dict[str, str]) -> None:
    """A Chromium profile in ``directory`` whose cookie jar holds ``cookies`` for the
    site at ``base_url``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(directory),
            executable_path=chromium(),
            args=[*CHROME_FLAGS.split(), "--password-store=basic"],
        )
        # Kept for a day: a cookie without an expiry would not outlive this browser.
        expires = time.time() + 24 * 60 * 60
        context.add_cookies(
            [
                {"name": name, "value": value, "url": base_url, "expires": expires}
                for name, value in cookies.items()
            ]
        )
        context.close()


def run_lighthouse(binary: Path, url: str, profile: Path) -> dict[str, Any]:
    """Lighthouse's report on ``url`` (its JSON), run in a copy of the Chromium
    ``profile``. Lighthouse now and then fails to record the page's trace on a busy
    machine ("NO_NAVSTART"); a failed run is tried once more."""
    try:
        return _lighthouse_once(binary, url, profile)
    except subprocess.CalledProcessError:
        return _lighthouse_once(binary, url, profile)


def _lighthouse_once(binary: Path, url: str, profile: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        shutil.copytree(profile, f"{tmp}/profile")
        subprocess.run(
            [
                str(binary),
                url,
                f"--chrome-flags={CHROME_FLAGS} --password-store=basic "
                f"--user-data-dir={tmp}/profile",
                "--form-factor=mobile",
                "--only-categories=performance,accessibility,best-practices,seo",
                "--output=json",
                f"--output-path={report}",
                "--quiet",
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": chromium()},
            timeout=180,
        )
        data: dict[str, Any] = json.loads(report.read_text())
    return data


def shortfalls(report: dict[str, Any], category: str) -> list[str]:
    """The titles of the audits that cost ``category`` points in ``report``."""
    audits = report["audits"]
    return [
        audits[ref["id"]]["title"]
        for ref in report["categories"][category]["auditRefs"]
        if ref["weight"] > 0 and (audits[ref["id"]].get("score") or 0) < 1
    ]


def audit(base_url: str, lines: list[str]) -> list[str]:
    """Lighthouse's four scores for each key page, as ``lines``; the scores under
    their thresholds."""
    binary = lighthouse_binary()
    browser = Browser(base_url)
    paths = audit_paths(browser)
    failures: list[str] = []
    lines.append(f"{'page':<52} perf  a11y  best  seo")
    with tempfile.TemporaryDirectory() as tmp:
        profile = Path(tmp) / "profile"
        profile_with_cookies(profile, base_url, browser.cookies)
        for path in paths:
            report = run_lighthouse(binary, base_url + path, profile)
            scores = {
                key: round(category["score"] * 100)
                for key, category in report["categories"].items()
            }
            row = "  ".join(f"{scores[key]:4d}" for key in THRESHOLDS)
            lines.append(f"{path:<52} {row}")
            failures += [
                f"{path}: {key} {scores[key]} < {low} ({'; '.join(shortfalls(report, key))})"
                for key, low in THRESHOLDS.items()
                if scores[key] < low
            ]
    return failures
