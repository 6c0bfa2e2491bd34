"""The groups app's receivers, connected in ``apps.GroupsConfig.ready``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from scoring.models import Match

from . import ratings, services
from .models import RosterPlayer, roster_key


def roster_key_follows_name(
    sender: type[RosterPlayer], instance: RosterPlayer, **kwargs: Any
) -> None:
    """Every roster entry saved stores the key its name is unique by, whether saved
    by the site, the admin or ``loaddata`` (which bypasses ``RosterPlayer.save``, so
    a fixture written before the key existed still gets it)."""
    instance.name_key = roster_key(instance.name)


def match_results_changed(
    sender: type[Match], match: Match, group_ids: Iterable[int], **kwargs: Any
) -> None:
    """A change the scoresheet made to a group's match (``scoring.signals``): re-rate
    its groups from the match on, then invalidate what is cached for them."""
    ratings.ratings_follow(match=match, group_ids=group_ids)
    services.group_cache_invalidate(group_ids=group_ids)
