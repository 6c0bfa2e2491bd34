"""Counts of attempts for the rate limits (see ``golfsite.ratelimit``)."""

from __future__ import annotations

from django.db import models


class AttemptCount(models.Model):
    """How many attempts one caller has made in the window that ends at ``ends``.

    Kept in the database, not the cache: an increment there is one UPDATE, atomic
    on every backend, and the window's end is written once, when it opens (the
    database cache sets a key again, with its default timeout, on each ``incr``)."""

    key = models.CharField(max_length=80, unique=True)
    count = models.PositiveIntegerField()
    ends = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}: {self.count} until {self.ends:%H:%M}"
