"""Where the site keeps its one-off messages ("Hole 1 saved.") between a post and
the page after it."""

from __future__ import annotations

from typing import Any

from django.contrib.messages.storage.fallback import FallbackStorage


class OnceStorage(FallbackStorage):
    """Django's usual storage (a cookie, then the session), keeping each message
    once: a form posted twice without JavaScript (a double tap, say) is saved once,
    and the page after it says "Hole 1 saved." once, not twice. A message waiting to
    be shown and the same one added again say nothing new."""

    def add(self, level: int, message: Any, extra_tags: str | None = "") -> None:
        # Django's storage has no public way to look at the waiting messages without
        # marking them as shown; these two attributes are how its own add() sees them.
        waiting = [*self._loaded_messages, *self._queued_messages]  # type: ignore[attr-defined]
        if any(m.level == level and m.message == message for m in waiting):
            return
        super().add(level, message, extra_tags)
