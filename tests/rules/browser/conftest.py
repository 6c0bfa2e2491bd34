"""Browser tests of the rules reference: a real Chromium at phone size.

Marked `browser` (a quick local run can leave them out; CI never does). They use
the system Chromium when there is one, like the suite's other browser tests.
"""

import os
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop; pytest-django's set-up needs this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

#: Where page screenshots are kept as test artifacts (ignored by git).
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", "reports/screenshots"))


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/rules/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    path = (
        os.environ.get("CHROMIUM_PATH")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    extra = {"executable_path": path} if path else {}
    return {
        **browser_type_launch_args,
        **extra,
        "args": ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {
        **browser_context_args,
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    }


@pytest.fixture
def screenshot_dir():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
