"""Static files as whitenoise stores them (hashed and compressed names), with each
asset's URL remembered.

``{% static %}`` asks the storage for a URL three times on every page, and each
answer cost a manifest lookup and a ``urljoin``: about 8% of a scoreboard's time.
The manifest is read once when the process starts and never changes while it
runs, so neither does any URL.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        # With DEBUG on, Django serves the names as they are: nothing to remember.
        if force or name is None or settings.DEBUG:
            return str(super().url(name, force))
        url = self._urls.get(name)
        if url is None:
            # A name missing from the manifest raises here, every time, as before.
            url = self._urls[name] = str(super().url(name))
        return url

    def post_process(self, *args: Any, **kwargs: Any) -> Iterator[Any]:
        """collectstatic hashing the files again: URLs remembered before are stale."""
        try:
            yield from super().post_process(*args, **kwargs)
        finally:
            self._urls.clear()
