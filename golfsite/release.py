"""Which code is running: a digest of every Python module and template of the site.

A browser that keeps a page and asks "has it changed?" (an ETag) must hear "yes"
after a deploy that changes how the page is drawn, even when the data it shows has
not changed; otherwise a follower's live board would keep the old markup, beside
the new stylesheet and script, until the match next changed.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from django.conf import settings

#: The site's own code: what draws its pages (tests and the virtualenv are not).
SOURCE_DIRS = ("golfsite", "groups", "rules", "scoring", "templates")
SUFFIXES = (".py", ".html")


@functools.cache
def code_version() -> str:
    """A short digest of the site's source, read once per process."""
    return source_digest(Path(settings.BASE_DIR))


def source_digest(base: Path) -> str:
    digest = hashlib.blake2b(digest_size=8)
    for folder in SOURCE_DIRS:
        for path in sorted((base / folder).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file():
                digest.update(str(path.relative_to(base)).encode())
                digest.update(b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()
