"""Where the site keeps its one-off messages ("Hole 1 saved.") between a post and
the page after it."""

from __future__ import annotations

from typing import Any

from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.fallback import FallbackStorage


class OnceStorage(FallbackStorage):
    """Django's usual storage (a cookie, then the session), keeping each message
    once: a form posted twice without JavaScript (a double tap, say) is saved once,
    and the page after it says "Hole 1 saved." once, not twice. A message waiting to
    be shown and the same one added again say nothing new."""

    def add(self, level: int, message: Any, extra_tags: str | None = "") -> None:
        # Messages are equal when their level and text are; ``in`` looks at the
        # waiting messages without marking them as shown.
        if Message(level, message) in self:
            return
        super().add(level, message, extra_tags)
