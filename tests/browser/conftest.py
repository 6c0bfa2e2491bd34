"""Browser tests: a real Chromium at phone size, driven by Playwright against
pytest-django's live server. Marked `browser`; CI always runs them."""

import datetime
import os
import re
import shutil
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from groups import services as group_services
from scoring import services as scoring_services
from scoring.engine import RuleSet
from scoring.models import Match
from scoring.services import HoleEntry
from tests.groups.factories import GroupFactory, UserFactory

# Playwright's sync API runs an event loop in the main thread; without this
# pytest-django's database set-up raises SynchronousOnlyOperation.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path():
    """The system Chromium (`make browsers` installs it); None lets Playwright use
    its own download where one was installed with `playwright install chromium`."""
    return (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


# What a user sees can take longer than Playwright's 5 s to come on a machine whose
# cores are busy (CI runs one test process per core next to the browsers); the
# tests wait on what is shown, never on a time, so a longer wait costs nothing
# when things go well.
expect.set_options(timeout=20_000)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    path = chromium_path()
    extra = {"executable_path": path} if path else {}
    return {**browser_type_launch_args, **extra, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {
        **browser_context_args,
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        # The service worker (the site kept for use without a signal) only where a
        # test is about it (test_offline.py): elsewhere its set-up would still be
        # asking the live server once a test is over.
        "service_workers": "block",
    }


#: Where page screenshots are kept as test artifacts (ignored by git).
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", "reports/screenshots"))


@pytest.fixture
def screenshot_dir():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def laptop(browser):
    """A wide window, worked with a mouse and keys, with no touch screen."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


@pytest.fixture(autouse=True)
def _no_page_left_open(browser):
    """After each test, every window it opened is closed, even one a failing test
    left open: a live board left behind would keep asking the live server, and
    could still be asking when the server stops at the end of the run."""
    yield
    for context in browser.contexts:
        context.close()


#: Each page the tests open reports a content security policy violation as a
#: console error of its own, with what was refused and where (Chromium's own
#: message does not always reach Playwright). Playwright puts this in before the
#: page's scripts run, past the policy; a page without JavaScript has no such
#: report, and Chromium's own message is all there is.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error("Content security policy violation: " + event.violatedDirective +
    " refused " + (event.blockedURI || "?") + " at " + event.sourceFile + ":" +
    event.lineNumber + " " + JSON.stringify(event.sample || ""));
});
"""


class ConsoleErrors:
    """What the browser reported as wrong on every page a test opened: console
    errors (htmx's among them), uncaught exceptions and content security policy
    violations. A test that makes something fail on purpose (the server down for
    a save) allows the errors that says, by a pattern of their text."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow(self, *patterns: str) -> None:
        self.allowed.extend(re.compile(pattern) for pattern in patterns)

    def watch(self, context) -> None:
        context.add_init_script(REPORT_VIOLATIONS)
        context.on("console", self._console)
        context.on("weberror", lambda error: self.seen.append(f"uncaught: {error.error}"))

    def _console(self, message) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            self.seen.append(f"{message.text} ({where})" if where else message.text)

    def unexpected(self) -> list[str]:
        return [
            text for text in self.seen if not any(pattern.search(text) for pattern in self.allowed)
        ]


@pytest.fixture(autouse=True)
def console_errors(browser, monkeypatch):
    """Fail the test, once it has run, on anything any of its pages reported as
    wrong (see ConsoleErrors): every window a test opens comes through
    browser.new_context, pytest-playwright's own page too."""
    errors = ConsoleErrors()
    open_context = browser.new_context

    def new_context(*args, **kwargs):
        context = open_context(*args, **kwargs)
        errors.watch(context)
        return context

    monkeypatch.setattr(browser, "new_context", new_context)
    yield errors
    unexpected = errors.unexpected()
    if unexpected:
        pytest.fail("The browser reported errors:\n" + "\n".join(unexpected), pytrace=False)


#: The players of the ``season`` group, in their seats.
NAMES = ["Ann", "Bob", "Cy", "Dee"]


#: Each match's hole scores, one row per player in NAMES: negative scores, a tie
#: and an average that lands on a half at the top of the chart.
TABLES = [
    [[3, 5, 7], [4, 4, 4], [6, 2, 9], [8, 8, 1]],
    [[-2, -1, 0], [5, 6, 7], [3, 3, 3], [4, 9, 2]],
    [[9, 8, 8], [2, 2, 2], [6, 6, 6], [7, 1, 3]],
    [[1, 1, 1], [1, 1, 1], [5, 5, 5], [6, 7, 8]],
]


@pytest.fixture
def season():
    """olive's group "Friday golf": the four regulars in NAMES and a dozen finished
    three-hole matches four days apart, their scores from TABLES in turn (each
    match ends on its last hole)."""
    owner = UserFactory.create(username="olive")
    group = GroupFactory.create(owner=owner, name="Friday golf")
    start = datetime.datetime(2026, 9, 1, 20, tzinfo=datetime.UTC)
    for n in range(12):
        table = TABLES[n % len(TABLES)]
        match = group_services.group_match_create(
            group=group,
            by=owner,
            picked=[],
            new_names=NAMES,
            first_dealer=0,
            rules=RuleSet(holes=3),
        )
        # Dated before any hole, so the players' records count each on its own day.
        Match.objects.filter(pk=match.pk).update(created_at=start + datetime.timedelta(days=4 * n))
        match.refresh_from_db()
        for hole in range(3):
            scoring_services.hole_record(
                match=match,
                entry=HoleEntry(kind="totals", totals=tuple(row[hole] for row in table)),
                token=uuid.uuid4(),
                number=hole + 1,
            )
        assert match.is_finished
    return group
