"""Which release of the site is running.

The live board's ETag includes it, so that after a deploy a board kept by a
follower's browser is sent again, drawn by the new code, even if the match has
not changed. A deploy sets ``GOLFSITE_VERSION`` (a commit hash, say); without it
the installed package's version (pyproject.toml) is used.
"""

from __future__ import annotations

import functools
import os
from importlib.metadata import version


def code_version() -> str:
    """``GOLFSITE_VERSION`` if set, else the installed golfsite package's version."""
    return os.environ.get("GOLFSITE_VERSION") or _package_version()


@functools.cache
def _package_version() -> str:
    # Read once per process: the installed package does not change while it runs.
    return version("golfsite")
