"""Lighthouse, mobile, on the key pages (what `make audit` runs through
`python -m bench audit`), with the system Chromium, against the site as
``bench.measure`` serves it.

Prints Performance, Accessibility, Best Practices and SEO for each page; a score
under its threshold is an error. Lighthouse comes from the npm registry into
`.tools/` on first use.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

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


def audit(base_url: str, lines: list[str]) -> list[str]:
    """Lighthouse's four scores for each key page, as ``lines``; the scores under
    their thresholds."""
    binary = lighthouse_binary()
    browser = Browser(base_url)
    paths = audit_paths(browser)
    cookie = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
    failures: list[str] = []
    lines.append(f"{'page':<52} perf  a11y  best  seo")
    for path in paths:
        scores = run_lighthouse(binary, base_url + path, cookie)
        row = "  ".join(f"{scores[key]:4d}" for key in THRESHOLDS)
        lines.append(f"{path:<52} {row}")
        failures += [
            f"{path}: {key} {scores[key]} < {low}"
            for key, low in THRESHOLDS.items()
            if scores[key] < low
        ]
    return failures
